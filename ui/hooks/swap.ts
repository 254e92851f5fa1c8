import { useSelector } from '../useSelector.ts'
import { connectSwap, type SwapView } from '../../machines/swap.connect.ts'
import type { SwapMessage } from '../../machines/swap.messages.ts'
import type { Copy } from '../locales/en.ts'
import { same, useDeliver, useEnsureFeature, useFeatureActor, useLocale } from '../hooks.ts'

/*
 * The swap feature's hook: the form, the token picker and the review (spec §2 "Swap takes swap arguments", §7 convert). Only the swap views import this
 * module, so its view model stays out of the page's first JS.
 */

/**
 * The swap views' model and the gestures: form edits go to the swap machine through `feature.deliver`; navigation
 * (token picker, review, confirm) goes through the feature's registration, which moves the view stack.
 */
export function useSwapFlow(): SwapView & {
  setAmount(amount: string): void
  setMax(): void
  flip(): void
  chooseToken(side: 'from' | 'to'): void
  pickToken(side: 'from' | 'to', address: string): void
  setSlippage(slippage: string): void
  review(): void
  confirm(): void
  retry(): void
  /** Sent, status unknown: look at the chain again. */
  recheck(): void
  /** Sent, status unknown: leave it to Account. */
  dismiss(): void
} {
  useEnsureFeature('swap')
  const locale = useLocale()
  const view = useSelector(useFeatureActor('swap'), (s) => connectSwap(s, locale), same)
  const deliver = useDeliver('swap')
  return {
    ...view,
    setAmount: (amount) => deliver({ type: 'swap.setAmount', amount }),
    setMax: () => deliver({ type: 'swap.setMax' }),
    flip: () => deliver({ type: 'swap.flip' }),
    chooseToken: (side) => deliver({ type: 'swap.chooseToken', side }),
    pickToken: (side, address) => deliver({ type: 'swap.pickToken', side, address }),
    setSlippage: (slippage) => deliver({ type: 'swap.setSlippage', slippage }),
    review: () => deliver({ type: 'swap.review' }),
    confirm: () => deliver({ type: 'swap.confirm' }),
    retry: () => deliver({ type: 'swap.retry' }),
    recheck: () => deliver({ type: 'swap.recheck' }),
    dismiss: () => deliver({ type: 'swap.dismiss' }),
  }
}

/**
 * The words of a swap message (`ui/locales/en.ts` `swap.messages`), its values in their places.
 * @example swapMessageText(en, { key: 'insufficient', values: { symbol: 'DEV' } }) // 'Insufficient DEV balance'
 */
export function swapMessageText(copy: Pick<Copy, 'swap'>, message: SwapMessage): string {
  const words = copy.swap.messages
  const { symbol = '', decimals = 0 } = message.values ?? {}
  switch (message.key) {
    case 'tooManyDecimals':
      return words.tooManyDecimals(symbol, decimals)
    case 'insufficient':
      return words.insufficient(symbol)
    case 'unknownToken':
      return words.unknownToken(symbol)
    default:
      return words[message.key]
  }
}
