/**
 * The public types of a modal instance (spec §3 "Options", "Public state"): its options, its public state, its theme,
 * its clock and the app metadata. They live here, below the facade (`createModal.ts`) and the core, so that every file
 * may import them without importing the facade; the public entries re-export them unchanged.
 */
import type { ActorOptions, AnyActorLogic, InspectionEvent, Observer } from 'xstate'
import type { CaipNetwork, ChainNamespace } from '../adapters/networks.ts'
import type { ChainAdapter, TransferAdapter } from '../adapters/types.ts'
import type { WalletConnectStorage } from '../adapters/walletconnect.ts'
import type { AccountView } from '../machines/connection.connect.ts'
import type { ConnectionView } from '../machines/multiWallet.connect.ts'
import type { ViewName } from '../machines/views.ts'
import type { ManifestOptions } from '../machines/manifests.ts'
import type { StorageLike } from '../services/storage.ts'
import type { ThemeMode, ThemeVariables } from './theme.ts'
import type { CopyOverrides } from './locales/en.ts'
import type { WalletFeaturesOrderItem } from './slots.order.ts'
import type { LogOptions } from './log.ts'
import type { SwapProvider } from '../kernel/swap.ts'
import type { SiwxView } from '../machines/siwx.connect.ts'
import type { Features } from '../services/features.ts'
import type { PrefetchOption } from './idlePrefetch.ts'

/** XState's clock: `setTimeout`/`clearTimeout` for every delay. */
export type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>

/** App metadata shown to wallets (spec §3 "Dapp data sync"). */
export type Metadata = { name: string; description: string; url: string; icons: string[] }

/**
 * Options of {@link createModal} (spec §3 "Options"): the modal's own ({@link ModalCoreOptions}) and the features'
 * (`ManifestOptions`: each feature's keys, documented, with their schemas and defaults, in `machines/<id>.options.ts`,
 * which its manifest names). A key that is neither is a type error.
 */
export type ModalOptions = ModalCoreOptions & ManifestOptions

/** The modal's own keys of {@link ModalOptions}: the ones no feature declares. */
export type ModalCoreOptions = {
  /** The project id of the wallet directory / relay (spec §7). Required; a missing one raises an alert later. */
  projectId: string
  /** Networks the dapp supports; the first is the default unless `defaultNetwork` is set. */
  networks: readonly [CaipNetwork, ...CaipNetwork[]]
  defaultNetwork?: CaipNetwork
  metadata?: Metadata
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
  /**
   * A Content-Security-Policy nonce for the modal's styles, for browsers without constructable stylesheets only.
   * Where the browser has them (Chromium 73+, Firefox 101+, Safari 16.4+) the modal adopts its CSS as constructed
   * sheets, which CSP does not govern, and this option is not used; elsewhere each shadow root gets a `<style nonce>`
   * element, which a page's `style-src 'nonce-<value>'` admits. Pass the same per-response value the page's CSP header
   * names. Without it, such browsers need `style-src 'unsafe-inline'` (README "Content-Security-Policy").
   *
   * A nonce is base64 or base64url text (CSP's `base64-value`: letters, digits, `+`, `/`, `-`, `_`, at most two `=`
   * at the end); anything else throws `InvalidOptionsError` (`options.nonce`).
   * @example createModal({ projectId, networks, nonce: 'rAnd0m-per-response' })
   */
  nonce?: string
  /**
   * The language the modal speaks, and the locale numbers and fiat values are written in (grouping, decimal
   * separator, currency format: `'de-DE'` → `1.000.000,000 DEV`, `1.234,56 $`). `'auto'` (default): the first of
   * the browser's languages (`navigator.languages`) the modal has words for, falling back by language (`pt-PT` →
   * `pt-BR`) and then to English; numbers then follow the browser's first language. A tag: that language's words (same
   * fallback) and numbers in that tag. Change it at run time with `setLocale`. A malformed tag throws
   * `InvalidOptionsError` (`options.locale`).
   * @example createModal({ projectId, networks, locale: 'de-DE' })
   */
  locale?: 'auto' | (string & {})
  /**
   * Per-key replacements of the modal's words, in every locale: keys are the English catalogue's dotted paths
   * (`'titles.Connect'`), typed, so a misspelt key is a type error; a value is a string, or a function of the same
   * values as English's. From plain JavaScript, a key English lacks or a value of another kind is left out and logged.
   * @example createModal({ projectId, networks, messages: { 'titles.Connect': 'Sign in with a wallet' } })
   */
  messages?: CopyOverrides
  /** Restore a stored connection on load (spec §4). Default true. */
  enableReconnect?: boolean
  /**
   * When the modal fetches the code of its first opening (spec §1 lazy rule). `'idle'` (default): once the page is
   * idle (`requestIdleCallback`; where it is missing, 200 ms after `load`), so that they compete with nothing the page
   * loads: the core, the modal's
   * shell and the Connect view with its styles and copy (Account's instead when a connection is restored), all from
   * the page's own origin; then, in a later idle period, the core is created (its actors start; none requests anything
   * before the opening), so a tap with no hover before it (a phone) only opens the modal. Never on a connection with
   * Save-Data on or an effective type of `2g`/`slow-2g`; never a request to another host, nothing of WalletConnect's
   * SDK. `false`: nothing before the visitor's first intent (hover, focus, press, an action). Anything else throws
   * `InvalidOptionsError` (`options.prefetch`).
   * @example createModal({ projectId, networks, prefetch: false })
   */
  prefetch?: PrefetchOption
  /** Allow the wallet to stay on a chain not in `networks` without showing UnsupportedChain. Default false. */
  allowUnsupportedChain?: boolean
  /** Default true (spec §9). */
  enableNetworkSwitch?: boolean
  /** Embedded mode: after closing, the modal shows Account when connected (spec §2). */
  enableEmbedded?: boolean
  /**
   * Local feature options (spec §6, §9). Local-only, decided here alone: `send`, `receive`, `allWallets`
   * (on by default), `pay` and `legalCheckbox` (off; see `termsConditionsUrl`). Remote-controlled: `email`, `socials`, `swaps`, `onramp`, `activity`,
   * `reownBranding` (the branding footer), `multiWallet`, `analytics`; a remote project config found on first opening
   * overrides them (the 'Local configuration ignored' notice names what it overrode, in debug mode). The resolved set
   * is `getState().features`. A feature that is off shows no entry point, loads no code, and `open({ view })` of its
   * views throws {@link FeatureDisabledError}. In a restricted time zone (spec §6: mainland China, Hong Kong) `onramp`
   * and `swaps` are off whatever is set here.
   */
  features?: Partial<Features>
  /**
   * The Terms of Service page the legal checkbox links to (`features: { legalCheckbox: true }`): an http(s)
   * URL, opened in a new tab. Without it the words are shown without a link.
   */
  termsConditionsUrl?: string
  /** The Privacy Policy page the legal checkbox links to (http(s), opened in a new tab); see `termsConditionsUrl`. */
  privacyPolicyUrl?: string
  /** Basic mode: every remote feature off (spec §6). */
  basic?: boolean
  /**
   * The services of spec §7. Without `directoryUrl` the catalogue shows only installed wallets and no
   * remote config is fetched; without `analyticsUrl` nothing is tracked. The demo and the tests point them
   * at the reference server (`dev/api`).
   */
  api?: {
    blockchainUrl?: string
    directoryUrl?: string
    analyticsUrl?: string
    /**
     * The exchange deposit API of Pay with an exchange (`openapi/exchange.yaml`, spec §1 "… and pay"). Default: `exchange`
     * beside `blockchainUrl` (`http://127.0.0.1:8600/blockchain` → `http://127.0.0.1:8600/exchange`, where the reference
     * server serves its reference exchange); without either, Pay lists no exchange.
     */
    exchangeUrl?: string
    /**
     * `{rpc host}` of the JSON-RPC node URLs (spec §7.4): a built-in network (its `rpcUrls` left as shipped) reads at
     * `{rpcUrl}/v1/?chainId={CAIP-2 id}&projectId={projectId}`, with a 10 s timeout and 3 retries 1 s apart (spec §9);
     * a network with its own `rpcUrls` reads there. Default `https://rpc.walletconnect.org`; the reference server's is
     * `<its url>/rpc`.
     */
    rpcUrl?: string
    /** The fetch every API call goes through (a proxy, server rendering, tests); default `globalThis.fetch`. */
    fetch?: typeof globalThis.fetch
  }
  /** Appended to every API call when set (spec §7). */
  clientId?: string
  /**
   * Device filter of the catalogue (spec §6): `mobile` keeps wallets with a mobile link (plus Coinbase, and
   * Solflare and Phantom on Solana); `links` (universal-provider mode) drops wallets with no link. Default:
   * `mobile` on a phone (user agent), else none.
   */
  platform?: 'mobile' | 'links' | 'none'
  /** Alerts and warnings are logged only in debug mode (spec §8). */
  debug?: boolean
  /**
   * The modal's log (spec §9): the SDK's messages at or above `level` (default `'error'`; `'silent'`, `'error'`,
   * `'warn'`, `'info'`, `'debug'`) are kept, up to `bufferSize` UTF-8 bytes (default 1,024,000; the oldest dropped
   * first), and read with `modal.getLogs()`. Anything else throws `InvalidOptionsError` at `options.log`.
   * @example log: { level: 'warn', bufferSize: 64_000 }
   */
  log?: LogOptions
  /** Storage for the spec's keys; default `localStorage`. */
  storage?: StorageLike
  /** XState inspection hook (the statechart visualiser attaches here). */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void)
  /**
   * The chain adapter; default the EIP-6963/injected adapter on `window`, with WalletConnect when it is on.
   * `null`: no browser-wallet adapter (universal-provider mode, spec §2/§6): WalletConnect is the only way in.
   */
  adapter?: ChainAdapter | null
  /**
   * Mobile wallets over the WalletConnect relay (spec §2, §7 "Relay protocol"). On by default with the hosted
   * relay; `false` turns it off. Its code and socket load only when the visitor picks it or a stored session is
   * restored. The demo and the tests point `relayUrl` at the loopback relay (`dev/relay`).
   */
  walletConnect?:
    | false
    | {
        /** `ws(s)://` relay URL (spec §5). Default the hosted relay. */
        relayUrl?: string
        /** Prefix of the SDK's storage keys (two modals on one page need two). Default `latchkey`. */
        storagePrefix?: string
        /** The SDK's key-value storage (tests in Node pass an in-memory one). */
        storage?: WalletConnectStorage
      }
  /**
   * The embedded wallet (spec §7 "Embedded wallet iframe"): email login through the secure site's frame,
   * whose origin is `secureSiteUrl` (http(s), its own origin). Without it there is no email login. Nothing of it
   * loads before the visitor's first email action or a stored email session's restore.
   */
  embeddedWallet?: {
    secureSiteUrl: string
    /**
     * Tests only (not for dapps): makes the frame's transport from the frame URL, e.g. one whose iframe's window is a
     * fake frame page (`tests/model/frameFixture.ts`) where happy-dom loads no cross-origin page.
     */
    createTransport?: ((url: string) => import('../adapters/frame.ts').FrameTransport) | undefined
  }
  /**
   * The manual-WalletConnect option (spec §2): opening while disconnected shows WalletConnect directly
   * (AllWallets on a phone, ConnectingWalletConnectBasic on a desktop).
   */
  manualWalletConnect?: boolean
  /**
   * The order of Account's action buttons (spec §9 walletFeaturesOrder), by feature flag. Default `['onramp', 'swaps',
   * 'receive', 'send']`: Buy, Swap, Receive, Send. A feature left out keeps its button, after the listed ones; each may
   * appear once. Anything else throws `InvalidOptionsError` at `options.walletFeaturesOrder`.
   * @example walletFeaturesOrder: ['send', 'receive', 'swaps', 'onramp']
   */
  walletFeaturesOrder?: readonly WalletFeaturesOrderItem[]
  /**
   * The swap provider (spec §9 "Swap provider by default 1inch"): one of `swapProviders` (`kernel/swap.ts`). Default
   * `'1inch'`; `getState().swapProvider` reads the setting in force. Anything else throws `InvalidOptionsError` at
   * `options.swapProvider`.
   */
  swapProvider?: SwapProvider
  /**
   * Skips the SwitchNetwork confirmation view (spec §2: "SwitchNetwork is pushed when confirmation is not ignored"): a
   * network switch while connected (`switchNetwork()`, a pick in a network list) asks the wallet without pushing
   * SwitchNetwork. Default `false`.
   */
  ignoreSwitchConfirmation?: boolean
  /**
   * Sends transfers (spec §4 Send). Default: the EVM transfer adapter over the chain adapter's EIP-1193
   * providers, loaded with the first send.
   */
  transferAdapter?: TransferAdapter
  /** The clock of every delay (`setTimeout`/`clearTimeout` shape); tests pass a simulated one. */
  clock?: Clock
}

/** The modal's theme now (`modal.getTheme()`): the options' `themeMode` / `themeVariables`, as changed at run time. */
export type ModalTheme = { themeMode: ThemeMode | undefined; themeVariables: ThemeVariables | undefined }

/** Public state of the modal: what a dapp reads with `getState()` or `subscribe()`. */
export type ModalState = {
  open: boolean
  view: ViewName
  /**
   * The active namespace's account. While connected it carries the spec §3 account state's `connectedWalletInfo`
   * (the wallet's name, icon, identifier, and social provider on the auth connector) and `addressLabels` (address →
   * its account type's label). With the embedded wallet (connector `auth`) it carries `socialProvider` (a social
   * login's provider) and `user` (`email` or the social `username`).
   */
  account: AccountView & {
    socialProvider?: string
    user?: { email?: string; username?: string }
    /** The embedded wallet's account type on an EVM chain (spec §3), once read. */
    preferredAccountType?: 'eoa' | 'smartAccount'
    /** Whether its smart account is deployed on the chain (true after the first user operation), once read. */
    smartAccountDeployed?: boolean
  }
  /** CAIP-2 id of the active network. */
  caipNetworkId: string
  network: CaipNetwork
  /** The active namespace (spec §3): the account above is of this namespace. */
  activeNamespace: ChainNamespace
  /** The wallet is on a chain that is not in `networks`. */
  isUnsupportedChain: boolean
  /** Sign-in (SIWX): `undefined` without the `siwx` option. */
  siwx: { phase: SiwxView['phase']; required: boolean; session: SiwxView['session'] } | undefined
  /**
   * The resolved feature set (spec §6, §9): the `features` option, overridden by the project's remote
   * config once it arrives (first opening), every remote feature off in basic mode; `onramp` and `swaps` off for a
   * visitor in a restricted time zone of mainland China or Hong Kong (spec §6, `restrictedTimeZones` of
   * services/features.ts). What is off here does not exist in the modal.
   */
  features: Features
  /** The swap provider in force (spec §9): the `swapProvider` option, `'1inch'` by default. */
  swapProvider: SwapProvider
  /**
   * Multi-wallet (spec §6; `features.multiWallet` on): the active namespace's connections, the active one first, then
   * by last use; `activeId` the active one's id (undefined: disconnected), `isSwitching` while a switch restores the
   * chosen one (already marked active). Absent while multi-wallet is off or nothing has connected yet.
   */
  connections?: { connections: readonly ConnectionView[]; activeId: string | undefined; isSwitching: boolean }
}
