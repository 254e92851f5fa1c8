/**
 * CAIP ids (spec §3, §5): the chain namespaces, CAIP-2 network ids (`namespace:reference`) and CAIP-10 account ids
 * (`namespace:reference:address`), parsed with their alphabets. Shared by the adapters, the services' response
 * schemas and the ui; `adapters/networks.ts` (the `latchkey/networks` entry) re-exports them.
 */
import { BaseError } from './errors.ts'
import { preview } from './urls.ts'

/** Chain namespaces of spec §3. */
export const chainNamespaces = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
export type ChainNamespace = (typeof chainNamespaces)[number]

/** A CAIP-2 network id: `namespace:reference`, e.g. `eip155:1`. */
export type CaipNetworkId = `${string}:${string}`
/** A CAIP-10 account id: `namespace:reference:address`. */
export type CaipAddress = `${string}:${string}:${string}`

/** Thrown by {@link parseCaipAddress} for a malformed CAIP-10 account id (spec §5). */
export class InvalidCaipAddressError extends BaseError {
  static override docsPath = '/errors/InvalidCaipAddressError'
  override name = 'InvalidCaipAddressError'
  constructor(value: unknown) {
    super('Invalid CAIP-10 address', { details: `Received: ${preview(value)}` })
  }
}
/** Thrown by {@link parseCaipNetworkId} for a malformed CAIP-2 network id (spec §5). */
export class InvalidCaipNetworkIdError extends BaseError {
  static override docsPath = '/errors/InvalidCaipNetworkIdError'
  override name = 'InvalidCaipNetworkIdError'
  constructor(value: unknown) {
    super('Invalid CAIP-2 network id', { details: `Received: ${preview(value)}` })
  }
}

function isKnownNamespace(value: string): value is ChainNamespace {
  return (chainNamespaces as readonly string[]).includes(value)
}

/** CAIP-2's reference: 1 to 32 of `-`, `_`, letters and digits. */
const caipReference = /^[-_a-zA-Z0-9]{1,32}$/
/** CAIP-10's account address: 1 to 128 of `-`, `.`, `%`, letters and digits. */
const caipAccountAddress = /^[-.%a-zA-Z0-9]{1,128}$/

export type ParseCaipNetworkIdReturnType = { chainNamespace: ChainNamespace; chainId: string }
export type ParseCaipNetworkIdErrorType = InvalidCaipNetworkIdError

/**
 * Parses a CAIP-2 network id (spec §5: two non-empty colon-separated parts, a known namespace of spec §3; the
 * reference in CAIP-2's alphabet, 1–32 of `-_a-zA-Z0-9`, so no space, colon or control character gets through).
 * @throws InvalidCaipNetworkIdError ('Invalid CAIP-2 network id') for anything else, a non-string included.
 * @example parseCaipNetworkId('eip155:1') // { chainNamespace: 'eip155', chainId: '1' }
 */
export function parseCaipNetworkId(value: unknown): ParseCaipNetworkIdReturnType {
  if (typeof value !== 'string') throw new InvalidCaipNetworkIdError(value)
  const parts = value.split(':')
  if (parts.length !== 2 || parts.some((p) => p.length === 0)) throw new InvalidCaipNetworkIdError(value)
  const [ns, chainId] = parts as [string, string]
  if (!isKnownNamespace(ns) || !caipReference.test(chainId)) throw new InvalidCaipNetworkIdError(value)
  return { chainNamespace: ns, chainId }
}

/**
 * The reference of a CAIP-2 network id when it is one (`'eip155:1'` → `'1'`), else undefined: for values read from
 * storage or handed around loosely, where a malformed id means "none" rather than an error.
 * @example caipReferenceOf('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
 */
export function caipReferenceOf(value: unknown): string | undefined {
  try {
    return parseCaipNetworkId(value).chainId
  } catch {
    return undefined
  }
}

/**
 * The numeric chain id of an eip155 CAIP-2 network id (`'eip155:137'` → 137).
 * @throws InvalidCaipNetworkIdError ('Invalid CAIP-2 network id') when it is not a CAIP-2 id of eip155 with a decimal
 * reference that is a safe integer.
 */
export function evmChainIdOf(value: unknown): number {
  const { chainNamespace, chainId } = parseCaipNetworkId(value)
  const id = Number(chainId)
  if (chainNamespace !== 'eip155' || !/^[0-9]+$/.test(chainId) || !Number.isSafeInteger(id)) throw new InvalidCaipNetworkIdError(value)
  return id
}

export type ParseCaipAddressReturnType = { chainNamespace: ChainNamespace; chainId: string; address: string }
export type ParseCaipAddressErrorType = InvalidCaipAddressError

/**
 * Parses a CAIP-10 account id (spec §5: three non-empty colon-separated parts, a known namespace; the reference and
 * the address in CAIP-2's and CAIP-10's alphabets). The address part is not checked for its namespace here:
 * `parseAddress` of adapters/address.ts does that.
 * @throws InvalidCaipAddressError ('Invalid CAIP-10 address') for anything else, a non-string included.
 * @example parseCaipAddress('eip155:1:0xabc…') // { chainNamespace: 'eip155', chainId: '1', address: '0xabc…' }
 */
export function parseCaipAddress(value: unknown): ParseCaipAddressReturnType {
  if (typeof value !== 'string') throw new InvalidCaipAddressError(value)
  const parts = value.split(':')
  if (parts.length !== 3 || parts.some((p) => p.length === 0)) throw new InvalidCaipAddressError(value)
  const [ns, chainId, address] = parts as [string, string, string]
  if (!isKnownNamespace(ns) || !caipReference.test(chainId) || !caipAccountAddress.test(address)) throw new InvalidCaipAddressError(value)
  return { chainNamespace: ns, chainId, address }
}
