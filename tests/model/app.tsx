import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/react'
import { inject } from 'vitest'
import { createEip155Adapter } from '../../adapters/eip155.ts'
import { announceDevWallet, anvilNetwork, DevWallet, mountWalletPanel } from '../../dev/wallet/index.ts'
import { timing } from '../../machines/timing.ts'
import { createMemoryStorage } from '../../services/storage.ts'
import { createModal } from '../../ui/createModal.ts'
import { AccountButton, ConnectButton, ModalProvider, NetworkButton } from '../../ui/react.tsx'
import { createManualClock } from '../harness/clock.ts'
import { deferred, type Deferred } from '../harness/deferred.ts'

export const RDNS = 'dev.latchkey.wallet'
export const WALLET_NAME = 'Latchkey Dev Wallet'
/** A chain the dev wallet knows and the dapp does not configure (the unsupported-chain fixture). */
export const UNKNOWN_CHAIN = 999

/**
 * The real modal rendered in happy-dom, with the real development wallet (announced through EIP-6963,
 * with its approval panel) whose reads go to the real anvil chains of the test global setup. XState
 * delays run on a manual clock. Walks drive it only through what a visitor or the wallet's user does.
 */
export async function renderApp(
  fixture: { stored?: boolean; reconnect?: boolean; announce?: boolean; authorised?: boolean; hold?: readonly string[] } = {},
) {
  const rpc1 = inject('anvilRpc1')
  const rpc2 = inject('anvilRpc2')
  const walletStorage = createMemoryStorage()
  const modalStorage = createMemoryStorage()
  const wallet = new DevWallet({
    chains: [
      { chainId: 31337, name: 'Anvil Local', rpcUrl: rpc1 },
      { chainId: 31338, name: 'Anvil Local 2', rpcUrl: rpc2 },
      { chainId: UNKNOWN_CHAIN, name: 'Unknown chain', rpcUrl: rpc1 },
    ],
    storage: walletStorage,
    autoApprove: false,
  })
  if (fixture.authorised) {
    wallet.setAutoApprove(true)
    await wallet.request({ method: 'eth_requestAccounts' })
    wallet.setAutoApprove(false)
  }
  if (fixture.stored) {
    modalStorage.setItem('@latchkey/eip155:connected_connector_id', JSON.stringify(RDNS))
    modalStorage.setItem('@latchkey/connections', JSON.stringify({ eip155: [{ connectorId: RDNS, accounts: [{ address: wallet.state.address }] }] }))
  }
  const gates = createGates(wallet)
  for (const method of fixture.hold ?? []) gates.close(method)
  let unannounce: (() => void) | undefined
  const announce = () => {
    unannounce ??= announceDevWallet(wallet, { rdns: RDNS, name: WALLET_NAME })
  }
  if (fixture.announce !== false) announce()
  const clock = createManualClock()
  const modal = createModal({
    projectId: 'model-tests',
    networks: [anvilNetwork(31337, 'Anvil Local', rpc1), anvilNetwork(31338, 'Anvil Local 2', rpc2)],
    storage: modalStorage,
    adapter: createEip155Adapter({ window }),
    enableReconnect: fixture.reconnect ?? true,
    clock,
  })
  const page = render(
    <ModalProvider modal={modal}>
      <ConnectButton />
      <AccountButton />
      <NetworkButton />
    </ModalProvider>,
  )
  const panelHost = document.createElement('div')
  document.body.appendChild(panelHost)
  const unmountPanel = mountWalletPanel(wallet, panelHost)

  const shadows = () =>
    Array.from(document.querySelectorAll('*'))
      .map((el) => el.shadowRoot)
      .filter((r): r is ShadowRoot => Boolean(r))
  /** Queries across the page, every open shadow root included. */
  const find = (role: string, name: string | RegExp) => {
    for (const root of [document.body, ...shadows()]) {
      const hit = within(root as unknown as HTMLElement).queryAllByRole(role as never, { name })
      if (hit.length) return hit[0]!
    }
    return null
  }
  const get = async (role: string, name: string | RegExp) => {
    let el: HTMLElement | null = null
    await waitFor(() => {
      el = find(role, name)
      if (!el) throw new Error(`No ${role} named ${String(name)}`)
    })
    return el!
  }
  const dialog = () => find('dialog', /.*/)
  const panel = () => within(panelHost)

  const ui = {
    wallet,
    modal,
    clock,
    gates,
    announce,
    find,
    get,
    dialog,
    async click(role: string, name: string | RegExp) {
      fireEvent.click(await get(role, name))
      await settle()
    },
    /** Clicks a control inside the open dialog (the page may have a button of the same name). */
    async clickInDialog(role: string, name: string | RegExp) {
      let el: HTMLElement | undefined
      await waitFor(() => {
        const d = dialog()
        if (!d) throw new Error('no dialog')
        el = within(d).getByRole(role as never, { name })
      })
      fireEvent.click(el!)
      await settle()
    },
    /** The dialog is open; opens it with the page button if needed. */
    async ensureOpen() {
      await settle()
      if (dialog()) return
      const button = find('button', /^(Connect Wallet|Connecting…)$/) ?? find('button', /0x/)
      if (!button) throw new Error('no page button to open the modal')
      fireEvent.click(button)
      await settle()
    },
    async close() {
      if (!dialog()) return
      fireEvent.keyDown(dialog()!, { key: 'Escape' })
      clock.advance(timing.viewTransition)
      await waitFor(() => {
        if (dialog()) throw new Error('dialog still open')
      })
    },
    /** The wallet user's answer to the pending request, in the wallet's own panel. */
    async walletAnswer(answer: 'Approve' | 'Reject') {
      let button: HTMLElement | undefined
      await waitFor(() => {
        button = panel().getAllByRole('region', { name: 'Wallet request' })[0]
        if (!button) throw new Error('no pending wallet request')
      })
      fireEvent.click(within(button!).getByRole('button', { name: answer }))
      await settle()
    },
    panel,
    async selectInPanel(label: string, value: string) {
      fireEvent.change(panel().getByLabelText(label), { target: { value } })
      await settle()
    },
  }

  /** Lets promises and React settle; a closing modal finishes its exit transition (manual clock). */
  async function settle() {
    await new Promise((r) => setTimeout(r, 0))
    if (modal.actor.getSnapshot().context.modal.getSnapshot().matches('closing')) {
      clock.advance(timing.viewTransition)
      await new Promise((r) => setTimeout(r, 0))
    }
  }

  return {
    ...ui,
    settle,
    async dispose() {
      gates.releaseAll()
      unmountPanel()
      panelHost.remove()
      unannounce?.()
      page.unmount()
      cleanup()
      modal.destroy()
    },
  }
}

export type App = Awaited<ReturnType<typeof renderApp>>

/**
 * Holds chosen wallet methods until the test releases or fails them: the wallet's RPC answering late,
 * or the node failing. The wallet and the chain stay real; only the timing is the test's.
 */
function createGates(wallet: DevWallet) {
  const held = new Map<string, Deferred<void>[]>()
  const closed = new Set<string>()
  const original = wallet.request.bind(wallet)
  wallet.request = async (args: { method: string; params?: unknown }) => {
    if (closed.has(args.method)) {
      const d = deferred<void>()
      held.set(args.method, [...(held.get(args.method) ?? []), d])
      await d.promise
    }
    return original(args)
  }
  return {
    close(method: string) {
      closed.add(method)
    },
    open(method: string) {
      closed.delete(method)
    },
    waiting: (method: string) => held.get(method)?.length ?? 0,
    async release(method: string) {
      await waitFor(() => {
        if (!held.get(method)?.length) throw new Error(`no ${method} waiting`)
      })
      held.get(method)!.shift()!.resolve()
    },
    async fail(method: string, error: unknown) {
      await waitFor(() => {
        if (!held.get(method)?.length) throw new Error(`no ${method} waiting`)
      })
      held.get(method)!.shift()!.reject(error)
    },
    releaseAll() {
      for (const list of held.values()) list.splice(0).forEach((d) => d.reject(new Error('test over')))
    },
  }
}
