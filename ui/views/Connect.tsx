import type { Connector } from '../../adapters/types.ts'
import { useCopy } from '../context.ts'
import { useEffect } from 'react'
import { useCatalogue, useConnectors, useFeatures, useSend } from '../hooks.ts'
import { CatalogueRow } from '../components/CatalogueRow.tsx'
import { allWalletsTag } from '../../machines/catalogue.connect.ts'
import { GridIcon } from '../components/icons.tsx'
import { WalletIcon } from '../components/WalletIcon.tsx'

/** How many directory wallets the Connect view lists below the installed ones (featured, custom, recommended). */
const connectCatalogueRows = 4

/**
 * Connect (spec §2, §9 connectorTypeOrder): recent wallets first, then announced (EIP-6963) and injected
 * wallets, then the directory's featured, custom and recommended wallets (up to 4), then the All Wallets
 * entry with how many wallets it lists ({@link allWalletsTag}: exact under 10, else rounded down to 'N+'), only with the
 * `allWallets` feature on (issue 15 §3). Each wallet is a button named by the wallet's name.
 */
export function Connect() {
  const copy = useCopy()
  const send = useSend()
  const { connectors, recent } = useConnectors()
  const recentIds = recent.map((r) => r.id)
  const ordered: Array<{ connector: Connector; isRecent: boolean }> = [
    ...recentIds.flatMap((id) => {
      const c = connectors.find((x) => x.id === id)
      return c ? [{ connector: c, isRecent: true }] : []
    }),
    ...connectors.filter((c) => !recentIds.includes(c.id)).map((connector) => ({ connector, isRecent: false })),
  ]
  const showAllWallets = useFeatures().allWallets
  const catalogue = useCatalogue('')
  useEffect(() => catalogue.load(), []) // eslint-disable-line react-hooks/exhaustive-deps
  const directoryRows = [
    ...catalogue.featured.map((wallet) => ({ wallet, tag: copy.featured })),
    ...catalogue.custom.map((wallet) => ({ wallet, tag: undefined })),
    ...catalogue.recommended.map((wallet) => ({ wallet, tag: undefined })),
  ].slice(0, Math.max(connectCatalogueRows, catalogue.featured.length))
  return (
    <>
      {ordered.length === 0 && <p className="lk-muted" style={{ marginBottom: 12 }}>{copy.noWallets}</p>}
      <ul className="lk-list">
        {ordered.map(({ connector, isRecent }) => (
          <li key={connector.id}>
            <WalletRow
              connector={connector}
              tag={isRecent ? copy.recent : connector.type === 'WALLET_CONNECT' ? copy.qrCode : copy.installed}
              onSelect={() => send({ type: 'app.selectWallet', connectorId: connector.id })}
            />
          </li>
        ))}
        {directoryRows.map(({ wallet, tag }) => (
          <li key={`w:${wallet.id}`}>
            <CatalogueRow wallet={wallet} {...(tag ? { tag } : {})} />
          </li>
        ))}
        {showAllWallets && (
          <li>
            <button type="button" className="lk-row" aria-label={copy.allWallets} onClick={() => send({ type: 'app.push', view: 'AllWallets' })}>
              <span className="lk-wallet-icon" aria-hidden="true" style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}>
                <GridIcon />
              </span>
              <span className="lk-row-name">{copy.allWallets}</span>
              <span className="lk-tag">{allWalletsTag({ installed: connectors.filter((c) => c.type !== 'WALLET_CONNECT').length, view: catalogue })}</span>
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
