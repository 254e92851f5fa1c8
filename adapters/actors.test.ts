import { afterEach, describe, expect, test, vi } from 'vitest'
import { createActor, setup, type AnyActorLogic, type EventObject } from 'xstate'
import { createManualClock } from '../tests/harness/clock.ts'
import { siwxActors } from './actors.features.ts'
import { connectionActors, connectorDiscoveryActor, lazyAdapter, networkActors, validConnectors } from './actors.ts'
import { BaseError, InvalidCallbackResponseError, RequestTimeoutError, UnrecognizedChainError, UserRejectedRequestError } from './errors.ts'
import { defineEvmNetwork } from './networks.ts'
import type { SiwxConfig, SiwxMessage, SiwxSession } from '../kernel/siwx.ts'
import type { ChainAdapter, Connector } from './types.ts'
import { ForeignError } from '../tests/harness/failures.ts'

/**
 * The actors made from adapters and from the `siwx` option, against hostile implementations: a dapp's own
 * `adapter` or `siwx` is foreign code, so nothing it throws, answers or leaves hanging may escape as anything but a
 * typed error of the actor that asked.
 */
afterEach(() => vi.restoreAllMocks())

const network = defineEvmNetwork({ id: 31337, name: 'Anvil Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'http://127.0.0.1:8545' })
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** An adapter whose every method fails the test unless the case overrides it. */
function adapterWith(overrides: Partial<ChainAdapter>): ChainAdapter {
  const unused = () => {
    throw new ForeignError('not used by this test')
  }
  return {
    namespace: 'eip155',
    watchConnectors: unused,
    getConnectors: () => [],
    connect: unused,
    reconnect: unused,
    disconnect: unused,
    getBalance: unused,
    switchChain: unused,
    addChain: unused,
    watchWallet: unused,
    signMessage: unused,
    ...overrides,
  } as ChainAdapter
}

/** Runs a promise actor to its end: its output, or the error it failed with. */
function run<T>(logic: AnyActorLogic, input: unknown): Promise<{ output?: T; error?: unknown }> {
  return new Promise((resolve) => {
    const actor = createActor(logic, { input })
    actor.subscribe({
      next: (s) => {
        if (s.status === 'done') resolve({ output: s.output as T })
      },
      error: (error) => resolve({ error }),
    })
    actor.start()
  })
}

/** A parent that invokes a callback actor and records what it sends back and whether it failed. */
function parentOf(logic: AnyActorLogic, input?: unknown) {
  const received: EventObject[] = []
  const failures: unknown[] = []
  const machine = setup({ actors: { child: logic } }).createMachine({
    invoke: { src: 'child', input: () => input as never, onError: { actions: ({ event }) => void failures.push(event.error) } },
    on: { '*': { actions: ({ event }) => void received.push(event) } },
  })
  const actor = createActor(machine).start()
  return { actor, received, failures }
}

describe('connectionActors', () => {
  test('behavior: connect throwing synchronously, rejecting or answering a value that breaks the contract: a typed error, never a throw', async () => {
    const answers: unknown[] = []
    const actors = connectionActors(
      adapterWith({
        connect: (() => {
          const next = answers.shift()
          if (next === 'throw') throw { code: 4001, message: 'no' }
          return Promise.resolve(next)
        }) as never,
      }),
      [network],
    )
    answers.push('throw')
    expect((await run(actors.connect, { connectorId: 'w' })).error).toBeInstanceOf(UserRejectedRequestError)
    for (const malformed of [undefined, { accounts: [], chainId: 1 }, { accounts: [42], chainId: 1 }, { accounts: [ADDRESS], chainId: 0 }, { accounts: [ADDRESS], chainId: '' }, 'session']) {
      answers.push(malformed)
      const { error } = await run(actors.connect, { connectorId: 'w' })
      expect(error).toBeInstanceOf(InvalidCallbackResponseError)
      expect((error as InvalidCallbackResponseError).operation).toBe('adapter.connect')
    }
    answers.push({ accounts: [ADDRESS], chainId: 31337, extra: true })
    expect((await run(actors.connect, { connectorId: 'w' })).output).toEqual({ accounts: [ADDRESS], chainId: 31337 })
  })

  test('spec §3: with describeWallet the session carries the wallet and its address labels; a description that fails leaves the session undescribed', async () => {
    const adapter = adapterWith({ connect: async () => ({ accounts: [ADDRESS], chainId: 31337 }), reconnect: async () => ({ accounts: [ADDRESS], chainId: 31337 }) })
    const asked: unknown[] = []
    const described = connectionActors(adapter, [network], {
      describeWallet: async (input) => {
        asked.push(input)
        return { wallet: { name: 'Latchkey Dev Wallet', identifier: 'dev.latchkey.wallet' }, addressLabels: { [ADDRESS]: 'EOA' } }
      },
    })
    const expected = { accounts: [ADDRESS], chainId: 31337, wallet: { name: 'Latchkey Dev Wallet', identifier: 'dev.latchkey.wallet' }, addressLabels: { [ADDRESS]: 'EOA' } }
    expect((await run(described.connect, { connectorId: 'w' })).output).toEqual(expected)
    expect((await run(described.reconnect, { connectorId: 'w' })).output).toEqual(expected)
    expect(asked[0]).toEqual({ connectorId: 'w', namespace: 'eip155', accounts: [ADDRESS] })
    for (const failing of [
      () => {
        throw new BaseError('no connectors')
      },
      () => Promise.reject(new BaseError('no user')),
    ]) {
      const actors = connectionActors(adapter, [network], { describeWallet: failing })
      expect((await run(actors.connect, { connectorId: 'w' })).output).toEqual({ accounts: [ADDRESS], chainId: 31337 })
    }
  })

  test('behavior: getBalance must answer a non-negative bigint with its decimals and symbol', async () => {
    let answer: unknown
    const actors = connectionActors(adapterWith({ getBalance: (async () => answer) as never }), [network])
    const input = { connectorId: 'w', address: ADDRESS, chainId: 31337 }
    for (const malformed of [{ value: 1, decimals: 18, symbol: 'ETH' }, { value: -1n, decimals: 18, symbol: 'ETH' }, { value: 1n, decimals: 1.5, symbol: 'ETH' }, null]) {
      answer = malformed
      expect((await run(actors.getBalance, input)).error).toBeInstanceOf(InvalidCallbackResponseError)
    }
    answer = { value: 10n ** 18n, decimals: 18, symbol: 'ETH' }
    expect((await run(actors.getBalance, input)).output).toEqual({ value: '1000000000000000000', decimals: 18, symbol: 'ETH' })
  })

  test('spec §3 §9: native balance cache: a first read takes the cached balance, a fresh read asks the wallet and stores it', async () => {
    let reads = 0
    const stored = new Map<string, { value: string; decimals: number; symbol: string }>()
    const balanceCache = { get: (key: string) => stored.get(key), set: (key: string, b: { value: string; decimals: number; symbol: string }) => void stored.set(key, b) }
    const actors = connectionActors(adapterWith({ getBalance: (async () => ({ value: BigInt(++reads), decimals: 18, symbol: 'ETH' })) as never }), [network], { balanceCache })
    const input = { connectorId: 'w', address: ADDRESS, chainId: 31337 }
    expect((await run(actors.getBalance, input)).output).toMatchObject({ value: '1' })
    expect((await run(actors.getBalance, input)).output).toMatchObject({ value: '1' })
    expect([...stored.keys()]).toEqual([`eip155|31337|${ADDRESS}`])
    expect((await run(actors.getBalance, { ...input, fresh: true })).output).toMatchObject({ value: '2' })
    expect((await run(actors.getBalance, input)).output).toMatchObject({ value: '2' })
    expect(reads).toBe(2)
  })

  test("behavior: watchWallet's subscribe throwing fails the actor with a typed error (the machine's onError); its unsubscribe throwing is dropped", () => {
    vi.spyOn(console, 'debug').mockImplementation(() => {})
    const throwing = parentOf(
      connectionActors(
        adapterWith({
          watchWallet: () => {
            throw 'on() exploded'
          },
        }),
        [network],
      ).watchWallet,
      { connectorId: 'w' },
    )
    expect(throwing.failures).toHaveLength(1)
    expect(throwing.failures[0]).toBeInstanceOf(BaseError)
    expect((throwing.failures[0] as BaseError).shortMessage).toBe('on() exploded')
    expect(throwing.actor.getSnapshot().status).toBe('active')

    const leaving = parentOf(
      connectionActors(
        adapterWith({
          watchWallet: () => () => {
            throw new ForeignError('off exploded')
          },
        }),
        [network],
      ).watchWallet,
      { connectorId: 'w' },
    )
    expect(() => leaving.actor.stop()).not.toThrow()
    expect(leaving.failures).toEqual([])
  })

  test('behavior: wallet events that break the contract are dropped; valid ones become connection events', () => {
    vi.spyOn(console, 'debug').mockImplementation(() => {})
    let emit!: (event: unknown) => void
    const { received } = parentOf(connectionActors(adapterWith({ watchWallet: (_, listener) => ((emit = listener as never), () => {}) }), [network]).watchWallet, { connectorId: 'w' })
    for (const bad of [null, { type: 'accountsChanged', accounts: 'x' }, { type: 'chainChanged', chainId: -1 }, { type: 'unknown' }]) emit(bad)
    emit({ type: 'accountsChanged', accounts: [ADDRESS] })
    emit({ type: 'chainChanged', chainId: 31338 })
    emit({ type: 'disconnect' })
    expect(received.filter((e) => e.type.startsWith('connection.'))).toEqual([
      { type: 'connection.accountsChanged', accounts: [ADDRESS] },
      { type: 'connection.chainChanged', chainId: 31338 },
      { type: 'connection.walletDisconnected' },
    ])
  })
})

describe('networkActors', () => {
  test('behavior: switchChain throwing synchronously is a rejection that keeps the EIP-1193 class (4902)', async () => {
    const actors = networkActors(
      adapterWith({
        switchChain: (() => {
          throw { code: 4902 }
        }) as never,
      }),
    )
    expect((await run(actors.switchChain, { connectorId: 'w', network })).error).toBeInstanceOf(UnrecognizedChainError)
  })
})

describe('connectorDiscoveryActor', () => {
  test("behavior: an adapter whose watchConnectors throws is left out; another adapter's malformed connectors are dropped, the valid ones listed", () => {
    vi.spyOn(console, 'debug').mockImplementation(() => {})
    const good: Connector = { id: 'w', name: 'Wallet', type: 'ANNOUNCED', chain: 'solana' }
    const solana = adapterWith({
      namespace: 'solana',
      watchConnectors: (listener) => {
        listener([good, { id: 'x', name: 42 } as never, null as never, { ...good, id: '', name: 'Empty id' }])
        return () => {
          throw new ForeignError('unsubscribe exploded')
        }
      },
    })
    const eip155 = adapterWith({
      watchConnectors: () => {
        throw new ForeignError('watchConnectors exploded')
      },
    })
    const { actor, received } = parentOf(connectorDiscoveryActor({ eip155, solana }))
    expect(received.filter((e) => e.type === 'connectors.changed')).toEqual([{ type: 'connectors.changed', connectors: [good] }])
    expect(() => actor.stop()).not.toThrow()
  })

  test('behavior: validConnectors keeps the contract fields and drops anything else', () => {
    vi.spyOn(console, 'debug').mockImplementation(() => {})
    expect(validConnectors('not a list')).toEqual([])
    expect(validConnectors([{ id: 'a', name: 'A', type: 'INJECTED', chain: 'eip155', imageUrl: 7 }])).toEqual([])
    expect(validConnectors([{ id: 'a', name: 'A', type: 'INJECTED', chain: 'eip155', installed: 'yes' }])).toEqual([])
    expect(validConnectors([{ id: 'a', name: 'A', type: 'INJECTED', chain: 'eip155', installed: true }])).toEqual([{ id: 'a', name: 'A', type: 'INJECTED', chain: 'eip155', installed: true }])
    expect(validConnectors([{ id: 'a', name: 'A', type: 'INJECTED', chain: 'eip155', info: { rdns: 'a' } }])).toEqual([{ id: 'a', name: 'A', type: 'INJECTED', chain: 'eip155', info: { rdns: 'a' } }])
  })
})

describe('lazyAdapter', () => {
  test('behavior: destroy releases the loaded adapter; one still loading is released when it arrives and subscribes nothing', async () => {
    const destroyed: string[] = []
    const make = (name: string) => Object.assign(adapterWith({ namespace: 'solana', watchConnectors: () => () => {} }), { destroy: () => void destroyed.push(name) })
    const loaded = lazyAdapter('solana', async () => make('loaded'))
    await loaded.load()
    loaded.destroy()
    expect(destroyed).toEqual(['loaded'])

    let resolve!: (adapter: ChainAdapter) => void
    const watch = vi.fn(() => () => {})
    const late = lazyAdapter('solana', () => new Promise<ChainAdapter>((r) => (resolve = r)))
    late.watchConnectors(() => {})
    const loading = late.load()
    late.destroy()
    resolve(Object.assign(make('late'), { watchConnectors: watch }))
    await loading
    await new Promise((r) => setTimeout(r, 0))
    expect(destroyed).toEqual(['loaded', 'late'])
    expect(watch).not.toHaveBeenCalled()
  })
})

describe('siwxActors', () => {
  const target = { address: ADDRESS, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'w' }
  const message = (accountAddress = ADDRESS, chainId = 'eip155:31337'): SiwxMessage => ({
    accountAddress,
    chainId,
    domain: 'example.org',
    uri: 'https://example.org',
    version: '1',
    nonce: 'abcdefgh',
    serializedMessage: 'example.org wants you to sign in',
  })
  const session = (m = message()): SiwxSession => ({ data: m, message: m.serializedMessage, signature: '0x01' })
  const config = (overrides: Partial<SiwxConfig>): SiwxConfig => ({
    createMessage: async () => message(),
    addSession: async () => {},
    getSessions: async () => [],
    revokeSession: async () => {},
    ...overrides,
  })
  const actorsOf = (siwx: SiwxConfig, clock = createManualClock()) => siwxActors({ config: () => siwx, signWithWallet: async () => '0xwallet', timeout: 10_000, clock })

  test("behavior: createMessage's answer must be a well-formed message of exactly that account and network", async () => {
    for (const bad of [undefined, {}, { ...message(), serializedMessage: '' }, message('0x000000000000000000000000000000000000dEaD'), message(ADDRESS, 'eip155:1')]) {
      const { error } = await run(actorsOf(config({ createMessage: async () => bad as never })).createMessage, target)
      expect(error).toBeInstanceOf(InvalidCallbackResponseError)
    }
    expect((await run(actorsOf(config({ createMessage: async () => message(ADDRESS.toLowerCase()) })).createMessage, target)).output).toMatchObject({ accountAddress: ADDRESS.toLowerCase() })
  })

  test('behavior: getSessions, createMessage, addSession and revokeSession that never answer end with RequestTimeoutError on the clock', async () => {
    const never = () => new Promise<never>(() => {})
    const clock = createManualClock()
    const actors = actorsOf(config({ getSessions: never, createMessage: never, addSession: never, revokeSession: never }), clock)
    const pending = [run(actors.getSessions, target), run(actors.createMessage, target), run(actors.addSession, session()), run(actors.revokeSession, { sessions: [session()] })]
    await new Promise((r) => setTimeout(r, 0))
    clock.advance(10_000)
    for (const outcome of await Promise.all(pending)) expect(outcome.error).toBeInstanceOf(RequestTimeoutError)
  })

  test('behavior: the signature has no timeout (the visitor cancels); a custom signer throwing 4001 is the rejection, a non-string answer an error', async () => {
    const clock = createManualClock()
    const signs = run(actorsOf(config({ signMessage: () => new Promise(() => {}) }), clock).signMessage, { target, message: 'm' })
    clock.advance(60_000)
    expect(clock.pending()).toEqual([])
    void signs
    expect(
      (
        await run(
          actorsOf(
            config({
              signMessage: (() => {
                throw { code: 4001 }
              }) as never,
            }),
          ).signMessage,
          { target, message: 'm' },
        )
      ).error,
    ).toBeInstanceOf(UserRejectedRequestError)
    expect((await run(actorsOf(config({ signMessage: async () => 42 as never })).signMessage, { target, message: 'm' })).error).toBeInstanceOf(InvalidCallbackResponseError)
    expect((await run(actorsOf(config({})).signMessage, { target, message: 'm' })).output).toBe('0xwallet')
  })

  test("behavior: addSession's answer: nothing keeps the signed session; a session of another account or a malformed one is refused", async () => {
    const signed = session()
    expect((await run(actorsOf(config({ addSession: async () => undefined })).addSession, signed)).output).toBe(signed)
    expect((await run(actorsOf(config({ addSession: async () => ({ ...signed, token: 't' }) })).addSession, signed)).output).toMatchObject({ token: 't' })
    for (const bad of [session(message(ADDRESS, 'eip155:1')), { data: null }, 42]) {
      expect((await run(actorsOf(config({ addSession: async () => bad as never })).addSession, signed)).error).toBeInstanceOf(InvalidCallbackResponseError)
    }
  })

  test('behavior: a config method that throws synchronously is a typed error of that call', async () => {
    const throwing = () => {
      throw new ForeignError('config exploded')
    }
    const actors = actorsOf(config({ getSessions: throwing, revokeSession: throwing }))
    expect((await run(actors.getSessions, target)).error).toMatchObject({ name: 'BaseError', shortMessage: 'config exploded' })
    expect((await run(actors.revokeSession, { sessions: [session()] })).error).toMatchObject({ shortMessage: 'config exploded' })
  })
})
