import { fromPromise } from 'xstate'
import { remoteConfigMachine, type RemoteConfigResult } from '../../machines/remoteConfig.ts'
import type { FeatureHost } from './host.ts'

/**
 * The remote-config machine (spec §6 project config, §5 allowed origins) on this instance's directory; without a
 * directory every origin is allowed and the local options stand.
 */
export function assemble(host: FeatureHost) {
  return remoteConfigMachine.provide({
    actors: {
      loadRemoteConfig: fromPromise(async (): Promise<RemoteConfigResult> => {
        const pending = host.directory()
        if (!pending) return { config: undefined, origins: ['*'] }
        const directory = await pending
        const [config, origins] = await Promise.all([
          directory.getProjectConfig().catch(() => 'failed' as const),
          // getAllowedOrigins throws only AllowedOriginsError (RATE_LIMITED, SERVER_ERROR).
          directory.getAllowedOrigins().catch((e: { code: 'RATE_LIMITED' | 'SERVER_ERROR' }) => e.code),
        ])
        return { config, origins }
      }),
    },
  })
}
