/**
 * The Send feature's messages (spec §5) as keys and values: the send machine names a message, the views
 * take its words from the copy catalogue (`ui/locales/en.shell.ts` `sendMessages`, the spec's strings word for word;
 * `ui/errorSentence.ts` `sendMessageText`), so another locale needs no machine change. In a module of its own: the
 * root and the views read the keys without pulling the send machine into the page's first JS.
 */

/**
 * What a send message is about:
 * - `required`, `tokenRequired`, `unsupportedChain`: the form cannot be reviewed (spec §5 strings);
 * - `invalidAmount`, `notPositive`, `tooManyDecimals` (values `symbol`, `decimals`), `insufficient` (`symbol`): the amount;
 * - `invalidReceiver`, `invalidCaipAddress`, `receiverOnOtherNetwork` (`caipNetworkId`), `nameNotFound`,
 *   `nameResolving`: the receiver;
 * - `insufficientForFee` (`symbol`), `reverted`: the preview's failures.
 */
export type SendMessageKey =
  | 'required'
  | 'tokenRequired'
  | 'unsupportedChain'
  | 'invalidAmount'
  | 'notPositive'
  | 'tooManyDecimals'
  | 'insufficient'
  | 'insufficientForFee'
  | 'invalidReceiver'
  | 'invalidCaipAddress'
  | 'receiverOnOtherNetwork'
  | 'nameNotFound'
  | 'nameResolveFailed'
  | 'nameResolving'
  | 'reverted'

/** The values a message's words take: the token's symbol and decimals, a CAIP-2 network id. */
export type SendMessageValues = { symbol?: string; decimals?: number; caipNetworkId?: string }

/** A message the send machine carries: its key and the values its words need. */
export type SendMessage = { key: SendMessageKey; values?: SendMessageValues }

const ref = (key: SendMessageKey): SendMessage => ({ key })

/**
 * The send machine's messages, by key (the words are the catalogue's).
 * @example sendMessageRefs.tooManyDecimals('USDC', 6) // { key: 'tooManyDecimals', values: { symbol: 'USDC', decimals: 6 } }
 */
export const sendMessageRefs = {
  required: ref('required'),
  tokenRequired: ref('tokenRequired'),
  unsupportedChain: ref('unsupportedChain'),
  invalidAmount: ref('invalidAmount'),
  notPositive: ref('notPositive'),
  tooManyDecimals: (symbol: string, decimals: number): SendMessage => ({ key: 'tooManyDecimals', values: { symbol, decimals } }),
  insufficient: (symbol: string): SendMessage => ({ key: 'insufficient', values: { symbol } }),
  insufficientForFee: (symbol: string): SendMessage => ({ key: 'insufficientForFee', values: { symbol } }),
  invalidReceiver: ref('invalidReceiver'),
  /** Spec §5: a chain-qualified (CAIP-10) receiver that is not three non-empty parts with a known namespace. */
  invalidCaipAddress: ref('invalidCaipAddress'),
  /** A CAIP-10 receiver of another network than the one the form sends on. */
  receiverOnOtherNetwork: (caipNetworkId: string): SendMessage => ({ key: 'receiverOnOtherNetwork', values: { caipNetworkId } }),
  nameNotFound: ref('nameNotFound'),
  /** Spec §8 'Error resolving name': the names API failed (not a name without an address). */
  nameResolveFailed: ref('nameResolveFailed'),
  nameResolving: ref('nameResolving'),
  reverted: ref('reverted'),
} as const

const receiverKeys: ReadonlySet<SendMessageKey> = new Set(['invalidReceiver', 'invalidCaipAddress', 'receiverOnOtherNetwork', 'nameNotFound', 'nameResolveFailed', 'nameResolving'])

/** Whether a form message is about the receiver (the view marks only that input invalid and described by it). */
export function isReceiverMessage(message: SendMessage): boolean {
  return receiverKeys.has(message.key)
}
