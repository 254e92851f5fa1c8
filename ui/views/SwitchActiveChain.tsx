import { useModalInstance } from '../context.ts'
import { useCopy } from '../copy.ts'
import { useAccount, useModalView, useSend } from '../hooks.ts'
import { NetworkIcon } from '../components/NetworkIcon.tsx'

/**
 * SwitchActiveChain (spec §2 "Switching network"): the visitor is connected on the current namespace and picked a
 * network of another namespace where no wallet is connected. The button makes that network active and shows
 * Connect (replace) for a wallet of its namespace; the current wallet stays connected in its own namespace.
 */
export default function SwitchActiveChain() {
  const copy = useCopy()
  const send = useSend()
  const modal = useModalInstance()
  const { data } = useModalView()
  const account = useAccount()
  const network = modal.options.networks.find((n) => n.caipNetworkId === data?.caipNetworkId)
  if (!network) return <p className="lk-error">{copy.failed}</p>
  const namespaceName = copy.namespaceNames[network.chainNamespace] ?? network.chainNamespace
  return (
    <div className="lk-center">
      <NetworkIcon network={network} size={56} />
      <p>
        <strong>{copy.switchActiveChainHeading(network.name)}</strong>
      </p>
      <p className="lk-muted">{copy.switchActiveChainBody(namespaceName, network.name)}</p>
      {account.displayAddress && <p className="lk-muted">{account.displayAddress}</p>}
      <button type="button" className="lk-primary" onClick={() => send({ type: 'app.confirmNamespaceSwitch', caipNetworkId: network.caipNetworkId })}>
        {copy.switchActiveChainConfirm}
      </button>
    </div>
  )
}
