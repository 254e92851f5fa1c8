import type { NamesContext } from '../../machines/names.ts'
import { useCopy } from '../copy.ts'
import { useDeliver, useFeatureActor } from '../hooks.ts'
import type { SlotProps } from '../slots.ts'
import { useSelector } from '../useSelector.ts'

/*
 * The names feature's entries in Account (spec §2 Account, §4 names, §6: eip155 only), declared in its manifest
 * (`machines/names.feature.ts`): the name a registration just set on the address line, and "Register a name" (or the
 * reverse lookup's failure) under it.
 */

/** The profile name a registration set for `address` (the names machine's context, once it is there). */
function registeredProfileName(context: Pick<NamesContext, 'profile'> | undefined, address: string): string | undefined {
  const p = context?.profile
  return p && p.address.toLowerCase() === address.toLowerCase() ? p.name : undefined
}

/** The profile name a registration just set for `address` (spec §4), also where the identity is not looked up (a testnet). */
function useRegisteredName(address: string): string | undefined {
  return useSelector(useFeatureActor('names'), (s) => registeredProfileName(s?.context, address))
}

/** Account's address line (`account.name`): the name just registered for the address, else what comes after. */
export function RegisteredName({ address, fallback }: SlotProps['account.name']) {
  return <>{useRegisteredName(address) ?? fallback}</>
}

/**
 * Under the address (`account.identity`, eip155 only): "Register a name" once the identity is settled without a name
 * (none looked up, none registered, none just registered); the reverse lookup's failure, word for word, when there is no name.
 */
export function RegisterName({ address, identity }: SlotProps['account.identity']) {
  const copy = useCopy()
  const deliver = useDeliver('names')
  const registered = useRegisteredName(address)
  const name = identity.name ?? registered
  return (
    <>
      {identity.known && !name && !identity.hasRegisteredName && (
        <button type="button" className="lk-link" data-testid="account-register-name" onClick={() => deliver({ type: 'names.start' })}>
          {copy.names.accountEntry}
        </button>
      )}
      {identity.namesFailed && !name && (
        <p className="lk-muted" role="status" data-testid="account-names-failed">
          {copy.names.messages.reverseFailed}
        </p>
      )}
    </>
  )
}
