import { Fragment, useEffect, useId, type ComponentType } from 'react'
import type { Connector } from '../../../adapters/types.ts'
import { CatalogueRow } from '../../components/CatalogueRow.tsx'
import { GridIcon } from '../../components/glyphs.connect.tsx'
import { RowPlaceholder } from '../../components/RowPlaceholder.tsx'
import { RowTag } from '../../components/RowTag.tsx'
import { WalletIcon } from '../../components/WalletIcon.tsx'
import { useConnectCopy } from '../../copy.connect.ts'
import { fillSlots } from '../../i18n/slots.ts'
import { enConnect } from '../../locales/en.connect.ts'
import { useSend } from '../../hooks.ts'
import { useConnectView, useReservedRows } from '../../hooks/catalogue.ts'
import { useLegal } from '../../hooks/legal.ts'
import { afterNextPaint } from '../../nextPaint.ts'

/** What Connect hands its `connect.methods` entries: `Method`, the section of another way of connecting (`ui/slots.connect.ts`). */
type ConnectMethodsProps = { Method: ComponentType<{ method: string }> }

/**
 * The catalogue's way of connecting in Connect (`connect.methods`, the wallet method; spec §2, §9): renders
 * `connectConnect`'s view model (`useConnectView`) and arranges Connect's sections in the connect method order: the
 * wallet list here, and the other ways of connecting (the email field, the social buttons) as `Method`, the component
 * Connect hands it for a method's section (`ui/slots.connect.ts`). The wallet list follows the `connectorTypeOrder` option
 * (default WalletConnect, recent, installed, featured, custom, external, recommended), then the All Wallets entry with
 * how many wallets it lists (exact under 10, else rounded down to 'N+'), only with the `allWallets` feature on. Each
 * wallet is a button named by the wallet's name. On a phone the WalletConnect row leads to All Wallets, untagged, or is
 * hidden without it (spec §2): a QR code is for another device's camera.
 * With the `legalCheckbox` feature on, the legal checkbox comes first and the wallet rows are disabled until it is
 * ticked; the foot shows the features' `connect.foot` links ("New to wallets?" leads to What is a wallet?).
 */
export function ConnectWallets({ Method }: ConnectMethodsProps) {
  const copy = useConnectCopy()
  const send = useSend()
  const view = useConnectView()
  const { catalogue, showAllWallets, walletConnect: wcRow } = view
  // The directory's wallets pair over WalletConnect (eip155 only): on Solana or Bitcoin its catalogue is not asked for
  //; it is when the visitor comes back to an EVM network.
  // Once the frame showing Connect is painted (spec §2: a tap's frame shows the modal; the catalogue's machine, its
  // request and the re-render of its answer come after it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the catalogue is asked for when the directory becomes reachable, not on every render
  useEffect(() => {
    if (view.directoryReachable) return afterNextPaint(() => catalogue.load())
  }, [view.directoryReachable])
  const allWalletsTagId = useId()
  const connectorCount = view.rows.filter((r) => r.kind === 'connector').length
  const tags = { recent: copy.recent, qrCode: copy.qrCode, installed: copy.installed }
  // The directory's rows have their room from the first paint (placeholders until they come): nothing below moves.
  const reserved = useReservedRows(view)
  const rows = reserved.rows.filter((r) => !(r.kind === 'connector' && r.connector.type === 'WALLET_CONNECT' && wcRow.route === 'hidden'))
  const tagOf = (tag: 'recent' | 'qrCode' | 'installed') => (tag === 'qrCode' && !wcRow.tag ? {} : { tag: tags[tag] })
  const selectConnector = (connector: Connector) =>
    connector.type === 'WALLET_CONNECT' && wcRow.route === 'allWallets' ? send({ type: 'app.push', view: 'AllWallets' }) : send({ type: 'app.selectWallet', connectorId: connector.id })
  const legal = useLegal()
  const legalNoteId = useId()
  // Until the terms are agreed, every wallet row is disabled and points at the note that says why.
  const blockedBy = legal.walletsEnabled ? undefined : legalNoteId
  return (
    <>
      {legal.shown && <LegalCheckbox legal={legal} noteId={legalNoteId} />}
      {view.sections.map((section) =>
        section === 'wallet' ? (
          <Fragment key="wallet">
            {connectorCount === 0 && (
              <p className="lk-muted" style={{ marginBottom: 12 }}>
                {copy.noWallets}
              </p>
            )}
            <ul className="lk-list">
              {rows.map((row) =>
                row.kind === 'reserved' ? (
                  <RowPlaceholder key={row.key} collapsing={row.collapsing} onCollapsed={reserved.collapsed} />
                ) : row.kind === 'connector' ? (
                  <li key={row.connector.id}>
                    <WalletRow connector={row.connector} {...tagOf(row.tag)} blockedBy={blockedBy} onSelect={() => selectConnector(row.connector)} />
                  </li>
                ) : (
                  <li key={`w:${row.wallet.id}`}>
                    <CatalogueRow wallet={row.wallet} blockedBy={blockedBy} {...(row.isFeatured ? { tag: copy.featured } : {})} />
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
                    <RowTag id={allWalletsTagId} text={view.allWalletsTag} />
                  </button>
                </li>
              )}
            </ul>
          </Fragment>
        ) : (
          <Fragment key={section}>
            {/* "or" between the embedded-wallet logins (email, social) and the wallets, whichever come first (spec §2 method order). */}
            {view.sections.indexOf(section) > view.sections.indexOf('wallet') && view.sections[view.sections.indexOf(section) - 1] === 'wallet' && <p className="lk-divider">{copy.emailOr}</p>}
            <Method method={section} />
            {view.sections.indexOf(section) < view.sections.indexOf('wallet') && view.sections[view.sections.indexOf(section) + 1] === 'wallet' && <p className="lk-divider">{copy.emailOr}</p>}
          </Fragment>
        ),
      )}
    </>
  )
}

/**
 * The legal checkbox: "I agree to the Terms of Service and Privacy Policy", each a link (new tab) when
 * its option is set, and, until ticked, the note (`noteId`) the disabled wallet rows are described by.
 */
export function LegalCheckbox({ legal, noteId }: { legal: ReturnType<typeof useLegal>; noteId: string }) {
  const copy = useConnectCopy()
  const link = (href: string | undefined, text: string) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {text}
      </a>
    ) : (
      text
    )
  return (
    <div className="lk-legal">
      <label className="lk-legal-label">
        <input type="checkbox" checked={legal.accepted} onChange={(e) => legal.setAccepted(e.currentTarget.checked)} />
        <span>
          {fillSlots(copy.legalAgree, [<Fragment key="terms">{link(legal.termsUrl, copy.legalTerms)}</Fragment>, <Fragment key="privacy">{link(legal.privacyUrl, copy.legalPrivacy)}</Fragment>], {
            fallback: enConnect.legalAgree,
          })}
        </span>
      </label>
      {!legal.accepted && (
        <p className="lk-muted lk-legal-note" id={noteId}>
          {copy.legalRequired}
        </p>
      )}
    </div>
  )
}

/**
 * An installed (or WalletConnect) wallet's row. `blockedBy`: the id of the note saying why it cannot be chosen yet (the
 * legal checkbox): the row is `aria-disabled`, described by that note, and a press does nothing.
 */
export function WalletRow({ connector, tag, blockedBy, onSelect }: { connector: Connector; tag?: string; blockedBy?: string | undefined; onSelect: () => void }) {
  const tagId = useId()
  // Named by the wallet's name (its content); the tag ('Installed', 'QR code', 'Recent') is its description.
  const describedBy = [tag ? tagId : undefined, blockedBy].filter(Boolean).join(' ')
  return (
    <button
      type="button"
      className="lk-row"
      {...(describedBy ? { 'aria-describedby': describedBy } : {})}
      {...(blockedBy ? { 'aria-disabled': 'true' as const } : {})}
      onClick={() => {
        if (!blockedBy) onSelect()
      }}
    >
      <WalletIcon src={connector.imageUrl} name={connector.name} glyph={connector.type === 'WALLET_CONNECT' ? 'walletConnect' : 'wallet'} />
      <span className="lk-row-name">{connector.name}</span>
      {tag && <RowTag id={tagId} text={tag} />}
    </button>
  )
}
