import { siwxActors } from '../../adapters/actors.features.ts'
import { siwxMachine } from '../../machines/siwx.ts'
import { timing } from '../../machines/timing.ts'
import type { FeatureHost } from './host.ts'

/**
 * The SIWX machine (spec §4 "Sign-in (SIWX)") on the `siwx` option. The option is the dapp's code: its calls go
 * through the boundary (timeouts, typed errors, validation).
 */
export function assemble(host: FeatureHost) {
  return siwxMachine.provide({
    actors: siwxActors({ config: host.siwx, signWithWallet: host.signWithWallet, timeout: timing.siwxRequestTimeout, clock: host.clock }),
  })
}
