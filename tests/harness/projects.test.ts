import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, test } from 'vitest'
import { splitTestFiles } from './projects.ts'

let root: string | undefined
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true })
  root = undefined
})

// The calls are spelled in pieces so that this file's own text does not read as a call (it stays in `unit`).
const readsSetup = (key: string) => `${'inj'}ect('${key}')`
const start = 'start'
const resetsModules = `vi.${'reset'}Modules()`

function tree(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'latchkey-projects-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

describe('Vitest projects', () => {
  test('behavior: a file reading the global setup is integration, one starting its own server is servers, one resetting modules unit-isolated, the rest unit; servers and integration files that reset no module and read no lasting page cache share their modules', () => {
    const dir = tree({
      'dev/api/server.ts': `export async function ${start}ApiServer(options) {}\nexport function helper() {}`,
      'dev/api/server.test.ts': `import { inject } from 'vitest'\nconst url = ${readsSetup('apiUrl')}`,
      'services/api.test.ts': `import { ${start}ApiServer } from '../dev/api/server.ts'\nawait ${start}ApiServer({ port: 0 })`,
      'machines/router.test.ts': "import { helper } from '../dev/api/server.ts'\nhelper()",
      'tests/model/walk.tsx': `export const rpc = () => ${readsSetup('anvilRpc1')}`,
      'tests/model/send.model.test.tsx': "import { rpc } from './walk.tsx'",
      'ui/views/Connect.test.tsx': "import { rpc } from '../../tests/model/walk.tsx'",
      'ui/Modal.test.tsx': "import { rpc } from '../tests/model/walk.tsx'\nimport { viewCode } from './features.ts'\nviewCode('Connect')",
      'ui/theme.test.ts': "// no server: the word inject alone does not count\nconst injected = 'inject'",
      'ui/theme.ts': 'export {}',
      'ui/facade.test.tsx': `import { vi } from 'vitest'\n${resetsModules}`,
      'ui/mocked.test.ts': `// a comment naming ${resetsModules} alone does not count\nconst x = 1`,
      'dev/relay/relay.test.ts': `import { inject, vi } from 'vitest'\nconst url = ${readsSetup('relayUrl')}\n${resetsModules}`,
      'node_modules/x/y.test.ts': readsSetup('apiUrl'),
    })
    expect(splitTestFiles(dir)).toEqual({
      unit: ['machines/router.test.ts', 'ui/mocked.test.ts', 'ui/theme.test.ts'],
      unitIsolated: ['ui/facade.test.tsx'],
      servers: ['services/api.test.ts'],
      integration: ['dev/api/server.test.ts', 'dev/relay/relay.test.ts', 'tests/model/send.model.test.tsx', 'ui/Modal.test.tsx', 'ui/views/Connect.test.tsx'],
      // Without a module-registry call or a read of a lasting page cache (view code, custom elements).
      shared: ['dev/api/server.test.ts', 'services/api.test.ts', 'tests/model/send.model.test.tsx', 'ui/views/Connect.test.tsx'],
    })
  })

  test("behavior: this repository's test files are each in exactly one project", () => {
    const repo = fileURLToPath(new URL('../..', import.meta.url))
    const { unit, unitIsolated, servers, integration } = splitTestFiles(repo)
    const all = [...unit, ...unitIsolated, ...servers, ...integration]
    expect(new Set(all).size).toBe(all.length)
    expect(unit).toContain('tests/harness/projects.test.ts')
    expect(integration).toContain('tests/model/connection.model.test.tsx')
    expect(servers).toContain('services/api.test.ts')
    expect(unitIsolated).toContain('ui/createModal.facade.test.tsx')
  })
})
