import { describe, expect, test } from 'vitest'
import { fromPromise } from 'xstate'
import type { Features } from '../services/features.ts'
import { flush } from '../tests/harness/deferred.ts'
import { coordination } from '../tests/harness/coordination.ts'
import { isOriginAllowed, remoteConfigMachine, type RemoteConfigInput, type RemoteConfigResult } from './remoteConfig.ts'
import { ForeignError } from '../tests/harness/failures.ts'

/** The config machine run as the root runs it (a child): what it reports to the root is `reported`. */
function run(result: RemoteConfigResult | Error, input: { projectId?: string; local?: object; origin?: string; remembered?: RemoteConfigInput['remembered'] } = {}) {
  let calls = 0
  /** What the machine asked to keep for the next page (`rememberAnswer`'s params), in order. */
  const kept: Array<RemoteConfigResult['config']> = []
  const logic = remoteConfigMachine.provide({
    actors: {
      loadRemoteConfig: fromPromise(async () => {
        calls++
        if (result instanceof Error) throw result
        return result
      }),
    },
    actions: { rememberAnswer: (_, config) => void kept.push(config) },
  })
  const host = coordination({
    id: 'remoteConfig',
    logic,
    input: { projectId: input.projectId ?? 'p', local: input.local ?? {}, origin: input.origin ?? 'http://127.0.0.1:5173', remembered: input.remembered },
  })
  const reported = host.reported as Array<{ type: string; key?: string; message?: string; features?: Features }>
  return { actor: host.feature, reported, calls: () => calls, kept }
}

const opened = { type: 'root.opened', account: undefined } as const

describe('remote config', () => {
  test('behavior: nothing is fetched until the modal first opens; a second open fetches nothing', async () => {
    const h = run({ config: { features: { swaps: false } }, origins: ['http://127.0.0.1:*'] })
    expect(h.calls()).toBe(0)
    h.actor.send(opened)
    await flush()
    h.actor.send(opened)
    expect(h.calls()).toBe(1)
    expect(h.actor.getSnapshot().context.features.swaps).toBe(false)
    expect(h.reported.map((e) => e.type)).toEqual(['feature.flags'])
    expect(h.reported[0]!.features?.swaps).toBe(false)
  })

  test('behavior: a remote config overriding local options emits the ignored-configuration notice to the root', async () => {
    const h = run({ config: { features: { swaps: true } }, origins: ['http://127.0.0.1:*'] }, { local: { swaps: false } })
    h.actor.send(opened)
    await flush()
    expect(h.reported[0]).toMatchObject({ type: 'feature.alert', key: 'LOCAL_CONFIGURATION_IGNORED' })
    expect(h.reported[0]!.message).toContain('swaps')
  })

  test('behavior: the spec alerts: unverified domain, rate limited, server error, missing project id', async () => {
    const keys = async (result: RemoteConfigResult, input = {}) => {
      const h = run(result, input)
      h.actor.send(opened)
      await flush()
      return h.reported.filter((e) => e.type === 'feature.alert').map((e) => e.key)
    }
    expect(await keys({ config: undefined, origins: ['https://other.example'] })).toEqual(['UNVERIFIED_DOMAIN'])
    expect(await keys({ config: undefined, origins: 'RATE_LIMITED' })).toEqual(['RATE_LIMITED'])
    expect(await keys({ config: undefined, origins: 'SERVER_ERROR' })).toEqual(['SERVER_ERROR'])
    expect(await keys({ config: undefined, origins: [] }, { projectId: '' })).toEqual(['PROJECT_ID_NOT_CONFIGURED'])
  })

  test('behavior: analytics turns off when the config call fails', async () => {
    const h = run(new ForeignError('down'))
    h.actor.send(opened)
    await flush()
    expect(h.actor.getSnapshot().value).toBe('failed')
    expect(h.actor.getSnapshot().context.features.analytics).toBe(false)
  })

  test('behavior: the config last heard resolves the features until the fresh answer, which overrides it and is kept for the next page', async () => {
    const h = run({ config: { features: { email: true, socials: false } }, origins: ['http://127.0.0.1:*'] }, { local: { email: false }, remembered: { features: { email: false, socials: ['google'] } } })
    // Before the answer: the remembered config over the local options (the root's first flags are resolved the same way).
    expect(h.actor.getSnapshot().context.features).toMatchObject({ email: false, socials: ['google'] })
    expect(h.reported).toEqual([])
    h.actor.send(opened)
    await flush()
    expect(h.actor.getSnapshot().context.features).toMatchObject({ email: true, socials: false })
    expect(h.reported.at(-1)).toMatchObject({ type: 'feature.flags', features: { email: true, socials: false } })
    expect(h.kept).toEqual([{ features: { email: true, socials: false } }])
  })

  test('behavior: an answer with no config (the call failed, no directory) is the local options, analytics off when failed, and forgets the one kept', async () => {
    const remembered = { features: { email: false, analytics: true } }
    const failedConfig = run({ config: 'failed', origins: ['http://127.0.0.1:*'] }, { remembered })
    failedConfig.actor.send(opened)
    await flush()
    expect(failedConfig.actor.getSnapshot().context.features).toMatchObject({ email: true, analytics: false })
    expect(failedConfig.kept).toEqual(['failed'])

    const noDirectory = run({ config: undefined, origins: ['*'] }, { remembered })
    noDirectory.actor.send(opened)
    await flush()
    expect(noDirectory.actor.getSnapshot().context.features).toMatchObject({ email: true, analytics: true })
    expect(noDirectory.kept).toEqual([undefined])

    const thrown = run(new ForeignError('down'), { remembered })
    thrown.actor.send(opened)
    await flush()
    expect(thrown.actor.getSnapshot().value).toBe('failed')
    expect(thrown.actor.getSnapshot().context.features).toMatchObject({ email: true, analytics: false })
    expect(thrown.kept).toEqual(['failed'])
  })

  test('behavior: a blank project id asks nothing and keeps nothing', async () => {
    const h = run({ config: { features: { email: false } }, origins: [] }, { projectId: ' ' })
    h.actor.send(opened)
    await flush()
    expect(h.calls()).toBe(0)
    expect(h.kept).toEqual([])
  })

  test('behavior: origins match exactly or with a * for a port or subdomain', () => {
    expect(isOriginAllowed('http://127.0.0.1:5173', ['http://127.0.0.1:*'])).toBe(true)
    expect(isOriginAllowed('https://app.example.org', ['https://*.example.org'])).toBe(true)
    expect(isOriginAllowed('https://evil.org', ['https://*.example.org'])).toBe(false)
    expect(isOriginAllowed('https://example.org.evil.org', ['https://example.org'])).toBe(false)
    // A bare `*` (what the assembly answers when no directory is configured) allows any origin.
    expect(isOriginAllowed('http://localhost:3000', ['*'])).toBe(true)
  })
})
