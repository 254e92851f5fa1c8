import { describe, expect, test } from 'vitest'
import { groupInOrder, testEnvironment } from './sequencer.ts'

// Spelled in pieces so that Vitest does not read this file's own environment from them (it takes the first anywhere).
const comment = (rest: string) => `// @${'vitest'}-environment${rest}`

describe('the test files’ order', () => {
  test('behavior: the environment is the first one a file names, Node when none, with its options', () => {
    expect(testEnvironment(`${comment(' happy-dom')}\nimport { test } from 'vitest'`)).toBe('happy-dom')
    expect(testEnvironment(`import { test } from 'vitest'\n${comment(' node')}\n${comment(' happy-dom')}`)).toBe('node')
    expect(testEnvironment("import { test } from 'vitest'")).toBe('node')
    expect(testEnvironment(`${comment(' happy-dom')}\n${comment('-options {"settings": {"enableImageFileLoading": true}}')}`)).toBe('happy-dom {"settings": {"enableImageFileLoading": true}}')
  })

  test('behavior: files are grouped by key, each group where its first file was, the files of a group in their order', () => {
    expect(groupInOrder(['unit node a', 'unit dom b', 'unit node c', 'unit dom d', 'other node e'], (f) => f.split(' ').slice(0, 2).join(' '))).toEqual([
      'unit node a',
      'unit node c',
      'unit dom b',
      'unit dom d',
      'other node e',
    ])
    expect(groupInOrder([], (f: string) => f)).toEqual([])
  })
})
