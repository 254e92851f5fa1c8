/**
 * A first-use run's browser context (firstUse.ts): the stand-in wallets (the EVM one answered in Node, the Wallet
 * Standard ones in the page), the paint probe, and the routes of the RPC URLs the pages read.
 */
import type { BrowserContext, Request, Route } from 'playwright'
import { base58Decode } from '../../adapters/solana.base58.ts'
import { bitcoinRegtest, mainnet } from '../../adapters/networks.ts'
import { devAccounts } from '../../dev/accounts.ts'
import { devBitcoinAccounts } from '../../dev/bitcoin/accounts.ts'
import { DEV_SOLANA_ADDRESSES } from '../../dev/solana/accounts.ts'
import { SOLANA_LOCALNET_CAIP_NETWORK_ID } from '../../dev/solana/network.ts'
import type { FirstUseResults } from './firstUse.ts'
import { BENCH_BITCOIN_WALLET, BENCH_SOLANA_WALLET, BENCH_WALLET, BENCH_WALLET_2 } from './firstUseSteps.ts'
import type { StaticServer } from './serve.ts'

export type RunOptions = {
  apiUrl: string
  rpcUrl: string
  /** As printed in the rows. */
  page: string
  /** The dev account the EVM stand-in answers with (default 0). */
  account?: number
  /** More of the page's query (`secure`). */
  query?: Record<string, string>
  /** More origins the page may reach (the secure site), beside its own, the reference server and the routed RPC URLs. */
  allow?: readonly string[]
}

/** The stand-in wallets, the paint probe, and the routes of the RPC URLs; everything else off the page is aborted. */
export async function prepareContext(context: BrowserContext, server: StaticServer, options: RunOptions, results: FirstUseResults): Promise<void> {
  const evmAccount = devAccounts()[options.account ?? 0]!
  const bitcoin = devBitcoinAccounts()[0]!.payment
  const solanaAddress = DEV_SOLANA_ADDRESSES[0]!
  await context.exposeBinding('__benchWalletRequest', async (_source, request: { method: string; params?: unknown[]; wallet?: 'second' }) => {
    try {
      return { result: await evmWallet(request, request.wallet === 'second' ? devAccounts()[1]! : evmAccount, options.rpcUrl) }
    } catch (error) {
      const e = error as { code?: number; message?: string }
      return { error: { code: typeof e.code === 'number' ? e.code : -32603, message: e.message ?? String(error) } }
    }
  })
  await context.addInitScript({
    content: pageScript({
      evm: { name: BENCH_WALLET, second: BENCH_WALLET_2 },
      solana: { name: BENCH_SOLANA_WALLET, address: solanaAddress, publicKey: [...base58Decode(solanaAddress)], chain: SOLANA_LOCALNET_CAIP_NETWORK_ID },
      bitcoin: { name: BENCH_BITCOIN_WALLET, address: bitcoin.address, publicKey: [...bitcoin.publicKey], chain: 'bitcoin:regtest' },
    }),
  })
  const bitcoinApi = bitcoinRegtest.rpcUrls.default.http[0]!.replace(/\/blockchain$/, '')
  const mainnetRpc = mainnet.rpcUrls.default.http[0]!.replace(/\/$/, '')
  await context.route('**/*', async (route: Route) => {
    const url = route.request().url()
    if (url.startsWith(server.url) || url.startsWith(options.apiUrl) || url.startsWith('data:') || (options.allow ?? []).some((origin) => url.startsWith(origin))) return route.continue()
    // The multi-chain page's Bitcoin regtest reads the dev API port: answered by the bench's reference server.
    if (url.startsWith(`${bitcoinApi}/`)) {
      const response = await route.fetch({ url: options.apiUrl + url.slice(bitcoinApi.length) })
      return route.fulfill({ response })
    }
    if (url.startsWith('http://127.0.0.1:8899')) return route.fulfill(solanaRpc(route.request()))
    // Mainnet's public RPC (the page's network; the embedded wallet's frame reads through it): the bench's anvil.
    if (url === mainnetRpc || url === `${mainnetRpc}/`) {
      try {
        return await route.fulfill(await mainnetRpcAnswer(route.request(), options.rpcUrl))
      } catch (error) {
        // A route left unanswered would hang the request (and the quiet network) forever.
        results.aborted.push(`${url} (the bench could not answer it: ${error instanceof Error ? error.message : String(error)})`)
        return route.abort('failed').catch(() => undefined)
      }
    }
    if (!results.aborted.includes(url)) results.aborted.push(url)
    return route.abort('blockedbyclient')
  })
}

/** The stand-in EVM wallet's answers (a dev account, 0 unless the run says, on eip155:1; reads go to the bench's anvil). */
async function evmWallet(request: { method: string; params?: unknown[] }, account: ReturnType<typeof devAccounts>[number], rpcUrl: string): Promise<unknown> {
  const params = request.params ?? []
  switch (request.method) {
    case 'eth_requestAccounts':
    case 'eth_accounts':
      return [account.address]
    case 'eth_chainId':
      return '0x1'
    case 'personal_sign':
      return account.signMessage({ message: { raw: params[0] as `0x${string}` } })
    case 'wallet_switchEthereumChain':
      if ((params[0] as { chainId?: string } | undefined)?.chainId === '0x1') return null
      throw Object.assign(new Error('Unrecognized chain (bench stand-in: eip155:1 only)'), { code: 4902 })
    case 'wallet_revokePermissions':
      return null
    case 'eth_sendTransaction':
      throw Object.assign(new Error('The bench stand-in does not send'), { code: 4200 })
    default: {
      const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: request.method, params }) })
      const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
      if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code })
      return body.result
    }
  }
}

/**
 * Mainnet's public RPC URL, answered by the bench's anvil as chain 1: `eth_chainId` `0x1` and `net_version` `1` here,
 * every other call (or batch) forwarded.
 */
async function mainnetRpcAnswer(request: Request, rpcUrl: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }
  if (request.method() === 'OPTIONS') return { status: 204, headers, body: '' }
  type Call = { id?: unknown; method?: string; params?: unknown[] }
  const answer = async (call: Call): Promise<unknown> => {
    if (call.method === 'eth_chainId') return { jsonrpc: '2.0', id: call.id, result: '0x1' }
    if (call.method === 'net_version') return { jsonrpc: '2.0', id: call.id, result: '1' }
    const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', ...call }) })
    return response.json()
  }
  const body = request.postDataJSON() as Call | Call[]
  const result = Array.isArray(body) ? await Promise.all(body.map(answer)) : await answer(body)
  return { status: 200, headers, body: JSON.stringify(result) }
}

/** The Solana localnet RPC, answered here: `getBalance` 1 SOL, anything else a JSON-RPC error. */
function solanaRpc(request: Request): { status: number; headers: Record<string, string>; body: string } {
  const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }
  if (request.method() === 'OPTIONS') return { status: 204, headers, body: '' }
  const call = (request.postDataJSON() ?? {}) as { id?: unknown; method?: string }
  const body =
    call.method === 'getBalance'
      ? { jsonrpc: '2.0', id: call.id, result: { context: { slot: 1 }, value: 1_000_000_000 } }
      : { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: `The bench answers getBalance only, not ${call.method}` } }
  return { status: 200, headers, body: JSON.stringify(body) }
}

/**
 * The init script of a first-use run: the paint probe and the stand-in wallets. A string, not a function: tsx
 * compiles this file with keepNames, whose helpers do not exist in the page.
 *
 * - `window.__benchArmPaint(condition)`: the next click (or keydown) marks the start; every animation frame then
 *   evaluates `condition` (a JS expression over `lk`); the frame after the first one where it holds ends the
 *   measure (`window.__benchPainted`, ms). Arming again cancels the previous arm.
 * - `lk.view(name)`: the modal's dialog shows that view (`data-view`), settled: no `aria-busy` on it or inside it,
 *   no skeleton (the shell's progressbar while a view's chunk is fetched). `lk.tab(name)`: Account with that tab selected, settled. `lk.closed()`: no dialog, and the
 *   page's "Open Account" button shows (a wallet is connected). `lk.text()`: the dialog's text. `lk.rows()`: rows of
 *   the AllWallets list in the DOM. `lk.has(selector)`: the dialog holds an element matching it. `__benchBegin()`:
 *   starts the armed measure now (a gesture made from Node).
 * - The page's "Open Account" button (a dapp's account button: `modal.open()` while connected), added when the page
 *   hands its modal over (`window.__benchModal = modal`, with `?firstUse`). Plain DOM.
 * - The EIP-6963 stand-in: announced now and on every `eip6963:requestProvider`; `request()` goes to the Node
 *   binding `__benchWalletRequest` (an EIP-1193 error object on refusal); `on`/`removeListener` keep listeners.
 * - The Wallet Standard stand-ins (Solana, Bitcoin): registered the Wallet Standard way, they connect at once with
 *   one account (no signing: the runs never sign there).
 */
function pageScript(wallets: {
  evm: { name: string; second: string }
  solana: { name: string; address: string; publicKey: number[]; chain: string }
  bitcoin: { name: string; address: string; publicKey: number[]; chain: string }
}): string {
  return String.raw`
(() => {
  const wallets = ${JSON.stringify(wallets)}
  const icon = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#888"/></svg>')
  const shadow = () => document.querySelector('[data-testid=latchkey-modal]')?.shadowRoot ?? null
  const dialog = () => shadow()?.querySelector('[role=dialog]') ?? null
  const settled = (d) => d.getAttribute('aria-busy') !== 'true' && !d.querySelector('[aria-busy=true], .lk-body [role=progressbar]')
  const lk = {
    view: (name) => { const d = dialog(); return !!d && d.getAttribute('data-view') === name && settled(d) },
    tab: (name) => {
      const d = dialog()
      const tab = d?.querySelector('[role=tab][aria-selected=true]')
      return !!d && d.getAttribute('data-view') === 'Account' && (tab?.textContent ?? '').trim() === name && settled(d)
    },
    closed: () => !dialog() && Array.from(document.querySelectorAll('body > button')).some((b) => b.textContent === 'Open Account' && !b.hidden),
    text: () => dialog()?.textContent ?? '',
    has: (selector) => !!dialog()?.querySelector(selector),
    rows: () => shadow()?.querySelectorAll('[data-testid=wallet-list] li').length ?? 0,
    active: () => dialog()?.querySelector('[data-testid=wallet-switcher] li[aria-current]')?.textContent ?? '',
  }
  window.__benchShown = () => { const d = dialog(); return d ? '[' + d.getAttribute('data-view') + '] ' + d.innerText.replace(/\s+/g, ' ') : '' }
  let generation = 0
  window.__benchArmPaint = (condition) => {
    const mine = ++generation
    window.__benchPainted = undefined
    const holds = new Function('lk', 'return (' + condition + ')')
    let start
    let frames = 0
    window.__benchPaintedFrame = undefined
    const frame = () => {
      if (mine !== generation) return
      frames += 1
      if (holds(lk)) {
        window.__benchPaintedFrame = frames
        requestAnimationFrame(() => { if (mine === generation) window.__benchPainted = performance.now() - start })
      } else requestAnimationFrame(frame)
    }
    const begin = () => {
      if (mine !== generation || start !== undefined) return
      start = performance.now()
      requestAnimationFrame(frame)
    }
    document.addEventListener('click', begin, { capture: true })
    document.addEventListener('keydown', begin, { capture: true })
    // A gesture made outside the page (the device link opened from Node): the measure starts when the bench says so.
    window.__benchBegin = begin
  }

  // A dapp's account button (bench only): the page hands its modal over with ?firstUse.
  let benchModal
  Object.defineProperty(window, '__benchModal', {
    configurable: true,
    get: () => benchModal,
    set(modal) {
      benchModal = modal
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = 'Open Account'
      button.addEventListener('click', () => modal.open())
      const show = () => { button.hidden = !modal.getState().account.isConnected }
      modal.subscribe(show)
      show()
      document.body.append(button)
    },
  })

  // EIP-6963 stand-in (bench only): its answers come from Node.
  const listeners = new Map()
  const provider = {
    async request({ method, params }) {
      const answer = await window.__benchWalletRequest({ method, params })
      if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code })
      return answer.result
    },
    on(event, listener) { listeners.set(event, [...(listeners.get(event) ?? []), listener]) },
    removeListener(event, listener) { listeners.set(event, (listeners.get(event) ?? []).filter((l) => l !== listener)) },
  }
  const info = Object.freeze({ uuid: '6f1c8a52-3d4e-4b7a-9c21-8e5f0d2b7a13', name: wallets.evm.name, icon, rdns: 'dev.latchkey.bench' })
  const detail = Object.freeze({ info, provider })
  // The second one (multi-wallet run): the same answers for dev account 1.
  const second = { ...provider, async request({ method, params }) {
    const answer = await window.__benchWalletRequest({ method, params, wallet: 'second' })
    if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code })
    return answer.result
  } }
  const secondDetail = Object.freeze({ info: Object.freeze({ uuid: '0d3b5e7a-9c1f-4e2d-8b6a-4f7e1c9d2a85', name: wallets.evm.second, icon, rdns: 'dev.latchkey.bench.second' }), provider: second })
  const announce = () => {
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: secondDetail }))
  }
  window.addEventListener('eip6963:requestProvider', announce)
  announce()

  // Wallet Standard stand-ins (bench only).
  const standardWallet = (spec, connectFeature, connect) => {
    const account = Object.freeze({ address: spec.address, publicKey: new Uint8Array(spec.publicKey), chains: [spec.chain], features: [], ...(spec.extra ?? {}) })
    let accounts = []
    const wallet = {
      version: '1.0.0',
      name: spec.name,
      icon,
      chains: [spec.chain],
      get accounts() { return accounts },
      features: {
        [connectFeature]: { version: '1.0.0', async connect() { accounts = [account]; return connect(account) } },
        'standard:disconnect': { version: '1.0.0', async disconnect() { accounts = [] } },
        'standard:events': { version: '1.0.0', on: () => () => {} },
        ...(spec.more ?? {}),
      },
    }
    const register = (api) => api.register(wallet)
    window.addEventListener('wallet-standard:app-ready', (event) => register(event.detail))
    window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }))
  }
  standardWallet(
    { ...wallets.solana, more: { 'solana:signMessage': { version: '1.0.0', async signMessage() { throw new Error('The bench stand-in does not sign') } } } },
    'standard:connect',
    (account) => ({ accounts: [account] }),
  )
  standardWallet(
    { ...wallets.bitcoin, extra: { purpose: 'payment', addressType: 'p2wpkh' } },
    'bitcoin:connect',
    (account) => ({ accounts: [account] }),
  )
})()
`
}

// ------------------------------------------------------------------ the network log
