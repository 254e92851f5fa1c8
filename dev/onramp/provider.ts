/**
 * The development on-ramp provider: its own loopback origin, the checkout page the reference API's
 * `/v1/generators/onrampurl` points at. Dev-only.
 *
 * ```
 * GET  /checkout?provider=&address=&chainId=&network=&asset=&amount=&fiat=&fiatCurrency=
 *                        the order (amount, currency, network, address) with Pay and Cancel
 * POST /checkout/pay     (form, same fields) sends `amount` of the chain's native currency from the treasury to
 *                        `address` on the anvil chain `chainId`, waits for the receipt and records the purchase in the
 *                        ledger the reference API reads (`/v1/account/{account}/history?onramp=<provider>`)
 * POST /checkout/cancel  nothing bought; the page says so and closes itself
 * ```
 *
 * The treasury is anvil dev account 7 (`TREASURY_ADDRESS`, from the public dev mnemonic; anvil funds it with 10000 ETH).
 * Transfers are serialised (one nonce at a time). Bad orders answer 400 with a plain-text reason.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPublicClient, createWalletClient, getAddress, http, isAddress, parseEther } from 'viem'
import type { Address, Hash } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { sendOnSharedKey } from '../../testing/wallet/walletClient.ts'
import { DEV_MNEMONIC } from '../accounts.ts'
import { keepAliveLonger } from '../keepAlive.ts'
import { DevError } from '../errors.ts'

/** The anvil dev account that pays for the purchases (`m/44'/60'/0'/0/7`). */
export const TREASURY_INDEX = 7
/** Address of the treasury, anvil dev account {@link TREASURY_INDEX}. */
export const TREASURY_ADDRESS: Address = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'

/** A settled purchase, as the ledger keeps it. */
export type OnrampPurchase = {
  /** The provider that sold it (`meld`, `coinbase`). */
  provider: string
  /** CAIP-2 id of the chain it was delivered on. */
  caipNetworkId: string
  /** The buyer's address (checksummed). */
  address: Address
  /** The transfer's hash. */
  hash: Hash
  /** Whole units of the native currency delivered, e.g. '0.01650000'. */
  amount: string
  /** The currency bought (its symbol, e.g. ETH). */
  asset: string
  /** The fiat paid and its currency. */
  fiat: string
  fiatCurrency: string
  /** When it settled (ISO 8601). */
  settledAt: string
}

/** The purchases settled by the provider, shared with the reference API (its history with `onramp`). */
export type OnrampLedger = {
  add(purchase: OnrampPurchase): void
  /** The purchases of `address` (any case) on `caipNetworkId` by `provider`, newest first. */
  list(query: { address: string; caipNetworkId?: string | undefined; provider: string }): OnrampPurchase[]
  /** Forgets every purchase. */
  clear(): void
}

/** A new, empty ledger. */
export function createOnrampLedger(): OnrampLedger {
  let purchases: OnrampPurchase[] = []
  return {
    add: (purchase) => void purchases.push(purchase),
    list: ({ address, caipNetworkId, provider }) =>
      purchases.filter((p) => p.address.toLowerCase() === address.toLowerCase() && p.provider === provider && (caipNetworkId === undefined || p.caipNetworkId === caipNetworkId)).reverse(),
    clear: () => void (purchases = []),
  }
}

/** Options of {@link startOnrampProvider}. */
export type StartOnrampProviderOptions = {
  /** TCP port on 127.0.0.1; 0 picks a free one. */
  port: number
  /** The anvil chains purchases are delivered on. */
  chains: ReadonlyArray<{ chainId: number; rpcUrl: string }>
  /** Where settled purchases are recorded. */
  ledger: OnrampLedger
  /** Display names of the providers this origin stands in for, by id; default meld and coinbase. */
  providers?: Readonly<Record<string, string>>
}

/** A running provider. */
export type OnrampProvider = { url: string; stop(): Promise<void> }

/** The order a checkout carries (the query of the onramp URL). */
type Order = { provider: string; address: Address; chainId: number; network: string; asset: string; amount: string; fiat: string; fiatCurrency: string }

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Reads and checks an order; a string is the reason it is refused. */
function parseOrder(params: URLSearchParams, providers: Readonly<Record<string, string>>, chains: ReadonlySet<number>): Order | string {
  const provider = params.get('provider') ?? ''
  if (!(provider in providers)) return `Unknown provider '${provider}'`
  const address = params.get('address') ?? ''
  if (!isAddress(address, { strict: false })) return `Invalid address '${address}'`
  const chainId = Number(params.get('chainId'))
  if (!chains.has(chainId)) return `This provider does not deliver on chain '${params.get('chainId') ?? ''}'`
  const amount = params.get('amount') ?? ''
  if (!/^\d+(\.\d{1,18})?$/.test(amount) || parseEther(amount) <= 0n) return `Invalid amount '${amount}': expected a positive decimal`
  const fiat = params.get('fiat') ?? ''
  if (!/^\d+(\.\d+)?$/.test(fiat)) return `Invalid fiat amount '${fiat}'`
  return {
    provider,
    address: getAddress(address),
    chainId,
    network: params.get('network') ?? '',
    asset: params.get('asset') || 'ETH',
    amount,
    fiat,
    fiatCurrency: params.get('fiatCurrency') || 'USD',
  }
}

const style = `body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#151617}main{max-width:420px;margin:40px auto;background:#fff;border-radius:16px;padding:24px;box-shadow:0 4px 24px #0001}
h1{font-size:20px;margin:0 0 16px}dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px}dt{color:#6b6f76}dd{margin:0;word-break:break-all;font-weight:600}
.actions{display:flex;gap:12px}button{flex:1;font:inherit;padding:12px;border-radius:12px;border:1px solid #d0d3d8;background:#fff;cursor:pointer}button.pay{background:#1f6feb;color:#fff;border-color:#1f6feb}`

function page(title: string, body: string, closeAfterMs?: number): string {
  const close = closeAfterMs === undefined ? '' : `<script>setTimeout(() => window.close(), ${closeAfterMs})</script>`
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${style}</style></head><body><main>${body}</main>${close}</body></html>`
}

function checkoutPage(order: Order, providerName: string): string {
  const fields = Object.entries({ ...order, chainId: String(order.chainId) })
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('')
  return page(
    `${providerName} checkout`,
    `<h1>${escapeHtml(providerName)} checkout (development)</h1>
<dl><dt>Amount</dt><dd data-testid="amount">${escapeHtml(order.amount)} ${escapeHtml(order.asset)}</dd>
<dt>You pay</dt><dd data-testid="fiat">${escapeHtml(order.fiat)} ${escapeHtml(order.fiatCurrency)}</dd>
<dt>Network</dt><dd data-testid="network">${escapeHtml(order.network || `eip155:${order.chainId}`)}</dd>
<dt>Address</dt><dd data-testid="address">${escapeHtml(order.address)}</dd></dl>
<form method="post" class="actions">${fields}<button type="submit" formaction="/checkout/cancel">Cancel</button><button type="submit" class="pay" formaction="/checkout/pay">Pay</button></form>`,
  )
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > 100_000) throw new DevError('Body too large')
    chunks.push(chunk as Buffer)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

/**
 * Starts the development on-ramp provider on 127.0.0.1.
 *
 * @param options see {@link StartOnrampProviderOptions}.
 * @returns its URL (`http://127.0.0.1:<port>`) and `stop()`.
 * @throws Error (`EADDRINUSE`) when the port is taken.
 * @example
 * const ledger = createOnrampLedger()
 * const provider = await startOnrampProvider({ port: 8950, chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }], ledger })
 * // open `${provider.url}/checkout?provider=meld&address=0x…&chainId=31337&amount=0.01&fiat=50&fiatCurrency=USD`
 */
export async function startOnrampProvider(options: StartOnrampProviderOptions): Promise<OnrampProvider> {
  const providers = options.providers ?? { meld: 'Meld', coinbase: 'Coinbase' }
  const treasury = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: TREASURY_INDEX })
  const chains = new Map(
    options.chains.map(({ chainId, rpcUrl }) => [
      chainId,
      {
        wallet: createWalletClient({ account: treasury, transport: http(rpcUrl) }),
        reader: createPublicClient({ transport: http(rpcUrl) }),
      },
    ]),
  )
  const chainIds = new Set(chains.keys())
  let queue: Promise<unknown> = Promise.resolve()

  async function settle(order: Order): Promise<Hash> {
    const chain = chains.get(order.chainId)
    if (!chain) throw new DevError(`No chain ${order.chainId}`)
    const run = queue.then(async () => {
      // The treasury's key is a dev key other processes on the machine may send from (another test file's provider).
      const hash = await sendOnSharedKey(chain.wallet, treasury.address, () => chain.wallet.sendTransaction({ to: order.address, value: parseEther(order.amount), chain: null }), false)
      const receipt = await chain.reader.waitForTransactionReceipt({ hash, pollingInterval: 100 })
      if (receipt.status !== 'success') throw new DevError(`The transfer ${hash} failed`)
      return hash
    })
    queue = run.catch(() => undefined)
    return run
  }

  const send = (response: ServerResponse, status: number, type: string, body: string) => {
    response.writeHead(status, { 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': 'no-store' })
    response.end(body)
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1')
      try {
        if (request.method === 'GET' && url.pathname === '/checkout') {
          const order = parseOrder(url.searchParams, providers, chainIds)
          if (typeof order === 'string') return send(response, 400, 'text/plain', order)
          return send(response, 200, 'text/html', checkoutPage(order, providers[order.provider] ?? order.provider))
        }
        if (request.method === 'POST' && (url.pathname === '/checkout/pay' || url.pathname === '/checkout/cancel')) {
          const order = parseOrder(await readForm(request), providers, chainIds)
          if (typeof order === 'string') return send(response, 400, 'text/plain', order)
          if (url.pathname === '/checkout/cancel') return send(response, 200, 'text/html', page('Cancelled', '<h1>Purchase cancelled</h1><p>Nothing was charged.</p>', 500))
          const hash = await settle(order)
          options.ledger.add({
            provider: order.provider,
            caipNetworkId: `eip155:${order.chainId}`,
            address: order.address,
            hash,
            amount: order.amount,
            asset: order.asset,
            fiat: order.fiat,
            fiatCurrency: order.fiatCurrency,
            settledAt: new Date().toISOString(),
          })
          return send(
            response,
            200,
            'text/html',
            page('Paid', `<h1>Payment complete</h1><p>${escapeHtml(order.amount)} ${escapeHtml(order.asset)} sent to ${escapeHtml(order.address)}.</p><p data-testid="hash">${hash}</p><p>You can close this window.</p>`),
          )
        }
        send(response, 404, 'text/plain', 'Not found')
      } catch (error) {
        send(response, 500, 'text/plain', error instanceof Error ? error.message : String(error))
      }
    })()
  })
  keepAliveLonger(server)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ port: options.port, host: '127.0.0.1', exclusive: true }, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
