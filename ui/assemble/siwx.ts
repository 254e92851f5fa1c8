import { siwxActors } from '../../adapters/actors.features.ts'
import { siwxMachine } from '../../machines/siwx.ts'
import { timing } from '../../machines/timing.ts'
import type { SnapshotFrom } from 'xstate'
import { connectSiwx } from '../../machines/siwx.connect.ts'
import type { FeatureHost, FeaturePublicFace } from './host.ts'

/**
 * The SIWX machine (spec §4 "Sign-in (SIWX)") on the `siwx` option. The option is the dapp's code: its calls go
 * through the boundary (timeouts, typed errors, validation).
 */
export function assemble(host: FeatureHost) {
  return siwxMachine.provide({
    actors: siwxActors({ config: host.siwx, signWithWallet: host.signWithWallet, timeout: timing.siwxRequestTimeout, clock: host.clock }),
  })
}

/**
 * The sign-in's share of the public API (spec §3 "Public state"): `state.siwx` (phase, required, session summary) once
 * the machine is spawned (before: idle, the option's `required`), and `getSiwxSession()`'s session.
 */
export const publicFace: FeaturePublicFace<SnapshotFrom<typeof siwxMachine>> = {
  state(snapshot, state) {
    if (!state.siwx) return state
    const siwx = connectSiwx(snapshot)
    return { ...state, siwx: { phase: siwx.phase, required: siwx.required, session: siwx.session } }
  },
  siwxSession: (snapshot) => snapshot.context.session,
}
