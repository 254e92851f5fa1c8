/**
 * Reading a WalletConnect v2 pairing URI on the wallet side, with a clear error for a malformed one.
 * Browser-safe.
 */
import { BaseError } from '../../kernel/errors.ts'

/**
 * Thrown by the WalletConnect test wallet (the development mobile wallet) for bad input and failed actions: malformed
 * options or `wc:` URI, a proposal or request it cannot approve, a state not reached in time (see `details`, `cause`).
 * @example new DevMobileWalletError('Invalid WalletConnect URI: symKey must be 64 hex characters.')
 */
export class DevMobileWalletError extends BaseError {
  static override docsPath = '/errors/DevMobileWalletError'
  override name = 'DevMobileWalletError'
}

/** The parts of a v2 pairing URI `wc:<topic>@2?relay-protocol=irn&symKey=<key>&expiryTimestamp=<s>`. */
export type WalletConnectUri = {
  /** The pairing topic, 64 lower-case hex characters. */
  topic: string
  /** The symmetric key, 64 lower-case hex characters. */
  symKey: string
  /** Always 'irn' for the relay protocol. */
  relayProtocol: string
  /** When the pairing expires, Unix seconds; undefined when the URI does not say. */
  expiryTimestamp?: number
}

const hex64 = /^[0-9a-f]{64}$/i

/**
 * Parses and checks a WalletConnect v2 pairing URI (as shown in the dapp's QR code or deep link). Leading and
 * trailing white space is ignored.
 *
 * @param uri e.g. `wc:7f6e…@2?relay-protocol=irn&symKey=587d…&expiryTimestamp=1700000300`.
 * @returns its parts.
 * @throws DevMobileWalletError naming what is wrong: not a `wc:` URI, version other than 2, topic or symKey not
 *   64 hex characters, relay-protocol missing, expiryTimestamp not a number.
 *
 * @example
 * parseWalletConnectUri('wc:abc') // throws: Invalid WalletConnect URI: the pairing topic must be 64 hex characters.
 */
export function parseWalletConnectUri(uri: string): WalletConnectUri {
  if (typeof uri !== 'string') throw invalid('expected a string.')
  const text = uri.trim()
  if (!text.startsWith('wc:')) throw invalid('it must start with "wc:".')
  const match = /^wc:([^@?]*)@([^?]*)\?(.*)$/s.exec(text)
  if (!match) throw invalid('expected wc:<topic>@2?relay-protocol=irn&symKey=<key>.')
  const [, topic = '', version = '', query = ''] = match
  if (version !== '2') throw invalid(`version ${JSON.stringify(version)} is not supported (only 2).`)
  if (!hex64.test(topic)) throw invalid('the pairing topic must be 64 hex characters.')
  const params = new URLSearchParams(query)
  const symKey = params.get('symKey') ?? ''
  if (!hex64.test(symKey)) throw invalid('symKey must be 64 hex characters.')
  const relayProtocol = params.get('relay-protocol')
  if (!relayProtocol) throw invalid('relay-protocol is missing.')
  const expiry = params.get('expiryTimestamp')
  let expiryTimestamp: number | undefined
  if (expiry !== null) {
    expiryTimestamp = Number(expiry)
    if (!/^\d+$/.test(expiry) || !Number.isSafeInteger(expiryTimestamp)) throw invalid('expiryTimestamp must be a whole number of seconds.')
  }
  return {
    topic: topic.toLowerCase(),
    symKey: symKey.toLowerCase(),
    relayProtocol,
    ...(expiryTimestamp !== undefined ? { expiryTimestamp } : {}),
  }
}

function invalid(detail: string): DevMobileWalletError {
  return new DevMobileWalletError(`Invalid WalletConnect URI: ${detail}`)
}
