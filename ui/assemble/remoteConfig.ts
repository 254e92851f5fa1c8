import { fromPromise } from 'xstate'
import { remoteConfigMachine, type RemoteConfigResult } from '../../machines/remoteConfig.ts'
import { forgetConfig, rememberConfig } from '../../services/remoteConfigMemory.ts'
import type { FeatureHost } from './host.ts'

/**
 * The remote-config machine (spec §6 project config, §5 allowed origins) on this instance's directory; without a
 * directory every origin is allowed and the local options stand. Each answer is kept in this instance's storage for the
 * next page's first frame (`services/remoteConfigMemory.ts`): a found config remembered, none forgotten.
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
    actions: {
      rememberAnswer: ({ context }, config) => {
        if (config === undefined || config === 'failed') forgetConfig(host.storage, context.projectId)
        else rememberConfig(host.storage, context.projectId, config)
      },
    },
  })
}
