import type { FeatureRegistration } from './features.ts'
import type { SiwxInput } from './siwx.ts'
import { defineFeature } from './features.ts'
import type { siwxMachine } from './siwx.ts'
import type { SiwxModalOptions } from './siwx.options.ts'

/**
 * Sign in with the wallet (spec §4 "Sign-in (SIWX)") as a feature: exists when the `siwx` option is set, is brought by
 * the first account moment with an account (`wakesOn`: a connection, a restore, another account or chain; not another
 * namespace becoming active), holds SIWXSignMessage, and keeps the modal open after a connection until the session
 * check answers. Its chart (`machines/siwx.ts`) does the rest: the prompt opens the modal, a required sign-in blocks
 * closing, a cancel disconnects, returns the wallet to the signed-in network, or closes; the modal dismissed while
 * prompting (`root.closed`) is a cancel, a refused return (`root.network`) the prompt again.
 *
 * @param options.enabled the `siwx` option is set.
 * @param options.input the option's flags (required, sign out on disconnect).
 */
export function siwxFeature(options: { enabled: boolean; input?: SiwxInput | undefined }): FeatureRegistration {
  return {
    id: 'siwx',
    available: () => options.enabled,
    input: () => options.input ?? {},
    // Sessions are per address and chain: the machine is brought by the first account moment with an account.
    wakesOn: { account: (_account, change) => change !== 'switched' },
    // A sign-in waits for the visitor: opening shows its view, whatever else was asked.
    opensOn: { tag: 'awaitingSession', view: 'SIWXSignMessage' },
    holdsConnect: true,
  }
}

/** Sign in with the wallet (SIWX, spec §4): on with the `siwx` option, not a feature-set flag. */
export const siwxManifest = defineFeature<typeof siwxMachine, never, SiwxModalOptions>()({
  id: 'siwx',
  views: { SIWXSignMessage: { reachableWith: { option: 'siwx' } } },
  holdsViews: true,
  // The option's flags; its methods reach the machine through the host (`FeatureHost.siwx`).
  settingsFrom: ({ siwx }) => (siwx ? { siwx: { required: siwx.required ?? false, ...(siwx.signOutOnDisconnect !== undefined ? { signOutOnDisconnect: siwx.signOutOnDisconnect } : {}) } } : {}),
  register: (settings: { siwx?: SiwxInput | undefined }) => siwxFeature({ enabled: settings.siwx !== undefined, input: settings.siwx }),
})
