import { useSelector } from '../useSelector.ts'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { connectPairing, phoneOs, type PairingView } from '../../machines/pairing.connect.ts'
import { canInstallChromeExtensions } from '../browser.ts'
import { timing } from '../../machines/timing.ts'
import { useModalInstance } from '../context.ts'
import { useActiveConnection, useFeatureActor } from '../hooks.ts'

/*
 * The WalletConnect pairing's hook: ConnectingWalletConnect (spec §2).
 * Only the views that show the feature import this module (never `ui/hooks.ts`), so its view model stays out of the
 * page's first JS; see `ui/hooks.ts` for the hooks' contract with feature machines.
 */

/**
 * ConnectingWalletConnect's model (spec §2): the URI to show or the wallet link to open, the pairing's phase, and
 * its gestures (retry; remembering the wallet link a phone opens — spec §3 deep-link choice), through the root. The
 * root spawns the pairing machine when WalletConnect is picked; until it is there the model is `connectPairing`'s
 * not-loaded one (`loading`: the "preparing" spinner). On a phone the store link ("Get the app") follows the
 * phone's system, read from the user agent.
 */
export function usePairing(): PairingView & { isMobile: boolean; retry(): void; openedLink(link: { href: string; name: string }): void } {
  const modal = useModalInstance()
  const options = modal.actor.getSnapshot().context.options
  const pairing = useSelector(useFeatureActor('pairing'), (s) => s)
  const connection = useSelector(useActiveConnection(), (s) => s)
  const isMobile = Boolean(options.isMobile)
  const os = phoneOs(globalThis.navigator?.userAgent ?? '')
  const chromeExtensions = canInstallChromeExtensions()
  // The universal-links preference (spec §9: off by default), as the dapp gave it.
  const preferUniversalLinks = modal.options.preferUniversalLinks === true
  const view = useMemo(
    () => connectPairing(pairing, connection, { isMobile, walletConnectConnectorId: options.walletConnectConnectorId ?? 'walletConnect', os, chromeExtensions, preferUniversalLinks }),
    [pairing, connection, isMobile, options.walletConnectConnectorId, os, chromeExtensions, preferUniversalLinks],
  )
  return {
    ...view,
    isMobile,
    retry: () => modal.actor.send({ type: 'feature.deliver', feature: 'pairing', event: { type: 'pairing.retry' } }),
    openedLink: (link) => modal.actor.send({ type: 'app.openedWalletLink', href: link.href, name: link.name }),
  }
}

/** What {@link useDeepLinkFallback} gives the view. */
export type DeepLinkFallback = {
  /** Nothing opened after the tap: show "Copy link" and "Get the app". */
  showFallback: boolean
  /** Call from the tap's click handler, after the link was handed to the browser (synchronously, same tick). */
  opened(): void
}

/**
 * Did a wallet's deep link open anything? After {@link DeepLinkFallback.opened}, the page is watched
 * for `visibilitychange` to hidden and `pagehide` (the wallet app took the screen); when neither happened within
 * `timing.deepLinkFallbackDelay` (1 500 ms), nothing opened and `showFallback` turns true. Another tap starts the
 * watch again. This is the page's visibility, a browser fact no machine sees, hence a hook's state and not a chart's.
 * @example const { showFallback, opened } = useDeepLinkFallback() // <a href={link} onClick={opened}>Open</a>
 */
export function useDeepLinkFallback(): DeepLinkFallback {
  const [showFallback, setShowFallback] = useState(false)
  const stop = useRef<(() => void) | undefined>(undefined)
  useEffect(() => () => stop.current?.(), [])
  const opened = useCallback(() => {
    stop.current?.()
    setShowFallback(false)
    let left = document.visibilityState === 'hidden'
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') left = true
    }
    const onPageHide = () => {
      left = true
    }
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('pagehide', onPageHide)
    const timer = setTimeout(() => {
      stop.current?.()
      if (!left) setShowFallback(true)
    }, timing.deepLinkFallbackDelay)
    stop.current = () => {
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('pagehide', onPageHide)
      stop.current = undefined
    }
  }, [])
  return { showFallback, opened }
}
