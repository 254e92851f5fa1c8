import { getAddress, isAddress } from 'viem'
import { BaseError } from './errors.ts'
import { preview } from '../kernel/urls.ts'
import type { ChainNamespace } from './networks.ts'

/** Spec §5: a Solana address is 32 to 44 base58 characters. */
const solanaAddress = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
/** Bitcoin: base58 (P2PKH/P2SH) or bech32/bech32m (segwit/taproot) shapes, any network prefix. */
const bitcoinAddress = /^([13mn2][1-9A-HJ-NP-Za-km-z]{25,34}|(bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87})$/

/** Thrown by {@link parseAddress} for a value that is not an address of the namespace (spec §5). */
export class InvalidAddressError extends BaseError {
  static override docsPath = '/errors/InvalidAddressError'
  override name = 'InvalidAddressError'
  constructor(namespace: string, value: unknown, reason: string) {
    super('Invalid address', { details: `${reason} Received for ${namespace}: ${preview(value)}` })
  }
}

export type ParseAddressParameters = { namespace: ChainNamespace | string; value: unknown }
export type ParseAddressReturnType = string
export type ParseAddressErrorType = InvalidAddressError

/** 40 hex digits, the EVM address without its optional prefix (spec §5). */
const bareEvmAddress = /^[0-9a-fA-F]{40}$/

/**
 * Parses an address of a namespace (spec §5) into its canonical form.
 *
 * - eip155: 40 hex digits with an optional `0x` prefix (viem `isAddress`, strict: a mixed-case address must carry a
 *   valid EIP-55 checksum; all lower or all upper case carries none and is fine); returned checksummed with `0x` (viem `getAddress`).
 * - solana: 32 to 44 base58 characters, unchanged.
 * - bip122: a base58 (P2PKH/P2SH) or bech32/bech32m (segwit/taproot) shape of any network prefix, unchanged (the
 *   Bitcoin adapter checks it against its network before a wallet is asked).
 * - another namespace: any non-empty text without whitespace, unchanged.
 *
 * @throws InvalidAddressError for anything else (not a string included), with the reason.
 * @example
 * parseAddress('eip155', 'f39fd6e51aad88f6f4ce6ab8827279cfffb92266') // '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
 * parseAddress('eip155', '0xF39fd6e51aad88F6F4ce6aB8827279cffFb92266') // throws: bad checksum
 */
export function parseAddress(namespace: ParseAddressParameters['namespace'], value: ParseAddressParameters['value']): ParseAddressReturnType {
  if (typeof value !== 'string') throw new InvalidAddressError(namespace, value, 'An address is text.')
  if (namespace === 'eip155') {
    let prefixed = bareEvmAddress.test(value) ? `0x${value}` : value
    if (!isAddress(prefixed, { strict: false })) throw new InvalidAddressError(namespace, value, 'An EVM address is 40 hex digits, with an optional 0x prefix.')
    // EIP-55: all upper case, like all lower case, carries no checksum (viem's strict check reads it as mixed case).
    if (prefixed.slice(2) === prefixed.slice(2).toUpperCase()) prefixed = prefixed.toLowerCase()
    if (!isAddress(prefixed, { strict: true })) throw new InvalidAddressError(namespace, value, 'A mixed-case EVM address must carry a valid EIP-55 checksum.')
    return getAddress(prefixed)
  }
  if (namespace === 'solana') {
    if (!solanaAddress.test(value)) throw new InvalidAddressError(namespace, value, 'A Solana address is 32 to 44 base58 characters.')
    return value
  }
  if (namespace === 'bip122') {
    if (!bitcoinAddress.test(value)) throw new InvalidAddressError(namespace, value, 'A Bitcoin address is a base58 or bech32 address.')
    return value
  }
  if (value.length === 0 || /\s/.test(value)) throw new InvalidAddressError(namespace, value, 'An address is non-empty text without whitespace.')
  return value
}

/**
 * Whether `value` is an address of the namespace ({@link parseAddress} accepts it): eip155 40 hex digits with an
 * optional 0x prefix (mixed case must be a valid checksum), solana 32–44 base58 characters, bip122 a base58 or
 * bech32 address; other namespaces any non-empty string without spaces. Never throws.
 */
export function isValidAddress(namespace: ChainNamespace | string, value: string): boolean {
  try {
    parseAddress(namespace, value)
    return true
  } catch {
    return false
  }
}

/**
 * The address in its canonical form ({@link parseAddress}): checksummed with `0x` for eip155, unchanged elsewhere.
 * @throws InvalidAddressError for a value {@link isValidAddress} refuses.
 */
export function normalizeAddress(namespace: ChainNamespace | string, value: string): string {
  return parseAddress(namespace, value)
}
