import type { TestProject } from 'vitest/node'
import { AnvilStartError, findFreePort, startAnvil } from '../../dev/anvil.ts'
import type { AnvilInstance } from '../../dev/anvil.ts'
import { startApiServer } from '../../dev/api/server.ts'
import type { ApiServer } from '../../dev/api/server.ts'
import { deployDevTokens } from '../../dev/tokens/deploy.ts'
import { deployDevExchange } from '../../dev/dex/deploy.ts'
import { deployDevAa } from '../../dev/aa/deploy.ts'
import { startSolanaRpc } from '../../dev/solana/server.ts'
import type { SolanaRpcServer } from '../../dev/solana/server.ts'
import { startRelay } from '../../testing/node/relay/server.ts'
import type { Relay } from '../../testing/node/relay/server.ts'
import { TestFailure } from './failures.ts'

/** Preferred ports of the two test anvils (chain ids 31337 and 31338). */
export const testAnvils = [
  { port: 18545, chainId: 31337, key: 'anvilRpc1' },
  { port: 18546, chainId: 31338, key: 'anvilRpc2' },
] as const

/**
 * Vitest global setup: starts two anvil nodes for the unit tests and provides their URLs as
 * `anvilRpc1` (chain 31337, port 18545) and `anvilRpc2` (chain 31338, port 18546); tests read them
 * with `inject('anvilRpc1')`. When a preferred port is busy (say another test run is going), a free
 * ephemeral port is used instead and a note is printed.
 *
 * On both it deploys the dev ERC-20 tokens (`dev/tokens`: DEV and the USDT-style dUSDT, 1 000 000 of each for
 * dev accounts 0..4) before any test runs. Nothing new is provided for them: their addresses are the constants
 * `DEV_TOKEN_ADDRESS` and `DEV_TETHER_ADDRESS` of `dev/tokens/tokens.ts`, the same on both chains.
 * Then the Uniswap v2 exchange (`dev/dex`: WETH9, factory, router at the constants of `dev/dex/exchange.ts`) and its
 * pools WETH/dUSDT, WETH/DEV and DEV/dUSDT, seeded for 1 ETH = 3000 dUSDT and 1 DEV = 1.5 dUSDT.
 * Then the ERC-4337 v0.7 EntryPoint and SimpleAccountFactory (`dev/aa`, at the constants of `dev/aa/account.ts`).
 *
 * Then starts the local Solana RPC (`dev/solana`, LiteSVM; the five Solana dev accounts hold 100 SOL each) on a
 * free port and provides its URL as `solanaRpc` (`inject('solanaRpc')`, a web3.js `Connection` endpoint).
 *
 * Then starts one reference API server (`dev/api/server.ts`) on a free port, reading both chains, and provides
 * its URL as `apiUrl` (`inject('apiUrl')` → `http://127.0.0.1:<port>`, contracts under `/blockchain`,
 * `/directory`, `/analytics`; SOL balances read from the Solana RPC). It is shared by every test file: a test that switches its control modes should
 * start a server of its own (`startApiServer({ port: 0, … })`).
 *
 * Then starts one loopback WalletConnect relay (`dev/relay`) on a free port and provides its URL as `relayUrl`
 * (`inject('relayUrl')` → `ws://127.0.0.1:<port>`, the SDKs' `relayUrl`). A test that drops its sockets
 * (`dropAllSockets`) or reads its counters should start a relay of its own (`startRelay()`).
 *
 * @returns the teardown, which stops the relay, the API server, the Solana RPC and both nodes.
 * @throws AnvilStartError when a node cannot be started.
 * @throws DevTokenDeployError when the tokens cannot be deployed.
 * @throws DevExchangeDeployError when the exchange cannot be deployed.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Vitest runs each project's global setup, one after the other: the integration projects share one set of servers
  // (the first to ask starts them, the last to end stops them) instead of each starting its own.
  const registry = globalThis as { [SHARED_SERVERS]?: SharedServers }
  const shared = (registry[SHARED_SERVERS] ??= { users: 0, started: startServers() })
  shared.users += 1
  let servers: Awaited<SharedServers['started']>
  try {
    servers = await shared.started
  } catch (error) {
    shared.users -= 1
    if (shared.users === 0) delete registry[SHARED_SERVERS]
    throw error
  }
  for (const [key, value] of Object.entries(servers.provided)) project.provide(key as Parameters<TestProject['provide']>[0], value as never)
  return async () => {
    shared.users -= 1
    if (shared.users > 0) return
    delete registry[SHARED_SERVERS]
    await servers.teardown()
  }
}

/** Where the servers of this run live while a project uses them (the global object: each project loads this module anew). */
const SHARED_SERVERS = Symbol.for('latchkey.tests.globalSetupServers')
type SharedServers = { users: number; started: Promise<{ provided: Record<string, string>; teardown: () => Promise<void> }> }

/** Starts the servers of {@link setup}; resolves with the values to provide and the teardown. */
async function startServers(): Promise<{ provided: Record<string, string>; teardown: () => Promise<void> }> {
  const provided: Record<string, string> = {}
  const provide: TestProject['provide'] = (key, value) => {
    provided[key] = value as string
  }
  const started: AnvilInstance[] = []
  let api: ApiServer | undefined
  let solana: SolanaRpcServer | undefined
  let relay: Relay | undefined
  const teardown = async (): Promise<void> => {
    await relay?.stop()
    await api?.stop()
    await solana?.stop()
    await Promise.all(started.map((anvil) => anvil.stop()))
  }
  try {
    // The chains and their contracts, the Solana RPC and the relay start side by side (the second core works while the
    // first waits on anvil); the API server and its names database after them (below).
    const anvilsStarted = Promise.all(
      testAnvils.map(async ({ port, chainId, key }) => {
        const anvil = await startOnPreferredPort(port, chainId)
        started.push(anvil)
        provide(key, anvil.url)
        return anvil
      }),
    )
    // On each chain in order: the exchange's pools hold the tokens, the account factory comes last.
    const chainsReady = anvilsStarted.then((anvils) =>
      Promise.all(
        anvils.map(async (anvil) => {
          await deployDevTokens({ rpcUrl: anvil.url, chainId: anvil.chainId })
          await deployDevExchange({ rpcUrl: anvil.url, chainId: anvil.chainId })
          await deployDevAa({ rpcUrl: anvil.url, chainId: anvil.chainId })
        }),
      ),
    )
    const solanaReady = (async () => {
      solana = await startSolanaRpc({ port: 0 })
      provide('solanaRpc', solana.url)
    })()
    const relayReady = (async () => {
      relay = await startRelay({ port: 0 })
      provide('relayUrl', relay.url)
    })()
    const results = await Promise.allSettled([chainsReady, solanaReady, relayReady])
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    if (failed) throw failed.reason
    api = await startApiServer({ port: 0, chains: (await anvilsStarted).map((anvil) => ({ chainId: anvil.chainId, rpcUrl: anvil.url })), solanaRpcUrl: solana!.url })
    provide('apiUrl', api.url)
    // The server's names database (PGlite) opens on the first name request, several seconds on a loaded machine:
    // opened here, so no test's first name lookup pays for it (the walks hold each call and wait about a second).
    // Not beside the deploys: compiling it holds this process's event loop for seconds, and their RPC calls time out.
    const warm = await fetch(`${api.url}/blockchain/v1/profile/account/alice.reown.id?apiVersion=2&st=appkit&sv=latchkey-test&projectId=warm-up`)
    if (!warm.ok) throw new TestFailure(`The reference server's names database did not open: HTTP ${warm.status}`)
  } catch (error) {
    await teardown()
    throw error
  }
  return { provided, teardown }
}

async function startOnPreferredPort(port: number, chainId: number): Promise<AnvilInstance> {
  try {
    return await startAnvil({ port, chainId })
  } catch (error) {
    if (!(error instanceof AnvilStartError) || error.reason !== 'port-in-use') throw error
    const fallback = await findFreePort()
    console.warn(`[global-setup] port ${port} is busy; test anvil for chain ${chainId} uses port ${fallback} instead.`)
    return startAnvil({ port: fallback, chainId })
  }
}
