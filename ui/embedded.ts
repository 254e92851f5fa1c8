/**
 * The embedded wallet of one modal instance (issue 18 §2–§3): the secure site's frame, its machines and the EIP-1193
 * provider the eip155 adapter serves as the `auth` connector. This module is fetched with the visitor's first email
 * action or a stored email session's restore (`createModal` imports it), never with the page.
 *
 * - The frame machine (`machines/frame.ts`) loads the iframe on the first request; requests run as
 *   `frameRequest` actors through {@link createFrameClient}.
 * - The provider answers `eth_requestAccounts`/`eth_accounts` from the frame's user (APP_GET_USER / APP_IS_CONNECTED),
 *   switches chains with APP_SWITCH_NETWORK, signs out on `wallet_revokePermissions`, and passes every other method
 *   through the frameRpc machine (`machines/frameRpc.ts`: safe, unsafe with the frame's approval, or disallowed).
 * - While the frame's approval UI is open, the iframe is shown over the modal (the ApproveTransaction slot when one is
 *   on the page, else centred).
 * - Theme and dapp data are synced to the frame on load and on change.
 */
import * as v from 'valibot'
import { createActor, type ActorRefFrom } from 'xstate'
import { createFrameTransport, type FrameTransport } from '../adapters/frame.ts'
import { frameUrl, type FrameUser } from '../adapters/frame.protocol.ts'
import type { Connector, Eip1193Provider } from '../adapters/types.ts'
import { UserRejectedRequestError } from '../adapters/errors.ts'
import type { EmbeddedSolanaBackend } from '../adapters/solana.auth.ts'
import { frameMachine, type FrameAlertKey } from '../machines/frame.ts'
import { frameRpcMachine } from '../machines/frameRpc.ts'
import { timing } from '../machines/timing.ts'
import { approvalSlot, onApprovalSlot } from './approvalSlot.ts'
import {
  accountTypeActors,
  createFrameClient,
  emailLoginActors,
  socialLoginActors,
  frameMountActor,
  frameRpcActor,
  frameSendActor,
  profileWalletsActors,
  updateEmailActors,
  type FrameClient,
} from './assemble/frameClient.ts'

/** The auth connector's id (spec §3 connector type AUTH): the embedded wallet as the eip155 connection. */
export const authConnectorId = 'auth'
/** The auth connector as the adapter lists it. */
export const authConnector: Connector = { id: authConnectorId, name: 'Email', type: 'AUTH', chain: 'eip155' }

/** The storage keys of the email login (spec §3), without the modal's prefix. */
export const embeddedStorageKeys = {
  emailLoginUsed: 'email_login_used',
  email: 'email',
  socialUsername: 'social_username',
  /** The social provider of the signed-in user (issue 19; spec §3 account state `socialProvider`). */
  socialProvider: 'social_provider',
  lastEmailLoginTime: 'last_email_login_time',
  lastUsedChain: 'last_used_chain',
} as const

/** The modal storage's key of the preferred account type per namespace (services/storage.ts `preferred_account_types`). */
export const preferredAccountTypesKey = 'preferred_account_types'

/**
 * Whether the wallet may switch to its smart account (spec §4): only when smart accounts are enabled for the network
 * (`smartAccountEnabledNetworks`) and the current type is `eoa`.
 *
 * @example canSwitchToSmartAccount({ enabledNetworks: [31337], chainId: 31337, currentType: 'eoa' }) // true
 */
export function canSwitchToSmartAccount(input: { enabledNetworks: readonly number[]; chainId: number; currentType: string | undefined }): boolean {
  return input.enabledNetworks.includes(input.chainId) && (input.currentType ?? 'eoa') === 'eoa'
}

/** What the embedded wallet needs of the modal's storage (`services/storage.ts` raw access). */
export type EmbeddedStorage = {
  read<S extends v.GenericSchema>(key: string, schema: S): v.InferOutput<S> | undefined
  write(key: string, value: unknown): void
  remove(key: string): void
}

export type CreateEmbeddedWalletParameters = {
  secureSiteUrl: string
  projectId: string
  /** The chain the frame starts on (EVM chain id). */
  chainId: () => number
  /** The active network's RPC URL (passed in the frame URL; the frame does not trust it). */
  rpcUrl?: (() => string | undefined) | undefined
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
  /** 300 ms after a disallowed request: the modal opens with 'Action not allowed'. */
  onNotAllowed?: ((method: string) => void) | undefined
  /** The modal's window (tests pass happy-dom's). */
  window?: Window | undefined
  /** Makes the transport from the frame URL (tests pass one whose iframe's window is a fake frame page). */
  createTransport?: ((url: string) => FrameTransport) | undefined
}

/** The tallest ApproveTransaction body the frame's content height may ask for, in px (longer content scrolls in the frame). */
export const maxApprovalHeight = 560

const alertTitles: Record<FrameAlertKey, string> = {
  IFRAME_LOAD_FAILED: 'Network Error - Could not load embedded wallet',
  IFRAME_REQUEST_TIMEOUT: 'Embedded Wallet Request Timed Out',
  SESSION_EXPIRED: 'Session Expired - JWT not yet valid: check the time settings of your device',
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
  const getTransport = () => {
    if (transport) return transport
    const url = frameUrl({ secureSiteUrl: p.secureSiteUrl, projectId: p.projectId, chainId: p.chainId(), enableLogger: p.debug, rpcUrl: p.rpcUrl?.() })
    return (transport = p.createTransport ? p.createTransport(url) : createFrameTransport({ url, window: win }))
  }
  const frame: ActorRefFrom<typeof frameMachine> = createActor(frameMachine.provide({ actors: { mount: frameMountActor(getTransport) } }), { input: { debug: p.debug } })
  frame.on('frame.alert', (e) => p.onAlert?.(e.key, alertTitles[e.key]))
  frame.start()
  const client: FrameClient = createFrameClient({ frame, send: frameSendActor(getTransport) })
  const getClient = async () => client

  let chainId = p.storage.read(embeddedStorageKeys.lastUsedChain, v.number()) ?? p.chainId()
  let user: FrameUser | undefined
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const fire = (event: string, ...args: unknown[]) => {
    for (const l of [...(listeners.get(event) ?? [])]) {
      try {
        l(...args)
      } catch {
        // a listener's failure is its own
      }
    }
  }

  const rpc = createActor(frameRpcMachine.provide({ actors: { rpc: frameRpcActor({ client: getClient, chainId: () => chainId }) } }), { input: { chainId } })
  const waiting = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>()
  rpc.on('frameRpc.answered', (e) => {
    waiting.get(e.id)?.resolve(e.result)
    waiting.delete(e.id)
  })
  rpc.on('frameRpc.rejected', (e) => {
    const error = e.error
    const message = (error as { message?: string } | null)?.message
    waiting.get(e.id)?.reject(message === 'User rejected the request' ? new UserRejectedRequestError({ cause: error }) : error)
    waiting.delete(e.id)
  })
  rpc.on('frameRpc.approvalRequested', (e) => p.onApproval?.({ type: 'requested', id: e.id }))
  rpc.on('frameRpc.approved', (e) => p.onApproval?.({ type: 'approved', id: e.id }))
  rpc.on('frameRpc.failed', (e) => p.onApproval?.({ type: 'failed', id: e.id }))
  rpc.on('frameRpc.notAllowed', (e) => {
    console.error('Requested RPC call is not allowed')
    p.onNotAllowed?.(e.method)
  })
  rpc.start()

  // The iframe over ApproveTransaction's body (the modal's own header above it: one modal) while the frame's approval UI
  // is open; centred over a dimmed page only when no ApproveTransaction is on the page (the modal failed to show it).
  const approvals = new Set<string>()
  /** The frame's approval content height (FRAME_APPROVAL_HEIGHT), ApproveTransaction's body height while it shows. */
  let approvalHeight: number | undefined
  let tracking = 0
  let lastRect = ''
  const place = () => {
    const t = transport
    if (!t) return
    if (approvals.size === 0) {
      lastRect = ''
      return t.show(undefined)
    }
    const slot = approvalSlot()
    if (slot) {
      if (approvalHeight) slot.style.setProperty('--lk-approval-height', `${approvalHeight}px`)
      else slot.style.removeProperty('--lk-approval-height')
    }
    const r = slot?.getBoundingClientRect()
    if (r && r.width > 0 && r.height > 0) {
      const key = `${r.top},${r.left},${r.width},${r.height}`
      if (key !== lastRect) t.show({ top: r.top, left: r.left, width: r.width, height: r.height }, { inline: true })
      lastRect = key
    } else {
      const width = Math.min(400, (win?.innerWidth ?? 400) - 16)
      const height = Math.min(480, (win?.innerHeight ?? 480) - 16)
      lastRect = ''
      t.show({ top: ((win?.innerHeight ?? height) - height) / 2, left: ((win?.innerWidth ?? width) - width) / 2, width, height })
    }
    // The modal animates in and its body may move (a toast, a resize): the iframe follows the slot every frame.
    if (!tracking && win?.requestAnimationFrame) {
      const follow = () => {
        tracking = 0
        if (approvals.size > 0) place()
      }
      tracking = win.requestAnimationFrame(follow)
    }
  }
  const offSlot = onApprovalSlot(place)
  win?.addEventListener('resize', place)
  let synced = false
  const sync = () => {
    void client.request('SYNC_THEME', { themeMode: p.themeMode(), ...(p.themeVariables ? { themeVariables: p.themeVariables() } : {}) }).catch(() => {})
    void client.request('SYNC_DAPP_DATA', { metadata: p.metadata, sdkVersion: p.sdkVersion, sdkType: 'latchkey', projectId: p.projectId }).catch(() => {})
  }
  const offEvents = () => {}
  frame.subscribe((s) => {
    if (s.matches({ live: 'ready' }) && !synced) {
      synced = true
      sync()
    }
    if (!s.matches('live')) synced = false
  })
  let unsubscribeTransport: (() => void) | undefined
  const watchTransport = () => {
    if (unsubscribeTransport) return
    unsubscribeTransport = getTransport().onEvent((event) => {
      if (event.type === 'FRAME_RPC_APPROVAL_OPEN') approvals.add(event.payload.id)
      else if (event.type === 'FRAME_RPC_APPROVAL_CLOSED') {
        approvals.delete(event.payload.id)
        if (approvals.size === 0) approvalHeight = undefined
      } else if (event.type === 'FRAME_APPROVAL_HEIGHT' && approvals.has(event.payload.id)) approvalHeight = Math.min(event.payload.height, maxApprovalHeight)
      else if (event.type === 'FRAME_SESSION_UPDATE' && event.payload === null && user) {
        user = undefined
        fire('accountsChanged', [])
        signedOut()
      } else if (event.type === 'FRAME_SESSION_UPDATE' && event.payload && user && !isSolanaUser(event.payload)) {
        // The frame pushed the user (issue 19 §4: the smart account deployed by its first user operation, a switch).
        const before = user.address
        rememberUser(event.payload)
        for (const l of [...userListeners]) {
          try {
            l(event.payload)
          } catch {
            // a listener's failure is its own
          }
        }
        if (event.payload.address.toLowerCase() !== before.toLowerCase()) fire('accountsChanged', [event.payload.address])
      }
      place()
    })
  }
  watchTransport()

  /** Told when the frame pushes the signed-in user (FRAME_SESSION_UPDATE with a user). */
  const userListeners = new Set<(user: FrameUser) => void>()
  const isSolanaUser = (u: FrameUser) => typeof u.chainId === 'string' && u.chainId.startsWith('solana:')

  function rememberUser(u: FrameUser) {
    user = u
    const id = typeof u.chainId === 'number' ? u.chainId : Number(String(u.chainId).split(':').at(-1))
    if (Number.isSafeInteger(id) && id > 0) setChain(id)
    p.storage.write(embeddedStorageKeys.emailLoginUsed, true)
    if (u.email) p.storage.write(embeddedStorageKeys.email, u.email)
    if (u.userName && u.socialProvider) {
      p.storage.write(embeddedStorageKeys.socialUsername, u.userName)
      p.storage.write(embeddedStorageKeys.socialProvider, u.socialProvider)
    }
  }
  function setChain(id: number) {
    chainId = id
    p.storage.write(embeddedStorageKeys.lastUsedChain, id)
    rpc.send({ type: 'frameRpc.setChainId', chainId: id })
  }
  /** Spec §4: the stored email, chain and social data (the last login time stays: the 30 s throttle holds across a sign-out). */
  function clearLoginCache() {
    user = undefined
    for (const key of [embeddedStorageKeys.emailLoginUsed, embeddedStorageKeys.email, embeddedStorageKeys.socialUsername, embeddedStorageKeys.socialProvider, embeddedStorageKeys.lastUsedChain]) p.storage.remove(key)
  }

  const rpcRequest = (method: string, params: unknown, solanaChain?: string) =>
    new Promise<unknown>((resolve, reject) => {
      const id = crypto.randomUUID()
      waiting.set(id, { resolve, reject })
      rpc.send({ type: 'frameRpc.request', id, method, ...(params === undefined ? {} : { params }), ...(solanaChain === undefined ? {} : { chainId: solanaChain }) })
    })
  /** Told when the embedded wallet signs out (the Solana side forgets its account). */
  const signOutListeners = new Set<() => void>()
  const signedOut = () => {
    for (const l of [...signOutListeners]) {
      try {
        l()
      } catch {
        // a listener's failure is its own
      }
    }
  }

  /**
   * The embedded wallet's Solana side (issue 19 §5; `adapters/solana.auth.ts` makes it a Wallet Standard wallet served
   * as the `auth` connector on the solana namespace): the user's Solana address from APP_GET_USER on the Solana network,
   * and the `solana_` requests through the frameRpc machine (unsafe: approved in the frame over ApproveTransaction).
   */
  const solana: EmbeddedSolanaBackend = {
    async connect(chain, { silent }) {
      if (silent && !user) {
        const { isConnected } = await client.request('IS_CONNECTED', {})
        if (!isConnected) return undefined
      }
      const u = await client.request('GET_USER', { chainId: chain })
      p.storage.write(embeddedStorageKeys.emailLoginUsed, true)
      if (u.email) p.storage.write(embeddedStorageKeys.email, u.email)
      return u.address
    },
    request: (method, params, chain) => rpcRequest(method, params, chain),
    async disconnect() {
      await signOut()
      // The eip155 side goes too: one embedded wallet, one session.
      fire('accountsChanged', [])
    },
    onSignOut(listener) {
      signOutListeners.add(listener)
      return () => signOutListeners.delete(listener)
    },
  }

  /** The EIP-1193 provider of the auth connector. */
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      switch (method) {
        case 'eth_requestAccounts': {
          const u = await client.request('GET_USER', { chainId })
          rememberUser(u)
          return [u.address]
        }
        case 'eth_accounts': {
          if (user) return [user.address]
          const { isConnected } = await client.request('IS_CONNECTED', {})
          if (!isConnected) {
            // Spec §4: a connect-status check that finds no connection clears the login cache.
            clearLoginCache()
            return []
          }
          const u = await client.request('GET_USER', { chainId })
          rememberUser(u)
          return [u.address]
        }
        case 'wallet_switchEthereumChain': {
          const hex = (params as Array<{ chainId?: string }> | undefined)?.[0]?.chainId
          const next = typeof hex === 'string' ? Number.parseInt(hex, 16) : Number.NaN
          if (!Number.isSafeInteger(next) || next <= 0) throw new Error('Invalid chainId')
          await client.request('SWITCH_NETWORK', { chainId: next })
          setChain(next)
          fire('chainChanged', `0x${next.toString(16)}`)
          return null
        }
        case 'wallet_revokePermissions':
          await signOut()
          return null
        default:
          return rpcRequest(method, params)
      }
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
  }

  /** Signs out through the frame (the server revokes the session), waiting at most `disconnectWait` (3 s), and clears the stored email, chain and social keys (spec §4). */
  async function signOut(): Promise<void> {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timing.disconnectWait)
    try {
      if (frame.getSnapshot().matches({ live: 'ready' })) await client.request('SIGN_OUT', {}, { signal: controller.signal })
      else await Promise.race([client.request('SIGN_OUT', {}, { signal: controller.signal }), new Promise((r) => setTimeout(r, timing.disconnectWait))])
    } catch {
      // Best effort: the modal forgets the session anyway.
    } finally {
      clearTimeout(timer)
      clearLoginCache()
      signedOut()
    }
  }

  /**
   * Switches the account the wallet acts with on EVM chains (issue 19 §4): to `smartAccount` only when
   * {@link canSwitchToSmartAccount} (the frame's enabled networks asked first), to `eoa` always. The frame answers the
   * user with the new address; the type is stored for the eip155 namespace and `accountsChanged` fires.
   *
   * @throws Error 'Smart accounts are not enabled on this network' or 'The smart account is already in use' (nothing
   *   sent to the frame); the frame's refusal as its error.
   */
  async function setPreferredAccountType(type: 'eoa' | 'smartAccount'): Promise<FrameUser> {
    if (type === 'smartAccount') {
      if (user?.preferredAccountType === 'smartAccount') throw new Error('The smart account is already in use')
      const { smartAccountEnabledNetworks } = await client.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})
      if (!canSwitchToSmartAccount({ enabledNetworks: smartAccountEnabledNetworks, chainId, currentType: user?.preferredAccountType })) {
        throw new Error('Smart accounts are not enabled on this network')
      }
    }
    const u = await client.request('SET_PREFERRED_ACCOUNT', { type })
    rememberUser(u)
    const stored = p.storage.read(preferredAccountTypesKey, v.record(v.string(), v.string())) ?? {}
    p.storage.write(preferredAccountTypesKey, { ...stored, eip155: type })
    fire('accountsChanged', [u.address])
    return u
  }

  /** The email login machine's actors (client-side throttle on the stored last login time, spec §5). */
  const loginActors = emailLoginActors({
    client: getClient,
    cooldown: timing.emailLoginCooldown,
    store: {
      lastLoginAt: () => p.storage.read(embeddedStorageKeys.lastEmailLoginTime, v.number()),
      setLastLoginAt: (at) => p.storage.write(embeddedStorageKeys.lastEmailLoginTime, at),
    },
  })

  return {
    connector: authConnector,
    /** The social login machine's actors (issue 19 §1): the frame client and this window (popup, redirect). */
    socialActors: socialLoginActors({ client: getClient, window: win! }),
    /** The email update's actors (issue 19 §3): the user the change's poll reads is kept (its email stored). */
    updateEmailActors: updateEmailActors({ client: getClient, remember: rememberUser }),
    /** The account-type switch's actors (issue 19 §4): the state read, the switch, the frame's pushes of the user. */
    accountTypeActors: accountTypeActors({
      client: getClient,
      // The user read on another chain may act with another account (the preferred type is per chain): the address follows.
      remember: (u) => {
        const before = user?.address
        rememberUser(u)
        if (before && before.toLowerCase() !== u.address.toLowerCase()) fire('accountsChanged', [u.address])
      },
      setPreferred: setPreferredAccountType,
      onUser: (listener) => {
        userListeners.add(listener)
        return () => void userListeners.delete(listener)
      },
    }),
    /** ProfileWallets' actor (issue 19 §3): the frame's user and its accounts. */
    profileWalletsActors: profileWalletsActors({ client: getClient }),
    provider,
    setPreferredAccountType,
    /** The signed-in user as the frame last reported it (accounts, preferredAccountType, smartAccountDeployed). */
    user: () => user,
    /** The Solana side of the auth connector (issue 19 §5). */
    solana,
    client,
    frame,
    rpc,
    loginActors,
    signOut,
    /** The signed-in user's email (the Account shows it), once known. */
    email: () => user?.email ?? p.storage.read(embeddedStorageKeys.email, v.string()),
    /** The modal closed: pending approvals are rejected (spec §4). */
    modalClosed: () => rpc.send({ type: 'frameRpc.modalClosed' }),
    /** Theme or dapp data changed: synced again (when the frame is up). */
    resync: () => {
      if (frame.getSnapshot().matches({ live: 'ready' })) sync()
    },
    destroy() {
      offEvents()
      unsubscribeTransport?.()
      offSlot()
      if (tracking) win?.cancelAnimationFrame?.(tracking)
      win?.removeEventListener('resize', place)
      rpc.stop()
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
  open(): void
  toast(message: string): void
  refreshBalance(): void
  /** An unsafe request waits for the visitor's approval in the frame, or that approval ended (ApproveTransaction). */
  approval?: ((event: { type: 'requested' | 'approved' | 'failed'; id: string }) => void) | undefined
}): EmbeddedWallet {
  const fallback = m.evmNetworkIds[0] ?? 1
  const chainId = () => {
    const id = Number(m.storage.getActiveNetworkId()?.split(':')[1])
    return Number.isSafeInteger(id) && m.evmNetworkIds.includes(id) ? id : fallback
  }
  const theme = m.theme ?? (() => ({ themeMode: m.options.themeMode, themeVariables: m.options.themeVariables }))
  return createEmbeddedWallet({
    secureSiteUrl: m.options.embeddedWallet!.secureSiteUrl,
    ...(m.options.embeddedWallet!.createTransport ? { createTransport: m.options.embeddedWallet!.createTransport } : {}),
    projectId: m.options.projectId,
    chainId,
    ...(m.rpcUrlOf ? { rpcUrl: () => m.rpcUrlOf!(chainId()) } : {}),
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
      m.toast('Action not allowed')
    },
  })
}
