/**
 * The Send feature's user-visible strings (spec §5), in a module of their own: the public entry (`ui/index.ts`) and
 * the root re-export them without pulling the send machine into the page's first JS (issue 15 §4).
 */
const otherNetworkMessage = 'This address is on another network'

/** The spec's validation messages (§5), word for word, and this build's own for the amount and receiver. */
export const sendMessages = {
  required: 'An amount and receiver address are required',
  tokenRequired: 'A token is required',
  unsupportedChain: 'Unsupported chain',
  invalidAmount: 'Enter a valid amount',
  notPositive: 'The amount must be greater than 0',
  tooManyDecimals: (symbol: string, decimals: number) => `Too many decimals: ${symbol} allows ${decimals}`,
  insufficient: (symbol: string) => `Insufficient ${symbol} balance`,
  insufficientForFee: (symbol: string) => `Not enough ${symbol} to pay the network fee`,
  invalidReceiver: 'Invalid receiver address',
  /** Spec §5: a chain-qualified (CAIP-10) receiver that is not three non-empty parts with a known namespace. */
  invalidCaipAddress: 'Invalid CAIP-10 address',
  /** A CAIP-10 receiver of another network than the one the form sends on. */
  receiverOnOtherNetwork: (caipNetworkId: string) => `${otherNetworkMessage} (${caipNetworkId})`,
  nameNotFound: 'No address found for this name',
  nameResolving: 'Looking up the name, try again in a moment',
  reverted: 'The transaction failed on chain',
} as const

/** Whether a form message is about the receiver (the view marks only that input invalid and described by it). */
export function isReceiverMessage(message: string): boolean {
  return (
    message === sendMessages.invalidReceiver ||
    message === sendMessages.invalidCaipAddress ||
    message === sendMessages.nameNotFound ||
    message === sendMessages.nameResolving ||
    message.startsWith(`${otherNetworkMessage} (`)
  )
}
