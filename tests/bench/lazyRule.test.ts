import { describe, expect, test } from 'vitest'
import type { ChunkInfo } from './build.ts'
import { requestName } from './firstUseFiles.ts'
import { chunkHolds, firstFetchOf, lazyFeatureModules } from './lazyRule.ts'
import type { LazyGroup } from './lazyRule.ts'
import { TestFailure } from '../harness/failures.ts'

/** The feature group whose printed name starts with `prefix`. */
function group(prefix: string): LazyGroup {
  const found = lazyFeatureModules.find((g) => g.name.startsWith(prefix))
  if (!found) throw new TestFailure(`No feature group named ${prefix}…`)
  return found
}
const emailMachine = group('latchkey machines/emailLogin.ts')
const emailView = group('latchkey machines/emailLogin.connect.ts')
const frames = group('latchkey machines/frame.ts')
const embedded = group('latchkey ui/embedded.ts')
const swapMachine = group('latchkey machines/swap.ts')
const swapViews = group('latchkey ui/views/Swap*.tsx')
const names = group('latchkey machines/names*.ts')
const onramp = group('latchkey machines/onramp*.ts')
const multiWallet = group('latchkey machines/multiWallet*.ts')
const pay = group('latchkey machines/pay*.ts')
const registrations = group('latchkey machines/{emailLogin')

describe('the lazy rule of the features (20, 21): which source belongs to which group', () => {
  test.each([
    [emailMachine, ['machines/emailLogin.ts', 'ui/assemble/emailLogin.ts']],
    [emailView, ['machines/emailLogin.connect.ts', 'ui/views/EmailLogin.tsx']],
    [frames, ['machines/frame.ts', 'machines/frameRpc.ts']],
    [embedded, ['ui/embedded.ts', 'ui/assemble/frameClient.ts', 'adapters/frame.ts', 'adapters/frame.protocol.ts']],
    [swapMachine, ['machines/swap.ts', 'machines/swap.setup.ts', 'ui/assemble/swap.ts']],
    [swapViews, ['ui/views/Swap.tsx', 'ui/views/SwapSelectToken.tsx', 'ui/views/SwapPreview.tsx', 'machines/swap.connect.ts', 'machines/swap.tokens.ts', 'machines/swap.messages.ts', 'ui/hooks/swap.ts']],
    [names, ['machines/names.ts', 'machines/names.outcomes.ts', 'ui/assemble/names.ts', 'ui/hooks/names.ts', 'ui/views/RegisterAccountName.tsx', 'ui/views/RegisterAccountNameSuccess.tsx']],
    [onramp, ['machines/onramp.ts', 'machines/onramp.connect.ts', 'ui/assemble/onramp.ts', 'ui/views/OnRamp.tsx', 'ui/views/OnRampProviders.tsx']],
    [
      multiWallet,
      [
        'machines/multiWallet.ts',
        'machines/multiWallet.connect.ts',
        'machines/walletBalance.ts',
        'machines/walletBalance.connect.ts',
        'machines/walletName.ts',
        'ui/assemble/multiWallet.ts',
        'ui/entries/multiWallet.tsx',
      ],
    ],
    [
      pay,
      [
        'machines/pay.ts',
        'machines/pay.setup.ts',
        'machines/pay.input.ts',
        'machines/pay.exchange.ts',
        'machines/pay.stored.ts',
        'machines/pay.connect.ts',
        'ui/assemble/pay.ts',
        'ui/assemble/pay.solana.ts',
        'ui/assemble/payExchange.ts',
        'ui/assemble/payStored.ts',
        'ui/hooks/payFlow.ts',
        'ui/views/Pay.tsx',
      ],
    ],
  ])('%# %s holds its files', (g, files) => {
    for (const file of files) expect(g.matches(`latchkey ${file}`), file).toBe(true)
  })

  test('each source file belongs to one group at most', () => {
    const files = [
      'machines/emailLogin.ts',
      'machines/emailLogin.connect.ts',
      'machines/frameRpc.ts',
      'machines/swap.ts',
      'machines/swap.tokens.ts',
      'machines/swap.connect.ts',
      'ui/views/Swap.tsx',
      'machines/names.ts',
      'machines/onramp.ts',
      'machines/multiWallet.ts',
      'ui/entries/multiWallet.tsx',
      'machines/pay.ts',
      'ui/views/Pay.tsx',
    ]
    for (const file of files)
      expect(
        lazyFeatureModules.filter((g) => g.matches(`latchkey ${file}`)),
        file,
      ).toHaveLength(1)
  })

  test('registrations are their own group, allowed in the initial JS; the code groups never take them', () => {
    for (const feature of ['emailLogin', 'swap', 'names', 'onramp', 'multiWallet', 'pay']) {
      const origin = `latchkey machines/${feature}.feature.ts`
      expect(registrations.matches(origin)).toBe(true)
      expect(lazyFeatureModules.filter((g) => g !== registrations && g.matches(origin))).toEqual([])
    }
    expect(registrations.allowed).toBeTruthy()
    expect(lazyFeatureModules.filter((g) => g.allowed)).toEqual([registrations])
  })

  test('neighbours stay out: namespaces.ts is no name code, the root and the send machine no feature code, a package no latchkey file', () => {
    for (const origin of [
      'latchkey machines/namespaces.ts',
      'latchkey machines/root.ts',
      'latchkey machines/send.ts',
      'latchkey ui/features.ts',
      'latchkey ui/views/Send.tsx',
      'latchkey machines/pay.messages.ts',
      'latchkey ui/core/payCommands.ts',
      'latchkey ui/hooks/pay.ts',
      'latchkey ui/embeddedSomething/x.ts',
      'xstate',
      'not latchkey',
    ]) {
      expect(
        lazyFeatureModules.filter((g) => g.matches(origin)).map((g) => g.name),
        origin,
      ).toEqual([])
    }
  })
})

function chunk(file: string, modules: string[]): ChunkInfo {
  return { file, label: file, shared: false, entry: false, usedBy: [], imports: [], modules: new Map(modules.map((m) => [m, 100])) }
}

describe('firstFetchOf: the first fetch of a run that brought a chunk holding the group', () => {
  const chunks = new Map([
    ['assets/index.js', chunk('assets/index.js', ['machines/root.ts', 'machines/swap.feature.ts'])],
    ['assets/Account.js', chunk('assets/Account.js', ['ui/views/Account.tsx'])],
    ['assets/Swap.js', chunk('assets/Swap.js', ['ui/views/Swap.tsx', 'machines/swap.connect.ts'])],
    ['assets/swap.js', chunk('assets/swap.js', ['ui/assemble/swap.ts', 'machines/swap.ts'])],
  ])

  test('per run, in order of appearance; a run that never fetched it reads undefined', () => {
    const fetches = [
      { page: 'fixture', label: 'page load', files: ['assets/index.js'] },
      { page: 'fixture', label: 'Account', files: ['assets/Account.js', 'assets/Swap.js'] },
      { page: 'fixture', label: 'Swap', files: ['assets/swap.js'] },
      { page: 'fixture, dev account 3', label: 'page load', files: ['assets/index.js'] },
    ]
    expect(firstFetchOf(swapMachine, chunks, fetches)).toEqual([
      { page: 'fixture', label: 'Swap' },
      { page: 'fixture, dev account 3', label: undefined },
    ])
    expect(firstFetchOf(swapViews, chunks, fetches)[0]).toEqual({ page: 'fixture', label: 'Account' })
  })

  test('a chunk of the page load holding the group reads "page load"', () => {
    const broken = new Map([...chunks, ['assets/index.js', chunk('assets/index.js', ['machines/root.ts', 'machines/swap.ts'])]])
    expect(firstFetchOf(swapMachine, broken, [{ page: 'fixture', label: 'page load', files: ['assets/index.js'] }])).toEqual([{ page: 'fixture', label: 'page load' }])
  })

  test('chunkHolds reads the bundler module list; a file of no known chunk holds nothing', () => {
    expect(chunkHolds(chunks.get('assets/swap.js'), swapMachine)).toBe(true)
    expect(chunkHolds(chunks.get('assets/Swap.js'), swapMachine)).toBe(false)
    expect(chunkHolds(undefined, swapMachine)).toBe(false)
  })
})

describe('requestName: a request as printed in the first-use rows', () => {
  const request = (url: string, method = 'GET', body: unknown = null) => ({ url: () => url, method: () => method, postDataJSON: () => body })

  test('the secure site by its label, with the path', () => {
    expect(requestName(request('http://127.0.0.1:41000/api/connect-email', 'POST', { email: 'a@b.c' }), 'http://127.0.0.1:9000', { 'http://127.0.0.1:41000': 'secure site' })).toBe('POST secure site /api/connect-email')
  })

  test('the reference server by its path alone, addresses replaced; another host by its host; a JSON-RPC call by method', () => {
    expect(requestName(request('http://127.0.0.1:9000/blockchain/v1/account/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/balance'), 'http://127.0.0.1:9000')).toBe('GET /blockchain/v1/account/{address}/balance')
    expect(requestName(request('http://127.0.0.1:41000/frame'), 'http://127.0.0.1:9000')).toBe('GET 127.0.0.1:41000/frame')
    expect(requestName(request('http://127.0.0.1:8899/', 'POST', { method: 'getBalance' }), 'http://127.0.0.1:9000')).toBe('POST Solana RPC getBalance')
  })
})
