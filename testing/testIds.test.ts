import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { MODAL_TEST_IDS } from './testIds.ts'

/**
 * The test-id contract holds: every id the kit exports is rendered by the library's page buttons under that exact
 * name, so a dapp's locators built from the constant find the elements the page object finds.
 */
describe('the test-id contract', () => {
  const source = readFileSync(new URL('../ui/react.tsx', import.meta.url), 'utf8')

  it.each(Object.entries(MODAL_TEST_IDS))('%s (%s) is a data-testid of the page buttons', (_, id) => {
    expect(source).toContain(`data-testid="${id}"`)
  })

  it('the ids are distinct', () => {
    const ids = Object.values(MODAL_TEST_IDS)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
