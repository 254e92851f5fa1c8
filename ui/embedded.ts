/**
 * The embedded wallet of one modal instance (spec §4 "Embedded-wallet RPC lifecycle", §7 "Embedded wallet iframe"): the
 * secure site's frame, its machines and the EIP-1193 provider the eip155 adapter serves as the `auth` connector. This
 * module is fetched with the visitor's first email action or a stored email session's restore (the core's embedded
 * bridge imports it), never with the page. Its parts:
 * - the frame machine (`machines/frame.ts`) loads the iframe on the first request; requests run as `frameRequest`
 *   actors through the frame client (`assemble/frameClient.ts`);
 * - the session (`embedded.session.ts`): the signed-in user, the chain, what is stored of them;
 * - the RPC requests (`embedded.rpc.ts`) through the frameRpc machine, the provider and the Solana side
 *   (`embedded.provider.ts`), the account-type switch (`embedded.accountType.ts`);
 * - the frame's placement over ApproveTransaction (`embedded.placement.ts`);
 * - theme and dapp data synced to the frame on load and on change; the modal's language too, when it is not the one
 *   the frame was loaded in (APP_SYNC_LOCALE: the frame follows `setLocale` without reloading).
 */
import { createActor, type ActorRefFrom } from 'xstate'
import { createFrameTransport, type FrameTransport } from '../adapters/frame.ts'
import { frameLocaleTagSchema, frameUrl } from '../adapters/frame.protocol.ts'
import type { Connector } from '../adapters/types.ts'
import { frameMachine, type FrameAlertKey } from '../machines/frame.ts'
import { messageOf, type ToastText } from '../machines/messages.ts'
import { timing } from '../machines/timing.ts'
import * as v from 'valibot'
import { accountTypeActors, createFrameClient, emailLoginActors, socialLoginActors, frameMountActor, frameSendActor, profileWalletsActors, updateEmailActors, type FrameClient } from './assemble/frameClient.ts'
import { accountTypeSwitch, smartAccountNetworksStore } from './embedded.accountType.ts'
import { createApprovalPlacement } from './embedded.placement.ts'
import { createEmbeddedProvider } from './embedded.provider.ts'
import { createEmbeddedRpc } from './embedded.rpc.ts'
import { createEmbeddedSession, embeddedStorageKeys, type EmbeddedStorage } from './embedded.session.ts'
import { caipReferenceOf } from '../kernel/caip.ts'

export { canSwitchToSmartAccount, preferredAccountTypesKey } from './embedded.accountType.ts'
export { maxApprovalHeight } from './embedded.placement.ts'
export { embeddedStorageKeys, type EmbeddedStorage } from './embedded.session.ts'

/** The auth connector's id (spec §3 connector type AUTH): the embedded wallet as the eip155 connection. */
export const authConnectorId = 'auth'
/** The auth connector as the adapter lists it. */
export const authConnector: Connector = { id: authConnectorId, name: 'Email', type: 'AUTH', chain: 'eip155' }

export type CreateEmbeddedWalletParameters = {
  secureSiteUrl: string
  projectId: string
  /** The chain the frame starts on (EVM chain id). */
  chainId: () => number
  /** The active network's RPC URL (passed in the frame URL; the frame does not trust it). */
  rpcUrl?: (() => string | undefined) | undefined
  /** The modal's language now (BCP 47): the frame's pages speak it (the frame URL's `locale`). */
  locale?: (() => string) | undefined
  debug: boolean
  storage: EmbeddedStorage
  metadata: { name: string; description: string; url: string; icons: string[] }
  sdkVersion: string
  themeMode: () => 'light' | 'dark'
  themeVariables?: (() => Record<string, string | number>) | undefined
  /** An alert of spec §8 (already once-only and debug-only). */
  onAlert?: ((key: FrameAlertKey, title: string) => void) | undefined
  /** An unsafe request waits for approval (`open`), or the approval ended. */
  onApproval?: ((event: { type: 'requested' | 'approved' | 'failed'; id: string }) => void) | undefined
  /** After a disallowed request (the frameRpc machine's delay): the modal opens with 'Action not allowed'. */
  onNotAllowed?: ((method: string) => void) | undefined
  /** The modal's window (tests pass happy-dom's). */
  window?: Window | undefined
  /** Makes the transport from the frame URL (tests pass one whose iframe's window is a fake frame page). */
  createTransport?: ((url: string) => FrameTransport) | undefined
}

/**
 * The alerts of spec §8 the frame machine raises, by key. They are for the site's developer, not its visitors: they show
 * only in debug mode (spec §8 "Alerts show only in debug mode", the `debug` option) and go to the console too, with
 * the project id and allowlist fixes they name. So they stay in English, as the modal's other debug messages (its log)
 * do, whatever the visitor's language.
 */
const alertTitles: Record<FrameAlertKey, string> = {
  IFRAME_LOAD_FAILED: 'Network Error - Could not load embedded wallet',
  IFRAME_REQUEST_TIMEOUT: 'Embedded Wallet Request Timed Out',
  SESSION_EXPIRED: 'Session Expired - JWT not yet valid: check the time settings of your device',
  ORIGIN_NOT_ALLOWED: "Invalid App Configuration - Origin not allowed: add this origin to the project's allowlist in the dashboard",
  INVALID_PROJECT_ID: 'Invalid App Configuration - Invalid project id: check options.projectId against the dashboard',
}

export type EmbeddedWallet = ReturnType<typeof createEmbeddedWallet>

/**
 * Creates the embedded wallet of one modal instance. Nothing is mounted until the first request.
 * @example
 * const embedded = createEmbeddedWallet({ secureSiteUrl: 'https://secure.example', projectId, chainId: () => 1, … })
 * await embedded.provider.request({ method: 'eth_requestAccounts' })
 */
export function createEmbeddedWallet(p: CreateEmbeddedWalletParameters) {
  const win = p.window ?? globalThis.window
  let transport: FrameTransport | undefined
  /** The locale the frame URL carries: the frame page loads speaking it. */
  let urlLocale: string | undefined
  const getTransport = () => {
    if (transport) return transport
    urlLocale = p.locale?.()
    const url = frameUrl({ secureSiteUrl: p.secureSiteUrl, projectId: p.projectId, chainId: p.chainId(), enableLogger: p.debug, rpcUrl: p.rpcUrl?.(), locale: urlLocale })
    return (transport = p.createTransport ? p.createTransport(url) : createFrameTransport({ url, window: win }))
  }
  const frame: ActorRefFrom<typeof frameMachine> = createActor(frameMachine.provide({ actors: { mount: frameMountActor(getTransport) } }), { input: { debug: p.debug } })
  frame.on('frame.alert', (e) => p.onAlert?.(e.key, alertTitles[e.key]))
  frame.start()
  const client: FrameClient = createFrameClient({ frame, send: frameSendActor(getTransport) })
  const getClient = async () => client
  const session = createEmbeddedSession({ storage: p.storage, startChainId: p.chainId(), onChain: (id) => rpc.actor.send({ type: 'frameRpc.setChainId', chainId: id }) })
  const rpc = createEmbeddedRpc({ client: getClient, chainId: session.chainId, onApproval: p.onApproval, onNotAllowed: p.onNotAllowed })
  const { provider, solana, signOut } = createEmbeddedProvider({ client, frame, session, storage: p.storage, rpcRequest: rpc.request })
  const setPreferredAccountType = accountTypeSwitch({ client, session, storage: p.storage })
  const placement = createApprovalPlacement(win, () => transport)

  const sync = () => {
    void client.request('SYNC_THEME', { themeMode: p.themeMode(), ...(p.themeVariables ? { themeVariables: p.themeVariables() } : {}) }).catch(() => {})
    void client.request('SYNC_DAPP_DATA', { metadata: p.metadata, sdkVersion: p.sdkVersion, sdkType: 'latchkey', projectId: p.projectId }).catch(() => {})
  }
  /** The locale the live frame speaks (or was last asked to): a change of the modal's is sent once. */
  let frameSpeaks: string | undefined
  const syncLocale = () => {
    const wanted = p.locale?.()
    if (!wanted || wanted === frameSpeaks || !v.is(frameLocaleTagSchema, wanted)) return
    frameSpeaks = wanted
    void client.request('SYNC_LOCALE', { locale: wanted }).catch(() => {
      // Refused or lost: the next change (or the next load) tries again.
      if (frameSpeaks === wanted) frameSpeaks = undefined
    })
  }
  let synced = false
  frame.subscribe((s) => {
    if (s.matches({ live: 'ready' }) && !synced) {
      synced = true
      sync()
      frameSpeaks = urlLocale
      syncLocale()
    }
    if (!s.matches('live')) synced = false
  })
  const unsubscribeTransport = getTransport().onEvent((event) => {
    placement.onFrameEvent(event)
    session.onFrameEvent(event)
    placement.place()
  })

  return {
    connector: authConnector,
    /** The social login machine's actors (spec §2 social login): the frame client and this window (popup, redirect). */
    socialActors: socialLoginActors({ client: getClient, window: win! }),
    /** The email update's actors (spec §4 email update): the user the change's poll reads is kept (its email stored). */
    updateEmailActors: updateEmailActors({ client: getClient, remember: session.remember }),
    /** The account-type switch's actors (spec §4 smart accounts): the state read, the switch, the frame's pushes of the user. */
    accountTypeActors: accountTypeActors({
      client: getClient,
      // The user read on another chain may act with another account (the preferred type is per chain): the address follows.
      remember: (u) => {
        const before = session.user()?.address
        session.remember(u)
        if (before && before.toLowerCase() !== u.address.toLowerCase()) session.fire('accountsChanged', [u.address])
      },
      setPreferred: setPreferredAccountType,
      onUser: session.onUser,
      enabledNetworks: smartAccountNetworksStore(p.storage),
    }),
    /** ProfileWallets' actor (spec §3 account state): the frame's user and its accounts. */
    profileWalletsActors: profileWalletsActors({ client: getClient }),
    provider,
    setPreferredAccountType,
    /** The signed-in user as the frame last reported it (accounts, preferredAccountType, smartAccountDeployed). */
    user: session.user,
    /** The Solana side of the auth connector (spec §6). */
    solana,
    client,
    frame,
    rpc: rpc.actor,
    /** The email login machine's actors (client-side throttle on the stored last login time, spec §5). */
    loginActors: emailLoginActors({
      client: getClient,
      cooldown: timing.emailLoginCooldown,
      store: {
        lastLoginAt: () => p.storage.read(embeddedStorageKeys.lastEmailLoginTime, v.number()),
        setLastLoginAt: (at) => p.storage.write(embeddedStorageKeys.lastEmailLoginTime, at),
      },
    }),
    signOut,
    /** The signed-in user's email (the Account shows it), once known. */
    email: () => session.user()?.email ?? p.storage.read(embeddedStorageKeys.email, v.string()),
    /** The modal closed: pending approvals are rejected (spec §4). */
    modalClosed: () => rpc.actor.send({ type: 'frameRpc.modalClosed' }),
    /** Theme or dapp data changed: synced again (when the frame is up). */
    resync: () => {
      if (frame.getSnapshot().matches({ live: 'ready' })) sync()
    },
    /**
     * The modal's language changed (`setLocale`, or its catalogue arrived): the frame, when it is up and speaks another,
     * follows at once (APP_SYNC_LOCALE); a frame that loads later is given it when ready.
     */
    relocale: () => {
      if (frame.getSnapshot().matches({ live: 'ready' })) syncLocale()
    },
    destroy() {
      unsubscribeTransport()
      placement.destroy()
      rpc.actor.stop()
      frame.stop()
      transport?.destroy()
    },
  }
}

/**
 * The embedded wallet of a modal instance, from its options (`createModal` calls this when the module arrives, so the
 * wiring stays out of the page's first JS): the frame starts on the active EVM network, alerts are toasts (debug mode),
 * an approved request refreshes the native balance, a disallowed one opens the modal with 'Action not allowed' (spec §4, §8).
 */
export function embeddedWalletOfModal(m: {
  options: {
    embeddedWallet?: { secureSiteUrl: string; createTransport?: ((url: string) => FrameTransport) | undefined } | undefined
    projectId: string
    debug?: boolean | undefined
    themeMode?: 'light' | 'dark' | undefined
    themeVariables?: object | undefined
  }
  storage: EmbeddedStorage & { getActiveNetworkId(): string | undefined }
  metadata: { name: string; description: string; url: string; icons: readonly string[] }
  evmNetworkIds: number[]
  /** The modal's theme now (`setThemeMode` / `setThemeVariables` change it); the options' theme when absent. */
  theme?: (() => { themeMode?: 'light' | 'dark' | undefined; themeVariables?: object | undefined }) | undefined
  /** The RPC URL of an EVM chain of the modal (the frame URL's `rpcUrl`, spec §7: the frame's chain reads). */
  rpcUrlOf?: ((chainId: number) => string | undefined) | undefined
  /** The modal's language now (`getLocale().locale`): the frame's pages speak it. */
  locale?: (() => string) | undefined
  open(): void
  toast(message: ToastText): void
  refreshBalance(): void
  /** An unsafe request waits for the visitor's approval in the frame, or that approval ended (ApproveTransaction). */
  approval?: ((event: { type: 'requested' | 'approved' | 'failed'; id: string }) => void) | undefined
}): EmbeddedWallet {
  const fallback = m.evmNetworkIds[0] ?? 1
  const chainId = () => {
    const id = Number(caipReferenceOf(m.storage.getActiveNetworkId()))
    return Number.isSafeInteger(id) && m.evmNetworkIds.includes(id) ? id : fallback
  }
  const theme = m.theme ?? (() => ({ themeMode: m.options.themeMode, themeVariables: m.options.themeVariables }))
  return createEmbeddedWallet({
    secureSiteUrl: m.options.embeddedWallet!.secureSiteUrl,
    ...(m.options.embeddedWallet!.createTransport ? { createTransport: m.options.embeddedWallet!.createTransport } : {}),
    projectId: m.options.projectId,
    chainId,
    ...(m.rpcUrlOf ? { rpcUrl: () => m.rpcUrlOf!(chainId()) } : {}),
    ...(m.locale ? { locale: m.locale } : {}),
    debug: m.options.debug ?? false,
    storage: m.storage,
    metadata: { ...m.metadata, icons: [...m.metadata.icons] },
    sdkVersion: 'latchkey-1',
    themeMode: () => theme().themeMode ?? (globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'),
    themeVariables: () => ({ ...(theme().themeVariables as Record<string, string | number> | undefined) }),
    onAlert: (_key, title) => {
      console.warn(`[latchkey] ${title}`)
      m.toast(title)
    },
    onApproval: (event) => {
      // Spec §4: success refreshes the native balance, then the transaction stack pops.
      if (event.type === 'approved') m.refreshBalance()
      m.approval?.(event)
    },
    onNotAllowed: () => {
      m.open()
      m.toast(messageOf('actionNotAllowed'))
    },
  })
}
