// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest'
import { createEip155Adapter } from '../../adapters/eip155.ts'
import { defineEvmNetwork } from '../../adapters/networks.ts'
import { createMemoryStorage } from '../../services/storage.ts'
import { waitFor } from '../../tests/harness/waitFor.ts'
import { connectConnecting } from '../../machines/connection.connect.ts'
import type { connectionMachine } from '../../machines/connection.ts'
import { createModal } from '../../ui/createModal.ts'
import type { ActorRefFrom } from 'xstate'
import { installTestWallet } from './testWallet.ts'

/**
 * The test kit in Vitest with happy-dom, as a dapp's unit tests use it: the test wallet announced in the window, the
 * real modal finding it over EIP-6963. Nothing reaches a node (connecting is the wallet's own; the balance read fails
 * quietly on the closed port).
 */
const rpcUrl = 'http://127.0.0.1:1'
const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl, testnet: true })
const cleanups: Array<() => void> = []
afterEach(() => {
  while (cleanups.length) cleanups.pop()!()
})

function setUp() {
  const { wallet, uninstall } = installTestWallet({ rpcUrl, storage: createMemoryStorage() })
  cleanups.push(uninstall)
  const modal = createModal({ projectId: 'p', networks: [anvil], storage: createMemoryStorage(), adapter: createEip155Adapter({ window }), walletConnect: false })
  cleanups.push(() => modal.destroy())
  const connecting = () => connectConnecting((modal.actor.system.get('connection.eip155') as ActorRefFrom<typeof connectionMachine>).getSnapshot())
  return {
    wallet,
    modal,
    connecting,
    connect: async () => {
      modal.open()
      await waitFor(() => expect(modal.actor.getSnapshot().context.connectors.some((c) => c.id === wallet.info.rdns)).toBe(true))
      modal.actor.send({ type: 'app.selectWallet', connectorId: wallet.info.rdns })
    },
  }
}

describe('the test wallet under the real modal', () => {
  test('approved, the modal connects the wallet’s account', async () => {
    const { wallet, modal, connect } = setUp()
    await connect()
    await waitFor(() => expect(modal.getState().account.status).toBe('connected'))
    expect(modal.getState().account.address).toBe(wallet.addresses[0])
  })

  test('rejected (4001), Connecting shows the wallet declined, nothing connected', async () => {
    const { wallet, modal, connecting, connect } = setUp()
    wallet.answerNext('reject', 'connect')
    await connect()
    await waitFor(() => expect(connecting().phase).toBe('declined'))
    expect(modal.getState()).toMatchObject({ view: 'ConnectingExternal', account: { status: 'disconnected' } })
  })

  test('failed with the given error, Connecting shows it; left hanging, it waits until the test answers', async () => {
    const { wallet, modal, connecting, connect } = setUp()
    wallet.answerNext('hang', 'connect')
    await connect()
    await wallet.waitForPrompt('connect')
    expect(connecting().phase).toBe('waiting')
    wallet.settle({ code: 4100, message: 'Not authorised' })
    await waitFor(() => expect(connecting().phase).toBe('error'))
    expect(connecting().error?.name).toBe('UnauthorizedProviderError')
    expect(modal.getState().account.status).toBe('disconnected')
  })

  test('hostile: a wallet answering garbage accounts makes the modal show its error, not a connection', async () => {
    const { wallet, modal, connecting, connect } = setUp()
    wallet.misbehave({ accounts: 'garbage' })
    await connect()
    await waitFor(() => expect(connecting().phase).toBe('error'))
    expect(connecting().error?.name).toBe('InvalidProviderResponseError')
    expect(modal.getState().account.status).toBe('disconnected')
  })
})
