/**
 * viem's address and hex utilities the EVM adapter uses (EIP-55 checksums with keccak-256, hex quantities, UTF-8 as
 * hex), in a module of their own: `adapters/eip155.ts` imports it on first use (the first wallet answer, a chain
 * switch, a signature), so neither viem nor `@noble/hashes` is in the page's first JS.
 *
 * @example
 * const { getAddress } = await import('./eip155.encoding.ts')
 * getAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266') // '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
 */
export { getAddress, isAddress, numberToHex, stringToHex } from 'viem'
