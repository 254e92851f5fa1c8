import { BaseError } from './errors.ts'
import type { Eip1193Provider } from './types.ts'
import { type WalletConnectClient, walletConnectConnector, WalletConnectInitError, type WalletConnectOptions } from './walletconnect.connector.ts'
import { parseConnectionUrl, preview, wsProtocols, type InvalidUrlError } from '../kernel/urls.ts'

/**
 * Mobile wallets over the WalletConnect v2 relay protocol (spec §2, §4 "Network switch", §7 "Relay protocol"),
 * through `@walletconnect/universal-provider`. The provider's code and its socket load lazily: on the first
 * {@link WalletConnectClient.propose} (the visitor picked WalletConnect or a wallet that needs it) or
 * {@link WalletConnectClient.restore} (a stored session), never with the page.
 *
 * What the relay does is not this module's contract (spec §7): it turns the provider into
 * - a pairing proposal (`propose`: the URI to show, and the approval),
 * - an EIP-1193 provider over the session (`eip1193`), whose `eth_chainId` and `eth_accounts` are answered
 *   locally from the session the provider keeps in its storage, whose wallet requests (signing, sending,
 *   switching and adding chains) go to the wallet over the relay, and whose reads go to the networks' node URLs (spec §7.4),
 * - the wallet's events (accounts, chain, disconnect) as EIP-1193 events, chain ids as numbers.
 */

export {
  NoWalletConnectSessionError,
  type WalletConnectClient,
  walletConnectConnectorId,
  WalletConnectInitError,
  type WalletConnectOptions,
  type WalletConnectStorage,
} from './walletconnect.connector.ts'

/** Default relay of the hosted network (configuration: the demo and tests point it at the loopback relay). */
export const defaultRelayUrl = 'wss://relay.walletconnect.org'

/** Thrown for a relay URL that is not an absolute ws(s) URL (spec §5 "Connection layer accepts only http(s) or ws(s) URLs"). */
export class InvalidRelayUrlError extends BaseError {
  static override docsPath = '/errors/InvalidRelayUrlError'
  override name = 'InvalidRelayUrlError'
  constructor(url: unknown, cause?: InvalidUrlError) {
    super('Invalid relay URL', { details: `${cause?.reason ?? 'Expected an absolute ws:// or wss:// URL.'} Received: ${preview(url)}`, ...(cause ? { cause } : {}) })
  }
}

export type CheckRelayUrlParameters = unknown
export type CheckRelayUrlReturnType = string
export type CheckRelayUrlErrorType = InvalidRelayUrlError

/**
 * Checks a relay URL with the connection layer's URL policy ({@link parseConnectionUrl}: parsed with `URL`, ws(s)
 * only, a host, no credentials, no whitespace or control characters, no fragment), never with a pattern.
 *
 * @returns the URL as given (the SDK receives what the dapp configured).
 * @throws InvalidRelayUrlError with the reason; e.g. for `'ws://127.0.0.1:8700 evil'` or `'https://relay.example'`.
 * @example checkRelayUrl('ws://127.0.0.1:8700') // 'ws://127.0.0.1:8700'
 */
export function checkRelayUrl(url: CheckRelayUrlParameters): CheckRelayUrlReturnType {
  try {
    parseConnectionUrl(url, { protocols: wsProtocols })
  } catch (error) {
    throw new InvalidRelayUrlError(url, error as InvalidUrlError)
  }
  return url as string
}

/**
 * Creates the WalletConnect client of one modal instance (spec §7 "Relay protocol": the universal provider is
 * initialised with project id and app metadata). Nothing loads until it is used: this facade is all the page holds
 * before the click; the client (`walletconnect.client.ts`) is fetched with the first pairing or session restore, and
 * the provider's own package after it.
 *
 * @throws InvalidRelayUrlError at once when `relayUrl` is not an absolute ws(s) URL ({@link checkRelayUrl}).
 * @example
 * const wc = createWalletConnect({ projectId, relayUrl: 'ws://127.0.0.1:8700', metadata, networks })
 * const { uri, approval } = await wc.propose() // show `uri` as a QR code
 * await approval // the wallet approved
 * await wc.eip1193().request({ method: 'eth_accounts' })
 */
export function createWalletConnect(options: WalletConnectOptions): WalletConnectClient {
  const relayUrl = checkRelayUrl(options.relayUrl ?? defaultRelayUrl)
  let client: WalletConnectClient | undefined
  let loading: Promise<WalletConnectClient> | undefined
  const get = (): Promise<WalletConnectClient> =>
    (loading ??= import('./walletconnect.client.ts').then(
      (m) => (client = m.createWalletConnectClient(options, relayUrl)),
      (error: unknown) => {
        loading = undefined
        throw new WalletConnectInitError(error)
      },
    ))
  // Listeners before the client exists are ignored, as the client ignores them before its provider exists.
  const eip1193: Eip1193Provider = {
    request: async (args) => (await get()).eip1193().request(args),
    on: (event, listener) => client?.eip1193().on?.(event, listener),
    removeListener: (event, listener) => client?.eip1193().removeListener?.(event, listener),
  }
  return {
    connector: walletConnectConnector,
    hasSession: () => client?.hasSession() ?? false,
    propose: async () => (await get()).propose(),
    restore: async () => (await get()).restore(),
    disconnect: async () => client?.disconnect(),
    eip1193: () => eip1193,
    async destroy() {
      const current = client
      client = undefined
      loading = undefined
      await current?.destroy()
    },
  }
}
