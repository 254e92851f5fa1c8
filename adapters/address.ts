import { getAddress, isAddress } from 'viem'
import { BaseError } from './errors.ts'
import type { ChainNamespace } from './networks.ts'

/** Spec §5: a Solana address is 32 to 44 base58 characters. */
const solanaAddress = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
/** Bitcoin: base58 (P2PKH/P2SH) or bech32/bech32m (segwit/taproot) shapes, any network prefix. */
const bitcoinAddress = /^([13mn2][1-9A-HJ-NP-Za-km-z]{25,34}|(bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87})$/

/**
 * Whether `value` is an address of the namespace (spec §5): eip155 40 hex digits with the 0x prefix (viem
 * `isAddress`, mixed case must be a valid checksum), solana 32–44 base58 characters, bip122 a base58 or
 * bech32 address. Other namespaces: any non-empty string without spaces.
 */
export function isValidAddress(namespace: ChainNamespace | string, value: string): boolean {
  if (namespace === 'eip155') return isAddress(value, { strict: true })
  if (namespace === 'solana') return solanaAddress.test(value)
  if (namespace === 'bip122') return bitcoinAddress.test(value)
  return value.length > 0 && !/\s/.test(value)
}

/** The address in its canonical form: checksummed for eip155, unchanged elsewhere. Call after {@link isValidAddress}. */
export function normalizeAddress(namespace: ChainNamespace | string, value: string): string {
  return namespace === 'eip155' ? getAddress(value) : value
}

/** Thrown by {@link evmCoinType} (spec §5 'Invalid chainId'). */
export class InvalidChainIdError extends BaseError {
  override name = 'InvalidChainIdError'
  constructor(chainId: unknown) {
    super('Invalid chainId', { details: `An EVM chain id for a name coin type must be a positive integer below 2147483648; received ${String(chainId)}.` })
  }
}

/**
 * The name-service coin type of an EVM chain (ENSIP-11): 60 on Ethereum mainnet, else `0x80000000 | chainId`.
 * @throws InvalidChainIdError when the chain id is not an integer in 1..2147483647 (spec §5).
 */
export function evmCoinType(chainId: number): number {
  if (!Number.isInteger(chainId) || chainId <= 0 || chainId >= 2147483648) throw new InvalidChainIdError(chainId)
  return chainId === 1 ? 60 : (0x80000000 | chainId) >>> 0
}
