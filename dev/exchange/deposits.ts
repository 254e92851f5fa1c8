/**
 * The reference exchange of Pay with an exchange (`openapi/exchange.yaml`, spec §1 optional features "… and pay"),
 * mounted by the reference API server (`dev/api/server.ts`) under `/exchange`. Dev-only.
 *
 * ```
 * GET  /exchange/v1/exchanges?asset=&network=   the reference exchange, for any asset of a served anvil chain, and SOL
 *                                               or an SPL token on the local Solana chain when it is served
 * POST /exchange/v1/sessions                    a deposit session (kept in memory), its page and its deadline
 * GET  /exchange/v1/sessions/{id}               pending | succeeded {txHash, amount, recipient} | failed {reason} | expired
 * GET  /exchange/pay/{id}                       the session's page: what is paid, to whom; Approve and Decline, and
 *                                               how the payment settles (at once, slowly, failing, never)
 * POST /exchange/pay/{id}/approve | /decline    (form: `settle`) the visitor's answer; a session opened with a
 *                                               `returnUrl` then sends the visitor back there (303), as an exchange
 *                                               returns a visitor who came in the same tab (phones)
 * ```
 *
 * On approve the exchange really pays: its hot wallet (anvil dev account {@link EXCHANGE_HOT_WALLET_INDEX}, 10 000 ETH
 * at genesis) sends the amount (native, or an ERC-20 `transfer`) to the recipient on the anvil chain and the session
 * succeeds with the receipt; on solana its Solana hot wallet sends SOL or the SPL token (`solana.ts`) and the session
 * succeeds with the signature once the local chain confirmed it. `slow` pays after {@link slowSettleMs}; `fail` ends the session failed without paying;
 * `never` leaves it pending until its deadline. Transfers are serialised (one nonce at a time).
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createPublicClient, createWalletClient, erc20Abi, getAddress, http, isAddress, parseUnits } from 'viem'
import type { Address, Hash } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import type { operations } from '../../openapi/exchange.d.ts'
import { sendOnSharedKey } from '../../testing/wallet/walletClient.ts'
import { DEV_MNEMONIC } from '../accounts.ts'
import { ApiHttpError } from '../api/handlers.ts'
import type { Handlers, Reply } from '../api/handlers.ts'
import { exchangeSolanaNetwork, isPublicKey, parseSolanaAsset, solanaPayer } from './solana.ts'

/** The anvil dev account that pays the approved sessions (`m/44'/60'/0'/0/6`). */
export const EXCHANGE_HOT_WALLET_INDEX = 6
/** Address of the hot wallet, anvil dev account {@link EXCHANGE_HOT_WALLET_INDEX}. */
export const EXCHANGE_HOT_WALLET: Address = '0x976EA74026E726554dB657fA54763abd0C3a0aa9'
/** The exchange the reference server lists. */
export const referenceExchange = { id: 'reference', name: 'Reference Exchange' } as const
/** How long a session waits for its payment by default (ms). */
export const defaultSessionTtlMs = 15 * 60_000
/** How long a `slow` payment waits before the exchange pays (ms). */
export const slowSettleMs = 4_000

/** How an approved payment settles: paid at once, paid after {@link slowSettleMs}, refused, or never. */
export type SettleMode = 'now' | 'slow' | 'fail' | 'never'

/** The reasons a session fails with, word for word (the status's `reason`). */
export const depositReasons = {
  declined: 'The payment was declined at the exchange.',
  failing: 'The exchange could not complete the payment.',
  transferFailed: 'The exchange\u2019s transfer failed on chain.',
} as const

type Status = { status: 'pending' } | { status: 'succeeded'; txHash: string; amount: string; recipient: string } | { status: 'failed'; reason: string } | { status: 'expired' }

/** One deposit session as the exchange keeps it. */
type Session = {
  id: string
  /** The CAIP-2 network it pays on. */
  network: string
  /** The EIP-155 chain id; undefined on solana. */
  chainId: number | undefined
  asset: string
  /** The ERC-20's address or the SPL token's mint; undefined for the native currency (ETH, SOL). */
  token: string | undefined
  amount: string
  /** An EIP-55 address, or a base58 public key on solana. */
  recipient: string
  deadline: number
  /** Where the page sends the visitor back once they answered (the site's page, opened in the same tab); none: it stays. */
  returnUrl: string | undefined
  /** The visitor's answer, once given. */
  answer: 'approved' | 'declined' | undefined
  status: Status
}

/** Options of {@link createDepositState}. */
export type DepositOptions = {
  /** How long a new session waits for its payment, ms; default {@link defaultSessionTtlMs}. */
  sessionTtlMs?: number
  /** The clock (ms since the epoch); default `Date.now`. */
  now?: () => number
  /** The local Solana chain's RPC (`dev/solana`): with it the exchange pays SOL and SPL tokens there too. */
  solanaRpcUrl?: string | undefined
}

/** The reference exchange's sessions and hot wallet on the served chains. */
export type DepositState = ReturnType<typeof createDepositState>

/**
 * The reference exchange on the anvil chains `chains` (its hot wallet on each), with no session yet.
 * @example const deposits = createDepositState([{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }])
 */
export function createDepositState(chains: ReadonlyArray<{ chainId: number; rpcUrl: string }>, options: DepositOptions = {}) {
  const hot = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: EXCHANGE_HOT_WALLET_INDEX })
  const clients = new Map(chains.map(({ chainId, rpcUrl }) => [chainId, { wallet: createWalletClient({ account: hot, transport: http(rpcUrl) }), reader: createPublicClient({ transport: http(rpcUrl) }) }]))
  const sessions = new Map<string, Session>()
  const timers = new Set<ReturnType<typeof setTimeout>>()
  let queue: Promise<unknown> = Promise.resolve()
  const now = options.now ?? Date.now
  const solana = options.solanaRpcUrl === undefined ? undefined : solanaPayer(options.solanaRpcUrl)

  /** Pays a session from the hot wallet and waits for the receipt; the status follows. */
  const pay = (session: Session): Promise<void> => {
    const run = queue.then(async () => {
      if (session.chainId === undefined) {
        const { signature, succeeded } = await solana!.pay({ token: session.token, amount: session.amount, recipient: session.recipient })
        session.status = succeeded ? { status: 'succeeded', txHash: signature, amount: session.amount, recipient: session.recipient } : { status: 'failed', reason: depositReasons.transferFailed }
        return
      }
      // The hot wallet's key is a dev key other processes on the machine may send from (another test file's exchange).
      const client = clients.get(session.chainId)!
      const recipient = session.recipient as Address
      let hash: Hash
      if (session.token) {
        const token = session.token as Address
        const decimals = await client.reader.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' })
        hash = await sendOnSharedKey(
          client.wallet,
          hot.address,
          () => client.wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [recipient, parseUnits(session.amount, decimals)], chain: null }),
          false,
        )
      } else {
        hash = await sendOnSharedKey(client.wallet, hot.address, () => client.wallet.sendTransaction({ to: recipient, value: parseUnits(session.amount, 18), chain: null }), false)
      }
      const receipt = await client.reader.waitForTransactionReceipt({ hash, pollingInterval: 100 })
      session.status = receipt.status === 'success' ? { status: 'succeeded', txHash: hash, amount: session.amount, recipient: session.recipient } : { status: 'failed', reason: depositReasons.transferFailed }
    })
    queue = run.catch(() => undefined)
    return run.catch((error: unknown) => {
      console.error('[reference exchange] transfer failed:', error)
      session.status = { status: 'failed', reason: depositReasons.failing }
    })
  }

  return {
    sessions,
    now,
    sessionTtlMs: options.sessionTtlMs ?? defaultSessionTtlMs,
    /** Whether the exchange pays on the CAIP-2 `network` (a served anvil chain, or the local Solana chain when served). */
    serves(network: string): boolean {
      if (network === exchangeSolanaNetwork) return solana !== undefined
      const match = /^eip155:(\d+)$/.exec(network)
      return match !== null && clients.has(Number(match[1]))
    },
    /** The session's status now: a pending one past its deadline has expired. */
    statusOf(session: Session): Status {
      if (session.status.status === 'pending' && now() >= session.deadline) session.status = { status: 'expired' }
      return session.status
    },
    /** The visitor's answer on the page; resolves once the answer has settled what it settles at once. */
    async answer(session: Session, answer: 'approved' | 'declined', mode: SettleMode): Promise<void> {
      if (session.answer || this.statusOf(session).status !== 'pending') return
      session.answer = answer
      if (answer === 'declined') session.status = { status: 'failed', reason: depositReasons.declined }
      else if (mode === 'fail') session.status = { status: 'failed', reason: depositReasons.failing }
      else if (mode === 'now') await pay(session)
      else if (mode === 'slow') {
        const timer = setTimeout(() => {
          timers.delete(timer)
          void pay(session)
        }, slowSettleMs)
        timers.add(timer)
      }
    },
    /** Forgets every session (and the slow payments not made yet). */
    reset() {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      sessions.clear()
    },
  }
}

const json = <T>(body: T): Reply<T> => ({ kind: 'json', status: 200, body })

/**
 * The chain and token of a CAIP-19 asset the exchange pays (eip155 native or ERC-20; SOL or an SPL token), or the 400
 * reason it does not. `chainId` is undefined on solana.
 */
function parseAsset(asset: string, network: string): { chainId: number | undefined; token: string | undefined } {
  const solana = parseSolanaAsset(asset, network)
  if (solana) return { chainId: undefined, token: solana.token }
  const match = /^eip155:(\d+)\/(slip44:60|erc20:(0x[0-9a-fA-F]{40}))$/.exec(asset)
  if (!match) throw new ApiHttpError(400, `The reference exchange pays eip155 native or ERC-20 assets, SOL or SPL tokens, not ${asset}`)
  if (network !== `eip155:${match[1]}`) throw new ApiHttpError(400, `The asset ${asset} is not on the network ${network}`)
  return { chainId: Number(match[1]), token: match[3] ? getAddress(match[3]) : undefined }
}

/** The recipient as the exchange keeps it (EIP-55 on eip155, the base58 key as given on solana), or a 400. */
function recipientOn(network: string, recipient: string): string {
  if (network.startsWith('solana:')) {
    if (!isPublicKey(recipient)) throw new ApiHttpError(400, `Invalid recipient '${recipient}'`)
    return recipient
  }
  if (!isAddress(recipient, { strict: false })) throw new ApiHttpError(400, `Invalid recipient '${recipient}'`)
  return getAddress(recipient)
}

/** An http(s) URL as the server writes it, or a 400 for another (the contract's pattern, checked again where it is used). */
function httpUrl(text: string): string {
  const url = URL.canParse(text) ? new URL(text) : undefined
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') throw new ApiHttpError(400, `Invalid returnUrl '${text}': expected an http(s) URL`)
  return url.href
}

/** One handler per operation of `openapi/exchange.yaml`. */
export function exchangeHandlers(state: DepositState): Handlers<operations> {
  return {
    listExchanges: ({ query }) => {
      parseAsset(query.asset, query.network)
      return json({ exchanges: state.serves(query.network) ? [{ ...referenceExchange, imageUrl: exchangeMark }] : [] })
    },
    createDepositSession: ({ body, headers }) => {
      if (body.exchangeId !== referenceExchange.id) throw new ApiHttpError(404, `No exchange '${body.exchangeId}'`)
      const { chainId, token } = parseAsset(body.asset, body.network)
      if (!state.serves(body.network)) throw new ApiHttpError(400, `The reference exchange does not pay on ${body.network}`)
      const recipient = recipientOn(body.network, body.recipient)
      const id = randomBytes(12).toString('base64url')
      const deadline = state.now() + state.sessionTtlMs
      const returnUrl = body.returnUrl === undefined ? undefined : httpUrl(body.returnUrl)
      state.sessions.set(id, { id, network: body.network, chainId, asset: body.asset, token, amount: body.amount, recipient, deadline, returnUrl, answer: undefined, status: { status: 'pending' } })
      return json({ sessionId: id, url: `http://${headers.host ?? '127.0.0.1'}/exchange/pay/${id}`, deadline: new Date(deadline).toISOString() })
    },
    getDepositSessionStatus: ({ path }) => {
      const session = state.sessions.get(path.sessionId)
      if (!session) throw new ApiHttpError(404, `No session '${path.sessionId}'`)
      return json(state.statusOf(session))
    },
  } as Handlers<operations>
}

/** Whether a path is one of the exchange's pages (`/exchange/pay/…`), which {@link handleDepositPage} serves. */
export const isDepositPage = (pathname: string) => pathname.startsWith('/exchange/pay/')

const exchangeMark = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="#0b6e4f"/><path d="M18 26h24l-6-6M46 38H22l6 6" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>')}`
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const style = `body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#eef3f1;color:#151617}main{max-width:440px;margin:40px auto;background:#fff;border-radius:16px;padding:24px;box-shadow:0 4px 24px #0001}
h1{font-size:20px;margin:0 0 16px}dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 16px}dt{color:#5b6066}dd{margin:0;word-break:break-all;font-weight:600}
fieldset{border:1px solid #d0d3d8;border-radius:12px;margin:0 0 16px}.actions{display:flex;gap:12px}button{flex:1;font:inherit;padding:12px;border-radius:12px;border:1px solid #d0d3d8;background:#fff;cursor:pointer}button.approve{background:#0b6e4f;color:#fff;border-color:#0b6e4f}`

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${style}</style></head><body><main>${body}</main></body></html>`
}

function sessionPage(state: DepositState, session: Session): string {
  const status = state.statusOf(session)
  const native = session.chainId === undefined ? 'SOL' : 'ETH'
  const facts = `<dl><dt>Amount</dt><dd data-testid="amount">${escapeHtml(session.amount)} ${escapeHtml(session.token ? `of ${session.token}` : native)}</dd>
<dt>Network</dt><dd data-testid="network">${escapeHtml(session.network)}</dd><dt>To</dt><dd data-testid="recipient">${escapeHtml(session.recipient)}</dd>
<dt>Status</dt><dd data-testid="status">${status.status}</dd>${status.status === 'succeeded' ? `<dt>Transaction</dt><dd data-testid="hash">${status.txHash}</dd>` : ''}${status.status === 'failed' ? `<dt>Reason</dt><dd>${escapeHtml(status.reason)}</dd>` : ''}</dl>`
  const form =
    status.status === 'pending' && !session.answer
      ? `<form method="post"><fieldset><legend>How the payment settles (development)</legend>
<label><input type="radio" name="settle" value="now" checked> At once</label><br><label><input type="radio" name="settle" value="slow"> Slowly (${slowSettleMs / 1000} s)</label><br>
<label><input type="radio" name="settle" value="fail"> It fails</label><br><label><input type="radio" name="settle" value="never"> It never settles</label></fieldset>
<div class="actions"><button type="submit" formaction="/exchange/pay/${session.id}/decline">Decline</button><button type="submit" class="approve" formaction="/exchange/pay/${session.id}/approve">Approve</button></div></form>`
      : session.returnUrl
        ? `<p><a data-testid="return" href="${escapeHtml(session.returnUrl)}">Return to the site</a></p>`
        : '<p>You can close this page and return to the site.</p>'
  return page(`${referenceExchange.name}: payment`, `<h1>${referenceExchange.name} (development)</h1>${facts}${form}`)
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > 10_000) throw new ApiHttpError(413, 'Body too large')
    chunks.push(chunk)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

/**
 * Serves the exchange's page of a session (`GET /exchange/pay/{id}`) and the visitor's answer on it (`POST
 * /exchange/pay/{id}/approve` or `/decline`, form field `settle`: {@link SettleMode}), then, for a session opened with a
 * `returnUrl`, a 303 to it (the visitor came in the same tab). Unknown session: 404.
 */
export async function handleDepositPage(state: DepositState, request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
  const send = (status: number, body: string): void => void response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(body)
  const [, id, action] = /^\/exchange\/pay\/([A-Za-z0-9_-]+)(?:\/(approve|decline))?$/.exec(url.pathname) ?? []
  const session = id ? state.sessions.get(id) : undefined
  if (!session) return send(404, page('Not found', '<h1>No such payment</h1>'))
  if (request.method === 'POST' && action) {
    const settle = (await readForm(request)).get('settle')
    const mode: SettleMode = settle === 'slow' || settle === 'fail' || settle === 'never' ? settle : 'now'
    await state.answer(session, action === 'approve' ? 'approved' : 'declined', mode)
    // Came in the same tab (phones): back to the site, whose page picks the payment up from storage.
    if (session.returnUrl) return void response.writeHead(303, { Location: session.returnUrl, 'Cache-Control': 'no-store' }).end()
    return send(200, sessionPage(state, session))
  }
  if (request.method !== 'GET' || action) return send(405, page('Not allowed', '<h1>Not allowed</h1>'))
  send(200, sessionPage(state, session))
}
