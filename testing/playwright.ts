/**
 * `latchkey/testing/playwright`: Playwright fixtures for a dapp's tests of its wallet flows (guide: docs/guide/testing.md).
 *
 * ```ts
 * import { expect, test } from 'latchkey/testing/playwright'
 * test('sends', async ({ page, wallet, modal, chain }) => { … })
 * ```
 *
 * Fixtures: `chain` (anvil started per worker, or `rpcUrl` / LATCHKEY_TEST_RPC_URL; `evm_snapshot` before each test,
 * `evm_revert` after), `wallet` (a test wallet on that chain, `walletOptions` merged in), `modal` (the page object),
 * `connected` (the page opened at `startPath` already connected, through the modal's reconnect; signed in as well with
 * `startSignedIn`), `walletConnect` (a loopback WalletConnect pair on that chain, started per worker: the page's relay
 * socket goes to its relay, `pair(uri)` pairs its test wallet), `blockchainApi` (the blockchain API the modal reads balances
 * from, on that chain, started per worker: the page's `latchkeyTestBlockchainUrl`, or its own API URL routed to it). Needs `@playwright/test` (an optional peer dependency of
 * latchkey), to start anvil `@foundry-rs/anvil` or Foundry, and for `walletConnect` `ws` and `@walletconnect/sign-client`.
 */
import { test as base } from '@playwright/test'
import { findFreePort, startAnvil } from './node/anvil.ts'
import { connectChain, type TestChain } from './playwright/chain.ts'
import { connectedStart, type ConnectedSession } from './playwright/connectedStart.ts'
import { recordCoverage } from './playwright/inspection.ts'
import { ModalPage } from './playwright/modal.ts'
import type { SignedInStartOptions } from './siwx.ts'
import { startWalletConnectPair, type WalletConnectPair, type WalletConnectPairOptions } from './node/walletConnectPair.ts'
import { HOSTED_RELAY_HOSTS as HOSTED_RELAY_HOSTS_DEFAULT, routeWalletConnect } from './playwright/walletConnect.ts'
import { startBlockchainApi, type BlockchainApi, type StartBlockchainApiOptions } from './node/blockchainApi/server.ts'
import { pointAtBlockchainApi } from './playwright/blockchainApi.ts'
import { installTestWallet, setWalletScriptUrl, type PageTestWalletOptions, type TestWalletHandle } from './playwright/wallet.ts'

// The page scripts are built beside this entry (dist/lib/test-wallet.js, test-solana-wallet.js, test-bitcoin-wallet.js).
setWalletScriptUrl(new URL('./test-wallet.js', import.meta.url))
setWalletScriptUrl(new URL('./test-solana-wallet.js', import.meta.url), 'test-solana-wallet.js')
setWalletScriptUrl(new URL('./test-bitcoin-wallet.js', import.meta.url), 'test-bitcoin-wallet.js')

export { expect } from '@playwright/test'
export * from './index.ts'
export { AnvilStartError, startAnvil } from './node/anvil.ts'
export type { AnvilInstance, StartAnvilOptions } from './node/anvil.ts'
export { ChainRequestError, connectChain } from './playwright/chain.ts'
export type { TestChain } from './playwright/chain.ts'
export { connectedStart, gotoWithStorage } from './playwright/connectedStart.ts'
export type { ConnectedSession, ConnectedStartOptions } from './playwright/connectedStart.ts'
export { ModalPage } from './playwright/modal.ts'
export type { RecordedCoverage } from './playwright/inspection.ts'
export { installTestWallet } from './playwright/wallet.ts'
export type { PageTestWalletOptions, TestWalletHandle } from './playwright/wallet.ts'
export { installTestSolanaWallet } from './playwright/solanaWallet.ts'
export type { PageTestSolanaWalletOptions, TestSolanaWalletHandle } from './playwright/solanaWallet.ts'
export { installTestBitcoinWallet } from './playwright/bitcoinWallet.ts'
export type { PageTestBitcoinWalletOptions, TestBitcoinWalletHandle } from './playwright/bitcoinWallet.ts'
export type { StandardWalletHandle } from './playwright/standardWallet.ts'
export { startWalletConnectPair } from './node/walletConnectPair.ts'
export type { WalletConnectAnswer, WalletConnectPair, WalletConnectPairOptions, WalletConnectPromptKind, WalletConnectTestWallet } from './node/walletConnectPair.ts'
export { HOSTED_RELAY_HOSTS, readPairingUri, routeWalletConnect } from './playwright/walletConnect.ts'
export { startBlockchainApi } from './node/blockchainApi/server.ts'
export type { BlockchainApi, BlockchainApiBehaviour, StartBlockchainApiOptions } from './node/blockchainApi/server.ts'
export { pointAtBlockchainApi } from './playwright/blockchainApi.ts'

/** The options a project or a file sets with `test.use({ … })`. */
export type LatchkeyTestOptions = {
  /** An existing node for `chain` instead of a new anvil (default LATCHKEY_TEST_RPC_URL). */
  rpcUrl: string | undefined
  /** Merged into the `wallet` fixture's options (accounts or mnemonic, rdns, name, answer…). */
  walletOptions: PageTestWalletOptions
  /** Where `connected` opens the page (default '/'). */
  startPath: string
  /**
   * When set, `connected` starts signed in too: the dapp's SIWX server as its `createSiwx` was given (`url`, and
   * `projectId`, `statement` when it has them); the page's origin is Playwright's `baseURL`. Default none.
   */
  startSignedIn: Omit<SignedInStartOptions, 'origin'> | undefined
  /** The `walletConnect` pair's wallet: `mnemonic` (and `accountCount`) or `accounts`, `answer`, `projectId` (worker-wide; default anvil's five dev accounts, the first active, and 'approve'). */
  walletConnectOptions: Omit<WalletConnectPairOptions, 'rpcUrl' | 'port'>
  /** The relay hosts whose sockets the page opens on the pair's relay; default the hosted relay's (the modal's default `relayUrl`). */
  walletConnectRelayHosts: readonly string[]
  /**
   * The `blockchainApi` server's options (worker-wide): `tokens`, `chains`, `solanaRpcUrl`, `prices` (default: every
   * chain asked for read on the `chain` node, ETH only).
   */
  blockchainApiOptions: Omit<StartBlockchainApiOptions, 'rpcUrl' | 'port'>
  /** The dapp's own `api.blockchainUrl`, whose requests the `blockchainApi` fixture sends to the kit's; default none (the page reads `latchkeyTestBlockchainUrl`). */
  blockchainApiRoute: string | undefined
}

/** The fixtures (`latchkeyCoverage` is automatic: the charts' coverage of each test, see docs/guide/testing.md). */
export type LatchkeyFixtures = { chain: TestChain; wallet: TestWalletHandle; modal: ModalPage; connected: ConnectedSession; latchkeyCoverage: undefined; walletConnect: WalletConnectPair; blockchainApi: BlockchainApi }

/** The worker-wide fixtures and options. */
type WorkerFixtures = {
  rpcUrl: string | undefined
  chainUrl: string
  walletConnectOptions: LatchkeyTestOptions['walletConnectOptions']
  walletConnectPair: WalletConnectPair
  blockchainApiOptions: LatchkeyTestOptions['blockchainApiOptions']
  blockchainApiServer: BlockchainApi
}

/** Playwright's `test` with the latchkey fixtures. */
export const test = base.extend<LatchkeyFixtures & Omit<LatchkeyTestOptions, 'rpcUrl' | 'walletConnectOptions' | 'blockchainApiOptions'>, WorkerFixtures>({
  rpcUrl: [process.env.LATCHKEY_TEST_RPC_URL, { option: true, scope: 'worker' }],
  chainUrl: [
    async ({ rpcUrl }, use) => {
      if (rpcUrl) return use(rpcUrl)
      const anvil = await startAnvil({ port: await findFreePort(), chainId: 31337 })
      try {
        await use(anvil.url)
      } finally {
        await anvil.stop()
      }
    },
    { scope: 'worker' },
  ],
  chain: async ({ chainUrl }, use) => {
    const chain = await connectChain(chainUrl)
    const snapshot = await chain.request<string>('evm_snapshot')
    try {
      await use(chain)
    } finally {
      await chain.request('evm_revert', [snapshot])
    }
  },
  walletOptions: [{}, { option: true }],
  wallet: async ({ page, chain, walletOptions }, use) => {
    await use(await installTestWallet(page, { rpcUrl: chain.rpcUrl, chains: [chain.chainId], ...walletOptions }))
  },
  modal: async ({ page }, use) => {
    await use(new ModalPage(page))
  },
  latchkeyCoverage: [async ({ page }, use, testInfo) => recordCoverage(page, () => use(undefined), testInfo), { auto: true }],
  startPath: ['/', { option: true }],
  startSignedIn: [undefined, { option: true }],
  connected: async ({ page, wallet, startPath, startSignedIn, baseURL }, use) => {
    const siwx = startSignedIn && { ...startSignedIn, ...(baseURL ? { origin: new URL(startPath, baseURL).origin } : {}) }
    await use(await connectedStart(page, { wallet, path: startPath, ...(siwx ? { siwx } : {}) }))
  },
  walletConnectOptions: [{}, { option: true, scope: 'worker' }],
  walletConnectPair: [
    async ({ chainUrl, walletConnectOptions }, use) => {
      const pair = await startWalletConnectPair({ ...walletConnectOptions, rpcUrl: chainUrl })
      try {
        await use(pair)
      } finally {
        await pair.close()
      }
    },
    { scope: 'worker' },
  ],
  walletConnectRelayHosts: [HOSTED_RELAY_HOSTS_DEFAULT, { option: true }],
  walletConnect: async ({ page, walletConnectPair, walletConnectRelayHosts, walletConnectOptions }, use) => {
    await routeWalletConnect(page, walletConnectPair.relayUrl, walletConnectRelayHosts)
    await use(walletConnectPair)
    // The next test of this worker starts with no session, the worker's answer, its first account active and no misbehaviour.
    await walletConnectPair.wallet.disconnect().catch(() => {})
    walletConnectPair.wallet.setAnswer(walletConnectOptions.answer ?? 'approve')
    walletConnectPair.wallet.misbehave({})
    await walletConnectPair.wallet.setAccount(0).catch(() => {})
  },
  blockchainApiOptions: [{}, { option: true, scope: 'worker' }],
  blockchainApiServer: [
    async ({ chainUrl, blockchainApiOptions }, use) => {
      const api = await startBlockchainApi({ ...blockchainApiOptions, rpcUrl: chainUrl })
      try {
        await use(api)
      } finally {
        await api.close()
      }
    },
    { scope: 'worker' },
  ],
  blockchainApiRoute: [undefined, { option: true }],
  // Before `connected` when both are asked for (Playwright sets fixtures up in the order the test names them).
  blockchainApi: async ({ page, blockchainApiServer, blockchainApiRoute }, use) => {
    await pointAtBlockchainApi(page, blockchainApiServer.blockchainUrl, blockchainApiRoute)
    await use(blockchainApiServer)
    blockchainApiServer.setBehaviour({ mode: 'normal' })
  },
})
