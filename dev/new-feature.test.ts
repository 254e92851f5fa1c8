import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { NewFeatureError, planFeature, writeFeature } from './new-feature.ts'

/**
 * `npm run new:feature`: the files it writes for a new feature, the one list's change, and the names it refuses with
 * nothing written. It runs on a temporary copy of the parts of the repository it reads (the list, and files a name
 * could collide with); `tsc` and the new feature's own tests are run on a clone by hand (README, contributing).
 */
const repo = fileURLToPath(new URL('..', import.meta.url))
let root: string

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'new-feature-'))
  cpSync(join(repo, 'machines'), join(root, 'machines'), { recursive: true })
  cpSync(join(repo, 'ui/views'), join(root, 'ui/views'), { recursive: true })
  cpSync(join(repo, 'ui/assemble'), join(root, 'ui/assemble'), { recursive: true })
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('new:feature', () => {
  test('behavior: tipJar writes its manifest, machine, assembly, view, words, unit test and model walk, and two lines of the list', () => {
    const before = readFileSync(join(root, 'machines/manifests.ts'), 'utf8')
    const written = writeFeature(planFeature('tipJar', root), root)
    expect(written).toEqual([
      'machines/tipJar.feature.ts',
      'machines/tipJar.ts',
      'machines/tipJar.test.ts',
      'ui/assemble/tipJar.ts',
      'ui/views/TipJar.tsx',
      'ui/views/TipJar.copy.ts',
      'tests/model/tipJar.model.test.tsx',
      'machines/manifests.ts',
    ])
    for (const file of written) expect(existsSync(join(root, file))).toBe(true)
    const read = (file: string) => readFileSync(join(root, file), 'utf8')
    // The chart: setup() with named actions, id tipJar, idle → open → done.
    expect(read('machines/tipJar.ts')).toMatch(/^export const tipJarMachine = setup\(/m)
    expect(read('machines/tipJar.ts')).toContain("id: 'tipJar'")
    expect(read('machines/tipJar.ts')).toContain("actions: 'countConfirmed'")
    // The manifest: its view, its Account entry (data only: no import of the feature's code but the machine's type).
    const manifest = read('machines/tipJar.feature.ts')
    expect(manifest).toContain("views: { TipJar: { machines: ['tipJar'] } }")
    expect(manifest).toContain("slot: 'account.actions'")
    expect(manifest.match(/^import .*$/gm)).toEqual(["import type { FeatureRegistration } from './features.ts'", "import { defineFeature } from './features.ts'", "import type { tipJarMachine } from './tipJar.ts'"])
    // The model walk asserts 100 % coverage (what tests/model/registry.test.ts requires of every machine).
    expect(read('tests/model/tipJar.model.test.tsx')).toContain('coverageReport(tipJarMachine')
    expect(read('tests/model/tipJar.model.test.tsx')).toMatch(/states\.missing\)\.toEqual\(\[\]\)/)
    expect(read('ui/views/TipJar.copy.ts')).toContain("entry: 'Tip jar'")
    // The list: the import and the entry, nothing else.
    const after = read('machines/manifests.ts').split('\n')
    const added = after.filter((line) => !before.split('\n').includes(line))
    expect(added).toEqual(["import { tipJarManifest } from './tipJar.feature.ts'", '  tipJarManifest,'])
    expect(after.length).toBe(before.split('\n').length + 2)
    expect(after[after.indexOf('] as const') - 1]).toBe('  tipJarManifest,')
  })

  test.each([
    ['TipJar', 'notCamelCase'],
    ['tip-jar', 'notCamelCase'],
    ['tip_jar', 'notCamelCase'],
    ['2fa', 'notCamelCase'],
    ['', 'notCamelCase'],
    ['send', 'exists'],
    ['onramp', 'exists'],
    ['router', 'reserved'],
    ['root', 'reserved'],
  ])('bad input: %j is refused (%s) and nothing is written', (name, reason) => {
    const before = readFileSync(join(root, 'machines/manifests.ts'), 'utf8')
    let error: unknown
    try {
      planFeature(name, root)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(NewFeatureError)
    expect((error as NewFeatureError).reason).toBe(reason)
    expect(readFileSync(join(root, 'machines/manifests.ts'), 'utf8')).toBe(before)
  })

  test('bad input: a name whose file exists though no manifest lists it is refused, naming the file', () => {
    writeFeature(planFeature('tipJar', root), root)
    rmSync(join(root, 'machines/tipJar.feature.ts'))
    cpSync(join(repo, 'machines/manifests.ts'), join(root, 'machines/manifests.ts'))
    expect(() => planFeature('tipJar', root)).toThrowErrorMatchingInlineSnapshot(`[NewFeatureError: "tipJar" exists already (machines/tipJar.ts): choose another name.]`)
  })

  test('bad input: the refusals say why', () => {
    expect(() => planFeature('Tip', root)).toThrowErrorMatchingInlineSnapshot(`[NewFeatureError: "Tip" is not a lower camelCase id (letters and digits, starting with a lower-case letter, e.g. tipJar).]`)
    expect(() => planFeature('router', root)).toThrowErrorMatchingInlineSnapshot(`[NewFeatureError: "router" is reserved (the root's actors, event domains and the modules of machines/): choose another name.]`)
    expect(() => planFeature('send', root)).toThrowErrorMatchingInlineSnapshot(`[NewFeatureError: "send" exists already (machines/manifests.ts): choose another name.]`)
  })
})
