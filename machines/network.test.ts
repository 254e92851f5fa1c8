import { describe, expect, test } from 'vitest'
import { createActor, fromPromise, type EventObject } from 'xstate'
import { UnrecognizedChainError, UserRejectedRequestError } from '../adapters/errors.ts'
import { defineEvmNetwork, mainnet, type CaipNetwork } from '../adapters/networks.ts'
import { deferred, flush, type Deferred } from '../tests/harness/deferred.ts'
import { connectNetwork } from './network.connect.ts'
import { NoNetworksError, networkMachine } from './network.ts'

const eth = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const local = defineEvmNetwork({ id: 31337, name: 'Anvil Local', nativeCurrency: eth, rpcUrl: 'http://127.0.0.1:8545' })
const local2 = defineEvmNetwork({ id: 31338, name: 'Anvil Local 2', nativeCurrency: eth, rpcUrl: 'http://127.0.0.1:8546' })

function harness(activeCaipNetworkId?: string) {
  const switches: Array<{ input: { connectorId: string; network: CaipNetwork }; d: Deferred<void> }> = []
  const adds: Array<{ input: { connectorId: string; network: CaipNetwork }; d: Deferred<void> }> = []
  const machine = networkMachine.provide({
    actors: {
      switchChain: fromPromise(({ input }) => {
        const d = deferred<void>()
        switches.push({ input, d })
        return d.promise
      }),
      addChain: fromPromise(({ input }) => {
        const d = deferred<void>()
        adds.push({ input, d })
        return d.promise
      }),
    },
  })
  const actor = createActor(machine, { input: { networks: [local, local2, mainnet], activeCaipNetworkId } }).start()
  const emitted: EventObject[] = []
  /** The `network.status` reports (unsupported or not), apart from the switch's events. */
  const reports: boolean[] = []
  actor.on('*', (e) => (e.type === 'network.status' ? reports.push(e.unsupported) : emitted.push(e)))
  return { actor, switches, adds, emitted, reports, active: () => actor.getSnapshot().context.activeCaipNetworkId }
}

describe('network', () => {
  test('behavior: tells its owner whether the wallet is on a chain the dapp did not configure, and the list after a change', () => {
    const h = harness()
    h.actor.send({ type: 'network.walletChainChanged', chainId: 5 })
    expect(h.reports.at(-1)).toBe(true)
    h.actor.send({ type: 'network.walletChainChanged', chainId: 1 })
    expect(h.reports.at(-1)).toBe(false)
    h.actor.send({ type: 'network.remove', caipNetworkId: 'eip155:31338' })
    expect(h.emitted.at(-1)).toEqual({ type: 'network.listChanged', networks: [local, mainnet] })
  })

  test('behavior: starts on the stored network, or the first one when the stored id is unknown', () => {
    expect(harness('eip155:31338').active()).toBe('eip155:31338')
    expect(harness('eip155:999').active()).toBe('eip155:31337')
    const empty = createActor(networkMachine, { input: { networks: [] } })
    const errors: unknown[] = []
    empty.subscribe({ error: (e) => errors.push(e) })
    empty.start()
    expect(empty.getSnapshot().status).toBe('error')
    expect(errors[0]).toBeInstanceOf(NoNetworksError)
    expect((errors[0] as NoNetworksError).shortMessage).toBe('At least one network is required (options.networks).')
  })

  test('behavior: without a connected wallet the network is just set', () => {
    const h = harness()
    h.actor.send({ type: 'network.switch', caipNetworkId: 'eip155:1' })
    expect(h.active()).toBe('eip155:1')
    expect(h.switches).toHaveLength(0)
    expect(h.emitted).toEqual([{ type: 'network.changed', caipNetworkId: 'eip155:1' }])
  })

  test('behavior: a switch to an unknown network changes nothing and reports not found', () => {
    const h = harness()
    h.actor.send({ type: 'network.switch', caipNetworkId: 'eip155:424242', connectorId: 'w' })
    expect(h.active()).toBe('eip155:31337')
    expect(h.emitted).toEqual([{ type: 'network.notFound', caipNetworkId: 'eip155:424242' }])
  })

  test('behavior: with a wallet, switching asks it, marks the target pending, then makes it active', async () => {
    const h = harness()
    h.actor.send({ type: 'network.switch', caipNetworkId: 'eip155:31338', connectorId: 'w' })
    expect(h.actor.getSnapshot().value).toEqual({ pending: 'switching' })
    expect(h.switches[0]!.input).toEqual({ connectorId: 'w', network: local2 })
    const view = connectNetwork(h.actor.getSnapshot())
    expect(view.isSwitching).toBe(true)
    expect(view.items.find((i) => i.isPending)?.network.caipNetworkId).toBe('eip155:31338')
    h.switches[0]!.d.resolve()
    await flush()
    expect(h.active()).toBe('eip155:31338')
    expect(h.actor.getSnapshot().value).toBe('supported')
    expect(h.emitted.map((e) => e.type)).toEqual(['network.changed', 'network.switched'])
    expect(
      connectNetwork(h.actor.getSnapshot())
        .items.filter((i) => i.isActive)
        .map((i) => i.network.name),
    ).toEqual(['Anvil Local 2'])
  })

  test('behavior: an unrecognised chain (4902) is added to the wallet', async () => {
    const h = harness()
    h.actor.send({ type: 'network.switch', caipNetworkId: 'eip155:1', connectorId: 'w' })
    h.switches[0]!.d.reject({ code: 4902, message: 'Unrecognized chain ID' })
    await flush()
    expect(h.actor.getSnapshot().value).toEqual({ pending: 'addingChain' })
    expect(h.adds[0]!.input.network).toBe(mainnet)
    h.adds[0]!.d.resolve()
    await flush()
    expect(h.active()).toBe('eip155:1')
    expect(h.emitted.at(-1)).toEqual({ type: 'network.switched', caipNetworkId: 'eip155:1' })
  })

  test('behavior: failing to add the chain is "Chain is not supported" and a failure', async () => {
    const h = harness()
    h.actor.send({ type: 'network.switch', caipNetworkId: 'eip155:1', connectorId: 'w' })
    h.switches[0]!.d.reject(new UnrecognizedChainError())
    await flush()
    h.adds[0]!.d.reject({ code: -32603, message: 'bad rpc' })
    await flush()
    expect(h.active()).toBe('eip155:31337')
    expect(h.emitted.at(-1)).toMatchObject({ type: 'network.switchFailed', caipNetworkId: 'eip155:1', error: { message: 'Chain is not supported' } })
  })

  test('behavior: the user rejecting the switch is not a failure', async () => {
    const h = harness()
    h.actor.send({ type: 'network.switch', caipNetworkId: 'eip155:31338', connectorId: 'w' })
    h.switches[0]!.d.reject(new UserRejectedRequestError())
    await flush()
    expect(h.active()).toBe('eip155:31337')
    expect(h.emitted).toEqual([{ type: 'network.switchRejected', caipNetworkId: 'eip155:31338' }])
    expect(h.actor.getSnapshot().context.error).toBeUndefined()
  })

  test('behavior: any other switch error is a failure with the wallet message', async () => {
    const h = harness()
    h.actor.send({ type: 'network.switch', caipNetworkId: 'eip155:31338', connectorId: 'w' })
    h.switches[0]!.d.reject('wallet exploded')
    await flush()
    expect(h.emitted).toEqual([{ type: 'network.switchFailed', caipNetworkId: 'eip155:31338', error: { name: 'BaseError', message: 'wallet exploded' } }])
  })

  test('behavior: a chain change to a known chain switches; to an unknown chain marks it unsupported', () => {
    const h = harness()
    h.actor.send({ type: 'network.walletChainChanged', chainId: 31338 })
    expect(h.active()).toBe('eip155:31338')
    h.actor.send({ type: 'network.walletChainChanged', chainId: 5 })
    expect(h.actor.getSnapshot().value).toBe('unsupported')
    expect(h.active()).toBe('eip155:31338')
    const view = connectNetwork(h.actor.getSnapshot())
    expect(view.isUnsupported).toBe(true)
    expect(view.walletChainId).toBe(5)
    expect(view.items.some((i) => i.isActive)).toBe(false)
    h.actor.send({ type: 'network.walletChainChanged', chainId: 31337 })
    expect(h.actor.getSnapshot().value).toBe('supported')
  })

  test('behavior: a switch from an unsupported chain that the user rejects stays unsupported', async () => {
    const h = harness()
    h.actor.send({ type: 'network.walletChainChanged', chainId: 5 })
    h.actor.send({ type: 'network.switch', caipNetworkId: 'eip155:31337', connectorId: 'w' })
    h.switches[0]!.d.reject(new UserRejectedRequestError())
    await flush()
    expect(h.actor.getSnapshot().value).toBe('unsupported')
  })

  describe('a wallet that never answers', () => {
    test('behavior: a new switch while the wallet has not answered supersedes it: the wallet is asked again, the late answer is ignored', async () => {
      const h = harness()
      h.actor.send({ type: 'network.switch', caipNetworkId: 'eip155:31338', connectorId: 'w' })
      h.actor.send({ type: 'network.switch', caipNetworkId: 'eip155:1', connectorId: 'w' })
      expect(h.switches.map((s) => s.input.network.caipNetworkId)).toEqual(['eip155:31338', 'eip155:1'])
      expect(h.actor.getSnapshot().context.target).toBe('eip155:1')
      // The first request answers late: nothing happens.
      h.switches[0]!.d.resolve()
      await flush()
      expect(h.active()).toBe('eip155:31337')
      expect(h.actor.getSnapshot().value).toEqual({ pending: 'switching' })
      h.switches[1]!.d.resolve()
      await flush()
      expect(h.active()).toBe('eip155:1')
      expect(h.emitted.map((e) => e.type)).toEqual(['network.changed', 'network.switched'])
    })

    test('behavior: the same target picked again asks the wallet again (a fresh request)', () => {
      const h = harness()
      h.actor.send({ type: 'network.switch', caipNetworkId: 'eip155:31338', connectorId: 'w' })
      h.actor.send({ type: 'network.switch', caipNetworkId: 'eip155:31338', connectorId: 'w' })
      expect(h.switches).toHaveLength(2)
    })

    test('behavior: a new switch while the wallet is adding the chain supersedes the add', async () => {
      const h = harness()
      h.actor.send({ type: 'network.switch', caipNetworkId: 'eip155:1', connectorId: 'w' })
      h.switches[0]!.d.reject(new UnrecognizedChainError())
      await flush()
      h.actor.send({ type: 'network.switch', caipNetworkId: 'eip155:31338', connectorId: 'w' })
      expect(h.actor.getSnapshot().value).toEqual({ pending: 'switching' })
      h.adds[0]!.d.resolve()
      await flush()
      expect(h.active()).toBe('eip155:31337')
      h.switches[1]!.d.resolve()
      await flush()
      expect(h.active()).toBe('eip155:31338')
    })

    test('behavior: without a connector (the wallet is going) a pick while pending is just set', () => {
      const h = harness()
      h.actor.send({ type: 'network.switch', caipNetworkId: 'eip155:31338', connectorId: 'w' })
      h.actor.send({ type: 'network.switch', caipNetworkId: 'eip155:1' })
      expect(h.actor.getSnapshot().value).toBe('supported')
      expect(h.active()).toBe('eip155:1')
      expect(h.actor.getSnapshot().context.target).toBeUndefined()
    })

    test('behavior: an unknown network picked while pending is reported and the pending switch stays', () => {
      const h = harness()
      h.actor.send({ type: 'network.switch', caipNetworkId: 'eip155:31338', connectorId: 'w' })
      h.actor.send({ type: 'network.switch', caipNetworkId: 'eip155:424242', connectorId: 'w' })
      expect(h.emitted).toEqual([{ type: 'network.notFound', caipNetworkId: 'eip155:424242' }])
      expect(h.actor.getSnapshot().context.target).toBe('eip155:31338')
      expect(h.switches).toHaveLength(1)
    })

    test('behavior: network.cancel gives the pending switch up (supported, or unsupported where the wallet is); its late answer is ignored', async () => {
      const h = harness()
      h.actor.send({ type: 'network.switch', caipNetworkId: 'eip155:31338', connectorId: 'w' })
      h.actor.send({ type: 'network.cancel' })
      expect(h.actor.getSnapshot().value).toBe('supported')
      expect(connectNetwork(h.actor.getSnapshot()).isSwitching).toBe(false)
      expect(h.actor.getSnapshot().context.target).toBeUndefined()
      h.switches[0]!.d.resolve()
      await flush()
      expect(h.active()).toBe('eip155:31337')
      expect(h.emitted).toEqual([])

      h.actor.send({ type: 'network.walletChainChanged', chainId: 5 })
      h.actor.send({ type: 'network.switch', caipNetworkId: 'eip155:31337', connectorId: 'w' })
      h.actor.send({ type: 'network.cancel' })
      expect(h.actor.getSnapshot().value).toBe('unsupported')
    })

    test('behavior: network.cancel while settled changes nothing', () => {
      const h = harness()
      h.actor.send({ type: 'network.cancel' })
      expect(h.actor.getSnapshot().value).toBe('supported')
      expect(h.emitted).toEqual([])
    })
  })

  test('behavior: the wallet disconnecting clears the unsupported mark', () => {
    const h = harness()
    h.actor.send({ type: 'network.walletChainChanged', chainId: 5 })
    h.actor.send({ type: 'network.walletDisconnected' })
    expect(h.actor.getSnapshot().value).toBe('supported')
  })
})
