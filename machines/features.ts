import type { GenericSchema } from 'valibot'
import type { AnyActorLogic } from 'xstate'
import type { OptionsObject } from '../kernel/optionChecks.ts'
import type { FeatureFlag, Features } from '../services/features.ts'
import type { RemoteFeatures } from '../services/features.schema.ts'
import type { ViewName } from './views.ts'
import type { DisconnectReason } from './connection.ts'
import type { NamespaceCapability } from './namespaces.ts'

/**
 * How a feature plugs into the root (STYLE rule 14). A feature is its machine, its views, its client calls
 * and one registration: a plain object the root reads generically. The root never names a feature: it spawns the
 * feature on its first use (a gesture, a view's need, or a moment it wakes on) with the input its registration makes
 * from the {@link FeatureFacts}, and forwards it the root's moments as events ({@link RootMoment}); the feature's own
 * chart does the rest, telling the router, the toast, the modal, the network and the connection by systemId
 * (`machines/system.ts`). Registrations live beside their machine (`machines/send.feature.ts`); `ui/assemble/index.ts`
 * lists them all with their loaders.
 */
export type FeatureRegistration = {
  /** The feature's name: its actor's id and systemId (`system.get('send')`). */
  id: string
  /** The machine, fetched with the first use (`() => import(…)`). */
  load?: (() => Promise<AnyActorLogic>) | undefined
  /** The machine already at hand (tests): spawned at once on the first use, no fetch. */
  logic?: AnyActorLogic | undefined
  /** Whether the feature may exist now (its flag, its option). Unavailable: never spawned, its gestures dropped. */
  available?: (facts: FeatureFacts) => boolean
  /** The input the machine is spawned with. */
  input?: (facts: FeatureFacts) => unknown
  /** The views this feature's machine drives: while one shows, the root is `open.feature` (or `open.connecting`). */
  views?: readonly string[]
  /** Its views are a way of connecting (WalletConnect's pairing): the root shows them as `open.connecting`. */
  connecting?: boolean
  /**
   * `open({ view })` of one of its views reaches its chart as `root.open`, the feature spawned or fetched for it first:
   * `'connected'` only while an account is connected (Send: nothing to send from otherwise), `'always'` whatever.
   * Without it the opening is not delivered.
   */
  opensWith?: 'connected' | 'always'
  /**
   * The root's moments that bring the feature into being when it is not there yet (spawned at once, or fetched), the
   * moment then delivered to it: `opened`, the modal opening (`'connected'`: only while an account is connected,
   * `'always'`: whatever); `account`, an account moment whose new account passes the test (a sign-in follows every
   * connection); `flags`, the resolved feature set changing while an account is connected (`'connected'`: the remote
   * config turning the feature on after load); `ended`, an account moment ending the connection for a reason that
   * passes the test (a restore that failed at load). Without it a moment reaches only a feature already spawned.
   */
  wakesOn?: { opened?: 'connected' | 'always'; account?: (account: ConnectedAccount, change: AccountChange) => boolean; flags?: 'connected'; ended?: (reason: DisconnectReason) => boolean }
  /** While the feature's snapshot has this tag, Back on its views is ignored (a send waiting for the wallet). */
  busyTag?: string
  /** While the feature's snapshot has `tag`, opening the modal shows `view`, whatever was asked (a sign-in prompt). */
  opensOn?: { tag: string; view: ViewName }
  /**
   * A connection does not close the modal by itself: the feature decides when. `true`: always while the feature is
   * available (SIWX's session check); `{ tag }`: while its snapshot has that tag (a payment waiting for a wallet).
   */
  holdsConnect?: boolean | { tag: string }
  /** Connector ids the feature connects instead of the connection machine (WalletConnect's pairing). */
  claims?: (connectorId: string) => boolean
}

/** What changed about the active namespace's account. */
export type AccountChange =
  /** A wallet connected by the visitor. */
  | 'connected'
  /** A stored connection came back (a reload). */
  | 'restored'
  /** The wallet's account or chain changed. */
  | 'changed'
  /** The wallet disconnected (the visitor, the wallet, or a failure). */
  | 'disconnected'
  /** Another namespace became active: its account (or none). */
  | 'switched'

/** The connected account of the active namespace as features receive it. */
export type ConnectedAccount = {
  /** The bare address (checksummed on eip155). */
  address: string
  /** Every account the wallet gave the site, in the wallet's order (`address` among them); absent: `address` only. */
  accounts?: readonly string[] | undefined
  /** CAIP-2 id of the wallet's chain. */
  caipNetworkId: string
  namespace: string
  connectorId: string
  /** The chain is one the dapp configured (or the namespace lists no networks). */
  supported: boolean
  testnet: boolean
}

/**
 * What a registration's `available` and `input` are asked with (read-only, computed at that moment): the root's own
 * state, never a child's snapshot.
 */
export type FeatureFacts = {
  /** The router's current view. */
  view: ViewName
  /** The feature whose views show now, if any (see {@link FeatureRegistration.views}). */
  holder: string | undefined
  /** The current view is a connecting one (ConnectingExternal, or a view of a `connecting` feature). */
  isConnecting: boolean
  /** The active namespace's connected account; undefined when not connected. */
  account: ConnectedAccount | undefined
  /** The systemId of the active namespace's connection (`connection.eip155`): the actor a login asks to connect. */
  connection: string
  /** The resolved feature set (spec §6). */
  flags: Features
}

/** The reports a feature sends the root, its parent (`report` of `machines/system.ts`; the root's own handlers: flags, analytics, debug alerts). */
export type FeatureReport =
  /** The resolved feature set changed (the remote config). */
  | { type: 'feature.flags'; features: Features; basic?: boolean | undefined }
  /** A debug alert (spec §8: shown in debug mode only, each once). */
  | { type: 'feature.alert'; key: string; title: string; message: string }
  /** An analytics event (spec §7). */
  | { type: 'feature.track'; name: string; properties: Record<string, unknown> }
  /** A wallet failure (not the user's rejection), reported as WALLET_ERROR. */
  | { type: 'feature.reportError'; error: { name: string; message: string } }
  /**
   * SwitchActiveChain's confirmation (spec §2, §4 namespace switch), sent by a feature whose view plays that part (Pay's
   * Connect a wallet for a payment of another namespace): the network becomes active, and Connect (a `router.replace`,
   * ignored when the feature pushed Connect just before) lists that namespace's wallets.
   */
  | { type: 'app.confirmNamespaceSwitch'; caipNetworkId: string }

/**
 * The root's moments as a spawned feature receives them (its chart handles those it follows, with its own guards):
 * - `root.account`: the active namespace's account changed (`change`); `account` is the new one (none: disconnected);
 *   `holder` is the feature whose views show now, `connecting` whether the view shown is a way of connecting
 *   (ConnectingExternal, WalletConnect's QR); `connection` the systemId of the active namespace's connection; `reason`
 *   why it ended (`disconnected`: the visitor's Disconnect `user`, the wallet's, a failed restore, another tab);
 * - `root.open`: `open({ view })` asked for one of its views (the router already shows it);
 * - `root.back`: Back on one of its views, while it is not busy (the root goes back after it);
 * - `root.opened`: the modal is being opened (its first view chosen), `account` the connected one (none: not connected);
 * - `root.closing`: the modal began to close (its exit transition, a close no longer refused), `view` the view it
 *   shows: what closing ends ends here, so that a call made right after the close finds it ended;
 * - `root.closed`: the modal closed (the exit transition over), `view` the view it showed;
 * - `root.flags`: the resolved feature set changed (spec §6);
 * - `root.network`: the network actor reported a switch's failure (`network.switchRejected`, `…switchFailed`, `…notFound`);
 * - `root.select`: one of its claimed connectors was picked in Connect (see {@link FeatureRegistration.claims}).
 * Views travel by name (`string`, not `ViewName`): the view names derive from the manifests, which are typed from
 * the feature machines, whose events these are.
 */
export type RootMoment =
  | {
      type: 'root.account'
      change: AccountChange
      account: ConnectedAccount | undefined
      holder: string | undefined
      connecting?: boolean | undefined
      connection?: string | undefined
      reason?: DisconnectReason | undefined
    }
  | { type: 'root.open'; view: string; data?: unknown }
  | { type: 'root.back'; view: string }
  | { type: 'root.opened'; account: ConnectedAccount | undefined }
  | { type: 'root.closing'; view: string }
  | { type: 'root.closed'; view: string }
  | { type: 'root.flags'; flags: Features }
  | { type: 'root.network'; outcome: 'network.switchRejected' | 'network.switchFailed' | 'network.notFound' }
  | { type: 'root.select'; connectorId: string }

/** An event a view's gesture carries to a feature (`feature.deliver`): a type and any fields. */
export type CommandEvent = { type: string; [field: string]: unknown }

/**
 * One view of a feature as its manifest declares it (no code: the modal finds the view's component in
 * `ui/views/<component>.tsx`, see `ui/features.ts`).
 */
export type ViewSpec = {
  /** The file in `ui/views/` holding the component (default: the view's name). */
  component?: string
  /** The component's export (default: the module's default export). */
  export?: string
  /** A flag gating this view beside the feature's own (AllWallets: `allWallets`). */
  flag?: FeatureFlag
  /** The views a visitor reaches from this one in one step: their chunks are fetched while it shows (when on). */
  next?: readonly string[]
  /**
   * What the dapp must configure for a visitor to reach this view at all (`{ option }`: that option of
   * `createModal` set, e.g. the sign-in's `siwx`; `otherNamespace`: networks of more than one namespace). While it is
   * not configured the view is never prefetched.
   */
  reachableWith?: { option: string } | 'otherNamespace'
  /** The feature machines the view needs (by feature id): fetched with the view's chunk on the visitor's intent. */
  machines?: readonly string[]
}

/**
 * The named places where features put their entry points, inside another view (spec §2 Account):
 * - `account.actions`: the row of action buttons (Buy, Swap, Receive, Send by default, in the order of the `walletFeaturesOrder` option): button entries ({@link EntryButtonSpec});
 * - `account.name`: what the address line shows instead of the truncated address when the reverse lookup found no name
 *   (a name the visitor just registered): component entries, each given the next one's output as its `fallback`;
 * - `account.identity`: the lines under the address (the account type, the login's email or username, the links to a
 *   feature: register a name, your wallets, the account-type switch): component entries;
 * - `account.email`: the controls on the email row of an email login (the email edit): component entries;
 * - `connect.methods`: the ways of connecting Connect shows (the wallet list, the email field, the social buttons),
 *   each in its place of the connect method order (spec §2): component entries naming their `method`, rendered by
 *   Connect with Connect's chunk (`ui/slots.connect.ts`, files in `ui/entries/connect/`); the wallet method's entry
 *   arranges the sections and renders the others through the `Method` Connect hands it;
 * - `connect.foot`: the links under Connect's ways of connecting ('New to wallets?'): button entries, each pushing a view.
 *
 * What each Account slot hands its components is `ui/slots.ts` `SlotProps`; Connect's, `ui/slots.connect.ts` `ConnectMethodProps`.
 */
export type EntrySlot = 'account.actions' | 'account.name' | 'account.identity' | 'account.email' | 'connect.methods' | 'connect.foot'

/** What every entry says of its place and of when it shows. */
type EntryPlacement = {
  slot: EntrySlot
  /** Its place in the slot: entries show by ascending order (Buy 10, Receive 20, Send 30, Swap 40). */
  order: number
  /**
   * The flag that must be on (default: the feature's own); `null`: none, the entry shows whatever the feature's flag
   * (the email of an email login stays on Account when the remote config turns the email login off).
   */
  flag?: FeatureFlag | null
  /** The namespace capability it needs (`machines/namespaces.ts` `supportsNamespace`), e.g. `send`. */
  capability?: NamespaceCapability
}

/** A button entry: its label and what a press does (the slot renders the button). */
export type EntryButtonSpec = EntryPlacement & {
  /** The label: a dotted key of the English catalogue (`ui/locales/en.ts`) whose value is a string (`buy`, `swap.start`). */
  label: string
  /** A press: a gesture to the feature (`feature.deliver`), or a view pushed. */
  gesture: { event: CommandEvent } | { view: string }
}

/**
 * A component entry: the feature renders it itself, from its own state (a name just registered, the account-type
 * switch). Found, like a view, by file and export: `ui/entries/<component>.tsx`, export `export`; the file is the
 * feature's own, loaded with the view that renders the slot (never in the page's first JS).
 */
export type EntryComponentSpec = EntryPlacement & {
  /** The file in `ui/entries/` holding the component, without its extension (the feature's id, `names`). */
  component: string
  /** The component's export (`RegisterName`). */
  export: string
  /** In `connect.methods`: the connect method it is (`wallet`, `email`, `social`), the section of Connect it fills. */
  method?: string
}

/**
 * An entry point of a feature inside another view's named slot (spec §2 Account: Buy, Swap, Receive, Send; the
 * register-a-name link): a button the slot renders ({@link EntryButtonSpec}) or a component of the feature's own
 * ({@link EntryComponentSpec}), with its place and when it shows.
 */
export type EntrySpec = EntryButtonSpec | EntryComponentSpec

/**
 * A feature's own keys of `createModal`'s options (spec §3 "Options"): their schemas and checks, in
 * `machines/<id>.options.ts`, for the keys its manifest declares (`defineFeature`'s third type, `options`). `ModalOptions`
 * has them because a manifest declares them (`machines/manifests.ts` `ManifestOptions`), `validateOptions` checks them
 * (`ui/options.ts`, which finds these files by name: the options are checked in the page's first JS, the manifests come
 * with the core), and the feature's settings are taken from them with their defaults (its manifest's `optionDefaults`
 * and `settingsFrom`, which only the core needs: they stay out of the page's first JS). No central file names them.
 *
 * `O` is the options' type as `ModalOptions` shows it: each key optional and documented there (shapes, defaults,
 * errors), so a dapp's editor shows the documentation and a misspelt key is a type error.
 */
export type FeatureOptions<O extends object = object> = {
  /**
   * Each key's valibot schema (the key left out is `undefined`: the schema accepts it): checked at `options.<key>`, the
   * first issue's message being the refusal's (`InvalidOptionsError`, `options.nameSuffix: Invalid name suffix: …`).
   */
  readonly schemas: { readonly [K in keyof O]-?: GenericSchema }
  /**
   * Checks beyond the shapes, run before them, for refusals with messages of their own (spec §5: "Cannot set both
   * `siweConfig` and `siwx` options"), or across entries (a wallet id twice): throws `InvalidOptionsError` naming the option.
   */
  readonly check?: (options: OptionsObject) => void
  /** Type-only: the options' type (never set). */
  readonly type?: O
}

/**
 * What the core hands each manifest's `settingsFrom` beside the options: the facts of the instance that no feature's
 * option holds. Spread into the settings too, so a registration may read them directly (`embeddedWallet`).
 */
export type FeatureHostFacts = {
  /** The embedded wallet is configured (`embeddedWallet`) and the built-in adapter runs (a custom adapter brings its own). */
  embeddedWallet: boolean
  /** WalletConnect's connector id when the built-in adapter lists it (a custom adapter decides itself). */
  walletConnectConnectorId: string | undefined
  /** The device filter of the catalogue (spec §6): the `platform` option, a phone by its user agent by default. */
  platform: 'mobile' | 'links' | undefined
  /** The page's origin (empty outside a browser). */
  origin: string
  /**
   * The namespace's account type (spec §3 preferred account types): the visitor's stored choice, else `defaults`' (the
   * dapp's), else spec §4's, else `eoa`.
   */
  accountTypeOf: (namespace: string, defaults: Readonly<Partial<Record<string, string>>>) => string
  /** Each namespace's stored connections, oldest first, and its stored active connector (spec §3 browser storage), read now. */
  storedConnections: () => Record<string, { connections: Array<{ connectorId: string; accounts: string[] }>; activeConnectorId: string | undefined }>
  /** Whether storage holds something under `key` (a feature's own key, without the prefix), read now. */
  hasStored: (key: string) => boolean
  /** The project's remote config as this browser last heard it (spec §6; `services/remoteConfigMemory.ts`), read now. */
  rememberedConfig: (projectId: string) => { features: RemoteFeatures } | undefined
}

/**
 * A feature's manifest: the one place a feature declares itself (STYLE rule 14). Its `id` is its machine's id and
 * systemId, its view-registry id and the name the lists derive everything from (`machines/manifests.ts`, the one
 * list). `M` is its machine's type, `G` the gestures of its views beside the machine's own events.
 */
export type FeatureManifest<Id extends string = string, V extends string = string, S = unknown, M = unknown, G = never, O extends object = Record<never, never>, R = O> = {
  id: Id
  /** The feature-set key gating the whole feature's views and entries; none: always there. */
  flag?: FeatureFlag
  /** The views it owns, by the spec's names. */
  views?: { readonly [K in V]: ViewSpec }
  /** Its views are held by its machine: while one shows, the root is `open.feature` (or `open.connecting`). */
  holdsViews?: boolean
  /** Its entry points in other views' slots, in the order they show. */
  entries?: readonly EntrySpec[]
  /** Entry points inside another view that a flag of their own gates (what hides when the flag is off). */
  parts?: Readonly<Record<string, FeatureFlag>>
  /**
   * Its machine, when it has one: the registration the root reads, from the instance's settings. The machine's code
   * is `ui/assemble/<id>.ts`, fetched with the first use.
   */
  register?: (settings: S) => FeatureRegistration
  /**
   * Type-only (never set): its own keys of `createModal`'s options, given to {@link defineFeature}; `ModalOptions` has
   * them (`machines/manifests.ts` `ManifestOptions`). Their schemas are `machines/<id>.options.ts` (export
   * `<id>Options`, typed `FeatureOptions<OptionsDeclaredBy<'<id>'>>`, so a file the manifest does not declare does not
   * compile), found by file where the options are checked, in the page's first JS, which the manifests are not in.
   */
  options?: O
  /**
   * What a key of its `options` left out means (spec §9 defaults): the core applies them before {@link settingsFrom}
   * (`ui/core/featureHost.ts`). Here, not beside the schemas: the page's first JS checks the options, only the core
   * needs their defaults.
   */
  optionDefaults?: { readonly [K in keyof O]?: Exclude<O[K], undefined> }
  /**
   * The settings its `register` takes from `createModal`'s options (`R`: its own, defaults applied, and any other it
   * reads, such as the project id) and the instance's facts; none: the facts alone.
   */
  settingsFrom?: (options: R, host: FeatureHostFacts) => NoInfer<S>
  /** Its module is fetched with every intent to open a view (its machine runs at every opening: the remote config). */
  fetchedOnIntent?: boolean
  /**
   * The events from outside the modal's views its machine takes, by type: the core delivers each to the feature whose
   * manifest lists it (`ui/assemble/index.ts` `featureTaking`; the embedded wallet's approvals, a social login's return
   * by redirect), fetching the machine first.
   */
  takes?: readonly string[]
  /** What its module needs fetched beside it: the embedded wallet's bridge. */
  loadsWith?: readonly 'embeddedWallet'[]
  /** Type-only: the machine (never set). */
  machine?: M
  /** Type-only: the gestures of its views beside its machine's own events (never set). */
  gestures?: G
}

/**
 * Declares a feature's manifest, its machine, gesture and options types given first (type-only):
 * @example export const sendManifest = defineFeature<typeof sendMachine, SendGesture>()({ id: 'send', flag: 'send', views: { Send: {} } })
 */
export function defineFeature<M = never, G = never, O extends object = Record<never, never>>() {
  return <const Id extends string, const V extends string = never, S = unknown, R = O>(manifest: FeatureManifest<Id, V, S, M, G, O, R>): FeatureManifest<Id, V, S, M, G, O, R> => {
    const { register, holdsViews, views } = manifest
    if (!register || !holdsViews) return manifest
    return { ...manifest, register: (settings: S) => ({ ...register(settings), views: Object.keys(views ?? {}) }) }
  }
}
