import { describe, expect, test } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { flush } from '../tests/harness/deferred.ts'
import { isOriginAllowed, remoteConfigMachine, type RemoteConfigResult } from './remoteConfig.ts'

function run(result: RemoteConfigResult | Error, input: { projectId?: string; local?: object; origin?: string } = {}) {
  let calls = 0
  const actor = createActor(
    remoteConfigMachine.provide({
      actors: {
        loadRemoteConfig: fromPromise(async () => {
          calls++
          if (result instanceof Error) throw result
          return result
        }),
      },
    }),
    { input: { projectId: input.projectId ?? 'p', local: input.local ?? {}, origin: input.origin ?? 'http://127.0.0.1:5173' } },
  )
  const emitted: Array<{ type: string; key?: string; message?: string }> = []
  actor.on('*', (e) => emitted.push(e as never))
  actor.start()
  return { actor, emitted, calls: () => calls }
}

describe('remote config', () => {
  test('behavior: nothing is fetched until the modal first opens; a second open fetches nothing', async () => {
    const h = run({ config: { features: { swaps: false } }, origins: ['http://127.0.0.1:*'] })
    expect(h.calls()).toBe(0)
    h.actor.send({ type: 'remoteConfig.load' })
    await flush()
    h.actor.send({ type: 'remoteConfig.load' })
    expect(h.calls()).toBe(1)
    expect(h.actor.getSnapshot().context.features.swaps).toBe(false)
    expect(h.emitted.map((e) => e.type)).toEqual(['remoteConfig.ready'])
  })

  test('behavior: a remote config overriding local options emits the ignored-configuration notice', async () => {
    const h = run({ config: { features: { swaps: true } }, origins: ['http://127.0.0.1:*'] }, { local: { swaps: false } })
    h.actor.send({ type: 'remoteConfig.load' })
    await flush()
    expect(h.emitted[0]).toMatchObject({ key: 'LOCAL_CONFIGURATION_IGNORED' })
    expect(h.emitted[0]!.message).toContain('swaps')
  })

  test('behavior: the spec alerts: unverified domain, rate limited, server error, missing project id', async () => {
    const keys = async (result: RemoteConfigResult, input = {}) => {
      const h = run(result, input)
      h.actor.send({ type: 'remoteConfig.load' })
      await flush()
      return h.emitted.filter((e) => e.type === 'remoteConfig.alert').map((e) => e.key)
    }
    expect(await keys({ config: undefined, origins: ['https://other.example'] })).toEqual(['UNVERIFIED_DOMAIN'])
    expect(await keys({ config: undefined, origins: 'RATE_LIMITED' })).toEqual(['RATE_LIMITED'])
    expect(await keys({ config: undefined, origins: 'SERVER_ERROR' })).toEqual(['SERVER_ERROR'])
    expect(await keys({ config: undefined, origins: [] }, { projectId: '' })).toEqual(['PROJECT_ID_NOT_CONFIGURED'])
  })

  test('behavior: analytics turns off when the config call fails', async () => {
    const h = run(new Error('down'))
    h.actor.send({ type: 'remoteConfig.load' })
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
