import * as v from 'valibot'
import type { FeatureOptions } from './features.ts'
import type { OptionsDeclaredBy } from './manifests.ts'

/** The on-ramp's keys of `createModal`'s options (spec §9). */
export type OnrampModalOptions = {
  /**
   * The on-ramp's providers, in the order offered (spec §9: `meld` and `coinbase`, fees shown as 1-2 %, by default):
   * `id` is what the blockchain API's on-ramp URL and history take, `name` and `fees` what Buy shows. An empty list, or a
   * provider without an `id` or a `name`, throws `InvalidOptionsError` at `options.onrampProviders`.
   */
  onrampProviders?: Array<{ id: string; name: string; fees: string }>
}

/** The on-ramp's options: a non-empty list of providers, each with a non-empty `id` and `name` and its `fees` text. */
export const onrampOptions: FeatureOptions<OptionsDeclaredBy<'onramp'>> = {
  schemas: {
    onrampProviders: v.optional(v.pipe(v.array(v.object({ id: v.pipe(v.string(), v.nonEmpty()), name: v.pipe(v.string(), v.nonEmpty()), fees: v.string() })), v.minLength(1))),
  },
}
