/**
 * The embedded-wallet frame protocol (spec §3 "Embedded frame messages", §5, §7 "Embedded wallet iframe",
 * §8 "Frame"): the messages the dapp (`adapters/frame.ts`) and the secure site's frame page (`dev/secure-site/`)
 * exchange with `postMessage`. Both sides import this file; it is plain TypeScript with valibot only.
 *
 * Envelope: `{ id?: string, type: string, payload?: unknown }`.
 * - Requests from the dapp are `APP_<KIND>` with an `id` (`crypto.randomUUID()`).
 * - Replies from the frame are `FRAME_<KIND>_SUCCESS` (payload = the result) or `FRAME_<KIND>_ERROR`
 *   (payload {@link FrameErrorPayload}), carrying the request's `id`.
 * - Events from the frame without a request: `FRAME_READY`, `FRAME_SESSION_UPDATE`, `FRAME_RPC_APPROVAL_OPEN`,
 *   `FRAME_RPC_APPROVAL_CLOSED`.
 *
 * Origins: the dapp posts with `targetOrigin` = the secure site's origin and accepts only messages whose
 * `event.source` is its iframe's `contentWindow` and whose `event.origin` is the secure site's; the frame accepts only
 * its `window.parent` with an origin among the project's allowed ancestors and answers with `targetOrigin` = that
 * origin. Everything that crosses is parsed with the schemas below: anything that does not match is dropped.
 *
 * Changes are additive only (new optional fields, new kinds): the frame and the dapp ship separately.
 *
 * @example
 * const request = appRequest('CONNECT_EMAIL', crypto.randomUUID(), { email: 'ada@example.com' })
 * frame.contentWindow.postMessage(request, secureOrigin)
 * // later, in the dapp's message listener:
 * const message = parseFrameMessage(event.data) // undefined unless it is a well-formed reply or event
 */
import * as v from 'valibot'

/** The secure SDK version the frame URL carries by default (spec §7: `version=4`). */
export const FRAME_SDK_VERSION = 4

/** Longest request id accepted (a UUID is 36 characters). */
const MAX_ID_LENGTH = 128

/** A request id: a non-empty string of at most 128 characters (a `crypto.randomUUID()`). */
export const frameIdSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_ID_LENGTH))

/** A chain id as the frame carries it: a number or a string (`1`, `'1'`, `'eip155:1'`). */
export const frameChainIdSchema = v.union([v.pipe(v.number(), v.integer(), v.minValue(0)), v.pipe(v.string(), v.minLength(1), v.maxLength(64))])

/**
 * A language tag as the frame reads it (BCP 47's shape: a 2–3 letter language, then subtags of 2–8 letters or digits,
 * at most 35 characters; `ar`, `pt-BR`, `zh-TW`). The frame URL's `locale` and APP_SYNC_LOCALE's are checked with it.
 */
export const FRAME_LOCALE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/

/** A language tag of {@link FRAME_LOCALE_TAG}'s shape, at most 35 characters. */
export const frameLocaleTagSchema = v.pipe(v.string(), v.maxLength(35), v.regex(FRAME_LOCALE_TAG))

/** An email address (spec §5 "Email must be a valid email address"). */
export const frameEmailSchema = v.pipe(v.string(), v.trim(), v.maxLength(254), v.email())

/**
 * An account address: a 0x-prefixed 20-byte hex address (eip155), or on a Solana network a base58 public
 * key of 32–44 characters (spec §5 "Solana address").
 */
const addressSchema = v.union([v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/)), v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/))])

/** Longest signed message or signature the frame may carry with a user (an EIP-4361 message is well under this). */
const MAX_SIGNED_TEXT = 8192

/** A text of 1 to `max` characters. */
const text = (max: number) => v.pipe(v.string(), v.minLength(1), v.maxLength(max))

/**
 * A SIWX message as the frame carries it with the user (spec §3 "SIWX message"): accountAddress, CAIP-2 chainId,
 * domain, uri, version, nonce; optional notBefore, statement, resources, requestId, issuedAt, expirationTime and the
 * serialized text. Anything else makes the user's message malformed (dropped).
 */
export const frameSiwxMessageSchema = v.object({
  accountAddress: text(128),
  chainId: v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)),
  domain: text(253),
  uri: v.pipe(v.string(), v.url(), v.maxLength(2048)),
  version: text(16),
  nonce: text(128),
  notBefore: v.optional(text(64)),
  statement: v.optional(v.pipe(v.string(), v.maxLength(MAX_SIGNED_TEXT))),
  resources: v.optional(v.array(v.pipe(v.string(), v.url(), v.maxLength(2048)))),
  requestId: v.optional(text(128)),
  issuedAt: v.optional(text(64)),
  expirationTime: v.optional(text(64)),
  serializedMessage: v.optional(text(MAX_SIGNED_TEXT)),
})

/** The user the frame reports (spec §3 "Embedded-wallet user"). */
export const frameUserSchema = v.object({
  email: v.nullish(v.string()),
  address: addressSchema,
  chainId: frameChainIdSchema,
  accounts: v.optional(v.array(v.object({ address: addressSchema, type: v.picklist(['eoa', 'smartAccount']) }))),
  userName: v.optional(v.string()),
  preferredAccountType: v.optional(v.string()),
  /** Whether the user's smart account has code on the chain (spec §3 account state `smartAccountDeployed`). */
  smartAccountDeployed: v.optional(v.boolean()),
  /** The social provider the user signed in with (spec §3 account state `socialProvider`). */
  socialProvider: v.optional(v.string()),
  /** The signature of {@link message} when the login signed the user in (spec §3 user payload), as the wallet returned it. */
  signature: v.optional(text(MAX_SIGNED_TEXT)),
  /** The message the login signed (spec §3 user payload). */
  message: v.optional(text(MAX_SIGNED_TEXT)),
  /** The SIWX message of that sign-in (spec §3 user payload `siwxMessage`, §3 "SIWX message"). */
  siwxMessage: v.optional(frameSiwxMessageSchema),
})
export type FrameUser = v.InferOutput<typeof frameUserSchema>

/** The payload of every `FRAME_<KIND>_ERROR`: the message, for the email throttle the seconds left, for an RPC refusal its code. */
export const frameErrorPayloadSchema = v.object({
  message: v.string(),
  /** APP_CONNECT_EMAIL throttled (spec §5: 30 s between email logins): the seconds until a retry is allowed. */
  retryAfterSeconds: v.optional(v.pipe(v.number(), v.minValue(0))),
  /** An RPC request's refusal: its EIP-1193 / EIP-5792 code (4200 not supported, 5740 batch too large, -32602, …). */
  code: v.optional(v.pipe(v.number(), v.integer())),
})
export type FrameErrorPayload = v.InferOutput<typeof frameErrorPayloadSchema>

const empty = v.object({})

/**
 * Every request kind of the frame protocol: its payload (what the dapp sends with `APP_<KIND>`) and its result (the payload
 * of `FRAME_<KIND>_SUCCESS`).
 */
export const frameRequestSchemas = {
  /** Start an email login; the frame answers which step follows. Throttled: an error with `retryAfterSeconds`. */
  CONNECT_EMAIL: {
    payload: v.object({ email: frameEmailSchema }),
    result: v.object({ action: v.picklist(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) }),
  },
  /** Resolves once the device is approved by the mail link. */
  CONNECT_DEVICE: { payload: empty, result: empty },
  /** The code from the mail. */
  CONNECT_OTP: { payload: v.object({ otp: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) }), result: empty },
  /**
   * The provider's authorize URL of a social login: the frame starts the sign-in (state, nonce, PKCE kept
   * by the secure site) for the provider; the provider sends the browser back to `returnTo` (the dapp's page) with
   * `result_uri` (or `social_error`).
   */
  GET_SOCIAL_REDIRECT_URI: {
    payload: v.object({ provider: v.picklist(['google', 'github', 'apple', 'facebook', 'x', 'discord']), returnTo: v.pipe(v.string(), v.url(), v.maxLength(2048)) }),
    result: v.object({ uri: v.pipe(v.string(), v.url()) }),
  },
  /** Completes a social login with the `result_uri` the provider's return carried: signs the frame in; the user. */
  CONNECT_SOCIAL: { payload: v.object({ uri: v.pipe(v.string(), v.url(), v.maxLength(2048)) }), result: frameUserSchema },
  /**
   * A Sign In With Farcaster request (spec §3 "get Farcaster"): the frame opens a channel on the secure
   * site's Farcaster relay and answers its `farcaster://connect?…` URL (the dapp's QR code and deep link).
   */
  GET_FARCASTER_URI: { payload: empty, result: v.object({ url: v.pipe(v.string(), v.startsWith('farcaster://'), v.maxLength(2048)) }) },
  /**
   * Waits (polling every second) until the Farcaster client answered the request of the last GET_FARCASTER_URI, then
   * signs the frame in (spec §3 "connect Farcaster"); the user. A refused answer (another custody address, …) is an
   * error with the secure site's words.
   */
  CONNECT_FARCASTER: { payload: empty, result: frameUserSchema },
  /**
   * Change the signed-in email user's address (spec §4 "Email update result action"): the frame answers
   * which code comes next. `VERIFY_PRIMARY_OTP`: a code was mailed to the current address.
   */
  UPDATE_EMAIL: {
    payload: v.object({ email: frameEmailSchema }),
    result: v.object({ action: v.picklist(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
  },
  /** The current address's code; `VERIFY_SECONDARY_OTP`: a code was mailed to the new address. */
  UPDATE_EMAIL_PRIMARY_OTP: {
    payload: v.object({ otp: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) }),
    result: v.object({ action: v.picklist(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
  },
  /** The new address's code: the change is made; the new email (GET_USER reports it from now on). */
  UPDATE_EMAIL_SECONDARY_OTP: {
    payload: v.object({ otp: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) }),
    result: v.object({ newEmail: v.string() }),
  },
  /**
   * The signed-in user (after a login, or on reload). With a Solana `chainId` (`solana:<reference>`) the
   * user's address and accounts are its Solana ones and the frame's EVM chain stays as it was.
   */
  GET_USER: { payload: v.object({ chainId: v.optional(frameChainIdSchema) }), result: frameUserSchema },
  /** Whether the frame has a session (spec §4: none found → the dapp clears the login cache). */
  IS_CONNECTED: { payload: empty, result: v.object({ isConnected: v.boolean() }) },
  GET_CHAIN_ID: { payload: empty, result: v.object({ chainId: v.pipe(v.number(), v.integer(), v.minValue(0)) }) },
  SWITCH_NETWORK: { payload: v.object({ chainId: frameChainIdSchema }), result: v.object({ chainId: frameChainIdSchema }) },
  /** The server revokes the session. */
  SIGN_OUT: { payload: empty, result: empty },
  /** A JSON-RPC request; unsafe methods show the frame's approval UI first. The result is the JSON-RPC result. */
  RPC_REQUEST: {
    payload: v.object({
      method: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
      params: v.optional(v.unknown()),
      chainId: frameChainIdSchema,
      /** eip155, or solana for the `solana_` methods on a `solana:<reference>` chain (spec §6: auth on these two only). */
      chainNamespace: v.picklist(['eip155', 'solana']),
      rpcUrl: v.optional(v.string()),
    }),
    result: v.unknown(),
  },
  /** Abort the RPC request with this id (its reply becomes an error "Request was aborted"). */
  RPC_ABORT: { payload: v.object({ id: frameIdSchema }), result: empty },
  SYNC_THEME: {
    payload: v.object({
      themeMode: v.picklist(['light', 'dark']),
      themeVariables: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
    }),
    result: empty,
  },
  /**
   * The modal's language changed after the frame loaded (`setLocale`, or its catalogue arrived after the frame did):
   * the frame speaks `locale` from now on, without reloading (spec §4 frame pages follow the modal's locale). The
   * result is the locale the frame chose for it (the same tag, else its language's, else `en`).
   */
  SYNC_LOCALE: { payload: v.object({ locale: frameLocaleTagSchema }), result: v.object({ locale: frameLocaleTagSchema }) },
  SYNC_DAPP_DATA: {
    payload: v.object({
      metadata: v.object({ name: v.string(), description: v.string(), url: v.string(), icons: v.array(v.string()) }),
      sdkVersion: v.string(),
      sdkType: v.string(),
      projectId: v.string(),
    }),
    result: empty,
  },
  RELOAD: { payload: empty, result: empty },
  /**
   * The networks with smart accounts (spec §3 "smart account enabled networks", network enabling
   * `smartAccountEnabledNetworks`): EVM chain ids.
   */
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { payload: empty, result: v.object({ smartAccountEnabledNetworks: v.array(v.pipe(v.number(), v.integer(), v.minValue(0))) }) },
  /** The user's smart account on the frame's chain (spec §3 "init smart account"): its address and whether it is deployed. */
  INIT_SMART_ACCOUNT: { payload: empty, result: v.object({ address: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/)), isDeployed: v.boolean() }) },
  /**
   * The account the wallet acts with on EVM chains (spec §3 "set preferred account"; spec §4: a switch to `smartAccount`
   * only where smart accounts are enabled). The result is the user as GET_USER reports it afterwards.
   */
  SET_PREFERRED_ACCOUNT: { payload: v.object({ type: v.picklist(['eoa', 'smartAccount']) }), result: frameUserSchema },
} as const

/** A request kind (`CONNECT_EMAIL`, `RPC_REQUEST`, …). */
export type FrameRequestKind = keyof typeof frameRequestSchemas
/** The payload of a request of kind `K`. */
export type FrameRequestPayload<K extends FrameRequestKind> = v.InferInput<(typeof frameRequestSchemas)[K]['payload']>
/** The result of a request of kind `K` (the payload of its `_SUCCESS` reply). */
export type FrameRequestResult<K extends FrameRequestKind> = v.InferOutput<(typeof frameRequestSchemas)[K]['result']>

export const frameRequestKinds = Object.keys(frameRequestSchemas) as FrameRequestKind[]

/** A request as posted by the dapp. */
export type AppRequest<K extends FrameRequestKind = FrameRequestKind> = { id: string; type: `APP_${K}`; payload: FrameRequestPayload<K> }

/** Builds the request envelope of kind `kind`. */
export function appRequest<K extends FrameRequestKind>(kind: K, id: string, payload: FrameRequestPayload<K>): AppRequest<K> {
  return { id, type: `APP_${kind}`, payload }
}

/** The frame's events that answer no request. */
export const frameEventSchemas = {
  /** The frame page loaded and listens. */
  FRAME_READY: v.object({ version: v.number() }),
  /** The session changed in the frame (signed in: the user; signed out: null). */
  FRAME_SESSION_UPDATE: v.nullable(frameUserSchema),
  /** The frame shows its approval UI for the RPC request `id`: the dapp shows the iframe over ApproveTransaction. */
  FRAME_RPC_APPROVAL_OPEN: v.object({ id: frameIdSchema }),
  /** The approval UI of request `id` closed. */
  FRAME_RPC_APPROVAL_CLOSED: v.object({ id: frameIdSchema }),
  /** The approval UI of request `id` needs `height` CSS pixels (its content): the dapp sizes ApproveTransaction's body to it. */
  FRAME_APPROVAL_HEIGHT: v.object({ id: frameIdSchema, height: v.pipe(v.number(), v.integer(), v.minValue(80), v.maxValue(1000)) }),
} as const
export type FrameEventType = keyof typeof frameEventSchemas
export type FrameEvent = { [T in FrameEventType]: { type: T; payload: v.InferOutput<(typeof frameEventSchemas)[T]> } }[FrameEventType]

/** A reply to a request (its result still `unknown`: checked against the kind's result schema by the caller). */
export type FrameReply = { type: 'reply'; kind: FrameRequestKind; id: string; ok: true; payload: unknown } | { type: 'reply'; kind: FrameRequestKind; id: string; ok: false; payload: FrameErrorPayload }

const envelopeSchema = v.object({ id: v.optional(frameIdSchema), type: v.pipe(v.string(), v.maxLength(64)), payload: v.optional(v.unknown()) })

const replyPattern = /^FRAME_([A-Z_]+)_(SUCCESS|ERROR)$/
const isKind = (s: string): s is FrameRequestKind => Object.hasOwn(frameRequestSchemas, s)

/**
 * Parses what the dapp received from the frame: a reply (`FRAME_<KIND>_SUCCESS|ERROR` with an id; a success's payload
 * checked against the kind's result schema, an error's against {@link frameErrorPayloadSchema}) or an event. Anything
 * else (malformed, unknown type, a payload that does not match) is `undefined`. Never throws.
 */
export function parseFrameMessage(data: unknown): FrameReply | FrameEvent | undefined {
  const envelope = v.safeParse(envelopeSchema, data)
  if (!envelope.success) return undefined
  const { id, type, payload } = envelope.output
  if (Object.hasOwn(frameEventSchemas, type)) {
    const parsed = v.safeParse(frameEventSchemas[type as FrameEventType], payload)
    return parsed.success ? ({ type, payload: parsed.output } as FrameEvent) : undefined
  }
  const m = replyPattern.exec(type)
  if (!m || id === undefined) return undefined
  const kind = m[1] as string
  if (!isKind(kind)) return undefined
  if (m[2] === 'ERROR') {
    const parsed = v.safeParse(frameErrorPayloadSchema, payload)
    return parsed.success ? { type: 'reply', kind, id, ok: false, payload: parsed.output } : undefined
  }
  const parsed = v.safeParse(frameRequestSchemas[kind].result, payload)
  return parsed.success ? { type: 'reply', kind, id, ok: true, payload: parsed.output } : undefined
}

/**
 * Parses what the frame received from the dapp: an `APP_<KIND>` request with an id and a payload matching the kind's
 * schema (the email trimmed). Anything else is `undefined`. Never throws.
 */
export function parseAppRequest(data: unknown): AppRequest | undefined {
  const envelope = v.safeParse(envelopeSchema, data)
  if (!envelope.success || envelope.output.id === undefined || !envelope.output.type.startsWith('APP_')) return undefined
  const kind = envelope.output.type.slice(4)
  if (!isKind(kind)) return undefined
  const parsed = v.safeParse(frameRequestSchemas[kind].payload, envelope.output.payload ?? {})
  return parsed.success ? ({ id: envelope.output.id, type: `APP_${kind}`, payload: parsed.output } as AppRequest) : undefined
}

/** The frame's success reply to request `id` of kind `kind`. */
export function frameSuccess<K extends FrameRequestKind>(kind: K, id: string, result: FrameRequestResult<K>) {
  return { id, type: `FRAME_${kind}_SUCCESS` as const, payload: result }
}

/** The frame's error reply to request `id` of kind `kind`. */
export function frameError(kind: FrameRequestKind, id: string, payload: FrameErrorPayload) {
  return { id, type: `FRAME_${kind}_ERROR` as const, payload }
}

/**
 * The read-only RPC methods a chain's node answers (spec §5 "Safe"): account state, blocks, calls, gas and fees, logs,
 * filters, transaction lookups, and the raw transaction send. A wallet's server forwards them to the node as they are.
 */
export const NODE_RPC_METHODS = [
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getProof',
  'eth_getTransactionCount',
  'eth_blockNumber',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_blobBaseFee',
  'eth_getLogs',
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_newPendingTransactionFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionReceipt',
  'eth_sendRawTransaction',
  'eth_getAccount',
] as const

/**
 * Read-only RPC methods (spec §5 "Safe"): the node's ({@link NODE_RPC_METHODS}), the account methods, capability and
 * asset queries, and user-operation lookups. The frame answers them without asking.
 */
export const SAFE_RPC_METHODS = [
  'eth_chainId',
  'eth_accounts',
  'eth_requestAccounts',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_getAssets',
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'eth_estimateUserOperationGas',
  'eth_supportedEntryPoints',
  ...NODE_RPC_METHODS,
] as const

/** RPC methods that need the user's approval in the frame (spec §5 "Unsafe"). */
export const UNSAFE_RPC_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
] as const

/** How the embedded wallet treats an RPC method (spec §5): `safe`, `unsafe` (approval) or `disallowed` (rejected). */
export function rpcMethodKind(method: string): 'safe' | 'unsafe' | 'disallowed' {
  if ((SAFE_RPC_METHODS as readonly string[]).includes(method)) return 'safe'
  if ((UNSAFE_RPC_METHODS as readonly string[]).includes(method)) return 'unsafe'
  return 'disallowed'
}

/** The message of an APP_RPC_REQUEST the user rejected in the frame (EIP-1193 4001 on the dapp side). */
export const FRAME_USER_REJECTED = 'User rejected the request'

/**
 * The secure site's refusal of a session whose JWT is not yet valid (spec §8 "Provider error mapping"), as the frame
 * passes it on: the dapp raises the Session Expired alert (check the device's time settings).
 */
export const JWT_NOT_YET_VALID = 'JWT validation error: JWT Token is not yet valid'

/**
 * The provider's refusal of a dapp origin that is not on the project's allowlist (spec §8 "Provider error mapping"), as
 * the frame passes it on: the dapp raises an Invalid App Configuration alert.
 */
export const ORIGIN_NOT_ALLOWED = 'Unauthorized: origin not allowed'

/**
 * The provider's refusal of a project id it does not know (spec §8 "Provider error mapping"), as the frame passes it
 * on: the dapp raises the Invalid App Configuration alert of an invalid project id.
 */
export const INVALID_KEY = 'Unauthorized: invalid key'

/**
 * The frame URL (spec §7): `<secureSiteUrl>/frame?projectId=..&chainId=..&version=4&enableLogger=..&rpcUrl=..&locale=..`.
 * `locale` is the modal's language (BCP 47, e.g. `ar`), so the frame's pages speak it; a value that is not a well-formed
 * tag is left out (the frame then speaks English).
 * @example frameUrl({ secureSiteUrl: 'https://secure.example', projectId: 'p', chainId: 1, enableLogger: false })
 * // 'https://secure.example/frame?projectId=p&chainId=1&version=4&enableLogger=false'
 */
export function frameUrl(p: { secureSiteUrl: string; projectId: string; chainId: number | string; enableLogger: boolean; rpcUrl?: string | undefined; locale?: string | undefined; version?: number }): string {
  const url = new URL('frame', p.secureSiteUrl.endsWith('/') ? p.secureSiteUrl : `${p.secureSiteUrl}/`)
  url.searchParams.set('projectId', p.projectId)
  url.searchParams.set('chainId', String(p.chainId))
  url.searchParams.set('version', String(p.version ?? FRAME_SDK_VERSION))
  url.searchParams.set('enableLogger', String(p.enableLogger))
  if (p.rpcUrl) url.searchParams.set('rpcUrl', p.rpcUrl)
  const locale = canonicalTag(p.locale)
  if (locale) url.searchParams.set('locale', locale)
  return url.toString()
}

/** A well-formed BCP 47 tag in its canonical form (`AR` → `ar`), else undefined. */
function canonicalTag(tag: string | undefined): string | undefined {
  if (!tag) return undefined
  try {
    return Intl.getCanonicalLocales(tag)[0]
  } catch {
    return undefined
  }
}
