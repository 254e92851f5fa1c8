import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * The repository's own modules that `entry` reaches through static value imports (`import … from`, `export … from`),
 * skipping `import type` / `export type` and dynamic `import()`: what a bundler must put in the page's initial JS.
 */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const source = readFileSync(file, 'utf8')
    const re = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm
    for (const m of source.matchAll(re)) visit(resolve(dirname(file), m[1]!))
  }
  visit(resolve(root, entry))
  return new Set([...seen].map((f) => f.slice(root.length + 1)))
}

describe("the page's initial JS", () => {
  const initial = new Set([...staticClosure('ui/index.ts'), ...staticClosure('ui/react.tsx')])

  test('behavior: the walker follows value imports and skips type-only and dynamic ones', () => {
    expect(initial).toContain('ui/createModal.ts')
    expect(initial).toContain('ui/locales/en.shell.ts')
    expect(initial).not.toContain('ui/createModal.services.ts') // import('./createModal.services.ts') only
  })

  test("behavior: the views' words (ui/locales/en.ts) and the views' copy hook load with the views, not before the click", () => {
    expect(initial).not.toContain('ui/locales/en.ts')
    expect(initial).not.toContain('ui/copy.ts')
  })

  test("behavior: WalletConnect's client loads with the first pairing or restore; the page holds its facade only", () => {
    expect(initial).toContain('adapters/walletconnect.ts')
    expect(initial).not.toContain('adapters/walletconnect.client.ts')
  })

  test("behavior: the views' icons (ui/components/glyphs.tsx, glyphs.connect.tsx) are not in the modal's shell; its own icons are", () => {
    // The page's account and network buttons draw a network's image with WalletIcon's fallback (and so
    // glyphs.connect.tsx): a page with only the connect button leaves them out (tree-shaken), the shell never needs them.
    const shell = new Set([...staticClosure('ui/index.ts'), ...staticClosure('ui/Modal.tsx')])
    expect(shell).toContain('ui/components/icons.tsx')
    expect(shell).not.toContain('ui/components/glyphs.tsx')
    expect(shell).not.toContain('ui/components/glyphs.connect.tsx')
  })

  test('behavior: no view module is in the initial JS', () => {
    expect([...initial].filter((f) => f.startsWith('ui/views/'))).toEqual([])
  })
})
