// @vitest-environment happy-dom
import type { WalletAccount } from '@wallet-standard/base'
import { describe, expect, test, vi } from 'vitest'
import { flush } from '../tests/harness/deferred.ts'
import { bitcoinDevWalletSpec, lazyBitcoinDevWallet } from './bitcoin-wallet/lazy.ts'
import { BitcoinDevWallet } from './bitcoin-wallet/wallet.ts'
import { DevWalletLoadError, featureShape, lazyStandardWallet, mountLazyWalletPanel, storedAuthorised, type DockableWallet, type LazyWalletSpec } from './lazyWallet.ts'
import { devSolanaWalletSpec, lazyDevSolanaWallet } from './solana-wallet/lazy.ts'
import { DevSolanaWallet } from './solana-wallet/wallet.ts'
import { waitFor } from '../tests/harness/waitFor.ts'

const spec: LazyWalletSpec = {
  name: 'Test Wallet',
  icon: 'data:image/svg+xml;base64,AA==',
  chains: ['test:one'],
  features: { 'standard:connect': { props: { version: '1.0.0' }, methods: ['connect'] }, 'test:sign': { props: { version: '2.0.0', modes: ['a'] }, methods: ['sign'] } },
}

const account: WalletAccount = { address: 'addr-1', publicKey: new Uint8Array([1]), chains: ['test:one'], features: ['test:sign'] }

/** A loaded wallet of {@link spec}: connect authorises {@link account}, emits `change` and tells its dock subscribers. */
function fakeWallet() {
  const change = new Set<(p: { accounts?: readonly WalletAccount[] }) => void>()
  const subscribers = new Set<() => void>()
  let accounts: readonly WalletAccount[] = []
  const pending: unknown[] = []
  const wallet: DockableWallet & { emit(): void } = {
    version: '1.0.0',
    name: spec.name,
    icon: spec.icon,
    chains: spec.chains,
    get accounts() {
      return accounts
    },
    get pending() {
      return pending
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async (input?: { silent?: boolean }) => {
          accounts = [account]
          wallet.emit()
          return { accounts, silent: input?.silent ?? false }
        },
      },
      'test:sign': { version: '2.0.0', modes: ['a'], sign: async (message: string) => `signed:${message}` },
      'standard:events': {
        version: '1.0.0',
        on: (_event: 'change', listener: (p: { accounts?: readonly WalletAccount[] }) => void) => {
          change.add(listener)
          return () => change.delete(listener)
        },
      },
    },
    subscribe(listener) {
      subscribers.add(listener)
      return () => subscribers.delete(listener)
    },
    emit() {
      for (const listener of change) listener({ accounts })
      for (const subscriber of subscribers) subscriber()
    },
  }
  return wallet
}

type Callable = Record<string, (...args: unknown[]) => Promise<unknown>>
const feature = (wallet: DockableWallet, name: string): Callable => Object.getOwnPropertyDescriptor(wallet.features, name)?.value

describe('the stand-ins show what the wallets show', () => {
  test('behavior: the Solana stand-in has the wallet’s name, icon, chains and feature shape', () => {
    const real = new DevSolanaWallet({ rpcUrl: 'http://127.0.0.1:1' })
    expect({ name: real.name, icon: real.icon, chains: real.chains, features: featureShape(real) }).toEqual({ ...devSolanaWalletSpec, chains: [...devSolanaWalletSpec.chains] })
    const lazy = lazyDevSolanaWallet({ rpcUrl: 'http://127.0.0.1:1' })
    expect(Object.keys(lazy.wallet.features).sort()).toEqual(Object.keys(real.features).sort())
    expect(lazy.loaded).toBeUndefined()
  })

  test('behavior: the Bitcoin stand-in has the wallet’s name, icon, chains and feature shape', () => {
    const real = new BitcoinDevWallet({ apiUrl: 'http://127.0.0.1:1' })
    expect({ name: real.name, icon: real.icon, chains: [...real.chains], features: featureShape(real) }).toEqual({ ...bitcoinDevWalletSpec, chains: [...bitcoinDevWalletSpec.chains] })
    const lazy = lazyBitcoinDevWallet({ apiUrl: 'http://127.0.0.1:1' })
    expect(Object.keys(lazy.wallet.features).sort()).toEqual(Object.keys(real.features).sort())
    expect(lazy.loaded).toBeUndefined()
  })

  test('behavior: a stored authorised state loads the wallet before the stand-in is ready to register; none, or a bad one, does not', async () => {
    const storage = new Map<string, string>([['latchkey-dev-solana-wallet', JSON.stringify({ authorised: true, accountIndex: 0, autoApprove: false })]])
    const authorised = lazyDevSolanaWallet({ rpcUrl: 'http://127.0.0.1:1', storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v), removeItem: (k) => void storage.delete(k) } })
    await authorised.ready
    expect(authorised.loaded).toBeInstanceOf(DevSolanaWallet)
    expect(authorised.wallet.accounts).toHaveLength(1)
    const fresh = lazyBitcoinDevWallet({ apiUrl: 'http://127.0.0.1:1', storage: { getItem: () => '{not json', setItem: () => {}, removeItem: () => {} } })
    await fresh.ready
    expect(fresh.loaded).toBeUndefined()
  })
})

describe('lazyStandardWallet', () => {
  test('behavior: nothing loads until a feature is called; concurrent calls load once and are answered by the wallet', async () => {
    const real = fakeWallet()
    const load = vi.fn(async () => real)
    const lazy = lazyStandardWallet(spec, load)
    expect(lazy.wallet.name).toBe('Test Wallet')
    expect(lazy.wallet.accounts).toEqual([])
    expect(lazy.wallet.pending).toEqual([])
    expect(feature(lazy.wallet, 'test:sign')).toMatchObject({ version: '2.0.0', modes: ['a'] })
    await flush()
    expect(load).not.toHaveBeenCalled()

    const [connected, signature] = await Promise.all([feature(lazy.wallet, 'standard:connect').connect!({ silent: true }), feature(lazy.wallet, 'test:sign').sign!('hi')])
    expect(load).toHaveBeenCalledTimes(1)
    expect(connected).toEqual({ accounts: [account], silent: true })
    expect(signature).toBe('signed:hi')
    expect(lazy.loaded).toBe(real)
    expect(lazy.wallet.accounts).toEqual([account])
  })

  test('behavior: change listeners and dock subscribers made before the load follow the wallet after it; subscribers are told once at the load', async () => {
    const real = fakeWallet()
    const lazy = lazyStandardWallet(spec, async () => real)
    const changes: unknown[] = []
    const off = feature(lazy.wallet, 'standard:events').on as unknown as (e: string, l: (p: unknown) => void) => () => void
    off('change', (p) => changes.push(p))
    off('other', () => changes.push('never'))
    let told = 0
    lazy.wallet.subscribe(() => told++)
    const loaded: unknown[] = []
    lazy.onLoad((w) => loaded.push(w))

    await lazy.load()
    expect(loaded).toEqual([real])
    expect(told).toBe(1)
    await feature(lazy.wallet, 'standard:connect').connect!()
    expect(changes).toEqual([{ accounts: [account] }])
    expect(told).toBe(2)
    const late: unknown[] = []
    lazy.onLoad((w) => late.push(w))
    expect(late).toEqual([real])
  })

  test('bad input: a load that fails rejects the call with DevWalletLoadError naming the wallet; the next call loads again', async () => {
    const real = fakeWallet()
    const load = vi.fn<() => Promise<DockableWallet>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValueOnce(real)
    const lazy = lazyStandardWallet(spec, load)
    const failure = await feature(lazy.wallet, 'test:sign').sign!('x').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(DevWalletLoadError)
    expect((failure as DevWalletLoadError).message).toContain('"Test Wallet" could not be loaded')
    expect((failure as DevWalletLoadError).message).toContain('Failed to fetch dynamically imported module')
    expect(lazy.loaded).toBeUndefined()
    expect(await feature(lazy.wallet, 'test:sign').sign!('x')).toBe('signed:x')
    expect(load).toHaveBeenCalledTimes(2)
  })

  test('bad input: a loaded wallet without a method the spec promised rejects with DevWalletLoadError, not a TypeError', async () => {
    const real = fakeWallet()
    const lazy = lazyStandardWallet({ ...spec, features: { ...spec.features, 'test:missing': { props: {}, methods: ['go'] } } }, async () => real)
    await expect(feature(lazy.wallet, 'test:missing').go!()).rejects.toBeInstanceOf(DevWalletLoadError)
  })
})

describe('storedAuthorised', () => {
  test('bad input: only a stored object with authorised true counts', () => {
    const storage = (value: string | null) => ({ getItem: () => value })
    expect(storedAuthorised(storage(JSON.stringify({ authorised: true })), 'k')).toBe(true)
    for (const value of [null, '', '{', 'null', '"authorised"', JSON.stringify({ authorised: 'yes' }), JSON.stringify({ authorised: false }), '[true]']) {
      expect(storedAuthorised(storage(value), 'k')).toBe(false)
    }
    expect(storedAuthorised(undefined, 'k')).toBe(false)
  })
})

describe('mountLazyWalletPanel', () => {
  const options = (mounted: string[]) => ({
    testId: 'test-wallet',
    title: 'Test Wallet',
    frameStyle: 'border:1px solid red',
    mount: (wallet: DockableWallet, container: HTMLElement) => {
      const panel = document.createElement('section')
      panel.dataset.testid = 'test-wallet'
      panel.textContent = `real panel of ${wallet.name}`
      container.append(panel)
      mounted.push(wallet.name)
      return () => panel.remove()
    },
  })

  test('behavior: a placeholder with the title until the wallet loads; "Open wallet" loads it and the wallet’s own panel replaces it', async () => {
    const container = document.createElement('div')
    const mounted: string[] = []
    const lazy = lazyStandardWallet(spec, async () => fakeWallet())
    const unmount = mountLazyWalletPanel(lazy, container, options(mounted))
    const placeholder = container.querySelector<HTMLElement>('[data-testid="test-wallet"]')!
    expect(placeholder.querySelector('h2')?.textContent).toBe('Test Wallet')
    expect(placeholder.textContent).toContain('Not connected')
    expect(placeholder.hasAttribute('data-latchkey-interactive')).toBe(true)
    placeholder.querySelector('button')!.click()
    await waitFor(() => expect(mounted).toEqual(['Test Wallet']))
    expect(container.querySelectorAll('[data-testid="test-wallet"]')).toHaveLength(1)
    expect(container.textContent).toBe('real panel of Test Wallet')
    unmount()
    unmount()
    expect(container.childElementCount).toBe(0)
  })

  test('behavior: a site calling a feature swaps in the real panel too; an already loaded wallet mounts its panel at once', async () => {
    const container = document.createElement('div')
    const mounted: string[] = []
    const lazy = lazyStandardWallet(spec, async () => fakeWallet())
    mountLazyWalletPanel(lazy, container, options(mounted))
    await feature(lazy.wallet, 'standard:connect').connect!()
    expect(mounted).toEqual(['Test Wallet'])
    const second = document.createElement('div')
    mountLazyWalletPanel(lazy, second, options(mounted))
    expect(second.textContent).toBe('real panel of Test Wallet')
  })

  test('bad input: a failed load shows its message on the placeholder and lets the visitor try again', async () => {
    const container = document.createElement('div')
    const lazy = lazyStandardWallet(spec, () => Promise.reject(new TypeError('offline')))
    mountLazyWalletPanel(lazy, container, options([]))
    const button = container.querySelector('button')!
    button.click()
    expect(button.disabled).toBe(true)
    await waitFor(() => expect(container.textContent).toContain('"Test Wallet" could not be loaded'))
    expect(button.disabled).toBe(false)
  })
})
