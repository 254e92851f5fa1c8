import type { Connector } from '../../adapters/types.ts'
import { useCopy, useModalInstance } from '../context.ts'
import { useConnectors, useSend } from '../hooks.ts'
import { GridIcon } from '../components/icons.tsx'
import { WalletIcon } from '../components/WalletIcon.tsx'

/**
 * Connect (spec §2): recent wallets first, then announced (EIP-6963) and injected wallets, then the
 * All Wallets entry. Each wallet is a button named by the wallet's name.
 */
export function Connect() {
  const copy = useCopy()
  const send = useSend()
  const modal = useModalInstance()
  const { connectors, recent } = useConnectors()
  const recentIds = recent.map((r) => r.id)
  const ordered: Array<{ connector: Connector; isRecent: boolean }> = [
    ...recentIds.flatMap((id) => {
      const c = connectors.find((x) => x.id === id)
      return c ? [{ connector: c, isRecent: true }] : []
    }),
    ...connectors.filter((c) => !recentIds.includes(c.id)).map((connector) => ({ connector, isRecent: false })),
  ]
  const showAllWallets = modal.options.features?.allWallets !== false
  return (
    <>
      {ordered.length === 0 && <p className="lk-muted" style={{ marginBottom: 12 }}>{copy.noWallets}</p>}
      <ul className="lk-list">
        {ordered.map(({ connector, isRecent }) => (
          <li key={connector.id}>
            <WalletRow connector={connector} tag={isRecent ? copy.recent : copy.installed} onSelect={() => send({ type: 'app.selectWallet', connectorId: connector.id })} />
          </li>
        ))}
        {showAllWallets && (
          <li>
            <button type="button" className="lk-row" aria-label={copy.allWallets} onClick={() => send({ type: 'app.push', view: 'AllWallets' })}>
              <span className="lk-wallet-icon" aria-hidden="true" style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}>
                <GridIcon />
              </span>
              <span className="lk-row-name">{copy.allWallets}</span>
              <span className="lk-tag">{connectors.length}</span>
            </button>
          </li>
        )}
      </ul>
    </>
  )
}

export function WalletRow({ connector, tag, onSelect }: { connector: Connector; tag?: string; onSelect: () => void }) {
  return (
    <button type="button" className="lk-row" aria-label={connector.name} onClick={onSelect}>
      <WalletIcon src={connector.imageUrl} name={connector.name} />
      <span className="lk-row-name">{connector.name}</span>
      {tag && <span className="lk-tag">{tag}</span>}
    </button>
  )
}
