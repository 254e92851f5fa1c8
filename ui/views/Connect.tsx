import type { Connector } from '../../adapters/types.ts'
import { useCopy, useModalInstance } from '../context.ts'
import { Fragment, useEffect, useId } from 'react'
import { RowTag } from '../components/RowTag.tsx'
import { useFeatures, useSend } from '../hooks.ts'
import { useConnectView } from '../hooks/catalogue.ts'
import { CatalogueRow } from '../components/CatalogueRow.tsx'
import { allWalletsTag } from '../../machines/catalogue.connect.ts'
import { walletConnectRow } from '../../machines/pairing.connect.ts'
import { GridIcon } from '../components/icons.tsx'
import { WalletIcon } from '../components/WalletIcon.tsx'

/**
 * Connect (spec §2, §9): renders `connectConnect`'s view model. Its sections come in the connect method order (only
 * the wallet list exists in this build; email and social login slot in by name). The wallet list follows the
 * `connectorTypeOrder` option (default WalletConnect, recent, installed, featured, custom, external, recommended),
 * then the All Wallets entry with how many wallets it lists ({@link allWalletsTag}: exact under 10, else rounded down
 * to 'N+'), only with the `allWallets` feature on (issue 15 §3). Each wallet is a button named by the wallet's name.
 * On a phone the WalletConnect row leads to All Wallets, untagged, or is hidden without it ({@link walletConnectRow};
 * spec §2, issue 17 §1): a QR code is for another device's camera.
 */
export function Connect() {
  const copy = useCopy()
  const send = useSend()
  const view = useConnectView()
  const { catalogue } = view
  const allWalletsOn = useFeatures().allWallets
  useEffect(() => catalogue.load(), []) // eslint-disable-line react-hooks/exhaustive-deps
  // All Wallets lists the directory's wallets: offered only where they can connect (issue 17 §3).
  const showAllWallets = allWalletsOn && view.directoryReachable
  const allWalletsTagId = useId()
  const connectorCount = view.rows.filter((r) => r.kind === 'connector').length
  const installed = view.rows.filter((r) => r.kind === 'connector' && r.connector.type !== 'WALLET_CONNECT').length
  const tags = { recent: copy.recent, qrCode: copy.qrCode, installed: copy.installed }
  const wcRow = walletConnectRow({ isMobile: Boolean(useModalInstance().actor.getSnapshot().context.options.isMobile), allWalletsAvailable: showAllWallets })
  const rows = view.rows.filter((r) => !(r.kind === 'connector' && r.connector.type === 'WALLET_CONNECT' && wcRow.route === 'hidden'))
  const tagOf = (tag: 'recent' | 'qrCode' | 'installed') => (tag === 'qrCode' && !wcRow.tag ? {} : { tag: tags[tag] })
  const selectConnector = (connector: Connector) =>
    connector.type === 'WALLET_CONNECT' && wcRow.route === 'allWallets'
      ? send({ type: 'app.push', view: 'AllWallets' })
      : send({ type: 'app.selectWallet', connectorId: connector.id })
  return (
    <>
      {view.sections.map((section) =>
        section === 'wallet' ? (
          <Fragment key="wallet">
            {connectorCount === 0 && <p className="lk-muted" style={{ marginBottom: 12 }}>{copy.noWallets}</p>}
            <ul className="lk-list">
              {rows.map((row) =>
                row.kind === 'connector' ? (
                  <li key={row.connector.id}>
                    <WalletRow connector={row.connector} {...tagOf(row.tag)} onSelect={() => selectConnector(row.connector)} />
                  </li>
                ) : (
                  <li key={`w:${row.wallet.id}`}>
                    <CatalogueRow wallet={row.wallet} {...(row.isFeatured ? { tag: copy.featured } : {})} />
                  </li>
                ),
              )}
              {showAllWallets && (
                <li>
                  <button type="button" className="lk-row" aria-describedby={allWalletsTagId} onClick={() => send({ type: 'app.push', view: 'AllWallets' })}>
                    <span className="lk-wallet-icon" aria-hidden="true" style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}>
                      <GridIcon />
                    </span>
                    <span className="lk-row-name">{copy.allWallets}</span>
                    <RowTag id={allWalletsTagId} text={allWalletsTag({ installed, view: catalogue })} />
                  </button>
                </li>
              )}
            </ul>
          </Fragment>
        ) : null,
      )}
    </>
  )
}

export function WalletRow({ connector, tag, onSelect }: { connector: Connector; tag?: string; onSelect: () => void }) {
  const tagId = useId()
  // Named by the wallet's name (its content); the tag ('Installed', 'QR code', 'Recent') is its description.
  return (
    <button type="button" className="lk-row" {...(tag ? { 'aria-describedby': tagId } : {})} onClick={onSelect}>
      <WalletIcon src={connector.imageUrl} name={connector.name} />
      <span className="lk-row-name">{connector.name}</span>
      {tag && <RowTag id={tagId} text={tag} />}
    </button>
  )
}
