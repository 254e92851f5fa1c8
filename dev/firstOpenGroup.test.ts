import { describe, expect, it } from 'vitest'
import { firstOpenGroup } from './firstOpenGroup.ts'

/** A module graph as the bundler's `getModuleInfo` reads it: id → static imports. */
const graph: Record<string, string[]> = {
  '/r/ui/index.ts': ['/r/ui/shared.ts', 'react'],
  '/r/ui/firstOpen.ts': ['/r/ui/Connect.tsx', '/r/ui/shared.ts'],
  '/r/ui/Connect.tsx': ['/r/ui/copy.ts', '/r/ui/shared.ts', 'xstate'],
  '/r/ui/copy.ts': [],
  '/r/ui/shared.ts': [],
  '/r/ui/Send.tsx': ['/r/ui/copy.ts'],
}

function membersOf(starts: string[], entries: string[]): (id: string) => boolean {
  const group = firstOpenGroup('/r/', starts, entries)
  const context = { getModuleInfo: (id: string) => (graph[id] ? { importedIds: graph[id] } : null) }
  ;(group.plugin.buildEnd as (this: typeof context) => void).call(context)
  return group.test
}

describe('firstOpenGroup', () => {
  it('groups what the first opening reaches statically, minus what an entry reaches, and nothing only import()ed', () => {
    const test = membersOf(['/r/ui/firstOpen.ts'], ['/r/ui/index.ts'])
    expect(Object.keys(graph).filter(test)).toEqual(['/r/ui/firstOpen.ts', '/r/ui/Connect.tsx', '/r/ui/copy.ts'])
    expect(test('react')).toBe(false)
    expect(test('xstate')).toBe(false)
  })

  it('leaves a first-open module in place when an entry imports it statically', () => {
    const test = membersOf(['/r/ui/firstOpen.ts'], ['/r/ui/index.ts', '/r/ui/Connect.tsx'])
    expect(Object.keys(graph).filter(test)).toEqual(['/r/ui/firstOpen.ts'])
  })
})
