import { useState } from 'react'
import { QrCode } from '../components/QrCode.tsx'
import { CheckIcon, CopyIcon } from '../components/glyphs.tsx'
import { NetworkIcon } from '../components/NetworkIcon.tsx'
import { useModalInstance } from '../context.ts'
import { useCopy } from '../copy.ts'
import { useAccount, useSend } from '../hooks.ts'

/**
 * Receive (spec §1, §2 sections): the connected address as text and as a QR code, a copy button, and the
 * networks of the address's namespace it works on.
 */
export default function Receive() {
  const copy = useCopy()
  const send = useSend()
  const modal = useModalInstance()
  const account = useAccount()
  const [copied, setCopied] = useState(false)
  const address = account.address
  if (!address) return <p className="lk-muted">{copy.loading}</p>
  const namespace = account.caipAddress?.split(':')[0] ?? 'eip155'
  const networks = modal.options.networks.filter((n) => n.chainNamespace === namespace)
  return (
    <div className="lk-center">
      <QrCode value={address} label={copy.qrOfAddress} />
      <p className="lk-muted" style={{ wordBreak: 'break-all', fontFamily: 'ui-monospace, monospace' }} data-testid="receive-address">
        {address}
      </p>
      <button
        type="button"
        className="lk-secondary"
        onClick={() =>
          void navigator.clipboard?.writeText(address).then(
            () => {
              setCopied(true)
              send({ type: 'app.notify', variant: 'success', message: copy.copied })
            },
            () => setCopied(false),
          )
        }
      >
        {copied ? <CheckIcon /> : <CopyIcon />} {copy.copyAddress}
      </button>
      <p className="lk-muted">{copy.receiveHint}</p>
      <ul className="lk-list" aria-label={copy.worksOn} style={{ width: '100%' }}>
        {networks.map((n) => (
          <li key={n.caipNetworkId} className="lk-row lk-static">
            <NetworkIcon network={n} size={24} />
            <span className="lk-row-name">{n.name}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
