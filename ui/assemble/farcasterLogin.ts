import { fromPromise } from 'xstate'
import type { FrameUser } from '../../adapters/frame.protocol.ts'
import { farcasterLoginMachine } from '../../machines/farcasterLogin.ts'
import type { FrameClient } from './frameClient.ts'
import type { FeatureHost } from './host.ts'
import { FeatureDependencyError } from '../errors.ts'

/**
 * The Farcaster login machine's actors over the embedded wallet's frame client:
 * - `getFarcasterUri`: APP_GET_FARCASTER_URI → the request URL;
 * - `connectFarcaster`: APP_CONNECT_FARCASTER (the frame polls the relay every second) → the user;
 * - `reloadAuth`: APP_RELOAD (spec §2: the auth connector reloaded after leaving ConnectingFarcaster).
 */
export function farcasterLoginActors(client: () => Promise<FrameClient>) {
  return {
    getFarcasterUri: fromPromise<{ url: string }, void>(async ({ signal }) => (await client()).request('GET_FARCASTER_URI', {}, { signal })),
    connectFarcaster: fromPromise<FrameUser, void>(async ({ signal }) => (await client()).request('CONNECT_FARCASTER', {}, { signal })),
    reloadAuth: fromPromise<void, void>(async ({ signal }) => {
      await (await client()).request('RELOAD', {}, { signal })
    }),
  }
}

/** The Farcaster login machine on this instance's embedded wallet. */
export function assemble(host: FeatureHost) {
  const embedded = host.embeddedWallet
  if (!embedded) throw new FeatureDependencyError('Unable to load Farcaster login dependency')
  return farcasterLoginMachine.provide({ actors: farcasterLoginActors(async () => embedded.client) })
}
