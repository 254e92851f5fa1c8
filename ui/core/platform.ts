import type { ModalOptions } from '../types.ts'

/**
 * The catalogue's device filter (spec §6): the `platform` option, else `mobile` on a phone (the user agent's client
 * hints, else its string), else none. `'none'` turns the filter off.
 * @example resolvePlatform(undefined) // 'mobile' on a phone, undefined on a desktop
 */
export function resolvePlatform(option: ModalOptions['platform']): 'mobile' | 'links' | undefined {
  if (option === 'none') return undefined
  if (option) return option
  const nav = globalThis.navigator as (Navigator & { userAgentData?: { mobile?: boolean } }) | undefined
  const mobile = nav?.userAgentData?.mobile ?? /Android|iPhone|iPad|iPod|Mobi/i.test(nav?.userAgent ?? '')
  return mobile ? 'mobile' : undefined
}
