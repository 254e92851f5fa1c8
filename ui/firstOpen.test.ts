import { expect, test } from 'vitest'
import { manifests } from '../machines/manifests.ts'
import { viewRegistration } from './features.ts'
import * as firstOpen from './firstOpen.ts'

/**
 * `firstOpen.ts` fetches Connect's code beside the core: it must hold what an intent to open Connect fetches after the
 * core (`prefetchIntent('Connect')`): the view, the views' CSS, the machines Connect's registration names and those
 * fetched with every opening, the service clients. A registration that changes fails here until the list follows.
 */
test("behavior: firstOpen holds Connect's view and CSS, each first-use machine of Connect and of every opening, and the service clients", () => {
  const everyOpening = manifests.filter((m) => 'fetchedOnIntent' in m && m.fetchedOnIntent).map((m) => m.id)
  const ofConnect = viewRegistration('Connect')?.view.machines ?? []
  const expected = [...new Set([...everyOpening, ...ofConnect])].map((id) => `${id}Assembly`).sort()
  expect(
    Object.keys(firstOpen)
      .filter((k) => k.endsWith('Assembly'))
      .sort(),
  ).toEqual(expected)
  for (const key of expected) expect(typeof (firstOpen as Record<string, { assemble?: unknown }>)[key]?.assemble).toBe('function')
  expect(typeof firstOpen.connectView.Connect).toBe('function')
  expect(typeof firstOpen.viewStyles.connectViewCss).toBe('string')
  expect(typeof firstOpen.instanceServices.createInstanceServices).toBe('function')
})
