import * as v from 'valibot'
import type { SiwxConfig } from '../kernel/siwx.ts'
import { booleanOption, checkShape, fn, InvalidOptionsError } from '../kernel/optionChecks.ts'
import type { FeatureOptions } from './features.ts'
import type { OptionsDeclaredBy } from './manifests.ts'
import { siwxMessages } from './siwx.messages.ts'

/** The sign-in's keys of `createModal`'s options (spec §3 "siwx", §4 "Sign-in (SIWX)", §5). */
export type SiwxModalOptions = {
  /**
   * Sign in with the wallet (spec §3 "siwx", §4 "Sign-in (SIWX)"): after connecting, the visitor signs a CAIP-122
   * message (EIP-4361 on eip155) unless a session for the account and chain exists. `createSiwx({ url })` is the
   * default on the project's SIWX API; any {@link SiwxConfig} works. `required: true` keeps the modal open until
   * a session exists.
   */
  siwx?: SiwxConfig
  /**
   * The legacy sign-in option of other modals. Not supported: pass `siwx`. Setting both is refused with
   * "Cannot set both `siweConfig` and `siwx` options" (spec §5).
   */
  siweConfig?: unknown
}

/** The methods a `siwx` config must have (spec §3 SIWX). */
const siwxMethods = ['createMessage', 'addSession', 'getSessions', 'revokeSession'] as const

/**
 * The sign-in's options (spec §3 SIWX, §5): `siwx` has its four methods (`createMessage`, `addSession`, `getSessions`,
 * `revokeSession`), an optional `signMessage` function and the `required` and `signOutOnDisconnect` booleans;
 * `siweConfig` is refused, alone or beside `siwx` ("Cannot set both `siweConfig` and `siwx` options").
 * @throws InvalidOptionsError naming `options.siwx` or `options.siweConfig`.
 */
export const siwxOptions: FeatureOptions<OptionsDeclaredBy<'siwx'>> = {
  // The check says it all, with the messages of spec §5.
  schemas: { siwx: v.unknown(), siweConfig: v.unknown() },
  check(o) {
    if (o.siwx !== undefined && o.siweConfig !== undefined) throw new InvalidOptionsError(siwxMessages.bothConfigs, { option: 'options.siweConfig' })
    if (o.siweConfig !== undefined) {
      throw new InvalidOptionsError('`siweConfig` is not supported', { option: 'options.siweConfig', details: 'Pass `siwx` (for example `createSiwx({ url })`) instead.' })
    }
    if (o.siwx !== undefined) {
      const siwx = o.siwx
      const missing = siwxMethods.filter((m) => !(typeof siwx === 'object' && siwx !== null && typeof Reflect.get(siwx, m) === 'function'))
      if (missing.length) throw new InvalidOptionsError('Invalid `siwx` option', { option: 'options.siwx', details: `Missing methods: ${missing.join(', ')}.` })
      checkShape(v.looseObject({ signMessage: v.optional(fn), required: booleanOption, signOutOnDisconnect: booleanOption }), siwx, ['siwx'])
    }
  },
}
