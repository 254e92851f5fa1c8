/**
 * What the frame page's message handler (handler.ts) is given and answers with: the secure site's API as the frame
 * uses it, the frame origin's storage, the approval UI, the handler's options, its errors, its storage keys and its
 * fixed replies (spec §8). DOM-free; main.ts supplies the browser's parts, the tests their fakes.
 */
import { NODE_RPC_METHODS } from '../../../adapters/frame.protocol.ts'
import { BaseError } from '../../../kernel/errors.ts'

/**
 * Thrown when the frame page has no parent to answer (spec §8: "W3mFrame: parent is not set", with this frame's name):
 * the page was opened on its own, not in an iframe.
 */
export class FrameParentNotSetError extends BaseError {
  override name = 'FrameParentNotSetError'
  constructor() {
    super('LatchkeyFrame: parent is not set')
  }
}

/** A refusal of the secure site's API as the frame passes it on. */
export class FrameApiError extends BaseError {
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
