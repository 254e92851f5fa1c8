import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { MODAL_TEST_IDS } from './testIds.ts'

/**
 * The test-id contract holds: every id the kit exports is rendered by the library's page buttons under that exact
 * name, so a dapp's locators built from the constant find the elements the page object finds; and CHANGELOG.md's
 * test-id list is the constant, so an id cannot be renamed or removed without a changelog entry.
 */
describe('the test-id contract', () => {
  const source = readFileSync(new URL('../ui/react.tsx', import.meta.url), 'utf8')

  it.each(Object.entries(MODAL_TEST_IDS))('%s (%s) is a data-testid of the page buttons', (_, id) => {
    expect(source).toContain(`data-testid="${id}"`)
  })

  it('the changelog lists exactly these ids (a rename or removal is recorded there)', () => {
    const changelog = readFileSync(new URL('../CHANGELOG.md', import.meta.url), 'utf8')
    const section = /<!-- test-ids:start -->([\s\S]*?)<!-- test-ids:end -->/.exec(changelog)?.[1]
    expect(section, 'CHANGELOG.md has no test-ids section').toBeDefined()
    const listed = [...(section ?? '').matchAll(/^- `(\w+)`: `([\w-]+)`$/gm)].map(([, key, id]) => [key, id])
    expect(Object.fromEntries(listed)).toEqual(MODAL_TEST_IDS)
  })

  it('the ids are distinct', () => {
    const ids = Object.values(MODAL_TEST_IDS)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
