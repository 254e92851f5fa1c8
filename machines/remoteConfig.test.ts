import { describe, expect, test } from 'vitest'
import { fromPromise } from 'xstate'
import type { Features } from '../services/features.ts'
import { flush } from '../tests/harness/deferred.ts'
import { coordination } from '../tests/harness/coordination.ts'
import { isOriginAllowed, remoteConfigMachine, type RemoteConfigResult } from './remoteConfig.ts'
import { ForeignError } from '../tests/harness/failures.ts'

/** The config machine run as the root runs it (a child): what it reports to the root is `reported`. */
function run(result: RemoteConfigResult | Error, input: { projectId?: string; local?: object; origin?: string } = {}) {
  let calls = 0
  const logic = remoteConfigMachine.provide({
    actors: {
      loadRemoteConfig: fromPromise(async () => {
        calls++
        if (result instanceof Error) throw result
        return result
      }),
    },
  })
  const host = coordination({ id: 'remoteConfig', logic, input: { projectId: input.projectId ?? 'p', local: input.local ?? {}, origin: input.origin ?? 'http://127.0.0.1:5173' } })
  const reported = host.reported as Array<{ type: string; key?: string; message?: string; features?: Features }>
  return { actor: host.feature, reported, calls: () => calls }
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

  test('behavior: origins match exactly or with a * for a port or subdomain', () => {
    expect(isOriginAllowed('http://127.0.0.1:5173', ['http://127.0.0.1:*'])).toBe(true)
    expect(isOriginAllowed('https://app.example.org', ['https://*.example.org'])).toBe(true)
    expect(isOriginAllowed('https://evil.org', ['https://*.example.org'])).toBe(false)
    expect(isOriginAllowed('https://example.org.evil.org', ['https://example.org'])).toBe(false)
    // A bare `*` (what the assembly answers when no directory is configured) allows any origin.
    expect(isOriginAllowed('http://localhost:3000', ['*'])).toBe(true)
  })
})
