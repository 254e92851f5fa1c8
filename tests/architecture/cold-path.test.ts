import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { connectViewCss } from '../../ui/styles.connect.ts'
import { viewCss } from '../../ui/styles.views.ts'
import { manifests } from '../../machines/manifests.ts'
import { viewRegistration } from '../../ui/features.ts'
import { staticGraph } from './staticGraph.ts'

/**
 * What a cold first tap fetches (spec §1 lazy rule, §2 "Opening the modal"): with nothing fetched ahead (Save-Data, or a
 * tap before the page is idle), the tap fetches the first-open group (dev/firstOpenGroup.ts: what `ui/core.ts`,
 * `ui/firstOpen.ts` and `ui/Modal.tsx` reach statically) in one round trip before the first wallet row can paint. Only
 * what Connect's first paint needs belongs there; everything else loads on its first use, after that paint. The bundler
 * follows the same static graph (`npm run bench -- --cold-content` lists the built chunks' modules by size).
 */
const root = fileURLToPath(new URL('../..', import.meta.url))
const cold = staticGraph(root, ['ui/core.ts', 'ui/firstOpen.ts', 'ui/Modal.tsx'])
const under = (folder: string) => [...cold.modules].filter((m) => m.startsWith(folder)).sort()

test('behavior: the cold path holds no package but React, xstate and valibot: nothing of WalletConnect’s SDK, no Solana or Bitcoin library, no openapi-fetch', () => {
  expect([...cold.packages].filter((p) => p.startsWith('@walletconnect/'))).toEqual([])
  expect([...cold.packages].sort()).toEqual(['react', 'react-dom', 'valibot', 'xstate'])
})

test("behavior: of the features' machines, the cold path holds only those of Connect and of every opening (the catalogue, the remote config): the social login's, the account type's and the others come with their first use", () => {
  const everyOpening = manifests.filter((m) => 'fetchedOnIntent' in m && m.fetchedOnIntent).map((m) => m.id)
  const ofConnect = viewRegistration('Connect')?.view.machines ?? []
  const expected = [...new Set([...everyOpening, ...ofConnect])].sort()
  expect(expected).toEqual(['catalogue', 'remoteConfig'])
  expect(
    manifests
      .map((m) => m.id)
      .filter((id) => cold.modules.has(`machines/${id}.ts`))
      .sort(),
  ).toEqual(expected)
  expect(under('ui/assemble/')).toEqual(['ui/assemble/catalogue.ts', 'ui/assemble/index.ts', 'ui/assemble/remoteConfig.ts'])
})

test("behavior: the cold path holds Connect and its ways of connecting, no other view, no service client, no node client, no other language, of English only Connect's and the shell's words", () => {
  expect(under('ui/views/')).toEqual(['ui/views/Connect.tsx', 'ui/views/EmailLogin.tsx', 'ui/views/SocialLogin.tsx'])
  // Storage, the feature flags and the other tabs' events; the API clients (directory, blockchain, analytics, exchange) load with their first call.
  // The remote config remembered from an earlier page (and its schema) paints the first frame with the project's flags.
  expect(under('services/')).toEqual(['services/features.schema.ts', 'services/features.ts', 'services/remoteConfigMemory.ts', 'services/storage.ts', 'services/tabSync.ts'])
  expect(cold.modules.has('adapters/rpc.ts')).toBe(false)
  // The rest of English (en.ts: the other views' words, pay's) comes with the next views' chunks, after the first paint.
  expect(under('ui/locales/')).toEqual(['ui/locales/en.connect.ts', 'ui/locales/en.shell.ts'])
  expect(cold.modules.has('ui/copy.ts')).toBe(false)
})

test("behavior: the cold path holds Connect's glyphs only (glyphs.connect.tsx): the other views' icons (glyphs.tsx) come with their chunks", () => {
  expect(cold.modules.has('ui/components/glyphs.connect.tsx')).toBe(true)
  expect(cold.modules.has('ui/components/glyphs.tsx')).toBe(false)
})

test('behavior: the walk follows what the bundler follows: value imports and eager globs, not types or import()', () => {
  // Connect's ways of connecting come through slots.connect.ts's eager glob; the WalletConnect client only through import().
  expect(cold.modules.has('ui/entries/connect/catalogue.tsx')).toBe(true)
  expect(cold.modules.has('machines/root.ts')).toBe(true)
  expect(cold.modules.has('adapters/walletconnect.client.ts')).toBe(false)
  // machines/accountType.ts is imported for types only by modules of the cold path (accountType.feature.ts).
  expect(staticGraph(root, ['machines/accountType.feature.ts']).modules.has('machines/accountType.ts')).toBe(false)
  expect(staticGraph(root, ['ui/assemble/accountType.ts']).modules.has('machines/accountType.ts')).toBe(true)
})

/** Each rule of a stylesheet's text with its selectors (a `@media` block's inner rules' selectors; comments dropped). */
function cssRules(css: string): Array<{ rule: string; selectors: string[] }> {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '')
  const rules: Array<{ rule: string; selectors: string[] }> = []
  let depth = 0
  let start = 0
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') depth++
    else if (text[i] === '}' && --depth === 0) {
      const rule = text.slice(start, i + 1).trim()
      const heads = rule.startsWith('@media') ? [...rule.slice(rule.indexOf('{') + 1).matchAll(/([^{}]+)\{/g)].map((m) => m[1]!) : [rule.slice(0, rule.indexOf('{'))]
      rules.push({ rule, selectors: heads.flatMap((h) => h.split(',').map((sel) => sel.trim())) })
      start = i + 1
    }
  }
  return rules
}

/** The `lk-` classes the first opening's modules can put in the DOM (the shell, Connect and its ways of connecting). */
const coldClasses = new Set([...cold.modules].filter((m) => m.startsWith('ui/') && !m.startsWith('ui/styles')).flatMap((m) => [...readFileSync(`${root}${m}`, 'utf8').matchAll(/lk-[a-z0-9-]+/g)].map((c) => c[0])))
/** Whether a selector could match in the first opening: every class it names is one the cold path's modules use. */
const couldMatchCold = (selector: string) => [...selector.matchAll(/\.(lk-[a-z0-9-]+)/g)].every((c) => coldClasses.has(c[1]!))

test("behavior: the cold path holds Connect's CSS only: the other views' rules (styles.views.ts) come with their chunks, after the first paint", () => {
  expect(cold.modules.has('ui/styles.connect.ts')).toBe(true)
  expect(cold.modules.has('ui/styles.views.ts')).toBe(false)
  expect(coldClasses.has('lk-row')).toBe(true)
  expect(coldClasses.has('lk-tabpanel')).toBe(false)
})

test("behavior: no rule of the other views' CSS could match in Connect or the shell (or Connect would paint without it), and every rule of Connect's could", () => {
  const rest = cssRules(viewCss)
  const connect = cssRules(connectViewCss)
  expect(rest.length).toBeGreaterThan(50)
  expect(connect.length).toBeGreaterThan(50)
  expect(rest.filter((r) => r.selectors.some(couldMatchCold)).map((r) => r.rule)).toEqual([])
  expect(connect.filter((r) => !r.selectors.some(couldMatchCold)).map((r) => r.rule)).toEqual([])
  // A selector naming only elements (`a:focus-visible`) could match anywhere: it belongs with Connect's.
  expect(couldMatchCold('a:focus-visible')).toBe(true)
  expect(couldMatchCold('.lk-row .lk-tabpanel')).toBe(false)
})
