import { parseUnits } from 'viem'
import { parseAddress } from '../adapters/address.ts'
import { parseCaipAddress } from '../adapters/networks.ts'
import type { TokenBalance } from '../services/schemas.ts'
import { sendMessageRefs, type SendMessage } from './send.messages.ts'

/*
 * The send form's amounts and receivers (spec §5 validation), pure functions the send machine's guards use; re-exported
 * by `send.ts`.
 */

/** The contract address of a token balance (the last part of its CAIP-10 address); undefined for the native currency. */
export function tokenContractAddress(token: Pick<TokenBalance, 'address'>): string | undefined {
  return token.address?.split(':').at(-1)
}

/** A token's balance in its smallest unit; 0n when the API's number is malformed. */
export function tokenBalanceUnits(token: TokenBalance): bigint {
  try {
    return parseUnits(token.quantity.numeric, Number(token.quantity.decimals))
  } catch {
    return 0n
  }
}

/**
 * Parses a typed amount with the token's decimals (viem `parseUnits`), never through floating point.
 * @returns the smallest-unit amount, or the message to show (spec §5 and this build's amount messages).
 */
export function parseAmount(amount: string, token: TokenBalance): { ok: true; value: bigint } | { ok: false; message: SendMessage } {
  const text = amount.trim()
  const decimals = Number(token.quantity.decimals)
  if (/^-/.test(text)) return { ok: false, message: sendMessageRefs.notPositive }
  if (!/^(\d+\.?\d*|\.\d+)$/.test(text)) return { ok: false, message: sendMessageRefs.invalidAmount }
  const fraction = text.split('.')[1] ?? ''
  if (fraction.length > decimals) return { ok: false, message: sendMessageRefs.tooManyDecimals(token.symbol, decimals) }
  const value = parseUnits(text.startsWith('.') ? `0${text}` : text, decimals)
  if (value <= 0n) return { ok: false, message: sendMessageRefs.notPositive }
  return { ok: true, value }
}

export type ParseReceiverParameters = { target: { namespace: string; caipNetworkId: string }; receiver: string }
export type ParseReceiverReturnType = { ok: true; address: string } | { ok: false; message: SendMessage }

/**
 * Reads a typed receiver address (spec §5) for the network the form sends on:
 *
 * - a plain address of the target's namespace ({@link parseAddress}: on eip155 40 hex digits with an optional `0x`,
 *   a mixed-case one with a valid checksum), returned in its canonical form (checksummed `0x…` on eip155);
 * - a chain-qualified CAIP-10 address `namespace:reference:address` (three non-empty parts, known namespace, else
 *   'Invalid CAIP-10 address'), accepted only when its CAIP-2 network is the target's (else
 *   {@link sendMessageRefs.receiverOnOtherNetwork}), its address part read as above.
 *
 * Names (`alice.reown.id`) are not addresses: the machine resolves them. Never throws.
 * @example parseReceiver({ target, receiver: 'eip155:31337:70997970c51812dc3a010c7d01b50e0d17dc79c8' })
 * // { ok: true, address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } when target.caipNetworkId is 'eip155:31337'
 */
export function parseReceiver({ target, receiver }: ParseReceiverParameters): ParseReceiverReturnType {
  const text = receiver.trim()
  let namespace: string = target.namespace
  let address = text
  if (text.includes(':')) {
    let caip: ReturnType<typeof parseCaipAddress>
    try {
      caip = parseCaipAddress(text)
    } catch {
      return { ok: false, message: sendMessageRefs.invalidCaipAddress }
    }
    const network = `${caip.chainNamespace}:${caip.chainId}`
    if (network !== target.caipNetworkId) return { ok: false, message: sendMessageRefs.receiverOnOtherNetwork(network) }
    namespace = caip.chainNamespace
    address = caip.address
  }
  try {
    return { ok: true, address: parseAddress(namespace, address) }
  } catch {
    return { ok: false, message: sendMessageRefs.invalidReceiver }
  }
}

/**
 * A native Max keeps twice the estimated fee: EIP-1559 wallets commit gas × maxFeePerGas (about 1.2 × the
 * base fee plus a tip), more than gas × eth_gasPrice, and refuse a transfer that leaves less.
 */
export const feeReserveFactor = 2n
