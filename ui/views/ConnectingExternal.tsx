import { ToneIcon } from '../components/ToneIcon.tsx'
import { WalletIcon } from '../components/WalletIcon.tsx'
import { useCopy } from '../copy.ts'
import { errorSentence } from '../errorSentence.ts'
import { useConnecting, useConnectors, useModalView, useSend } from '../hooks.ts'

/** ConnectingExternal (spec §2): waiting for the browser wallet, declined with retry, error with retry; connected while a sign-in session is looked up. */
export default function ConnectingExternal() {
  const copy = useCopy()
  const send = useSend()
  const { data } = useModalView()
  const { connectors } = useConnectors()
  const { phase, error } = useConnecting()
  const errorMessage = errorSentence(copy, error)
  const connectorId = data?.connectorId ?? ''
  const connector = connectors.find((c) => c.id === connectorId)
  const name = connector?.name ?? connectorId
  const retry = () => send({ type: 'app.selectWallet', connectorId })
  const icon = <WalletIcon src={connector?.imageUrl} name={name} large />
  // A failure is not the wait: its icon takes the error tone (ring and mark) instead of the pending view's plain one.
  const failed = phase === 'declined' || phase === 'error'
  return (
    <div className="lk-center" aria-live="polite">
      {failed ? <ToneIcon tone="error">{icon}</ToneIcon> : icon}
      {phase === 'declined' ? (
        <>
          <p className="lk-muted">{copy.declinedHint}</p>
          <button type="button" className="lk-primary" onClick={retry}>
            {copy.tryAgain}
          </button>
        </>
      ) : phase === 'error' ? (
        <>
          {errorMessage && <p className="lk-muted">{errorMessage}</p>}
          <button type="button" className="lk-primary" onClick={retry}>
            {copy.tryAgain}
          </button>
        </>
      ) : phase === 'connected' ? (
        // With sign-in on, the modal stays while the session of the new account is looked up.
        <>
          <p>
            <strong>{copy.connectedTo(name)}</strong>
          </p>
          <p className="lk-muted">{copy.signInChecking}</p>
          <span className="lk-spinner" role="progressbar" aria-label={copy.signInChecking} />
        </>
      ) : (
        <>
          <p>
            <strong>{copy.continueIn(name)}</strong>
          </p>
          <p className="lk-muted">{copy.acceptRequest}</p>
          <span className="lk-spinner" role="progressbar" aria-label={copy.connecting} />
        </>
      )}
    </div>
  )
}
