import { catalogueWalletLink } from '../../adapters/links.ts'
import type { CatalogueWallet } from '../../machines/catalogue.connect.ts'
import type { PairingWallet } from '../../machines/pairing.ts'
import { useModalInstance } from '../context.ts'
import { useConnectCopy } from '../copy.connect.ts'
import { errorSentence } from '../errorSentence.ts'
import { WalletIcon } from './WalletIcon.tsx'
import { RowTag } from './RowTag.tsx'
import { useId } from 'react'

/**
 * A directory (or custom) wallet that is not installed. With WalletConnect on, its button starts a pairing for that
 * wallet (ConnectingWalletConnect: the QR code, and the wallet's own links, each checked there). Without it, the
 * button opens the wallet's web app or homepage (http(s)) in a new tab, through the one link policy of
 * `adapters/links.ts` ({@link catalogueWalletLink}): a wallet with a refused link (a forbidden scheme, whitespace, or
 * credentials before the host, a look-alike) is a disabled row that says so and opens nothing.
 * `blockedBy`: the id of the note saying why no wallet can be chosen yet (the legal checkbox): the row is
 * `aria-disabled`, described by the note, and a press does nothing.
 */
export function CatalogueRow({ wallet, tag, blockedBy }: { wallet: CatalogueWallet; tag?: string; blockedBy?: string | undefined }) {
  const copy = useConnectCopy()
  const modal = useModalInstance()
  const viaRelay = modal.actor.getSnapshot().context.options.walletConnectConnectorId !== undefined
  const link = viaRelay ? undefined : catalogueWalletLink(wallet)
  // The catalogue's sentence for the refusal (the error's own message is for developers: the console, the event).
  const refused = link?.kind === 'refused' ? errorSentence(copy, link.error) : undefined
  const tagId = useId()
  // A certified wallet's tag says so in words beside the check, never a bare symbol.
  const certified = !refused && !tag && wallet.badge_type === 'certified'
  const tagText = refused ? copy.linkRefusedTag : tag ? tag : certified ? `✓ ${copy.certified}` : undefined
  const description = certified ? copy.certified : tagText
  return (
    <button
      type="button"
      className="lk-row"
      // Named by the wallet's name (its content); the tag is its description (the name holds the visible label).
      {...(tagText || blockedBy ? { 'aria-describedby': [tagText ? tagId : undefined, blockedBy].filter(Boolean).join(' ') } : {})}
      aria-disabled={!blockedBy && (viaRelay || link?.kind === 'open') ? undefined : 'true'}
      {...(refused ? { title: refused, 'data-link-refused': 'true' } : {})}
      data-wallet-id={wallet.id}
      onClick={() => {
        if (blockedBy) return
        if (viaRelay) {
          // A wallet reached through WalletConnect: the pairing with its links (spec §2).
          modal.actor.send({
            type: 'feature.deliver',
            feature: 'pairing',
            event: {
              type: 'pairing.start',
              wallet: {
                id: wallet.id,
                name: wallet.name,
                imageUrl: wallet.imageUrl,
                mobile_link: wallet.mobile_link ?? null,
                // Its universal link, opened instead on a phone with the universal-links preference (spec §9).
                link_mode: wallet.link_mode ?? null,
                desktop_link: wallet.desktop_link ?? null,
                webapp_link: wallet.webapp_link ?? null,
                // The store pages behind a phone's "Get the app" when the deep link opens nothing.
                app_store: wallet.app_store ?? null,
                play_store: wallet.play_store ?? null,
                // The desktop "Get" route: the extension's Chrome Web Store page.
                chrome_store: wallet.chrome_store ?? null,
                homepage: wallet.homepage ?? null,
              } as PairingWallet,
            },
          })
        } else if (link?.kind === 'open') window.open(link.link.href, '_blank', 'noopener,noreferrer')
        else if (refused) modal.actor.send({ type: 'app.notify', variant: 'error', message: refused })
      }}
    >
      <WalletIcon src={wallet.imageUrl} name={wallet.name} lazy />
      <span className="lk-row-name">{wallet.name}</span>
      {tagText && <RowTag id={tagId} text={tagText} description={description!} />}
    </button>
  )
}
