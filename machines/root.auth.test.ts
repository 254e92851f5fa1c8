import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { bitcoinRegtest } from '../adapters/networks.ts'
import { solanaLocalnet } from '../dev/solana/network.ts'
import { ADDRESS, anvil1, createRootHarness } from '../tests/harness/root.ts'
import { connectionStatus } from './connection.ts'
import { timing } from './timing.ts'

/**
 * The auth (embedded wallet) connector across namespaces (spec §4 "A different namespace using
 * embedded-wallet auth connects or switches through it", §6 "supported only on eip155 and solana").
 */
beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms)
const SOLANA_ADDRESS = 'HPRrGFaH1GeKXeURURykoaHz1ejDuRbyEJXdcNq6FjhV'

function harness(auth = true) {
  return createRootHarness({
    networks: [anvil1, solanaLocalnet, bitcoinRegtest],
    options: {
      namespaces: ['eip155', 'solana', 'bip122'],
      ...(auth ? { authConnector: { id: 'auth', namespaces: ['eip155', 'solana'] } } : {}),
    },
  })
}
const connectionOf = (h: ReturnType<typeof harness>, ns: 'eip155' | 'solana' | 'bip122') => h.actor.getSnapshot().context.connections[ns]!.getSnapshot()

describe('root: the auth connector on eip155 and solana', () => {
  test('behavior: connected on eip155 through auth, the solana connection connects through it too; bitcoin is left alone', async () => {
    const h = harness()
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.selectWallet', connectorId: 'auth' })
    h.connects[0]!.resolve({ accounts: [ADDRESS], chainId: 31337 })
    await tick()
    expect(h.connects).toHaveLength(2)
    expect(connectionStatus(connectionOf(h, 'solana'))).toBe('connecting')
    expect(connectionOf(h, 'solana').context.connectorId).toBe('auth')
    expect(connectionStatus(connectionOf(h, 'bip122'))).not.toBe('connecting')
    h.connects[1]!.resolve({ accounts: [SOLANA_ADDRESS], chainId: solanaLocalnet.id })
    await tick(timing.viewTransition)
    expect(connectionStatus(connectionOf(h, 'solana'))).toBe('connected')
    expect(connectionOf(h, 'solana').context.address).toBe(SOLANA_ADDRESS)
    // Still on eip155; the Solana connection's arrival does not move the modal.
    expect(h.actor.getSnapshot().context.activeNamespace).toBe('eip155')

    // The network list: Solana becomes active with its account (Account), Bitcoin asks for a wallet (SwitchActiveChain).
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.selectNetwork', caipNetworkId: solanaLocalnet.caipNetworkId })
    expect(h.actor.getSnapshot().context.activeNamespace).toBe('solana')
    expect(connectionStatus(h.connection())).toBe('connected')
    expect(h.view()).toBe('Account')
    h.actor.send({ type: 'app.selectNetwork', caipNetworkId: bitcoinRegtest.caipNetworkId })
    expect(h.view()).toBe('SwitchActiveChain')
    expect(h.connects).toHaveLength(2)
  })

  test('behavior: another connector connects nothing elsewhere (a browser wallet on eip155: Solana needs its own wallet)', async () => {
    const h = harness()
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.selectWallet', connectorId: 'dev.wallet' })
    h.connects[0]!.resolve({ accounts: [ADDRESS], chainId: 31337 })
    await tick()
    expect(h.connects).toHaveLength(1)
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.selectNetwork', caipNetworkId: solanaLocalnet.caipNetworkId })
    expect(h.view()).toBe('SwitchActiveChain')
  })

  test('behavior: without an embedded wallet configured (no authConnector) an `auth` connection stays in its namespace', async () => {
    const h = harness(false)
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.selectWallet', connectorId: 'auth' })
    h.connects[0]!.resolve({ accounts: [ADDRESS], chainId: 31337 })
    await tick()
    expect(h.connects).toHaveLength(1)
  })

  test('spec §2: with ignoreSwitchConfirmation, SwitchNetwork still shows when the auth connector is active on a chain it supports; a browser wallet switches without it', async () => {
    /** Connected through `connectorId` with the confirmation ignored, the modal reopened, another EVM network picked. */
    const pickNetworkConnectedWith = async (connectorId: string) => {
      const h = createRootHarness({ options: { ignoreSwitchConfirmation: true, authConnector: { id: 'auth', namespaces: ['eip155', 'solana'] } } })
      h.actor.send({ type: 'app.open' })
      h.actor.send({ type: 'app.selectWallet', connectorId })
      h.connects[0]!.resolve({ accounts: [ADDRESS], chainId: 31337 })
      await tick(timing.viewTransition)
      h.actor.send({ type: 'app.open' })
      h.actor.send({ type: 'app.selectNetwork', caipNetworkId: 'eip155:31338' })
      return h
    }
    const auth = await pickNetworkConnectedWith('auth')
    expect(auth.view()).toBe('SwitchNetwork')
    expect(auth.switches).toHaveLength(1)

    const browser = await pickNetworkConnectedWith('dev.wallet')
    expect(browser.view()).toBe('Account')
    expect(browser.switches).toHaveLength(1)
  })

  test('behavior: the auth connector on a namespace it does not serve (no embedded wallet on eip155 here) keeps ignoreSwitchConfirmation', async () => {
    const h = createRootHarness({ options: { ignoreSwitchConfirmation: true, authConnector: { id: 'auth', namespaces: ['solana'] } } })
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.selectWallet', connectorId: 'auth' })
    h.connects[0]!.resolve({ accounts: [ADDRESS], chainId: 31337 })
    await tick(timing.viewTransition)
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.selectNetwork', caipNetworkId: 'eip155:31338' })
    expect(h.view()).toBe('Account')
    expect(h.switches).toHaveLength(1)
  })
})
