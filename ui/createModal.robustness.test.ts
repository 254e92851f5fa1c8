// @vitest-environment happy-dom
import { afterEach, describe, expect, inject, test } from 'vitest'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { defineEvmNetwork } from '../adapters/networks.ts'
import type { SiwxConfig, SiwxMessage, SiwxSession } from '../kernel/siwx.ts'
import type { ChainAdapter } from '../adapters/types.ts'
import { announceDevWallet, DevWallet } from '../dev/wallet/index.ts'
import { timing } from '../machines/timing.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { createManualClock } from '../tests/harness/clock.ts'
import { createModal, type ModalOptions } from './createModal.ts'
import { createPublicClient, formatEther, http } from 'viem'
import { waitFor } from '../tests/harness/waitFor.ts'
import { ForeignError } from '../tests/harness/failures.ts'

/**
 * A page's hostile or silent parts (wallets, servers that never answer) through the public API (createModal, open/close, getState, disconnect, switchNetwork) and the UI's events
 * (`modal.actor.send`, what the views send): hostile wallets, extensions and dapp-supplied functions never break the
 * modal. The real development wallet on the real anvil chain of the global setup; its misbehaviour hooks (`hang`,
 * `misbehave.onThrows`, `misbehave.removeListenerThrows`) play the broken wallet.
 */
const rpc1 = inject('anvilRpc1')
const rpc2 = inject('anvilRpc2')
/**
 * Whether `shown` (the Account's balance, 3 decimals) is the dev account's ETH on chain 31337 now. The chain is the
 * Vitest run's shared anvil: other files' sends move the dev accounts' balances, so no literal is assumed.
 */
async function isChainBalance(shown: string | undefined, address: string): Promise<boolean> {
  const wei = await createPublicClient({ transport: http(rpc1) }).getBalance({ address: address as `0x${string}` })
  return typeof shown === 'string' && /^\d+\.\d{3}$/.test(shown) && Math.abs(Number(shown) - Number(formatEther(wei))) < 0.001
}
const eth = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const anvil1 = defineEvmNetwork({ id: 31337, name: 'Anvil Local', nativeCurrency: eth, rpcUrl: rpc1, testnet: true })
const anvil2 = defineEvmNetwork({ id: 31338, name: 'Anvil Local 2', nativeCurrency: eth, rpcUrl: rpc2, testnet: true })
const RDNS = 'dev.latchkey.wallet'

const cleanups: Array<() => void> = []
afterEach(() => {
  while (cleanups.length) cleanups.pop()!()
})

/** The dev wallet announced through EIP-6963, its requests counted by method. */
function devWallet(options: { autoApprove?: boolean; authorised?: boolean } = {}) {
  const wallet = new DevWallet({
    chains: [
      { chainId: 31337, name: 'Anvil Local', rpcUrl: rpc1 },
      { chainId: 31338, name: 'Anvil Local 2', rpcUrl: rpc2 },
    ],
    storage: createMemoryStorage(),
    autoApprove: options.autoApprove ?? true,
  })
  const asked: string[] = []
  const request = wallet.request.bind(wallet)
  wallet.request = (args: { method: string; params?: unknown }) => {
    asked.push(args.method)
    return request(args)
  }
  cleanups.push(announceDevWallet(wallet, { rdns: RDNS, name: 'Latchkey Dev Wallet' }))
  return { wallet, asked, count: (method: string) => asked.filter((m) => m === method).length }
}

function modalWith(options: Partial<ModalOptions> = {}) {
  const modal = createModal({ projectId: 'p', networks: [anvil1, anvil2], storage: createMemoryStorage(), adapter: createEip155Adapter({ window }), walletConnect: false, ...options })
  cleanups.push(() => modal.destroy())
  return modal
}

const rootStatus = (modal: ReturnType<typeof createModal>) => modal.actor.getSnapshot().status
const connection = (modal: ReturnType<typeof createModal>) => modal.actor.getSnapshot().context.connection.getSnapshot()

async function connect(modal: ReturnType<typeof createModal>) {
  modal.open()
  modal.actor.send({ type: 'app.selectWallet', connectorId: RDNS })
  await waitFor(() => expect(modal.getState().account.status).toBe('connected'))
}

/** Connecting closes the modal: waits until its exit animation ended (and the view was reset) on the real clock. */
async function closed(modal: ReturnType<typeof createModal>) {
  await waitFor(() => expect(modal.actor.getSnapshot().context.modal.getSnapshot().value).toBe('closed'))
}

describe('a wallet whose on() or removeListener() throws', () => {
  test('behavior: on() throwing: the wallet still connects and the modal keeps opening and closing', async () => {
    const { wallet } = devWallet()
    wallet.misbehave = { onThrows: new TypeError('on is not supported here') }
    const modal = modalWith()
    await connect(modal)
    await waitFor(() => expect(connection(modal).context.watchError).toBeDefined())
    expect(connection(modal).context.watchError).toMatchObject({ name: 'BaseError', message: 'on is not supported here' })
    expect(rootStatus(modal)).toBe('active')
    modal.close()
    await waitFor(() => expect(modal.getState().open).toBe(false))
    modal.open()
    expect(modal.getState()).toMatchObject({ open: true, view: 'Account' })
  })

  test('behavior: a string thrown by on() is a typed error too, and the dapp can still disconnect', async () => {
    const { wallet } = devWallet()
    wallet.misbehave = { onThrows: 'nope' }
    const modal = modalWith()
    await connect(modal)
    expect(() => modal.disconnect()).not.toThrow()
    await waitFor(() => expect(modal.getState().account.status).toBe('disconnected'))
    expect(rootStatus(modal)).toBe('active')
  })

  test('behavior: removeListener() throwing when the wallet is left: disconnect() does not throw, the modal keeps working', async () => {
    const { wallet } = devWallet()
    const modal = modalWith()
    await connect(modal)
    wallet.misbehave = { removeListenerThrows: new ForeignError('removeListener exploded') }
    expect(() => modal.disconnect()).not.toThrow()
    await waitFor(() => expect(modal.getState().account.status).toBe('disconnected'))
    expect(rootStatus(modal)).toBe('active')
    modal.open()
    expect(modal.getState()).toMatchObject({ open: true, view: 'Connect' })
    // And the wallet connects again.
    wallet.misbehave = {}
    modal.actor.send({ type: 'app.selectWallet', connectorId: RDNS })
    await waitFor(() => expect(modal.getState().account.status).toBe('connected'))
  })

  test('behavior: destroy() with a wallet whose removeListener() throws does not throw', async () => {
    const { wallet } = devWallet()
    const modal = modalWith()
    await connect(modal)
    wallet.misbehave = { removeListenerThrows: new ForeignError('removeListener exploded') }
    expect(() => modal.destroy()).not.toThrow()
  })

  test('behavior: a custom adapter whose watchWallet, watchConnectors or connect throw synchronously, or answer malformed values, fails only the call that asked', async () => {
    const base = createEip155Adapter({ window })
    devWallet()
    let connectAnswer: unknown = { accounts: ['not', 'checked', 'here'], chainId: 31337 }
    const hostile: ChainAdapter = {
      ...base,
      namespace: 'eip155',
      watchConnectors: () => {
        throw new ForeignError('watchConnectors exploded')
      },
      connect: (() => {
        if (connectAnswer === 'throw') throw new ForeignError('connect exploded synchronously')
        return Promise.resolve(connectAnswer)
      }) as never,
      watchWallet: () => {
        throw new ForeignError('watchWallet exploded')
      },
    }
    const modal = modalWith({ adapter: hostile })
    expect(rootStatus(modal)).toBe('active')
    modal.open()
    connectAnswer = 'throw'
    modal.actor.send({ type: 'app.selectWallet', connectorId: RDNS })
    await waitFor(() => expect(connection(modal).value).toBe('failed'))
    expect(connection(modal).context.error).toMatchObject({ name: 'BaseError', message: 'connect exploded synchronously' })
    connectAnswer = undefined
    modal.actor.send({ type: 'app.selectWallet', connectorId: RDNS })
    await waitFor(() => expect(connection(modal).context.error?.name).toBe('InvalidCallbackResponseError'))
    connectAnswer = { accounts: [devWalletAddress()], chainId: 31337 }
    modal.actor.send({ type: 'app.selectWallet', connectorId: RDNS })
    await waitFor(() => expect(modal.getState().account.status).toBe('connected'))
    await waitFor(() => expect(connection(modal).context.watchError?.message).toBe('watchWallet exploded'))
    expect(rootStatus(modal)).toBe('active')
  })

  test('behavior: modal.signMessage through a custom adapter that throws synchronously, throws a string or answers a non-signature rejects with a typed error', async () => {
    const base = createEip155Adapter({ window })
    devWallet()
    let answer: 'throw' | 'string' | 'number' | 'ok' = 'throw'
    const hostile: ChainAdapter = {
      ...base,
      namespace: 'eip155',
      signMessage: ((p: { message: string }) => {
        if (answer === 'throw') throw new ForeignError('signMessage exploded synchronously')
        if (answer === 'string') throw 'no' // eslint-disable-line no-throw-literal
        if (answer === 'number') return Promise.resolve(42)
        return base.signMessage(p as never)
      }) as never,
    }
    const modal = modalWith({ adapter: hostile })
    await connect(modal)
    await expect(modal.signMessage({ message: 'hi' })).rejects.toMatchObject({ name: 'BaseError', shortMessage: 'signMessage exploded synchronously' })
    answer = 'string'
    await expect(modal.signMessage({ message: 'hi' })).rejects.toMatchObject({ name: 'BaseError', shortMessage: 'no' })
    answer = 'number'
    await expect(modal.signMessage({ message: 'hi' })).rejects.toMatchObject({ name: 'InvalidProviderResponseError' })
    answer = 'ok'
    await expect(modal.signMessage({ message: 'hi' })).resolves.toMatch(/^0x[0-9a-f]{130}$/)
    expect(rootStatus(modal)).toBe('active')
  })
})

const devWalletAddress = () => new DevWallet({ chains: [{ chainId: 31337, name: 'A', rpcUrl: rpc1 }] }).state.address

describe('one malformed EIP-6963 announcement', () => {
  const announce = (detail: unknown) => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  const provider = { request: async () => [] }

  test('behavior: a name that is not a string: opening works and the valid wallets are listed and connect', async () => {
    devWallet()
    const modal = modalWith()
    announce({ info: { uuid: crypto.randomUUID(), name: 42, rdns: 'evil.name', icon: 'data:image/png;base64,AA==' }, provider })
    expect(() => modal.open()).not.toThrow()
    expect(modal.getState()).toMatchObject({ open: true, view: 'Connect' })
    expect(modal.actor.getSnapshot().context.connectors.map((c) => c.id)).toEqual([RDNS])
    modal.actor.send({ type: 'app.selectWallet', connectorId: RDNS })
    await waitFor(() => expect(modal.getState().account.status).toBe('connected'))
  })

  test('behavior: every way an announcement can be malformed is ignored; an icon that is not an image data URI is dropped, the wallet kept', () => {
    devWallet()
    const modal = modalWith()
    const uuid = () => crypto.randomUUID()
    const hostileInfo = {
      get name(): string {
        throw new ForeignError('getter')
      },
      uuid: uuid(),
      rdns: 'evil.getter',
      icon: '',
    }
    const malformed: unknown[] = [
      { info: { uuid: uuid(), name: '', rdns: 'evil.empty', icon: '' }, provider },
      { info: { uuid: 'not-a-uuid', name: 'W', rdns: 'evil.uuid', icon: '' }, provider },
      { info: { uuid: uuid(), name: 'W', rdns: 7, icon: '' }, provider },
      { info: { uuid: uuid(), name: 'W', rdns: 'evil.provider', icon: '' }, provider: { request: 'not a function' } },
      { info: { uuid: uuid(), name: 'W', rdns: 'evil.noprovider', icon: '' } },
      { info: hostileInfo, provider },
      { info: null, provider },
      // Takes the dev wallet's rdns: the first announcement of an rdns keeps it.
      { info: { uuid: uuid(), name: 'Impostor', rdns: RDNS, icon: '' }, provider },
    ]
    for (const detail of malformed) announce(detail)
    announce({ info: { uuid: uuid(), name: 'Linked Icon', rdns: 'com.linked', icon: 'https://evil.example/track.png' }, provider })
    modal.open()
    const connectors = modal.actor.getSnapshot().context.connectors
    expect(connectors.map((c) => [c.id, c.name])).toEqual([
      [RDNS, 'Latchkey Dev Wallet'],
      ['com.linked', 'Linked Icon'],
    ])
    expect(connectors[1]!.imageUrl).toBeUndefined()
    expect(connectors[0]!.imageUrl).toMatch(/^data:image\//)
  })
})

describe('a wallet request that never resolves', () => {
  const message = (accountAddress: string, chainId: string): SiwxMessage => ({
    accountAddress,
    chainId,
    domain: 'example.org',
    uri: 'https://example.org',
    version: '1',
    nonce: 'abcdefgh1',
    serializedMessage: `example.org wants you to sign in with ${accountAddress} on ${chainId}`,
  })
  const siwxConfig = (overrides: Partial<SiwxConfig> = {}): SiwxConfig => ({
    createMessage: async ({ accountAddress, chainId }) => message(accountAddress, chainId),
    addSession: async () => {},
    getSessions: async () => [],
    revokeSession: async () => {},
    ...overrides,
  })

  test('behavior: required sign-in, personal_sign never answers: Cancel stays enabled and disconnects; Sign after reconnecting asks the wallet afresh', async () => {
    const { wallet, count } = devWallet()
    wallet.hang = new Set(['personal_sign'])
    const modal = modalWith({ siwx: siwxConfig({ required: true }) })
    await connect(modal).catch(() => {})
    await waitFor(() => expect(modal.getState().siwx?.phase).toBe('prompting'))
    modal.actor.send({ type: 'feature.deliver', feature: 'siwx', event: { type: 'siwx.sign' } })
    await waitFor(() => expect(modal.getState().siwx?.phase).toBe('awaitingSignature'))
    await waitFor(() => expect(count('personal_sign')).toBe(1))
    modal.actor.send({ type: 'feature.deliver', feature: 'siwx', event: { type: 'siwx.cancel' } })
    await waitFor(() => expect(modal.getState().account.status).toBe('disconnected'))
    expect(modal.actor.getSnapshot().context.modal.getSnapshot().context.closeBlocked).toBe(false)
    // The wallet answers again: connect, Sign, and a fresh personal_sign reaches it.
    wallet.hang = new Set()
    modal.open()
    modal.actor.send({ type: 'app.selectWallet', connectorId: RDNS })
    await waitFor(() => expect(modal.getState().siwx?.phase).toBe('prompting'))
    modal.actor.send({ type: 'feature.deliver', feature: 'siwx', event: { type: 'siwx.sign' } })
    await waitFor(() => expect(modal.getState().siwx?.phase).toBe('signedIn'))
    expect(count('personal_sign')).toBe(2)
  })

  test('behavior: optional sign-in, personal_sign never answers: Cancel closes the modal, the wallet stays connected', async () => {
    const { wallet } = devWallet()
    wallet.hang = new Set(['personal_sign'])
    const modal = modalWith({ siwx: siwxConfig() })
    modal.open()
    modal.actor.send({ type: 'app.selectWallet', connectorId: RDNS })
    await waitFor(() => expect(modal.getState().siwx?.phase).toBe('prompting'))
    modal.actor.send({ type: 'feature.deliver', feature: 'siwx', event: { type: 'siwx.sign' } })
    await waitFor(() => expect(modal.getState().siwx?.phase).toBe('awaitingSignature'))
    modal.actor.send({ type: 'feature.deliver', feature: 'siwx', event: { type: 'siwx.cancel' } })
    await waitFor(() => expect(modal.getState().open).toBe(false))
    expect(modal.getState().siwx?.phase).toBe('idle')
    expect(modal.getState().account.status).toBe('connected')
  })

  test('behavior: wallet_switchEthereumChain never answers: a later switch (modal.switchNetwork) reaches the wallet, and Back gives the switch up', async () => {
    const { wallet, count } = devWallet()
    const modal = modalWith()
    await connect(modal)
    await closed(modal)
    // The visitor has Account open (Back is a gesture of the open modal).
    modal.open()
    wallet.hang = new Set(['wallet_switchEthereumChain'])
    modal.switchNetwork(anvil2)
    await waitFor(() => expect(count('wallet_switchEthereumChain')).toBe(1))
    modal.switchNetwork(anvil2)
    await waitFor(() => expect(count('wallet_switchEthereumChain')).toBe(2))
    expect(modal.getState().view).toBe('SwitchNetwork')
    // Back from SwitchNetwork: the switch is given up, the network settled on the wallet's chain.
    modal.actor.send({ type: 'app.back' })
    const network = modal.actor.getSnapshot().context.network
    await waitFor(() => expect(network.getSnapshot().value).toBe('supported'))
    expect(modal.getState().caipNetworkId).toBe(anvil1.caipNetworkId)
    // The wallet answers again: the next switch goes through.
    wallet.hang = new Set()
    modal.switchNetwork(anvil2)
    await waitFor(() => expect(modal.getState().caipNetworkId).toBe(anvil2.caipNetworkId))
    expect(wallet.state.chainId).toBe(31338)
  })

  test('behavior: a switch the wallet never answers is given up when the modal closes', async () => {
    const { wallet, count } = devWallet()
    const modal = modalWith()
    await connect(modal)
    wallet.hang = new Set(['wallet_switchEthereumChain'])
    modal.open()
    modal.switchNetwork(anvil2)
    await waitFor(() => expect(count('wallet_switchEthereumChain')).toBe(1))
    modal.close()
    const network = modal.actor.getSnapshot().context.network
    await waitFor(() => expect(network.getSnapshot().value).toBe('supported'))
  })

  test('behavior: eth_requestAccounts never answers: Back cancels, and a new pick asks the wallet again', async () => {
    const { wallet, count } = devWallet()
    wallet.hang = new Set(['eth_requestAccounts'])
    const modal = modalWith()
    modal.open()
    modal.actor.send({ type: 'app.selectWallet', connectorId: RDNS })
    await waitFor(() => expect(count('eth_requestAccounts')).toBe(1))
    modal.actor.send({ type: 'app.back' })
    expect(modal.getState()).toMatchObject({ view: 'Connect', account: { status: 'disconnected' } })
    wallet.hang = new Set()
    modal.actor.send({ type: 'app.selectWallet', connectorId: RDNS })
    await waitFor(() => expect(modal.getState().account.status).toBe('connected'))
    expect(count('eth_requestAccounts')).toBe(2)
  })

  test('behavior: eth_accounts never answers at restore: after walletRequestTimeout the restore fails with a timeout error, and Connect works', async () => {
    const { wallet } = devWallet()
    await wallet.request({ method: 'eth_requestAccounts' })
    wallet.hang = new Set(['eth_accounts'])
    const storage = createMemoryStorage({ '@latchkey/eip155:connected_connector_id': JSON.stringify(RDNS) })
    const clock = createManualClock()
    const modal = modalWith({ storage, clock })
    expect(modal.getState().account.status).toBe('connecting')
    await new Promise((r) => setTimeout(r, 20))
    clock.advance(timing.walletRequestTimeout)
    expect(modal.getState().account.status).toBe('disconnected')
    expect(connection(modal).context.error).toEqual({ name: 'RequestTimeoutError', message: 'Restoring the wallet connection timed out after 10 s.' })
    wallet.hang = new Set()
    modal.open()
    modal.actor.send({ type: 'app.selectWallet', connectorId: RDNS })
    await waitFor(() => expect(modal.getState().account.status).toBe('connected'))
  })

  test('behavior: wallet_revokePermissions never answers: the disconnect is given up after disconnectWait', async () => {
    const { wallet } = devWallet()
    const clock = createManualClock()
    const modal = modalWith({ clock })
    await connect(modal)
    wallet.hang = new Set(['wallet_revokePermissions'])
    modal.disconnect()
    expect(modal.getState().account.status).toBe('connecting')
    clock.advance(timing.disconnectWait)
    expect(modal.getState().account.status).toBe('disconnected')
    expect(connection(modal).context.error?.name).toBe('RequestTimeoutError')
  })

  test('behavior: eth_getBalance never answers: Token Balance Unavailable after walletRequestTimeout, then retried', async () => {
    const { wallet, count } = devWallet()
    wallet.hang = new Set(['eth_getBalance'])
    const clock = createManualClock()
    const modal = modalWith({ clock })
    await connect(modal)
    await waitFor(() => expect(count('eth_getBalance')).toBe(1))
    clock.advance(timing.walletRequestTimeout)
    expect(modal.getState().account.isBalanceUnavailable).toBe(true)
    expect(connection(modal).context.error).toEqual({ name: 'RequestTimeoutError', message: 'Reading the balance timed out after 10 s.' })
    wallet.hang = new Set()
    clock.advance(timing.balanceRetry)
    await waitFor(async () => expect(await isChainBalance(modal.getState().account.balance, devWalletAddress())).toBe(true))
  })
})

describe('destroy() releases what the instance registered', () => {
  test('behavior: 50 create/destroy cycles leave the window and document listeners and the pending timers as they were', async () => {
    devWallet()
    const targets = [window, document] as const
    /** The listeners each target holds now (by type and function), whoever added them. */
    const live = new Map<EventTarget, Set<string>>(targets.map((t) => [t, new Set()]))
    const ids = new WeakMap<object, number>()
    let nextId = 1
    const keyOf = (type: string, listener: unknown) => {
      if (typeof listener !== 'function' && (typeof listener !== 'object' || listener === null)) return `${type}:none`
      if (!ids.has(listener)) ids.set(listener, nextId++)
      return `${type}:${ids.get(listener as object)}`
    }
    const originals = targets.map((t) => ({ t, add: t.addEventListener, remove: t.removeEventListener }))
    for (const { t, add, remove } of originals) {
      t.addEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
        live.get(t)!.add(keyOf(type, listener))
        return add.call(this, type, listener as never, options as never)
      } as never
      t.removeEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
        live.get(t)!.delete(keyOf(type, listener))
        return remove.call(this, type, listener as never, options as never)
      } as never
    }
    const timers = new Set<unknown>()
    const realSetTimeout = globalThis.setTimeout
    const realClearTimeout = globalThis.clearTimeout
    globalThis.setTimeout = ((fn: () => void, ms?: number) => {
      const id = realSetTimeout(() => {
        timers.delete(id)
        fn()
      }, ms)
      timers.add(id)
      return id
    }) as never
    globalThis.clearTimeout = ((id: never) => {
      timers.delete(id)
      realClearTimeout(id)
    }) as never
    try {
      const storage = createMemoryStorage({ '@latchkey/eip155:connected_connector_id': JSON.stringify('not.installed.wallet') })
      for (let i = 0; i < 50; i++) {
        // The default adapter (its EIP-6963 store), opened, and restoring a stored wallet that never announces itself.
        const modal = createModal({ projectId: 'p', networks: [anvil1], storage, walletConnect: false })
        modal.open()
        modal.destroy()
      }
      await new Promise((r) => realSetTimeout(r, 10))
      expect(Object.fromEntries([...live].map(([t, keys]) => [t === window ? 'window' : 'document', [...keys]]))).toEqual({ window: [], document: [] })
      expect(timers.size).toBe(0)
    } finally {
      for (const { t, add, remove } of originals) {
        t.addEventListener = add
        t.removeEventListener = remove
      }
      globalThis.setTimeout = realSetTimeout
      globalThis.clearTimeout = realClearTimeout
    }
  })
})

describe('destroy() with the Solana and Bitcoin adapters loaded', () => {
  test('behavior: 50 cycles with their adapters loaded leave no Wallet Standard registry listener behind', async () => {
    const { getWallets } = await import('@wallet-standard/app')
    const { bitcoinRegtest, solanaDevnet } = await import('../adapters/networks.ts')
    const cycle = async () => {
      const modal = createModal({ projectId: 'p', networks: [anvil1, solanaDevnet, bitcoinRegtest], storage: createMemoryStorage(), walletConnect: false })
      await modal.getAdapter('solana')
      await modal.getAdapter('bip122')
      // Discovery subscribes once the lazily loaded adapters are there.
      await new Promise((r) => setTimeout(r, 0))
      modal.destroy()
    }
    for (let i = 0; i < 50; i++) await cycle()
    // A wallet registered now is read by every registry listener still there: none.
    let reads = 0
    const probe = {
      version: '1.0.0',
      name: 'Probe',
      icon: 'data:image/png;base64,AA==',
      accounts: [],
      features: {},
      get chains() {
        reads++
        return ['solana:devnet', 'bitcoin:regtest']
      },
    }
    const unregister = getWallets().register(probe as never)
    unregister()
    expect(reads).toBe(0)
    // The probe itself works: a live modal reads it.
    const live = createModal({ projectId: 'p', networks: [anvil1, solanaDevnet], storage: createMemoryStorage(), walletConnect: false })
    cleanups.push(() => live.destroy())
    await live.getAdapter('solana')
    await new Promise((r) => setTimeout(r, 0))
    cleanups.push(getWallets().register(probe as never))
    expect(reads).toBeGreaterThan(0)
  })
})

describe('a custom getSessions answer is checked', () => {
  const message = (accountAddress: string, chainId: string): SiwxMessage => ({
    accountAddress,
    chainId,
    domain: 'example.org',
    uri: 'https://example.org',
    version: '1',
    nonce: 'abcdefgh1',
    serializedMessage: `sign in ${accountAddress} ${chainId}`,
  })
  const sessionOf = (address: string, chainId: string): SiwxSession => ({ data: message(address, chainId), message: 'm', signature: '0x01' })
  const OTHER = '0x000000000000000000000000000000000000dEaD'

  async function checked(answer: (address: string) => unknown) {
    const { wallet } = devWallet()
    const siwx: SiwxConfig = {
      createMessage: async ({ accountAddress, chainId }) => message(accountAddress, chainId),
      addSession: async () => {},
      getSessions: async () => answer(wallet.state.address) as SiwxSession[],
      revokeSession: async () => {},
      required: true,
    }
    const modal = modalWith({ siwx })
    modal.open()
    modal.actor.send({ type: 'app.selectWallet', connectorId: RDNS })
    await waitFor(() => expect(['prompting', 'signedIn']).toContain(modal.getState().siwx?.phase))
    return modal
  }

  test.each([
    ['another address', () => [sessionOf(OTHER, 'eip155:31337')]],
    ['this address on another chain', (a: string) => [sessionOf(a, 'eip155:1')]],
    ['malformed sessions', (a: string) => [null, 42, { data: { accountAddress: a } }, { ...sessionOf(a, 'eip155:31337'), data: { ...message(a, 'eip155:31337'), serializedMessage: 7 } }]],
    ['not a list', (a: string) => sessionOf(a, 'eip155:31337')],
  ])('behavior: %s does not count: the required sign-in is asked', async (_, answer) => {
    const modal = await checked(answer)
    expect(modal.getState().siwx?.phase).toBe('prompting')
    expect(modal.getState().siwx?.session).toBeUndefined()
    expect(modal.getState().view).toBe('SIWXSignMessage')
  })

  test('behavior: a session of exactly this address (another letter case: EVM) and network counts, among others that do not', async () => {
    const modal = await checked((a) => [sessionOf(OTHER, 'eip155:31337'), sessionOf(a.toLowerCase(), 'eip155:31337')])
    expect(modal.getState().siwx?.phase).toBe('signedIn')
    expect(modal.getState().siwx?.session?.caipNetworkId).toBe('eip155:31337')
  })
})

describe('spec §3 §9: caches in storage', () => {
  test('spec §3 §9: connecting again within 30 s reads the chain, not the stored balance: the account moved meanwhile (a send the dapp made past the modal)', async () => {
    const { wallet, count } = devWallet()
    const storage = createMemoryStorage()
    const modal = modalWith({ storage })
    await connect(modal)
    await waitFor(async () => expect(await isChainBalance(modal.getState().account.balance, wallet.state.address)).toBe(true))
    const entry = `eip155|31337|${wallet.state.address}`
    expect(Object.keys(JSON.parse(storage.dump()['@latchkey/balance_cache']!))).toContain(entry)
    // The dapp sends 1 ETH through the wallet directly: the modal is not told.
    await wallet.request({ method: 'eth_sendTransaction', params: [{ to: '0x000000000000000000000000000000000000dEaD', value: '0xde0b6b3a7640000' }] })
    const before = modal.getState().account.balance
    modal.disconnect()
    await waitFor(() => expect(modal.getState().account.status).toBe('disconnected'))
    const reads = count('eth_getBalance')
    await connect(modal)
    await waitFor(() => expect(count('eth_getBalance')).toBe(reads + 1))
    await waitFor(async () => expect(await isChainBalance(modal.getState().account.balance, wallet.state.address)).toBe(true))
    // At least the 1 ETH sent below what was shown before the disconnect (other files' sends on this anvil only lower it).
    expect(Number(before) - Number(modal.getState().account.balance)).toBeGreaterThanOrEqual(1)
  })

  test('spec §3 §9: caches in storage: a reload within 30 s shows the Account with its balance while the wallet has not answered the balance yet', async () => {
    const { wallet, count } = devWallet()
    const storage = createMemoryStorage()
    const first = modalWith({ storage })
    await connect(first)
    await waitFor(async () => expect(await isChainBalance(first.getState().account.balance, wallet.state.address)).toBe(true))
    const shown = first.getState().account.balance
    expect(JSON.parse(storage.dump()['@latchkey/balance_cache']!)).toMatchObject({ [`eip155|31337|${wallet.state.address}`]: { value: { decimals: 18, symbol: 'ETH' } } })
    first.destroy()
    // The page reloads; the wallet restores the connection but never answers eth_getBalance.
    wallet.hang = new Set(['eth_getBalance'])
    const reloaded = modalWith({ storage })
    await waitFor(() => expect(reloaded.getState().account.status).toBe('connected'))
    await waitFor(() => expect(reloaded.getState().account.balance).toBe(shown))
    expect(count('eth_getBalance')).toBe(1)
  })
})
