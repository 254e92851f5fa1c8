import type { TokenBalance } from '../services/schemas.ts'

/**
 * The send feature's token helpers, in a module of their own: the send views' model (`send.connect.ts`, in the page's
 * first JS through `ui/hooks.ts`) uses them without pulling the send machine in. `send.ts` re-exports
 * them.
 */

/**
 * A token's key in the picker: its CAIP-10 address, or `<caipNetworkId>:native` for the native currency.
 * @example tokenKey({ address: undefined, chainId: 'eip155:1' }) // 'eip155:1:native'
 */
export function tokenKey(token: Pick<TokenBalance, 'address' | 'chainId'>): string {
  return token.address ?? `${token.chainId}:native`
}

/**
 * Tokens the form can send: fungible (decimals not '0', spec §5) with a positive balance.
 * @example sendableTokens(balances).map(tokenKey) // ['eip155:1:native', 'eip155:1:0xdAC1…']
 */
export function sendableTokens(balances: readonly TokenBalance[]): TokenBalance[] {
  return balances.filter((t) => t.quantity.decimals !== '0' && /[1-9]/.test(t.quantity.numeric))
}

/**
 * An amount in a token's smallest unit as a decimal string in whole tokens, exact (no floating point, no rounding),
 * trailing zeros dropped: what viem's `formatUnits` answers, without viem in the page's first JS.
 * @param value the amount in the smallest unit (wei, lamports, satoshis); negative amounts keep their sign.
 * @param decimals the token's decimals (18 for ETH); 0 returns the integer.
 * @example formatUnits(21000000000000n, 18) // '0.000021'
 * formatUnits(-1500n, 3) // '-1.5'
 */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}
