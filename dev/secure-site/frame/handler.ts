/**
 * The frame page's message handler (the contract is `adapters/frame.protocol.ts`): it accepts messages
 * only from its parent window and only from an allowed ancestor origin, parses every one with the protocol's
 * schemas (anything else is dropped, never thrown), talks to the secure site's API, shows its own approval UI for
 * unsafe RPC requests, and answers with `targetOrigin` = the parent's origin. DOM-free: `main.ts` wires it to the
 * window, `fetch`, `localStorage` and the approval UI, and the tests to fakes. What it is given (the API, storage, approval UI,
 * options), its errors and its fixed replies are in contract.ts.
 */
import { FRAME_SDK_VERSION, FRAME_USER_REJECTED, frameError, frameSuccess, parseAppRequest, rpcMethodKind } from '../../../adapters/frame.protocol.ts'
import type { AppRequest, FrameRequestKind, FrameUser } from '../../../adapters/frame.protocol.ts'
import { decodeJwt, InvalidJwtError } from '../../../kernel/jwt.ts'
import { CHAIN_READ_METHODS, devicePollInterval, FARCASTER_RESTARTED, FrameApiError, FrameParentNotSetError, frameStoreKeys, REQUEST_ABORTED, RPC_NOT_ALLOWED } from './contract.ts'
import type { FrameHandlerOptions, FrameMessageEvent, FrameParent } from './contract.ts'

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
