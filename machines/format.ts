import { formatUnits } from './send.tokens.ts'

/**
 * Floors a balance to 3 decimals for display (spec §5): `'1.23456' → '1.234'`, default `'0.000'`.
 * @param value smallest unit (wei) as bigint or decimal string; anything unparsable shows the default.
 * @param decimals the token's decimals (18 for ETH).
 * @example formatBalance(1234567890000000000n, 18) // '1.234'
 */
export function formatBalance(value: bigint | string | undefined, decimals: number): string {
  if (value === undefined) return '0.000'
  let wei: bigint
  try {
    wei = typeof value === 'bigint' ? value : BigInt(value)
  } catch {
    return '0.000'
  }
  const [whole = '0', fraction = ''] = formatUnits(wei, decimals).split('.')
  return `${whole}.${fraction.padEnd(3, '0').slice(0, 3)}`
}

/** `0xf39F…2266`: the first 6 and last 4 characters of an address. Short strings are returned as they are. */
export function truncateAddress(address: string | undefined, head = 6, tail = 4): string {
  if (!address) return ''
  if (address.length <= head + tail + 1) return address
  return `${address.slice(0, head)}…${address.slice(-tail)}`
}
