/**
 * The name-service coin type of an EVM chain (ENSIP-11), in a module without viem: `ui/createModal.ts` reads it for
 * name resolution, and importing it from here keeps viem's checksum code (adapters/address.ts) out of the page's
 * first JS. adapters/address.ts re-exports both names.
 */
import { BaseError } from './errors.ts'
import { preview } from '../kernel/urls.ts'

/** Thrown by {@link evmCoinType} (spec §5 'Invalid chainId'). */
export class InvalidChainIdError extends BaseError {
  static override docsPath = '/errors/InvalidChainIdError'
  override name = 'InvalidChainIdError'
  constructor(chainId: unknown) {
    super('Invalid chainId', { details: `An EVM chain id for a name coin type must be a positive integer below 2147483648; received ${preview(chainId)}.` })
  }
}

/**
 * The name-service coin type of an EVM chain (ENSIP-11): 60 on Ethereum mainnet, else `0x80000000 | chainId`.
 * @throws InvalidChainIdError when the chain id is not an integer in 1..2147483647 (spec §5).
 * @example evmCoinType(1) // 60
 * @example evmCoinType(10) // 2147483658
 */
export function evmCoinType(chainId: number): number {
  if (!Number.isInteger(chainId) || chainId <= 0 || chainId >= 2147483648) throw new InvalidChainIdError(chainId)
  return chainId === 1 ? 60 : (0x80000000 | chainId) >>> 0
}
