/**
 * The embedded wallet's machines wired to the frame (STYLE rule 2: I/O through actors): the `mount`
 * actor of the frame machine, the `send` actor of one request, the frame client that runs requests as
 * {@link frameRequestMachine} actors once the frame is ready, and the actors of the email login and of frameRpc.
 */
import { createActor, fromCallback, fromPromise, toPromise, waitFor, type ActorRefFrom, type EventObject } from 'xstate'
import { type frameMachine, frameRequestMachine, providerAlertOf, type FrameRequestInput } from '../../machines/frame.ts'
import type { EmailConnectAction } from '../../machines/emailLogin.ts'
import type { EmailUpdateAction } from '../../machines/updateEmail.ts'
import type { ProfileWalletsUser } from '../../machines/profileWallets.ts'
import { accountTypeStateOf, type AccountTypeState, type AccountTypeUser, type EmbeddedAccountType } from '../../machines/accountType.ts'
import type { SocialPopupHandle, SocialProvider } from '../../machines/socialLogin.ts'
import { socialReturnOf, socialReturnParams, withoutSocialReturn } from '../socialReturn.ts'
import type { FrameRpcRequest } from '../../machines/frameRpc.ts'
import { BaseError } from '../../adapters/errors.ts'
import { FrameAbortError, type FrameTransport } from '../../adapters/frame.ts'
import type { FrameRequestKind, FrameRequestPayload, FrameRequestResult, FrameUser } from '../../adapters/frame.protocol.ts'

/** The frame did not load within 20 s (spec §8: `iframe_load_failed`; alert "Network Error - Could not load embedded wallet"). */
export class FrameLoadError extends BaseError {
  static override docsPath = '/errors/FrameLoadError'
  override name = 'FrameLoadError'
  reason = 'iframe_load_failed' as const
  constructor() {
    super('Network Error - Could not load embedded wallet', { details: 'iframe_load_failed' })
  }
}

/** A frame request got no reply within 120 s (spec §8: `iframe_request_timeout`; alert "Embedded Wallet Request Timed Out"). */
export class FrameRequestTimeoutError extends BaseError {
  static override docsPath = '/errors/FrameRequestTimeoutError'
  override name = 'FrameRequestTimeoutError'
  reason = 'iframe_request_timeout' as const
  constructor() {
    super('Embedded Wallet Request Timed Out', { details: 'iframe_request_timeout' })
  }
}

/** A second email login within 30 s of the last (spec §5), refused before the frame is asked. */
export class EmailLoginThrottledError extends BaseError {
  static override docsPath = '/errors/EmailLoginThrottledError'
  override name = 'EmailLoginThrottledError'
  retryAfterSeconds: number
  constructor(retryAfterSeconds: number) {
    super(`Please try again after ${retryAfterSeconds} seconds`)
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/**
 * The frame machine's `mount` actor: mounts the transport's iframe and reports FRAME_READY as `frame.ready`; its
 * cleanup removes the iframe (a failed load, a retry).
 */
export function frameMountActor(transport: () => FrameTransport) {
  return fromCallback<EventObject>(({ sendBack }) => {
    const t = transport()
    const off = t.onEvent((event) => {
      if (event.type === 'FRAME_READY') sendBack({ type: 'frame.ready' })
    })
    t.mount()
    return () => {
      off()
      t.unmount()
    }
  })
}

/** The request machine's `send` actor: the transport's request with the actor's id, aborted with the actor. */
export function frameSendActor(transport: () => FrameTransport) {
  return fromPromise<unknown, FrameRequestInput>(({ input, signal }) => transport().request(input.kind, input.payload as never, { id: input.id, signal }))
}

export type FrameClient = {
  /** The frame machine's actor. */
  readonly frame: ActorRefFrom<typeof frameMachine>
  /**
   * Loads the frame if needed, waits until it is ready, then runs the request as a {@link frameRequestMachine} actor
   * with a random id; once APP_RELOAD is answered the frame machine is told the page reloads (`frame.reloading`), so
   * the next requests wait for its FRAME_READY. Rejects with the frame's error (its message or "An error occurred"), {@link FrameLoadError},
   * {@link FrameRequestTimeoutError} (after telling the frame machine, which alerts once) or {@link FrameAbortError}.
   */
  request<K extends FrameRequestKind>(kind: K, payload: FrameRequestPayload<K>, options?: { signal?: AbortSignal; id?: string }): Promise<FrameRequestResult<K>>
}

/**
 * The frame client over a started frame machine actor.
 * @example const client = createFrameClient({ frame, send: frameSendActor(() => transport) })
 */
export function createFrameClient({ frame, send, createId = () => crypto.randomUUID() }: { frame: ActorRefFrom<typeof frameMachine>; send: ReturnType<typeof frameSendActor>; createId?: () => string }): FrameClient {
  const requestLogic = frameRequestMachine.provide({ actors: { send } })
  async function ready() {
    const s = frame.getSnapshot()
    if (s.matches('notReady') || s.matches('failed')) frame.send({ type: 'frame.load' })
    const settled = await waitFor(frame, (snap) => snap.matches({ live: 'ready' }) || snap.matches('failed'), { timeout: Infinity })
    if (settled.matches('failed')) throw new FrameLoadError()
  }
  return {
    frame,
    async request(kind, payload, options = {}) {
      if (options.signal?.aborted) throw new FrameAbortError(kind)
      await ready()
      if (options.signal?.aborted) throw new FrameAbortError(kind)
      const actor = createActor(requestLogic, { input: { id: options.id ?? createId(), kind, payload } })
      const abort = () => actor.send({ type: 'frameRequest.abort' })
      options.signal?.addEventListener('abort', abort, { once: true })
      actor.start()
      try {
        const output = await toPromise(actor)
        if (output.status === 'succeeded') {
          // The page reloads once it answered APP_RELOAD: the next requests wait for it to be ready again.
          if (kind === 'RELOAD') frame.send({ type: 'frame.reloading' })
          return output.result as never
        }
        if (output.status === 'failed') {
          // Spec §8 "Provider error mapping": the provider's errors raise their alerts (once each, debug mode only).
          const alert = providerAlertOf(output.error)
          if (alert) frame.send({ type: 'frame.providerError', key: alert })
          throw output.error
        }
        if (output.status === 'timedOut') {
          frame.send({ type: 'frame.requestTimedOut' })
          throw new FrameRequestTimeoutError()
        }
        throw new FrameAbortError(kind)
      } finally {
        options.signal?.removeEventListener('abort', abort)
      }
    },
  }
}

/** What the email login's actors need of storage (spec §3 storage keys: last email login time). */
export type EmailLoginStore = { lastLoginAt(): number | undefined; setLastLoginAt(at: number): void }

/**
 * The email login machine's actors over the frame client. `connectEmail` refuses a login within `cooldown` ms of the
 * last (spec §5, 30 s) with {@link EmailLoginThrottledError} before asking the frame, and stores the time of each
 * login it sends.
 */
export function emailLoginActors({ client, store, cooldown, now = () => Date.now() }: { client: () => Promise<FrameClient>; store: EmailLoginStore; cooldown: number; now?: () => number }) {
  return {
    connectEmail: fromPromise<{ action: EmailConnectAction }, { email: string }>(async ({ input, signal }) => {
      const last = store.lastLoginAt()
      const t = now()
      if (last !== undefined && t - last < cooldown && t >= last) throw new EmailLoginThrottledError(Math.ceil((cooldown - (t - last)) / 1000))
      const c = await client()
      store.setLastLoginAt(t)
      return c.request('CONNECT_EMAIL', { email: input.email }, { signal })
    }),
    connectDevice: fromPromise<unknown, void>(async ({ signal }) => (await client()).request('CONNECT_DEVICE', {}, { signal })),
    connectOtp: fromPromise<unknown, { otp: string }>(async ({ input, signal }) => (await client()).request('CONNECT_OTP', { otp: input.otp }, { signal })),
    getUser: fromPromise<FrameUser, void>(async ({ signal }) => (await client()).request('GET_USER', {}, { signal })),
  }
}

/**
 * The email update machine's actors over the frame client: APP_UPDATE_EMAIL and its two codes, and the
 * frame's user read while the change is polled (`remember` keeps the user it reports: the stored email the Account shows).
 */
export function updateEmailActors({ client, remember }: { client: () => Promise<FrameClient>; remember: (user: FrameUser) => void }) {
  return {
    requestUpdate: fromPromise<{ action: EmailUpdateAction }, { email: string }>(async ({ input, signal }) => (await client()).request('UPDATE_EMAIL', { email: input.email }, { signal })),
    verifyPrimary: fromPromise<{ action: EmailUpdateAction }, { otp: string }>(async ({ input, signal }) => (await client()).request('UPDATE_EMAIL_PRIMARY_OTP', { otp: input.otp }, { signal })),
    verifySecondary: fromPromise<{ newEmail: string }, { otp: string }>(async ({ input, signal }) => (await client()).request('UPDATE_EMAIL_SECONDARY_OTP', { otp: input.otp }, { signal })),
    readEmail: fromPromise<string | null | undefined, void>(async ({ signal }) => {
      const user = await (await client()).request('GET_USER', {}, { signal })
      remember(user)
      return user.email
    }),
  }
}

/** ProfileWallets' actor: the frame's user (its accounts) with APP_GET_USER. */
export function profileWalletsActors({ client }: { client: () => Promise<FrameClient> }) {
  return {
    readUser: fromPromise<ProfileWalletsUser, void>(async ({ signal }) => {
      const user = await (await client()).request('GET_USER', {}, { signal })
      const deployed = (user as { smartAccountDeployed?: unknown }).smartAccountDeployed
      return {
        address: user.address,
        ...(user.accounts ? { accounts: user.accounts } : {}),
        ...(user.preferredAccountType ? { preferredAccountType: user.preferredAccountType } : {}),
        ...(typeof deployed === 'boolean' ? { smartAccountDeployed: deployed } : {}),
      }
    }),
  }
}

/**
 * The account-type switch's actors:
 * - `readState`: the frame's user (APP_GET_USER) and its smart-account enabled networks
 *   (APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS), `remember`ed as the embedded wallet's user; the networks are stored
 *   (`enabledNetworks`), and the stored list stands in when the frame fails to answer it (a reconnect);
 * - `setPreferred`: the embedded wallet's switch (APP_SET_PREFERRED_ACCOUNT; the connection's address changes);
 * - `watchUser`: the frame's pushes of the user (FRAME_SESSION_UPDATE) as `accountType.updated`.
 */
export function accountTypeActors({
  client,
  remember,
  setPreferred,
  onUser,
  enabledNetworks,
}: {
  client: () => Promise<FrameClient>
  remember: (user: FrameUser) => void
  setPreferred: (type: EmbeddedAccountType) => Promise<FrameUser>
  onUser: (listener: (user: FrameUser) => void) => () => void
  /** The smart-account-enabled networks in storage (spec §3: stored); without it nothing is stored or read. */
  enabledNetworks?: { store(chainIds: readonly number[]): void; stored(): number[] | undefined } | undefined
}) {
  return {
    readState: fromPromise<AccountTypeState, void>(async ({ signal }) => {
      const c = await client()
      const user = await c.request('GET_USER', {}, { signal })
      remember(user)
      const smartAccountEnabledNetworks = await c.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {}, { signal }).then(
        (answer) => {
          enabledNetworks?.store(answer.smartAccountEnabledNetworks)
          return answer.smartAccountEnabledNetworks
        },
        (error: unknown) => {
          // A reconnect whose frame does not answer the list reads the one stored by the last session.
          const stored = signal.aborted ? undefined : enabledNetworks?.stored()
          if (stored) return stored
          throw error
        },
      )
      return accountTypeStateOf(user as AccountTypeUser, smartAccountEnabledNetworks)
    }),
    setPreferred: fromPromise<AccountTypeUser, { to: EmbeddedAccountType }>(async ({ input }) => (await setPreferred(input.to)) as AccountTypeUser),
    watchUser: fromCallback<EventObject, void>(({ sendBack }) => onUser((user) => sendBack({ type: 'accountType.updated', user: user as AccountTypeUser }))),
  }
}

/** frameRpc's `rpc` actor: APP_RPC_REQUEST through the client, answered as `frameRpc.settled`; stopped → aborted. */
export function frameRpcActor({ client, chainId }: { client: () => Promise<FrameClient>; chainId: () => number | string }) {
  return fromCallback<EventObject, FrameRpcRequest>(({ input, sendBack }) => {
    const controller = new AbortController()
    let live = true
    client()
      // A Solana request names its network; the others go on the connected EVM chain.
      .then((c) =>
        c.request(
          'RPC_REQUEST',
          { method: input.method, params: input.params, chainId: input.chainId ?? chainId(), chainNamespace: input.chainId?.startsWith('solana:') ? 'solana' : 'eip155' },
          { signal: controller.signal, id: input.id },
        ),
      )
      .then(
        (result) => live && sendBack({ type: 'frameRpc.settled', id: input.id, ok: true, result }),
        (error: unknown) => live && sendBack({ type: 'frameRpc.settled', id: input.id, ok: false, error }),
      )
    return () => {
      live = false
      controller.abort()
    }
  })
}

type PopupWindow = { closed: boolean; close(): void; location: { href: string } }

/**
 * The social login machine's actors over the frame client and the page's window:
 * - `getRedirectUri`: APP_GET_SOCIAL_REDIRECT_URI with the return address (this page; in a popup, marked
 *   `latchkey_social=popup` so the page loaded there does not take the result itself).
 * - `holdPopup`: closes the popup when the login leaves it (returned, failed, cancelled).
 * - `watchPopup`: sends the popup to the provider, then every `poll` ms (spec §9: 1000) reads where it is: back on this
 *   origin with `result_uri` or `social_error`, or closed by the visitor. While it is on the provider's origin its
 *   address cannot be read (cross-origin): it is simply polled again.
 * - `redirect`: the page itself goes to the provider (popups blocked, Telegram mini-apps).
 * - `connectSocial`: APP_CONNECT_SOCIAL with the result.
 */
export function socialLoginActors({ client, window: win, poll = 1000 }: { client: () => Promise<FrameClient>; window: Window; poll?: number }) {
  return {
    getRedirectUri: fromPromise<{ uri: string }, { provider: SocialProvider; mode: 'popup' | 'redirect' }>(async ({ input, signal }) => {
      const here = new URL(withoutSocialReturn(win.location.href))
      if (input.mode === 'popup') {
        here.search = ''
        here.hash = ''
        here.searchParams.set(socialReturnParams.popupMarker, 'popup')
      }
      return (await client()).request('GET_SOCIAL_REDIRECT_URI', { provider: input.provider, returnTo: here.href }, { signal })
    }),
    holdPopup: fromCallback<EventObject, { popup: SocialPopupHandle | null }>(({ input }) => () => {
      const popup = input.popup as PopupWindow | null
      try {
        if (popup && !popup.closed) popup.close()
      } catch {
        // already gone
      }
    }),
    watchPopup: fromCallback<EventObject, { popup: SocialPopupHandle | null; uri: string }>(({ input, sendBack }) => {
      const popup = input.popup as PopupWindow | null
      if (!popup) {
        sendBack({ type: 'socialLogin.popupClosed' })
        return () => {}
      }
      try {
        popup.location.href = input.uri
      } catch {
        sendBack({ type: 'socialLogin.popupClosed' })
      }
      const timer = win.setInterval(() => {
        if (popup.closed) return sendBack({ type: 'socialLogin.popupClosed' })
        let href: string
        try {
          href = popup.location.href
        } catch {
          return // at the provider: another origin
        }
        if (!href.startsWith(`${win.location.origin}/`)) return
        const back = socialReturnOf(href)
        if (!back) return
        sendBack('resultUri' in back ? { type: 'socialLogin.returned', resultUri: back.resultUri } : { type: 'socialLogin.refused', message: back.error })
      }, poll)
      return () => win.clearInterval(timer)
    }),
    redirect: fromCallback<EventObject, { uri: string }>(({ input }) => {
      win.location.assign(input.uri)
    }),
    connectSocial: fromPromise<FrameUser, { uri: string }>(async ({ input, signal }) => (await client()).request('CONNECT_SOCIAL', { uri: input.uri }, { signal })),
  }
}
