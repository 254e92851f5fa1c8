/**
 * Test fixtures of the bridges and the custom elements (ui/wagmi.test.ts, ui/ethers.test.ts, ui/element.test.ts):
 * a modal on the test anvils with the real development wallet announced (EIP-6963) in happy-dom. Tests only.
 */
import { vi, expect } from 'vitest'
import { createPublicClient, http, type Address } from 'viem'
import { anvilNetwork } from '../dev/chains.ts'
import { mnemonicToAccount } from 'viem/accounts'
import { announceDevWallet, DEV_MNEMONIC, devAccounts, DevWallet } from '../dev/wallet/index.ts'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { createModal, type ModalOptions } from './createModal.ts'
import type { ModalInstance } from './instance.ts'

/** The dev wallet's EIP-6963 rdns: its connector id in the modal. */
export const devWalletConnectorId = 'dev.latchkey.wallet'

export type BridgeFixture = {
  wallet: DevWallet
  modal: ModalInstance
  networks: ReturnType<typeof anvilNetwork>[]
  /** Reads the chain directly (anvil 1 or 2). */
  chain(index: 0 | 1): ReturnType<typeof createPublicClient>
  /** The modal's native balance of the connected eip155 account, in wei (undefined while it loads). */
  modalBalance(): bigint | undefined
  /** Opens the modal and picks the dev wallet; resolves once connected. */
  connect(): Promise<void>
  destroy(): void
}

/**
 * A modal on anvil 1 (31337, the default) and anvil 2 (31338), the dev wallet announced (auto-approving unless
 * `autoApprove: false`). Its selected account is anvil's funded account `addressIndex` of the dev mnemonic (default 6:
 * the other test files spend from 0 to 4, 9 deploys the tokens; give each bridge's file its own so that parallel files
 * never move a balance another compares); its other accounts are the usual dev accounts 0 to 4.
 */
export function makeBridgeFixture(rpc: [string, string], { autoApprove = true, addressIndex = 6, options = {} }: { autoApprove?: boolean; addressIndex?: number; options?: Partial<ModalOptions> } = {}): BridgeFixture {
  const wallet = new DevWallet({
    chains: [
      { chainId: 31337, name: 'Anvil Local', rpcUrl: rpc[0] },
      { chainId: 31338, name: 'Anvil Local 2', rpcUrl: rpc[1] },
    ],
    accounts: [mnemonicToAccount(DEV_MNEMONIC, { addressIndex }), ...devAccounts()],
    storage: createMemoryStorage(),
    autoApprove,
  })
  const unannounce = announceDevWallet(wallet, { rdns: devWalletConnectorId })
  const networks = [anvilNetwork(31337, 'Anvil Local', rpc[0]), anvilNetwork(31338, 'Anvil Local 2', rpc[1])]
  const modal = createModal({
    projectId: 'p',
    networks: [networks[0]!, networks[1]!],
    storage: createMemoryStorage(),
    adapter: createEip155Adapter({ window }),
    walletConnect: false,
    ...options,
  })
  const clients = rpc.map((url) => createPublicClient({ transport: http(url) }))
  return {
    wallet,
    modal,
    networks,
    chain: (index) => clients[index]!,
    modalBalance: () => {
      const value = modal.actor.getSnapshot().context.connections.eip155?.getSnapshot().context.balance?.value
      return value === undefined ? undefined : BigInt(value)
    },
    async connect() {
      modal.open()
      modal.actor.send({ type: 'app.selectWallet', connectorId: devWalletConnectorId })
      await vi.waitFor(() => expect(modal.getState().account.status).toBe('connected'), { timeout: 10_000 })
    },
    destroy() {
      modal.destroy()
      unannounce()
    },
  }
}

/** A fresh address no test has used: its balance is exactly what a test sends it. */
export function freshAddress(): Address {
  const bytes = crypto.getRandomValues(new Uint8Array(20))
  return `0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}` as Address
}
