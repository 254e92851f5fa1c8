/**
 * The embedded wallet's account type on EVM chains (spec §3 account state `preferredAccountType`, §4 smart accounts):
 * the switch between the user's EOA and its smart account, and the stored choice.
 */
import * as v from 'valibot'
import { BaseError } from '../adapters/errors.ts'
import type { FrameUser } from '../adapters/frame.protocol.ts'
import type { FrameClient } from './assemble/frameClient.ts'
import type { EmbeddedSession, EmbeddedStorage } from './embedded.session.ts'
import { smartAccountEnabledNetworksSchema, storageKeys } from '../services/storage.ts'

/** The modal storage's key of the preferred account type per namespace (services/storage.ts `preferred_account_types`). */
export const preferredAccountTypesKey = 'preferred_account_types'

/** The smart-account-enabled networks in storage: stored as the frame reports them, read where it cannot answer. */
export type SmartAccountNetworksStore = {
  /** Stores the frame's answer (spec §3 network enabling, stored). */
  store(chainIds: readonly number[]): void
  /** The stored list; undefined when none is stored or it was malformed (then removed). */
  stored(): number[] | undefined
}

/**
 * The smart-account-enabled networks of the embedded wallet kept in the modal's storage (spec §3 network enabling
 * `smartAccountEnabledNetworks`, "stored"), under `services/storage.ts`'s key and checked with its schema.
 * @example
 * const networks = smartAccountNetworksStore(storage)
 * networks.store([1, 8453])
 * networks.stored() // [1, 8453]
 */
export function smartAccountNetworksStore(storage: EmbeddedStorage): SmartAccountNetworksStore {
  return {
    store: (chainIds) => storage.write(storageKeys.smartAccountEnabledNetworks, [...new Set(chainIds)]),
    stored: () => storage.read(storageKeys.smartAccountEnabledNetworks, smartAccountEnabledNetworksSchema),
  }
}

/** A switch of the account type that cannot be made: nothing was sent to the frame. */
export class AccountTypeSwitchError extends BaseError {
  static override docsPath = '/errors/AccountTypeSwitchError'
  override name = 'AccountTypeSwitchError'
}

/**
 * Whether the wallet may switch to its smart account (spec §4): only when smart accounts are enabled for the network
 * (`smartAccountEnabledNetworks`) and the current type is `eoa`.
 *
 * @example canSwitchToSmartAccount({ enabledNetworks: [31337], chainId: 31337, currentType: 'eoa' }) // true
 */
export function canSwitchToSmartAccount(input: { enabledNetworks: readonly number[]; chainId: number; currentType: string | undefined }): boolean {
  return input.enabledNetworks.includes(input.chainId) && (input.currentType ?? 'eoa') === 'eoa'
}

/**
 * The account-type switch of one embedded wallet: to `smartAccount` only when {@link canSwitchToSmartAccount} (the
 * frame's enabled networks asked first), to `eoa` always. The frame answers the user with the new address; the type is
 * stored for the eip155 namespace and `accountsChanged` fires.
 *
 * @throws AccountTypeSwitchError 'Address or auth connector not found' (spec §8) when no embedded user is signed in,
 *   'Smart accounts are not enabled on this network' or 'The smart account is already in use' (nothing sent to the
 *   frame in all three); the frame's refusal as its error.
 * @example
 * const setPreferredAccountType = accountTypeSwitch({ client, session, storage })
 * await setPreferredAccountType('smartAccount')
 */
export function accountTypeSwitch({ client, session, storage }: { client: FrameClient; session: EmbeddedSession; storage: EmbeddedStorage }) {
  return async function setPreferredAccountType(type: 'eoa' | 'smartAccount'): Promise<FrameUser> {
    const user = session.user()
    if (!user) throw new AccountTypeSwitchError('Address or auth connector not found')
    if (type === 'smartAccount') {
      if (user.preferredAccountType === 'smartAccount') throw new AccountTypeSwitchError('The smart account is already in use')
      const { smartAccountEnabledNetworks } = await client.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})
      smartAccountNetworksStore(storage).store(smartAccountEnabledNetworks)
      if (!canSwitchToSmartAccount({ enabledNetworks: smartAccountEnabledNetworks, chainId: session.chainId(), currentType: session.user()?.preferredAccountType })) {
        throw new AccountTypeSwitchError('Smart accounts are not enabled on this network')
      }
    }
    const u = await client.request('SET_PREFERRED_ACCOUNT', { type })
    session.remember(u)
    const stored = storage.read(preferredAccountTypesKey, v.record(v.string(), v.string())) ?? {}
    storage.write(preferredAccountTypesKey, { ...stored, eip155: type })
    session.fire('accountsChanged', [u.address])
    return u
  }
}
