import { assign, fromPromise, setup } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import type { RemoteFeatures } from '../services/features.schema.ts'
import { ignoredConfigurationWarning, resolveFeatures, type Features } from '../services/features.ts'
import type { FeatureReport, RootMoment } from './features.ts'
import { reportAction } from './system.ts'
import { machineTypes } from './machineTypes.ts'

/** Alert keys and texts of spec §8 that the project configuration can raise. */
export const alerts = {
  PROJECT_ID_NOT_CONFIGURED: { title: 'Project ID Not Configured', message: 'Set the projectId option to the id of your project.' },
  UNVERIFIED_DOMAIN: { title: 'Invalid App Configuration', message: "This origin is not on the project's allowlist. Add it in the dashboard." },
  RATE_LIMITED: { title: 'Rate Limited', message: 'Too many requests: the project configuration could not be checked.' },
  SERVER_ERROR: { title: 'Server Error', message: 'Failed to get app configuration.' },
  LOCAL_CONFIGURATION_IGNORED: { title: 'Local configuration ignored', message: '' },
} as const
export type AlertKey = keyof typeof alerts

/** What the config actor returns: the remote config (or 'failed'), and the allowed origins (or an error code). */
export type RemoteConfigResult = {
  config: { features: RemoteFeatures } | 'failed' | undefined
  origins: string[] | 'RATE_LIMITED' | 'SERVER_ERROR'
}

export type RemoteConfigContext = {
  projectId: string
  /** The dapp's `features` option: remote-controlled and local-only keys (spec §9). */
  local: Partial<Features>
  basic: boolean
  /** The page origin, checked against the allowed origins. */
  origin: string
  /**
   * The one resolved feature set: resolved from the local options at start, again when the remote
   * config arrives (or fails). Views select it (`useFeatures()`), the public state carries it (`getState().features`).
   */
  features: Features
  ignored: string[]
}

export type RemoteConfigInput = {
  projectId: string
  local?: Partial<Features>
  basic?: boolean
  origin?: string
  /**
   * The project's config as this browser last heard it (`services/remoteConfigMemory.ts`), if kept: the features are
   * resolved with it until the fresh answer (the root's first flags are too, so the first frame shows them).
   */
  remembered?: { features: RemoteFeatures } | undefined
}
/** The root's moments: the modal opening (`root.opened`) loads the config the first time. */
export type RemoteConfigEvent = RootMoment

/** An alert of spec §8 as the root's report (shown in debug mode, each once). */
const alertReport = (key: AlertKey): FeatureReport => ({ type: 'feature.alert', key, ...alerts[key] })
/** The resolved features as the root's report (its feature set). */
const reportFeatures = { type: 'report', params: ({ context }: { context: RemoteConfigContext }): FeatureReport => ({ type: 'feature.flags', features: context.features }) } as const
/** The "local configuration ignored" notice as the root's report, when the remote config overrode local options. */
const reportIgnoredIfAny = {
  type: 'report',
  params: ({ context }: { context: RemoteConfigContext }): FeatureReport | undefined => {
    const message = ignoredConfigurationWarning(context.ignored)
    return message ? { type: 'feature.alert', key: 'LOCAL_CONFIGURATION_IGNORED', title: alerts.LOCAL_CONFIGURATION_IGNORED.title, message } : undefined
  },
} as const

const notProvided = () => () => {
  throw new ActorNotProvidedError('remoteConfig', 'loadRemoteConfig')
}

/** True when `origin` matches an allowed origin; `*` alone matches any origin, inside a pattern any port (`http://127.0.0.1:*`) or subdomain (`https://*.example.org`). */
export function isOriginAllowed(origin: string, allowed: readonly string[]): boolean {
  return allowed.some((pattern) => {
    // A bare `*` allows any origin (what the assembly answers when no directory is configured: nothing to check).
    if (pattern === origin || pattern === '*') return true
    if (!pattern.includes('*')) return false
    const re = new RegExp(
      `^${pattern
        .split('*')
        .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*')}$`,
    )
    return re.test(origin)
  })
}

/**
 * The project's remote configuration (spec §6, §8) and the resolved feature set it decides: loaded once, on the first
 * opening of the modal (nothing is requested before). Until it answers, the features are the local options under the
 * config this browser last heard for the project (`input.remembered`, kept by `rememberAnswer` at each answer: the first
 * frame of a later page shows what the last answer decided, instead of the email field or the social buttons popping in
 * or out under the visitor's finger a round trip after it); the local options alone when none was kept, and when nothing is
 * fetched (`context.features` covers every feature, the local-only send, receive, allWallets and pay too); basic mode
 * turns remote features off; a remote config overrides local settings with a warning naming what was
 * ignored; analytics turns off when the config call fails. A missing project id, an origin not on the
 * allowlist, 429 and 5xx raise the spec's alerts (reported to the root as `feature.alert`: it shows each once, in
 * debug mode). Every resolution is reported to the root as `feature.flags` with the features (the root's feature
 * set, which it hands on as `root.flags`: the account machine's activity flag). The first `root.opened` loads it.
 */
export const remoteConfigMachine = setup({
  types: machineTypes<{ context: RemoteConfigContext; events: RemoteConfigEvent; input: RemoteConfigInput }>(),
  actors: {
    loadRemoteConfig: fromPromise<RemoteConfigResult, { projectId: string }>(notProvided()),
  },
  guards: {
    hasNoProjectId: ({ context }) => context.projectId.trim() === '',
    /** Params: what `loadRemoteConfig` answered. */
    isRateLimited: (_, result: RemoteConfigResult) => result.origins === 'RATE_LIMITED',
    /** Params: what `loadRemoteConfig` answered. */
    isServerError: (_, result: RemoteConfigResult) => result.origins === 'SERVER_ERROR',
    /** Params: what `loadRemoteConfig` answered. */
    isOriginNotAllowed: ({ context }, { origins }: RemoteConfigResult) => {
      return Array.isArray(origins) && !isOriginAllowed(context.origin, origins)
    },
  },
  actions: {
    /** Params: what `loadRemoteConfig` answered. */
    apply: assign(({ context }, { config }: RemoteConfigResult) => {
      const r = resolveFeatures(context.local, config, { basic: context.basic })
      return { features: r.features, ignored: r.ignored }
    }),
    applyFailure: assign(({ context }) => ({ features: resolveFeatures(context.local, 'failed', { basic: context.basic }).features, ignored: [] })),
    /** Tells the root (the parent) a report: the features, an alert (none: nothing). */
    report: reportAction<RemoteConfigContext, RemoteConfigEvent>(),
    /**
     * Keeps what the call answered for the next page's first frame (provided at assembly: the modal's storage,
     * `services/remoteConfigMemory.ts`): a found config is remembered for the project; none (the call failed, or no
     * directory) forgets it, so the next page starts from the local options as this one ended. Params: the answer's config.
     */
    rememberAnswer: (_, _config: RemoteConfigResult['config']) => {},
  },
}).createMachine({
  id: 'remoteConfig',
  context: ({ input }) => {
    const local = input.local ?? {}
    return {
      projectId: input.projectId,
      local,
      basic: input.basic ?? false,
      origin: input.origin ?? '',
      features: resolveFeatures(local, input.remembered, { basic: input.basic ?? false }).features,
      ignored: [],
    }
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'root.opened': [{ guard: 'hasNoProjectId', target: 'failed', actions: ['applyFailure', { type: 'report', params: alertReport('PROJECT_ID_NOT_CONFIGURED') }, reportFeatures] }, { target: 'loading' }],
      },
    },
    loading: {
      invoke: {
        id: 'loadRemoteConfig',
        src: 'loadRemoteConfig',
        input: ({ context }) => ({ projectId: context.projectId }),
        onDone: [
          {
            guard: { type: 'isRateLimited', params: ({ event }) => event.output },
            target: 'ready',
            actions: [
              { type: 'apply', params: ({ event }) => event.output },
              { type: 'rememberAnswer', params: ({ event }) => event.output.config },
              { type: 'report', params: alertReport('RATE_LIMITED') },
            ],
          },
          {
            guard: { type: 'isServerError', params: ({ event }) => event.output },
            target: 'ready',
            actions: [
              { type: 'apply', params: ({ event }) => event.output },
              { type: 'rememberAnswer', params: ({ event }) => event.output.config },
              { type: 'report', params: alertReport('SERVER_ERROR') },
            ],
          },
          {
            guard: { type: 'isOriginNotAllowed', params: ({ event }) => event.output },
            target: 'ready',
            actions: [
              { type: 'apply', params: ({ event }) => event.output },
              { type: 'rememberAnswer', params: ({ event }) => event.output.config },
              { type: 'report', params: alertReport('UNVERIFIED_DOMAIN') },
            ],
          },
          {
            target: 'ready',
            actions: [
              { type: 'apply', params: ({ event }) => event.output },
              { type: 'rememberAnswer', params: ({ event }) => event.output.config },
            ],
          },
        ],
        onError: { target: 'failed', actions: ['applyFailure', { type: 'rememberAnswer', params: 'failed' }, reportFeatures] },
      },
    },
    ready: {
      entry: [reportIgnoredIfAny, reportFeatures],
    },
    /** No remote config: local options, analytics off. */
    failed: {},
  },
})
