/**
 * `npm start`: two local anvil chains with the dev ERC-20 tokens (DEV, dUSDT; `dev/tokens`), the reference API
 * server, the loopback WalletConnect relay (`dev/relay`) and the Vite dev server for the demo page, the statechart
 * visualiser (`/visualiser.html`) and the development mobile wallet (`/mobile-wallet.html`).
 *
 * Env: ANVIL_PORT_1 (default 8545, chain 31337), ANVIL_PORT_2 (default 8546, chain 31338), SOLANA_PORT (default
 * 8899, the local Solana RPC over LiteSVM), API_PORT (default 8600), RELAY_PORT (default 8700, the WalletConnect
 * relay; RELAY_LOG=0 silences its line per method served), SMTP_PORT (default 2525, the loopback mail server),
 * SECURE_SITE_PORT (default 8800, the embedded wallet's secure site: frame page, API, mailbox; dev/secure-site),
 * OIDC_PORT (default 8900, the OpenID Connect provider of the social logins; dev/oidc),
 * ONRAMP_PORT (default 8950, the development on-ramp provider's checkout; dev/onramp), PORT (default 5173),
 * LATCHKEY_VITE_CACHE_DIR (the Vite dev server's dependency cache; default node_modules/.vite), DEV_SERVER=0 (no Vite dev
 * server: the pages are served by someone else, the e2e tests' production build), EXTRA_PAGE_PORTS (more
 * loopback page ports, comma-separated, allowed as origins by the API and as ancestors by the secure site). Sets VITE_ANVIL_RPC_1 / VITE_ANVIL_RPC_2, VITE_SOLANA_RPC, VITE_API_URL, VITE_RELAY_URL and
 * VITE_SECURE_SITE_URL for the pages. Ctrl-C
 * (SIGINT) or SIGTERM stops everything and exits 0; a busy port stops what already started and exits 1.
 */
import { createServer } from 'vite'
import type { ViteDevServer } from 'vite'
import { AnvilStartError, DEV_ADDRESSES, DEV_MNEMONIC, devChains, repoRoot, startAnvil } from './anvil.ts'
import type { AnvilInstance } from './anvil.ts'
import { startApiServer } from './api/server.ts'
import type { ApiServer } from './api/server.ts'
import { defaultPagePorts, loopbackOrigins } from './api/dataset.ts'
import { fundExchangeHotWallet } from './exchange/fund.ts'
import { deployDevTokens, devTokens } from './tokens/deploy.ts'
import { ROUTER_ADDRESS, WETH_ADDRESS, deployDevExchange } from './dex/deploy.ts'
import { deployDevFidRegistry } from './farcaster/registry.ts'
import { DEV_SOLANA_ACCOUNT_LAMPORTS, DEV_SOLANA_ADDRESSES, SOLANA_DEFAULT_PORT, SOLANA_LOCALNET_CAIP_NETWORK_ID, startSolanaRpc } from './solana/index.ts'
import type { SolanaRpcServer } from './solana/index.ts'
import { startRelay } from '../testing/node/relay/server.ts'
import type { Relay } from '../testing/node/relay/server.ts'
import { openSecureDb } from './secure-site/db.ts'
import { startMailServer } from './secure-site/mail.ts'
import type { MailServer } from './secure-site/mail.ts'
import { startSecureSite } from './secure-site/server.ts'
import type { SecureSite } from './secure-site/server.ts'
import { createOnrampLedger, startOnrampProvider, TREASURY_ADDRESS } from './onramp/provider.ts'
import type { OnrampProvider } from './onramp/provider.ts'
import { startOidcProvider } from './oidc/server.ts'
import type { OidcProviderServer } from './oidc/server.ts'
import { ENTRY_POINT_ADDRESS, SIMPLE_ACCOUNT_FACTORY_ADDRESS, deployDevAa } from './aa/deploy.ts'
import { startDevBundler } from './aa/bundler.ts'
import type { DevBundlerServer } from './aa/bundler.ts'

const anvils: AnvilInstance[] = []
/** The anvil being started, until it answers (a shutdown meanwhile stops it once it has). */
let anvilStarting: Promise<AnvilInstance> | undefined
let vite: ViteDevServer | undefined
let api: ApiServer | undefined
let solana: SolanaRpcServer | undefined
let relay: Relay | undefined
let mail: MailServer | undefined
let secure: SecureSite | undefined
let onramp: OnrampProvider | undefined
let oidc: OidcProviderServer | undefined
let bundler: DevBundlerServer | undefined
let shuttingDown = false

/**
 * Stops the anvils (those started and one still starting) first, then closes Vite, the API server, the Solana RPC and the
 * relay, then exits with `code`. Runs once. The anvils go first because they run in process groups of their own: a
 * caller that gives up waiting and kills this process (the e2e setup after its grace period, on a loaded machine)
 * would otherwise leave them running.
 */
async function shutdown(code: number): Promise<never> {
  if (!shuttingDown) {
    shuttingDown = true
    if (code === 0) console.log('\n  Stopping the dev server, the API server, the Solana RPC, the WalletConnect relay and the anvil chains…')
    const anvilsStopped = Promise.all([
      ...anvils.map((anvil) => anvil.stop()),
      anvilStarting?.then(
        (anvil) => anvil.stop(),
        () => undefined,
      ),
    ])
    await vite?.close().catch((error: unknown) => console.error('  Could not close Vite cleanly:', error))
    await api?.stop()
    await bundler?.stop()
    await onramp?.stop()
    await solana?.stop()
    await relay?.stop()
    await secure?.stop()
    await oidc?.stop()
    await mail?.stop()
    await anvilsStopped
    process.exit(code)
  }
  return new Promise<never>(() => {})
}

/** Reads a TCP port from the environment; exits 1 with a message when it is not a valid port. */
async function readPort(envVar: string, fallback: number): Promise<number> {
  const raw = process.env[envVar]
  if (raw === undefined || raw === '') return fallback
  const port = Number(raw)
  if (Number.isInteger(port) && port >= 1 && port <= 65_535) return port
  console.error(`\n  ✗ ${envVar}=${raw} is not a valid TCP port (1-65535).\n`)
  return shutdown(1)
}

function isPortInUse(error: unknown): boolean {
  if (error instanceof AnvilStartError) return error.reason === 'port-in-use'
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  return code === 'EADDRINUSE' || (typeof message === 'string' && /already in use/i.test(message))
}

/** Starts the Vite dev server of the pages on `port` (`vite`); a failure says why and stops the stack (exit 1). */
async function startViteDevServer(port: number): Promise<void> {
  try {
    // LATCHKEY_VITE_CACHE_DIR: a dependency cache of its own.
    const cacheDir = process.env.LATCHKEY_VITE_CACHE_DIR
    vite = await createServer({ configFile: `${repoRoot}vite.config.ts`, server: { port }, ...(cacheDir ? { cacheDir } : {}) })
    await vite.listen()
  } catch (error) {
    if (isPortInUse(error)) {
      console.error(`\n  ✗ Port ${port} is already in use, so the demo server cannot start.\n    Free the port, or choose another one: PORT=<port> npm start\n`)
    } else {
      console.error('\n  ✗ Could not start the Vite dev server:\n', error)
    }
    await shutdown(1)
  }
}

async function main(): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0))
  // PGlite compiles for seconds: the secure site's database opens while the chains start.
  const secureDb = openSecureDb()
  secureDb.catch(() => undefined)

  for (const chain of devChains) {
    const port = await readPort(chain.portEnvVar, chain.defaultPort)
    try {
      anvilStarting = startAnvil({ port, chainId: chain.chainId })
      const anvil = await anvilStarting
      anvilStarting = undefined
      anvils.push(anvil)
      process.env[chain.rpcEnvVar] = anvil.url
    } catch (error) {
      if (isPortInUse(error)) {
        console.error(`\n  ✗ Port ${port} is already in use, so the anvil for chain ${chain.chainId} (${chain.name}) cannot start.` + `\n    Free the port, or choose another one: ${chain.portEnvVar}=<port> npm start\n`)
      } else {
        console.error(`\n  ✗ Could not start the anvil for chain ${chain.chainId} (${chain.name}) on port ${port}:\n`, error)
      }
      await shutdown(1)
    }
    if (shuttingDown) return
  }

  try {
    await Promise.all(anvils.map((anvil) => deployDevTokens({ rpcUrl: anvil.url, chainId: anvil.chainId })))
    await Promise.all(anvils.map((anvil) => deployDevExchange({ rpcUrl: anvil.url, chainId: anvil.chainId })))
    // The reference exchange pays ERC-20s too: its hot wallet (dev account 6) holds the dev tokens.
    await Promise.all(anvils.map((anvil) => fundExchangeHotWallet({ rpcUrl: anvil.url })))
    await Promise.all(anvils.map((anvil) => deployDevFidRegistry({ rpcUrl: anvil.url, chainId: anvil.chainId })))
    await Promise.all(anvils.map((anvil) => deployDevAa({ rpcUrl: anvil.url, chainId: anvil.chainId })))
  } catch (error) {
    console.error('\n  ✗ Could not deploy the dev tokens, the exchange, the Farcaster id registry and the ERC-4337 contracts:\n', error)
    await shutdown(1)
  }
  if (shuttingDown) return

  const solanaPort = await readPort('SOLANA_PORT', SOLANA_DEFAULT_PORT)
  try {
    solana = await startSolanaRpc({ port: solanaPort })
    process.env.VITE_SOLANA_RPC = solana.url
  } catch (error) {
    if (isPortInUse(error)) {
      console.error(`\n  ✗ Port ${solanaPort} is already in use, so the local Solana RPC cannot start.\n    Free the port, or choose another one: SOLANA_PORT=<port> npm start\n`)
    } else {
      console.error('\n  ✗ Could not start the local Solana RPC:\n', error)
    }
    await shutdown(1)
  }
  if (shuttingDown) return

  const port = await readPort('PORT', 5173)
  // The pages allowed to call the API and to frame the secure site: the usual demo and e2e ports, PORT, and
  // EXTRA_PAGE_PORTS (comma-separated; the e2e setup serves a production build of the demo there).
  const extraPagePorts = (process.env.EXTRA_PAGE_PORTS ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number)
    .filter((p) => Number.isInteger(p) && p > 0 && p < 65_536)
  const pagePorts = [...new Set([...defaultPagePorts, port, ...extraPagePorts])]
  const apiPort = await readPort('API_PORT', 8600)
  const onrampPort = await readPort('ONRAMP_PORT', 8950)
  const onrampLedger = createOnrampLedger()
  try {
    onramp = await startOnrampProvider({ port: onrampPort, chains: anvils.map((anvil) => ({ chainId: anvil.chainId, rpcUrl: anvil.url })), ledger: onrampLedger })
  } catch (error) {
    if (isPortInUse(error)) {
      console.error(`\n  ✗ Port ${onrampPort} is already in use, so the development on-ramp provider cannot start.\n    Free the port, or choose another one: ONRAMP_PORT=<port> npm start\n`)
    } else {
      console.error('\n  ✗ Could not start the development on-ramp provider:\n', error)
    }
    await shutdown(1)
  }
  if (shuttingDown) return
  try {
    api = await startApiServer({
      onrampLedger,
      port: apiPort,
      chains: anvils.map((anvil) => ({ chainId: anvil.chainId, rpcUrl: anvil.url })),
      solanaRpcUrl: solana?.url,
      // The demo page's own origin (PORT) is allowed besides the usual demo and e2e ports.
      dataset: { allowedOrigins: loopbackOrigins(pagePorts), ...(onramp ? { onrampCheckoutUrl: onramp.url } : {}) },
    })
    process.env.VITE_API_URL = api.url
  } catch (error) {
    if (isPortInUse(error)) {
      console.error(`\n  ✗ Port ${apiPort} is already in use, so the API server cannot start.\n    Free the port, or choose another one: API_PORT=<port> npm start\n`)
    } else {
      console.error('\n  ✗ Could not start the API server:\n', error)
    }
    await shutdown(1)
  }
  if (shuttingDown) return

  const bundlerPort = await readPort('BUNDLER_PORT', 8650)
  try {
    bundler = await startDevBundler({ port: bundlerPort, chains: anvils.map((anvil) => ({ chainId: anvil.chainId, rpcUrl: anvil.url })) })
    process.env.VITE_BUNDLER_URL = bundler.url
  } catch (error) {
    if (isPortInUse(error)) {
      console.error(`\n  ✗ Port ${bundlerPort} is already in use, so the dev bundler cannot start.\n    Free the port, or choose another one: BUNDLER_PORT=<port> npm start\n`)
    } else {
      console.error('\n  ✗ Could not start the dev bundler:\n', error)
    }
    await shutdown(1)
  }
  if (shuttingDown) return

  const relayPort = await readPort('RELAY_PORT', 8700)
  try {
    relay = await startRelay({ port: relayPort, ...(process.env.RELAY_LOG === '0' ? {} : { log: (line: string) => console.log(`  ${line}`) }) })
    process.env.VITE_RELAY_URL = relay.url
  } catch (error) {
    if (isPortInUse(error)) {
      console.error(`\n  ✗ Port ${relayPort} is already in use, so the WalletConnect relay cannot start.\n    Free the port, or choose another one: RELAY_PORT=<port> npm start\n`)
    } else {
      console.error('\n  ✗ Could not start the WalletConnect relay:\n', error)
    }
    await shutdown(1)
  }
  if (shuttingDown) return

  const smtpPort = await readPort('SMTP_PORT', 2525)
  const securePort = await readPort('SECURE_SITE_PORT', 8800)
  try {
    mail = await startMailServer({ port: smtpPort })
  } catch (error) {
    if (isPortInUse(error)) {
      console.error(`\n  ✗ Port ${smtpPort} is already in use, so the dev mail server cannot start.\n    Free the port, or choose another one: SMTP_PORT=<port> npm start\n`)
    } else {
      console.error('\n  ✗ Could not start the dev mail server:\n', error)
    }
    await shutdown(1)
  }
  if (shuttingDown || !mail) return
  const oidcPort = await readPort('OIDC_PORT', 8900)
  try {
    oidc = await startOidcProvider({ port: oidcPort, redirectUris: [`http://127.0.0.1:${securePort}/social/callback`] })
  } catch (error) {
    if (isPortInUse(error)) {
      console.error(`\n  ✗ Port ${oidcPort} is already in use, so the OpenID Connect provider cannot start.\n    Free the port, or choose another one: OIDC_PORT=<port> npm start\n`)
    } else {
      console.error('\n  ✗ Could not start the OpenID Connect provider:\n', error)
    }
    await shutdown(1)
  }
  if (shuttingDown || !oidc) return
  try {
    secure = await startSecureSite({
      social: { issuer: oidc.url, clients: oidc.clients },
      port: securePort,
      mail,
      db: secureDb,
      chains: anvils.map((anvil) => ({
        chainId: anvil.chainId,
        rpcUrl: anvil.url,
        name: devChains.find((c) => c.chainId === anvil.chainId)?.name,
        // Smart accounts on every dev chain: user operations go to the dev bundler.
        ...(bundler ? { bundlerUrl: bundler.rpcUrl(anvil.chainId) } : {}),
      })),
      // Each user's Solana keypair signs and sends on the local LiteSVM chain.
      solanaChains: solana ? [{ caipNetworkId: SOLANA_LOCALNET_CAIP_NETWORK_ID, rpcUrl: solana.url, name: 'Solana Localnet' }] : [],
      // The frame may be framed by the demo page (PORT) and the usual demo and e2e ports.
      allowedAncestors: loopbackOrigins(pagePorts),
      // The smart account's wallet_grantPermissions keeps its sessions in the reference API.
      ...(api ? { sessionsApiUrl: `${api.url}/blockchain` } : {}),
    })
    process.env.VITE_SECURE_SITE_URL = secure.url
  } catch (error) {
    if (isPortInUse(error)) {
      console.error(`\n  ✗ Port ${securePort} is already in use, so the secure site cannot start.\n    Free the port, or choose another one: SECURE_SITE_PORT=<port> npm start\n`)
    } else {
      console.error('\n  ✗ Could not start the secure site:\n', error)
    }
    await shutdown(1)
  }
  if (shuttingDown) return

  // DEV_SERVER=0: the e2e tests serve the demo's production build themselves.
  if (process.env.DEV_SERVER !== '0') await startViteDevServer(port)
  if (shuttingDown) return

  // The API server's names database (PGlite) opens on its first name request, seconds on a busy machine: opened now
  // that every service is up (compiling it holds this process's event loop), so the page's first name lookup is answered
  // within the clients' request timeout (spec §9 10 s).
  if (api) void fetch(`${api.url}/blockchain/v1/profile/account/alice.reown.id?apiVersion=2&st=appkit&sv=warm-up&projectId=warm-up`).catch(() => undefined)

  const demoUrl = vite?.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`
  const width = Math.max(...devChains.map((c) => c.name.length))
  console.log(
    [
      '',
      '  Latchkey dev environment is running',
      '',
      `  Demo        ${demoUrl}`,
      `  Visualiser  ${new URL('visualiser.html', demoUrl).href}  (statecharts of machines/, live with the demo tab)`,
      `  Mobile      ${new URL('mobile-wallet.html', demoUrl).href}  (development mobile wallet over WalletConnect: paste the dapp's URI)`,
      ...devChains.map((chain, i) => `  ${chain.name.padEnd(width)}  chain ${chain.chainId}  ${anvils[i]?.url ?? '?'}`),
      `  ${'Solana'.padEnd(width)}  ${SOLANA_LOCALNET_CAIP_NETWORK_ID}  ${solana?.url ?? '?'}  (LiteSVM; VITE_SOLANA_RPC)`,
      `  ${'API'.padEnd(width)}  ${api?.url ?? '?'}  (/blockchain, /directory, /analytics, /siwx; VITE_API_URL)`,
      `  ${'Bundler'.padEnd(width)}  ${bundler ? `${bundler.url}/rpc/<chainId>` : '?'}  (ERC-4337 v0.7; EntryPoint ${ENTRY_POINT_ADDRESS}, SimpleAccountFactory ${SIMPLE_ACCOUNT_FACTORY_ADDRESS}; dev/aa)`,
      `  ${'Relay'.padEnd(width)}  ${relay?.url ?? '?'}  (WalletConnect v2 on loopback; VITE_RELAY_URL)`,
      `  ${'Secure'.padEnd(width)}  ${secure?.url ?? '?'}  (embedded wallet frame and API; VITE_SECURE_SITE_URL)`,
      `  ${'On-ramp'.padEnd(width)}  ${onramp?.url ?? '?'}  (development on-ramp checkout; pays from treasury ${TREASURY_ADDRESS}, dev account 7)`,
      `  ${'OIDC'.padEnd(width)}  ${oidc?.url ?? '?'}  (social logins: google, github, apple, facebook, x, discord; development users)`,
      `  ${'Mailbox'.padEnd(width)}  ${secure ? `${secure.url}/mailbox` : '?'}  (mail the SMTP server on 127.0.0.1:${mail?.port ?? '?'} received)`,
      '',
      `  Dev accounts (10000 ETH each): ${DEV_ADDRESSES[0]} … (${DEV_ADDRESSES.length} accounts)`,
      `  Tokens (both chains, 1000000 each per dev account):`,
      ...devTokens.map((token) => `    ${token.symbol.padEnd(6)} ${token.address}  ${token.name}, ${token.decimals} decimals${token.transferReturnsBool ? '' : ', USDT-style: transfer returns no bool'}`),
      `  Exchange (Uniswap v2, both chains): router ${ROUTER_ADDRESS}, WETH ${WETH_ADDRESS}; pools WETH/dUSDT, WETH/DEV, DEV/dUSDT (1 ETH = 3000 dUSDT, 1 DEV = 1.5 dUSDT; dev/dex)`,
      `  Mnemonic: "${DEV_MNEMONIC}"`,
      `  Solana dev accounts (${DEV_SOLANA_ACCOUNT_LAMPORTS / 1_000_000_000n} SOL each): ${DEV_SOLANA_ADDRESSES[0]} … (${DEV_SOLANA_ADDRESSES.length} accounts, seeds in dev/solana/accounts.ts)`,
      '',
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  )
}

main().catch(async (error: unknown) => {
  console.error('\n  ✗ npm start failed:\n', error)
  await shutdown(1)
})
