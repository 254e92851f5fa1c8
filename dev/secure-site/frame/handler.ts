/**
 * The frame page's message handler (the contract is `adapters/frame.protocol.ts`): it accepts messages
 * only from its parent window and only from an allowed ancestor origin, parses every one with the protocol's
 * schemas (anything else is dropped, never thrown), talks to the secure site's API, shows its own approval UI for
 * unsafe RPC requests, and answers with `targetOrigin` = the parent's origin. DOM-free: `main.ts` wires it to the
 * window, `fetch`, `localStorage` and the approval UI, and the tests to fakes.
 */
import { FRAME_SDK_VERSION, FRAME_USER_REJECTED, frameError, frameSuccess, NODE_RPC_METHODS, parseAppRequest, rpcMethodKind } from '../../../adapters/frame.protocol.ts'
import type { AppRequest, FrameRequestKind, FrameUser } from '../../../adapters/frame.protocol.ts'
import { decodeJwt, InvalidJwtError } from '../../../kernel/jwt.ts'

/**
 * Thrown when the frame page has no parent to answer (spec §8: "W3mFrame: parent is not set", with this frame's name):
 * the page was opened on its own, not in an iframe.
 */
export class FrameParentNotSetError extends Error {
  override name = 'FrameParentNotSetError'
  constructor() {
    super('LatchkeyFrame: parent is not set')
  }
}

/** A refusal of the secure site's API as the frame passes it on. */
export class FrameApiError extends Error {
  override name = 'FrameApiError'
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
    /** The refusal's EIP-1193 / EIP-5792 code when the secure site gave one (4200, 5740, -32602, …). */
    readonly code?: number,
  ) {
    super(message)
  }
}

/** The secure site's API as the frame uses it (same origin). Failures throw {@link FrameApiError}. */
export type FrameApi = {
  connectEmail(input: { email: string; deviceId: string; token: string | undefined }): Promise<{ action: 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT' }>
  connectDevice(input: { email: string; deviceId: string }): Promise<{ verified: false } | { verified: true; token: string }>
  connectOtp(input: { email: string; deviceId: string; otp: string }): Promise<{ token: string }>
  getUser(token: string | undefined): Promise<{ email: string | null; address: string; solanaAddress?: string; socialProvider?: string; username?: string }>
  /** Starts a social login of this device: the provider's authorize URL. */
  socialStart(input: { provider: string; deviceId: string; returnTo: string }): Promise<{ uri: string }>
  /** Redeems the `result_uri` of a finished social login of this device: a session token. */
  connectSocial(input: { resultUri: string; deviceId: string }): Promise<{ token: string }>
  isConnected(token: string | undefined): Promise<boolean>
  /** Opens a Sign In With Farcaster request of this device: its URL and channel token. */
  farcasterStart(input: { deviceId: string }): Promise<{ url: string; channelToken: string }>
  /** Whether the Farcaster client answered: pending, or a session token. Refusals throw with the server's words. */
  connectFarcaster(input: { channelToken: string; deviceId: string }): Promise<{ state: 'pending' } | { state: 'completed'; token: string }>
  /** Starts changing the signed-in user's email: a code to the current address. */
  updateEmail(token: string | undefined, input: { email: string }): Promise<{ action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }>
  /** The current address's code: a code to the new address. */
  updateEmailPrimaryOtp(token: string | undefined, input: { otp: string }): Promise<{ action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }>
  /** The new address's code: the email changes; the new one. */
  updateEmailSecondaryOtp(token: string | undefined, input: { otp: string }): Promise<{ email: string }>
  signOut(token: string | undefined): Promise<void>
  /**
   * The user's account state on an EVM chain: preferred type, smart account address and deployment, the
   * chains with smart accounts. Optional: a secure site without it reports the EOA alone.
   */
  accountState?(token: string | undefined, input: { chainId: number }): Promise<FrameAccountState>
  /** Sets the preferred account type; the state on `chainId` afterwards. */
  setPreferredAccount?(token: string | undefined, input: { type: 'eoa' | 'smartAccount'; chainId: number }): Promise<FrameAccountState>
  /** `chainId`: an EVM chain id, or a Solana CAIP-2 id for the `solana_` methods. */
  rpc(token: string | undefined, request: { method: string; params: unknown; chainId: number | string }): Promise<unknown>
  /**
   * Checks an unsafe request as `rpc` would before it acts, sending nothing: the frame asks it for a batch
   * (`wallet_sendCalls`) before its approval, so that a batch the secure site refuses is never shown. Optional.
   */
  checkRpc?(token: string | undefined, request: { method: string; params: unknown; chainId: number | string }): Promise<void>
}

/** What the secure site answers about the user's accounts on one EVM chain (`GET /api/account-state`). */
export type FrameAccountState = {
  preferredAccountType: 'eoa' | 'smartAccount'
  smartAccountAddress?: string
  smartAccountDeployed: boolean
  smartAccountEnabledNetworks: number[]
}

/** The frame origin's storage (localStorage in the browser). */
export type FrameStore = { get(key: string): string | null; set(key: string, value: string): void; remove(key: string): void }

/** What the approval UI shows. */
export type ApprovalRequest = { id: string; method: string; params: unknown; chainId: number | string; chainName: string; dappName: string | undefined; dappOrigin: string }

/** The frame's own approval UI (dev/secure-site/frame/approval.ts in the browser). */
export type ApprovalUi = {
  /** Shows the request; resolves `true` on Approve, `false` on Reject. */
  open(request: ApprovalRequest): Promise<boolean>
  /** Hides the request `id` (aborted); its `open` promise resolves `false`. */
  close(id: string): void
  /** Light or dark, and the dapp's theme variables. */
  setTheme(mode: 'light' | 'dark', variables: Record<string, string | number> | undefined): void
}

/** A message event as the handler reads it. */
export type FrameMessageEvent = { data: unknown; origin: string; source: unknown }

/** Where the frame posts: its parent window. */
export type FrameParent = { postMessage(message: unknown, targetOrigin: string): void }

/** Options of {@link createFrameHandler}. */
export type FrameHandlerOptions = {
  /**
   * `window.parent`: the only source whose messages count and the only window posted to. `null` (the page is the top
   * window) throws {@link FrameParentNotSetError}.
   */
  parent: FrameParent | null
  /** The allowed ancestors (exact origins). */
  allowedOrigins: readonly string[]
  /** The origins FRAME_READY goes to before the parent spoke (`location.ancestorOrigins[0]` when allowed, else all allowed). */
  readyOrigins: readonly string[]
  api: FrameApi
  store: FrameStore
  approval: ApprovalUi
  /** The chain of the frame URL (`chainId=`). */
  chainId: number
  /**
   * The frame URL's `rpcUrl` (spec §7: the dapp's RPC of `chainId`). When given, the chain reads of that chain
   * ({@link CHAIN_READ_METHODS}) go to it through `readChain`; everything else (and reads of other chains) goes to the API.
   */
  rpcUrl?: string | undefined
  /** One JSON-RPC call to `rpcUrl` (`createChainReader()` in the browser). */
  readChain?: ((rpcUrl: string, method: string, params: unknown) => Promise<unknown>) | undefined
  /** Names of the chains, by id (the approval UI shows them). */
  chainNames: Readonly<Record<string, string>>
  /** A new device id (random, URL-safe, 16..128 characters). */
  newDeviceId(): string
  /** Waits `ms` milliseconds (the device poll). */
  sleep(ms: number): Promise<void>
  /** Reloads the frame page (APP_RELOAD). */
  reload(): void
  /** How long APP_CONNECT_DEVICE polls before giving up, in ms. Default 130 s (the dapp's request timeout is 120 s). */
  devicePollLimit?: number
  /**
   * APP_SYNC_LOCALE (the modal's language changed after the frame loaded): the page speaks the locale chosen for
   * `tag` (a well-formed tag, checked by the protocol) from now on — its words, `lang`, `dir`, numbers and dates — and
   * resolves with that locale once its words are in. Absent: the request is refused.
   */
  setLocale?: ((tag: string) => Promise<string>) | undefined
  /** The frame URL's `enableLogger=true`: why a message was dropped (never its content). */
  log?: (line: string) => void
}

/** Keys of the frame origin's storage. */
export const frameStoreKeys = {
  session: 'latchkey-secure:session',
  device: 'latchkey-secure:device',
  email: 'latchkey-secure:email',
  chainId: 'latchkey-secure:chainId',
} as const

/** How often APP_CONNECT_DEVICE asks whether the link was opened, in ms (spec §9 poll 1000 ms). */
export const devicePollInterval = 1000
/**
 * The safe methods that only read the chain: the node's ({@link NODE_RPC_METHODS}) but the filters, whose state lives
 * on one node, and the raw send. The frame asks the frame URL's `rpcUrl` for them when given.
 */
export const CHAIN_READ_METHODS: ReadonlySet<string> = new Set(NODE_RPC_METHODS.filter((method) => !method.includes('Filter') && method !== 'eth_sendRawTransaction'))

/** The reply to an APP_CONNECT_FARCASTER whose request was replaced by a newer one (or the frame reloaded). */
export const FARCASTER_RESTARTED = 'The Farcaster sign-in was restarted'
/** The reply to an aborted RPC request (spec §8). */
export const REQUEST_ABORTED = 'Request was aborted'
/** The reply to an RPC method on neither list (spec §8). */
export const RPC_NOT_ALLOWED = 'Requested RPC call is not allowed'

type Reply = { ok: true; result: unknown } | { ok: false; message: string; retryAfterSeconds?: number; code?: number }

/**
 * Builds the frame's handler.
 *
 * @returns `onMessage` (give it every `message` event; it never throws) and `ready()` (posts FRAME_READY).
 * @example
 * const frame = createFrameHandler({ parent: window.parent, allowedOrigins, readyOrigins, api, store, approval, … })
 * window.addEventListener('message', frame.onMessage)
 * frame.ready()
 */
export function createFrameHandler(options: FrameHandlerOptions) {
  const { api, store, approval } = options
  if (!options.parent) throw new FrameParentNotSetError()
  const parent: FrameParent = options.parent
  const allowed = new Set(options.allowedOrigins)
  let chainId = Number(store.get(frameStoreKeys.chainId) ?? options.chainId) || options.chainId
  let dappName: string | undefined
  /** Unsafe RPC requests waiting for (or in) the approval UI, by request id. */
  const pending = new Map<string, { abort(): void }>()
  /** The channel of the last APP_GET_FARCASTER_URI (a new request or RELOAD ends the wait on the old one). */
  let farcasterChannel: string | undefined
  /** The approval on screen (its request id and the parent origin it answers), if any. */
  let shown: { id: string; origin: string } | undefined
  /** One approval at a time: each waits for the one before. */
  let approvals: Promise<unknown> = Promise.resolve()

  const deviceId = (): string => {
    let id = store.get(frameStoreKeys.device)
    if (!id || !/^[A-Za-z0-9_-]{16,128}$/.test(id)) {
      id = options.newDeviceId()
      store.set(frameStoreKeys.device, id)
    }
    return id
  }
  const token = (): string | undefined => store.get(frameStoreKeys.session) ?? undefined
  const pendingEmail = (): string => {
    const email = store.get(frameStoreKeys.email)
    if (!email) throw new FrameApiError('Connect an email first')
    return email
  }

  /** The user on the frame's EVM chain, or on `solanaChain` (its Solana address). */
  async function user(solanaChain?: string): Promise<FrameUser> {
    const { email, address: evmAddress, solanaAddress, socialProvider, username } = await api.getUser(token())
    if (solanaChain !== undefined && !solanaAddress) throw new FrameApiError('Chain is not supported')
    const address = solanaChain !== undefined ? solanaAddress! : evmAddress
    // On an EVM chain the user has its EOA and, where the site has smart accounts, a smart account.
    const state = solanaChain === undefined && api.accountState ? await api.accountState(token(), { chainId }) : undefined
    const smartAddress = state?.smartAccountAddress
    const smartPreferred = Boolean(smartAddress) && state?.preferredAccountType === 'smartAccount'
    return {
      email,
      address: smartPreferred ? smartAddress! : address,
      chainId: solanaChain ?? chainId,
      accounts: smartAddress
        ? [
            { address, type: 'eoa' },
            { address: smartAddress, type: 'smartAccount' },
          ]
        : [{ address, type: 'eoa' }],
      ...(state ? { preferredAccountType: smartPreferred ? 'smartAccount' : 'eoa', smartAccountDeployed: state.smartAccountDeployed } : {}),
      ...(socialProvider ? { socialProvider } : {}),
      ...(username ? { userName: username } : {}),
    }
  }

  /**
   * Keeps the session token the secure site issued once it reads as a JWT, its header and payload JSON (spec §3 "A
   * decoded JWT is read as header or payload JSON"); a token that does not is refused with `InvalidJwtError`.
   */
  function keepSession(sessionToken: string): void {
    decodeJwt({ token: sessionToken, part: 'header' })
    decodeJwt({ token: sessionToken, part: 'payload' })
    store.set(frameStoreKeys.session, sessionToken)
  }

  async function signedIn(sessionToken: string, origin: string): Promise<void> {
    keepSession(sessionToken)
    post({ type: 'FRAME_SESSION_UPDATE', payload: await user() }, origin)
  }

  function post(message: unknown, origin: string): void {
    parent.postMessage(message, origin)
  }

  async function run(request: AppRequest, origin: string): Promise<unknown> {
    switch (request.type) {
      case 'APP_CONNECT_EMAIL': {
        const { email } = request.payload as { email: string }
        const result = await api.connectEmail({ email, deviceId: deviceId(), token: token() })
        store.set(frameStoreKeys.email, email.trim().toLowerCase())
        if (result.action === 'CONNECT') post({ type: 'FRAME_SESSION_UPDATE', payload: await user() }, origin)
        return { action: result.action }
      }
      case 'APP_CONNECT_DEVICE': {
        const email = pendingEmail()
        const limit = options.devicePollLimit ?? 130_000
        for (let waited = 0; waited <= limit; waited += devicePollInterval) {
          const status = await api.connectDevice({ email, deviceId: deviceId() })
          if (status.verified) {
            await signedIn(status.token, origin)
            return {}
          }
          await options.sleep(devicePollInterval)
        }
        throw new FrameApiError('The device was not verified in time')
      }
      case 'APP_CONNECT_OTP': {
        const { otp } = request.payload as { otp: string }
        const { token: sessionToken } = await api.connectOtp({ email: pendingEmail(), deviceId: deviceId(), otp })
        await signedIn(sessionToken, origin)
        return {}
      }
      case 'APP_GET_SOCIAL_REDIRECT_URI': {
        const { provider, returnTo } = request.payload as { provider: string; returnTo: string }
        return api.socialStart({ provider, deviceId: deviceId(), returnTo })
      }
      case 'APP_CONNECT_SOCIAL': {
        const { uri } = request.payload as { uri: string }
        const { token: sessionToken } = await api.connectSocial({ resultUri: uri, deviceId: deviceId() })
        keepSession(sessionToken)
        const signedInUser = await user()
        post({ type: 'FRAME_SESSION_UPDATE', payload: signedInUser }, origin)
        return signedInUser
      }
      case 'APP_GET_FARCASTER_URI': {
        const { url, channelToken } = await api.farcasterStart({ deviceId: deviceId() })
        farcasterChannel = channelToken
        return { url }
      }
      case 'APP_CONNECT_FARCASTER': {
        const channelToken = farcasterChannel
        if (!channelToken) throw new FrameApiError('Get a Farcaster sign-in URL first')
        const limit = options.devicePollLimit ?? 130_000
        for (let waited = 0; waited <= limit; waited += devicePollInterval) {
          if (farcasterChannel !== channelToken) throw new FrameApiError(FARCASTER_RESTARTED)
          const status = await api.connectFarcaster({ channelToken, deviceId: deviceId() })
          if (status.state === 'completed') {
            farcasterChannel = undefined
            keepSession(status.token)
            const signedInUser = await user()
            post({ type: 'FRAME_SESSION_UPDATE', payload: signedInUser }, origin)
            return signedInUser
          }
          await options.sleep(devicePollInterval)
        }
        throw new FrameApiError('The Farcaster sign-in was not answered in time')
      }
      case 'APP_UPDATE_EMAIL':
        return api.updateEmail(token(), { email: (request.payload as { email: string }).email })
      case 'APP_UPDATE_EMAIL_PRIMARY_OTP':
        return api.updateEmailPrimaryOtp(token(), { otp: (request.payload as { otp: string }).otp })
      case 'APP_UPDATE_EMAIL_SECONDARY_OTP': {
        const { email } = await api.updateEmailSecondaryOtp(token(), { otp: (request.payload as { otp: string }).otp })
        store.set(frameStoreKeys.email, email)
        post({ type: 'FRAME_SESSION_UPDATE', payload: await user() }, origin)
        return { newEmail: email }
      }
      case 'APP_GET_USER': {
        const wanted = (request.payload as { chainId?: number | string }).chainId
        if (isSolanaChain(wanted)) return user(wanted)
        if (wanted !== undefined) setChain(wanted)
        return user()
      }
      case 'APP_IS_CONNECTED': {
        const isConnected = await api.isConnected(token())
        if (!isConnected) store.remove(frameStoreKeys.session)
        return { isConnected }
      }
      case 'APP_GET_CHAIN_ID':
        return { chainId }
      case 'APP_SWITCH_NETWORK':
        setChain((request.payload as { chainId: number | string }).chainId)
        return { chainId }
      case 'APP_SIGN_OUT': {
        const current = token()
        store.remove(frameStoreKeys.session)
        store.remove(frameStoreKeys.email)
        if (current) await api.signOut(current).catch(() => undefined)
        post({ type: 'FRAME_SESSION_UPDATE', payload: null }, origin)
        return {}
      }
      case 'APP_RPC_REQUEST':
        return rpc(request as AppRequest<'RPC_REQUEST'>, origin)
      case 'APP_RPC_ABORT': {
        pending.get((request.payload as { id: string }).id)?.abort()
        return {}
      }
      case 'APP_SYNC_THEME': {
        const { themeMode, themeVariables } = request.payload as { themeMode: 'light' | 'dark'; themeVariables?: Record<string, string | number> }
        approval.setTheme(themeMode, themeVariables)
        return {}
      }
      case 'APP_SYNC_LOCALE': {
        if (!options.setLocale) throw new FrameApiError('This frame speaks one language')
        return { locale: await options.setLocale((request.payload as { locale: string }).locale) }
      }
      case 'APP_SYNC_DAPP_DATA':
        dappName = (request.payload as { metadata: { name: string } }).metadata.name
        return {}
      case 'APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS': {
        if (!api.accountState || !token()) return { smartAccountEnabledNetworks: [] }
        return { smartAccountEnabledNetworks: (await api.accountState(token(), { chainId })).smartAccountEnabledNetworks }
      }
      case 'APP_INIT_SMART_ACCOUNT': {
        const state = api.accountState ? await api.accountState(token(), { chainId }) : undefined
        if (!state?.smartAccountAddress || !state.smartAccountEnabledNetworks.includes(chainId)) throw new FrameApiError('Smart accounts are not enabled on this network')
        return { address: state.smartAccountAddress, isDeployed: state.smartAccountDeployed }
      }
      case 'APP_SET_PREFERRED_ACCOUNT': {
        if (!api.setPreferredAccount) throw new FrameApiError('Smart accounts are not enabled on this network')
        await api.setPreferredAccount(token(), { type: (request.payload as { type: 'eoa' | 'smartAccount' }).type, chainId })
        const updated = await user()
        post({ type: 'FRAME_SESSION_UPDATE', payload: updated }, origin)
        return updated
      }
      case 'APP_RELOAD':
        setTimeout(options.reload, 0)
        return {}
    }
  }

  function setChain(value: number | string): void {
    const id = typeof value === 'number' ? value : Number(value.replace(/^eip155:/, ''))
    if (!Number.isSafeInteger(id) || id < 0) throw new FrameApiError('Chain is not supported')
    chainId = id
    store.set(frameStoreKeys.chainId, String(id))
  }

  async function rpc(request: AppRequest<'RPC_REQUEST'>, origin: string): Promise<unknown> {
    const { method, params } = request.payload
    const onSolana = request.payload.chainNamespace === 'solana'
    // A Solana request names its network by CAIP-2 id; the server refuses one it does not know.
    if (onSolana && !isSolanaChain(request.payload.chainId)) throw new FrameApiError('Chain is not supported')
    const requestChain: number | string = onSolana
      ? String(request.payload.chainId)
      : typeof request.payload.chainId === 'number'
        ? request.payload.chainId
        : Number(String(request.payload.chainId).replace(/^eip155:/, ''))
    const kind = rpcMethodKind(method)
    // The dapp answers eth_chainId itself (spec §4); the frame does too, from the request, if it is asked.
    if (method === 'eth_chainId' && typeof requestChain === 'number') return `0x${requestChain.toString(16)}`
    if (kind === 'disallowed') throw new FrameApiError(RPC_NOT_ALLOWED)
    if (kind === 'safe') {
      // Spec §7: the frame URL's rpcUrl serves the chain reads of the frame URL's chain (a switched chain reads through the API).
      if (options.rpcUrl && options.readChain && requestChain === options.chainId && CHAIN_READ_METHODS.has(method)) return options.readChain(options.rpcUrl, method, params)
      return api.rpc(token(), { method, params, chainId: requestChain })
    }

    let aborted = false
    let opened = false
    let abortReply: (() => void) | undefined
    const abortedPromise = new Promise<never>((_, reject) => {
      abortReply = () => reject(new FrameApiError(REQUEST_ABORTED))
    })
    abortedPromise.catch(() => undefined)
    pending.set(request.id, {
      abort() {
        aborted = true
        if (opened) approval.close(request.id)
        abortReply?.()
      },
    })
    // A batch is checked by the secure site first: one it refuses is answered with its refusal, never shown.
    if (method === 'wallet_sendCalls' && api.checkRpc) {
      try {
        await Promise.race([api.checkRpc(token(), { method, params, chainId: requestChain }), abortedPromise])
      } catch (error) {
        pending.delete(request.id)
        throw error
      }
    }
    const turn = approvals.then(async () => {
      if (aborted) return false
      opened = true
      shown = { id: request.id, origin }
      post({ type: 'FRAME_RPC_APPROVAL_OPEN', payload: { id: request.id } }, origin)
      try {
        return await approval.open({
          id: request.id,
          method,
          params,
          chainId: requestChain,
          chainName: options.chainNames[String(requestChain)] ?? `Chain ${requestChain}`,
          dappName,
          dappOrigin: origin,
        })
      } finally {
        if (shown?.id === request.id) shown = undefined
        post({ type: 'FRAME_RPC_APPROVAL_CLOSED', payload: { id: request.id } }, origin)
      }
    })
    approvals = turn.catch(() => undefined)
    try {
      const approved = await Promise.race([turn, abortedPromise])
      if (!approved) throw new FrameApiError(aborted ? REQUEST_ABORTED : FRAME_USER_REJECTED)
      const result = await Promise.race([api.rpc(token(), { method, params, chainId: requestChain }), abortedPromise])
      if ((method === 'eth_sendTransaction' || method === 'wallet_sendCalls') && requestChain === chainId) await pushSmartAccountState(origin)
      return result
    } finally {
      pending.delete(request.id)
    }
  }

  /**
   * After a transaction of the smart account (a user operation; its first one deploys the account), the user as it is
   * now goes to the dapp as a session update (`smartAccountDeployed` true after the first user
   * operation). Best effort: the transaction is answered whatever happens here.
   */
  async function pushSmartAccountState(origin: string): Promise<void> {
    if (!api.accountState) return
    try {
      const updated = await user()
      if (updated.preferredAccountType === 'smartAccount') post({ type: 'FRAME_SESSION_UPDATE', payload: updated }, origin)
    } catch {
      // the dapp reads the state again with its next APP_GET_USER
    }
  }

  function isSolanaChain(value: unknown): value is string {
    return typeof value === 'string' && /^solana:[1-9A-HJ-NP-Za-km-z]{1,64}$/.test(value)
  }

  async function answer(request: AppRequest, origin: string): Promise<void> {
    const kind = request.type.slice(4) as FrameRequestKind
    let reply: Reply
    try {
      reply = { ok: true, result: await run(request, origin) }
    } catch (error) {
      reply =
        error instanceof FrameApiError
          ? { ok: false, message: error.message, ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}), ...(error.code !== undefined ? { code: error.code } : {}) }
          : // A session token that does not read as a JWT: the rule it broke, never the token.
            error instanceof InvalidJwtError
            ? { ok: false, message: error.shortMessage }
            : { ok: false, message: 'An error occurred' }
    }
    if (reply.ok) post(frameSuccess(kind, request.id, reply.result as never), origin)
    else
      post(
        frameError(kind, request.id, {
          message: reply.message,
          ...(reply.retryAfterSeconds !== undefined ? { retryAfterSeconds: reply.retryAfterSeconds } : {}),
          ...(reply.code !== undefined ? { code: reply.code } : {}),
        }),
        origin,
      )
  }

  return {
    /**
     * Handles one `message` event: dropped unless its source is the parent, its origin an allowed ancestor and its
     * data a well-formed `APP_<KIND>` request. Never throws; the reply goes to the event's origin.
     */
    onMessage(event: FrameMessageEvent): void {
      try {
        if (event.source !== parent) return options.log?.('dropped a message: not from the parent window')
        if (typeof event.origin !== 'string' || !allowed.has(event.origin)) return options.log?.(`dropped a message: origin ${String(event.origin)} is not an allowed ancestor`)
        const request = parseAppRequest(event.data)
        if (!request) return options.log?.('dropped a message: not a well-formed APP_ request')
        void answer(request, event.origin).catch(() => undefined)
      } catch {
        // A hostile getter or a proxy: dropped like any other malformed message.
      }
    },
    /**
     * The approval UI's content is `height` CSS px tall (main.ts measures it): while an approval is shown, posts
     * FRAME_APPROVAL_HEIGHT `{ id, height }` (whole px, 80..1000) to its parent origin, so ApproveTransaction fits it.
     */
    contentHeight(height: number): void {
      if (!shown || !Number.isFinite(height)) return
      post({ type: 'FRAME_APPROVAL_HEIGHT', payload: { id: shown.id, height: Math.min(1000, Math.max(80, Math.ceil(height))) } }, shown.origin)
    },
    /** Posts FRAME_READY `{ version: 4 }` to the parent, at each of the ready origins. */
    ready(): void {
      for (const origin of options.readyOrigins) if (allowed.has(origin)) post({ type: 'FRAME_READY', payload: { version: FRAME_SDK_VERSION } }, origin)
    },
  }
}
