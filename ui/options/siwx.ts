import * as v from 'valibot'
import { siwxMessages } from '../../machines/siwx.messages.ts'
import { booleanOption, checkShape, fn, InvalidOptionsError, type FeatureOption } from '../optionChecks.ts'

/** The methods a `siwx` config must have (spec §3 SIWX). */
const siwxMethods = ['createMessage', 'addSession', 'getSessions', 'revokeSession'] as const

/**
 * The sign-in's option (spec §3 SIWX, §5): `siwx` has its four methods (`createMessage`, `addSession`, `getSessions`,
 * `revokeSession`), an optional `signMessage` function and the `required` and `signOutOnDisconnect` booleans;
 * `siweConfig` is refused, alone or beside `siwx` ("Cannot set both `siweConfig` and `siwx` options").
 * @throws InvalidOptionsError naming `options.siwx` or `options.siweConfig`.
 */
export const option: FeatureOption = {
  key: 'siwx',
  check(o) {
    if (o.siwx !== undefined && o.siweConfig !== undefined) throw new InvalidOptionsError(siwxMessages.bothConfigs, { option: 'options.siweConfig' })
    if (o.siweConfig !== undefined) {
      throw new InvalidOptionsError('`siweConfig` is not supported', { option: 'options.siweConfig', details: 'Pass `siwx` (for example `createSiwx({ url })`) instead.' })
    }
    if (o.siwx !== undefined) {
      const siwx = o.siwx as Record<string, unknown> | null
      const missing = siwxMethods.filter((m) => typeof siwx?.[m] !== 'function')
      if (missing.length) throw new InvalidOptionsError('Invalid `siwx` option', { option: 'options.siwx', details: `Missing methods: ${missing.join(', ')}.` })
      checkShape(v.looseObject({ signMessage: v.optional(fn), required: booleanOption, signOutOnDisconnect: booleanOption }), siwx, ['siwx'])
    }
  },
}
