import { useSelector } from '../useSelector.ts'
import { useMemo } from 'react'
import { connectPairing, type PairingView } from '../../machines/pairing.connect.ts'
import { useModalInstance } from '../context.ts'
import { useActiveConnection, useFeatureActor } from '../hooks.ts'

/*
 * The WalletConnect pairing's hook: ConnectingWalletConnect (spec §2).
 * Only the views that show the feature import this module (never `ui/hooks.ts`), so its view model stays out of the
 * page's first JS (issue 15 §4); see `ui/hooks.ts` for the hooks' contract with feature machines.
 */

/**
 * ConnectingWalletConnect's model (spec §2): the URI to show or the wallet link to open, the pairing's phase, and
 * its gestures (retry; remembering the wallet link a phone opens — spec §3 deep-link choice), through the root. The
 * root spawns the pairing machine when WalletConnect is picked; until it is there the model is `connectPairing`'s
 * not-loaded one (`loading`: the "preparing" spinner).
 */
export function usePairing(): PairingView & { retry(): void; openedLink(link: { href: string; name: string }): void } {
  const modal = useModalInstance()
  const options = modal.actor.getSnapshot().context.options
  const pairing = useSelector(useFeatureActor('pairing'), (s) => s)
  const connection = useSelector(useActiveConnection(), (s) => s)
  const view = useMemo(
    () => connectPairing(pairing, connection, { isMobile: Boolean(options.isMobile), walletConnectConnectorId: options.walletConnectConnectorId ?? 'walletConnect' }),
    [pairing, connection, options.isMobile, options.walletConnectConnectorId],
  )
  return {
    ...view,
    retry: () => modal.actor.send({ type: 'feature.deliver', feature: 'pairing', event: { type: 'pairing.retry' } }),
    openedLink: (link) => modal.actor.send({ type: 'app.openedWalletLink', href: link.href, name: link.name }),
  }
}
