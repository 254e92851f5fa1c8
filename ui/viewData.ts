import type { ViewData, ViewName } from '../machines/views.ts'
import { InvalidOptionsError } from './options.ts'

/**
 * Checks `open({ view, data })`'s swap arguments (spec §2 "Swap takes swap arguments"): only `Swap` takes them;
 * `fromToken` and `toToken` are non-empty strings (a symbol, a CAIP-10 or 0x address), `amount` a positive decimal
 * number of whole tokens written as text ('0.5'; never a JS number, which would lose digits).
 * @throws InvalidOptionsError naming the bad argument.
 */
export function checkViewData(view: ViewName | undefined, data: ViewData | undefined): void {
  if (data === undefined) return
  if (typeof data !== 'object' || data === null) throw new InvalidOptionsError(`open({ view, data }): data must be an object, got ${typeof data}`)
  const swapKeys = ['fromToken', 'toToken', 'amount'] as const
  const given = swapKeys.filter((k) => (data as Record<string, unknown>)[k] !== undefined)
  if (given.length === 0) return
  if (view !== 'Swap') throw new InvalidOptionsError(`open(): ${given.join(', ')} are swap arguments: pass them with view 'Swap'`)
  for (const key of ['fromToken', 'toToken'] as const) {
    const value = (data as Record<string, unknown>)[key]
    if (value !== undefined && (typeof value !== 'string' || value.trim() === '')) {
      throw new InvalidOptionsError(`open({ view: 'Swap' }): data.${key} must be a token symbol or address (a non-empty string), got ${JSON.stringify(value)}`)
    }
  }
  const amount = (data as Record<string, unknown>).amount
  if (amount !== undefined && (typeof amount !== 'string' || !/^(\d+\.?\d*|\.\d+)$/.test(amount.trim()) || !/[1-9]/.test(amount))) {
    throw new InvalidOptionsError(`open({ view: 'Swap' }): data.amount must be a positive number of whole tokens as text (e.g. '0.5'), got ${JSON.stringify(amount)}`)
  }
}
