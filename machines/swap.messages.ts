/**
 * The Swap feature's messages as keys and values (as `send.messages.ts` does for Send): the swap machine names a
 * message, the views take its words from the copy catalogue (`ui/locales/en.ts` `swap.messages`, spec §8's two swap
 * strings word for word), so another locale needs no machine change. A module of its own: the views read the keys
 * without pulling the swap machine into the page's first JS.
 */

/**
 * What a swap message is about:
 * - `networkNotSupported` ('Network not supported for Swaps', spec §8), `gasPriceNotSupported` ('Network not supported
 *   for Gas Price', spec §8), `loadFailed`: the form cannot open;
 * - `invalidAmount`, `notPositive`, `tooManyDecimals` (`symbol`, `decimals`), `insufficient` (`symbol`): the amount;
 * - `sameToken`, `unknownToken` (`symbol`: what was asked): the tokens;
 * - `noLiquidity`, `quoteFailed`: the quote;
 * - `invalidSlippage`, `priceMoved`, `allowanceShort`, `reverted`: the review and the wallet's outcome.
 */
export type SwapMessageKey =
  | 'networkNotSupported'
  | 'gasPriceNotSupported'
  | 'loadFailed'
  | 'invalidAmount'
  | 'notPositive'
  | 'tooManyDecimals'
  | 'insufficient'
  | 'sameToken'
  | 'unknownToken'
  | 'noLiquidity'
  | 'quoteFailed'
  | 'invalidSlippage'
  | 'priceMoved'
  | 'allowanceShort'
  | 'reverted'

/** The values a message's words take: a token's symbol and decimals. */
export type SwapMessageValues = { symbol?: string; decimals?: number }

/** A message the swap machine carries: its key and the values its words need. */
export type SwapMessage = { key: SwapMessageKey; values?: SwapMessageValues }

const ref = (key: SwapMessageKey): SwapMessage => ({ key })

/**
 * The swap machine's messages, by key (the words are the catalogue's).
 * @example swapMessageRefs.insufficient('DEV') // { key: 'insufficient', values: { symbol: 'DEV' } }
 */
export const swapMessageRefs = {
  networkNotSupported: ref('networkNotSupported'),
  gasPriceNotSupported: ref('gasPriceNotSupported'),
  loadFailed: ref('loadFailed'),
  invalidAmount: ref('invalidAmount'),
  notPositive: ref('notPositive'),
  tooManyDecimals: (symbol: string, decimals: number): SwapMessage => ({ key: 'tooManyDecimals', values: { symbol, decimals } }),
  insufficient: (symbol: string): SwapMessage => ({ key: 'insufficient', values: { symbol } }),
  sameToken: ref('sameToken'),
  unknownToken: (symbol: string): SwapMessage => ({ key: 'unknownToken', values: { symbol } }),
  noLiquidity: ref('noLiquidity'),
  quoteFailed: ref('quoteFailed'),
  invalidSlippage: ref('invalidSlippage'),
  priceMoved: ref('priceMoved'),
  allowanceShort: ref('allowanceShort'),
  reverted: ref('reverted'),
} as const
