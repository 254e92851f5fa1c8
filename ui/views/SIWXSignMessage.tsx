import { Avatar } from '../components/Avatar.tsx'
import { useModalInstance } from '../context.ts'
import { useCopy } from '../copy.ts'
import { useNetwork } from '../hooks.ts'
import { useSignIn } from '../hooks/siwx.ts'
import { truncateAddress } from '../../machines/format.ts'
import { messageText } from '../errorSentence.ts'

/**
 * SIWXSignMessage (spec §2 "Sign-in prompt", §4 "Sign-in (SIWX)"): who asks, which account and network sign
 * in, and Sign / Cancel. While signing, the view says where it is (message, wallet, verification). A failed
 * attempt shows 'Error signing message' (spec §8) and Sign tries again. When sign-in is required and no
 * session exists, the modal cannot close (it shakes) and the view says that cancelling disconnects; after a
 * required cancel with an earlier session it says the wallet is asked to return to that session's network. Cancel
 * stays enabled while the wallet is asked (it may never answer); Sign again starts a fresh request.
 */
export default function SIWXSignMessage() {
  const copy = useCopy()
  const modal = useModalInstance()
  const network = useNetwork()
  const signIn = useSignIn()
  const dapp = modal.options.metadata?.name ?? copy.thisApp
  const networkName = network.items.find((i) => i.network.caipNetworkId === signIn.caipNetworkId)?.network.name ?? signIn.caipNetworkId
  const returnName = network.items.find((i) => i.network.caipNetworkId === signIn.returnTo)?.network.name ?? signIn.returnTo ?? ''
  const status =
    signIn.phase === 'returning'
      ? copy.signInReturning(returnName)
      : signIn.phase === 'checking'
        ? copy.signInChecking
        : signIn.phase === 'creatingMessage'
          ? copy.signInPreparing
          : signIn.phase === 'awaitingSignature'
            ? copy.signInInWallet
            : signIn.phase === 'verifying'
              ? copy.signInVerifying
              : ''
  return (
    <div className="lk-center" aria-busy={signIn.isSigning || signIn.phase === 'returning' ? 'true' : undefined}>
      {signIn.address && <Avatar address={signIn.address} size={56} />}
      <p style={{ margin: 0, fontWeight: 600 }}>{copy.signInHeading(dapp)}</p>
      <p className="lk-muted">{copy.signInExplainer}</p>
      <dl className="lk-summary">
        <dt>{copy.signInAs}</dt>
        <dd data-testid="siwx-address" title={signIn.address}>
          {signIn.address ? truncateAddress(signIn.address) : '—'}
        </dd>
        <dt>{copy.network}</dt>
        <dd data-testid="siwx-network">{networkName ?? '—'}</dd>
      </dl>
      {signIn.error && (
        <p className="lk-error" role="alert">
          {messageText(copy, signIn.error)}
        </p>
      )}
      <p className="lk-muted" role="status">
        {status}
      </p>
      {(signIn.isSigning || signIn.phase === 'returning') && <span className="lk-spinner" aria-hidden="true" />}
      {signIn.cancelDisconnects && <p className="lk-muted">{copy.signInCancelDisconnects}</p>}
      <div className="lk-actions">
        <button type="button" className="lk-secondary" disabled={!signIn.canCancel} onClick={signIn.cancel}>
          {copy.cancel}
        </button>
        <button type="button" className="lk-primary" disabled={!signIn.canSign} onClick={signIn.sign}>
          {copy.signIn}
        </button>
      </div>
    </div>
  )
}
