/**
 * A dapp without the pair's optional peers: a Node process whose module resolution refuses `ws` (a resolve hook throws
 * Node's own ERR_MODULE_NOT_FOUND for it, as in a project that never installed it) starts a pair.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** Starts a pair in a child Node process where `missing` cannot be resolved; returns the error it got, as JSON. */
function startWithout(missing: string): { name: string; shortMessage: string; details: string; causeCode: string } {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-missing-peer-'))
  try {
    const hooks = join(dir, 'hooks.mjs')
    writeFileSync(
      hooks,
      `export async function resolve(specifier, context, next) {
  if (specifier === ${JSON.stringify(missing)}) throw Object.assign(new Error("Cannot find package '" + specifier + "'"), { code: 'ERR_MODULE_NOT_FOUND' })
  return next(specifier, context)
}\n`,
    )
    const register = join(dir, 'register.mjs')
    writeFileSync(register, `import { register } from 'node:module'\nregister(${JSON.stringify(`file://${hooks}`)})\n`)
    const script = `const { startWalletConnectPair } = await import(${JSON.stringify(join(root, 'testing/node/walletConnectPair.ts'))})
try { await startWalletConnectPair({ rpcUrl: 'http://127.0.0.1:1' }); console.log('{}') }
catch (e) { console.log(JSON.stringify({ name: e.name, shortMessage: e.shortMessage, details: e.details, causeCode: e.cause?.code })) }`
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--import', register, '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 110_000 })
    return JSON.parse(child.stdout.trim().split('\n').at(-1) || '{}')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('startWalletConnectPair without its optional peers', () => {
  // A child Node process compiles the kit's modules with tsx: seconds on a busy machine.
  test.each(['ws', '@walletconnect/sign-client'])('bad input: a project without %s gets a TestWalletError naming the pair’s peers and the install command', { timeout: 120_000 }, (missing) => {
    expect(startWithout(missing)).toEqual({
      name: 'TestWalletError',
      shortMessage: 'The WalletConnect test pair needs ws and @walletconnect/sign-client',
      details: 'npm install -D ws @walletconnect/sign-client (optional peer dependencies of latchkey)',
      causeCode: 'ERR_MODULE_NOT_FOUND',
    })
  })
})
