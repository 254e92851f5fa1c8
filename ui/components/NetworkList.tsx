import { useCopy } from '../copy.ts'
import { useNetwork, useSend } from '../hooks.ts'
import { NetworkIcon } from './NetworkIcon.tsx'

/**
 * The network list of SwitchNetwork and UnsupportedChain: each network a button with its icon, named by
 * its name; the active one
 * marked, the one the wallet is asked for busy. A pick while the wallet has not answered supersedes that request (a
 * wallet that never answers must not hold the list).
 */
export function NetworkList() {
  const copy = useCopy()
  const send = useSend()
  const { items } = useNetwork()
  return (
    <ul className="lk-list">
      {items.map(({ network, isActive, isPending }) => (
        <li key={network.caipNetworkId}>
          <button
            type="button"
            className="lk-row"
            aria-current={isActive ? 'true' : undefined}
            aria-busy={isPending ? 'true' : undefined}
            onClick={() => send({ type: 'app.selectNetwork', caipNetworkId: network.caipNetworkId })}
          >
            <NetworkIcon network={network} size={28} />
            <span className="lk-row-name">{network.name}</span>
            {isPending && <span className="lk-spinner" aria-hidden="true" />}
            {/* 'Active' is said by aria-current: the visible tag is not repeated in the name. */}
            {isActive && (
              <span className="lk-active-mark" aria-hidden="true">
                {copy.activeNetwork}
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  )
}
