/**
 * An address as the development wallets' account selects show it: its first 6 and last 4 characters around an
 * ellipsis (`0xf39F…2266`, `bcrt1q…k8x3`), so the whole label fits beside the select's chevron on a phone; the full
 * address is the option's title.
 *
 * @param address any address (0x, base58, bech32).
 * @returns the short form, or the address itself when it has 12 characters or fewer.
 * @example shortAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // '0xf39F…2266'
 */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}
