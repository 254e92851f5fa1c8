import { isAddress, isHex, toHex, type Hex } from 'viem'
import { batchExecutorAddress, executeData } from './batchExecutor.ts'
import { eip5792Methods } from '../../kernel/eip5792.ts'
import type { WalletStorage } from './types.ts'

/**
 * How the dev wallet answers batched calls (EIP-5792), switched from its panel or a test (`DevWallet.callsMode`):
 * - `sequential`: the calls run one by one, each its own transaction (non-atomic: `atomic` is `unsupported`);
 * - `atomic`: the calls run in one transaction, all or nothing (`atomic` is `supported`): the account delegates to the
 *   dev batch executor through EIP-7702 (anvil runs the latest fork rules, Prague's included) and calls itself with
 *   `execute(calls)` (testing/wallet/batchExecutor.ts); a call that reverts reverts them all (status 500);
 * - `unsupported`: every EIP-5792 method answers 4200, as a wallet without batched calls;
 * - `partial`: one by one, the second call reverts on chain, the others land (status 600);
 * - `revert`: one by one, every call reverts on chain (status 500);
 * - `offchain`: the batch is accepted and nothing is sent; its status answers 400 (failed off-chain, nothing included);
 * - `pending`: the batch is accepted and nothing is sent; its status answers 100 (pending) for ever;
 * - `garbled`: one by one as `sequential`, but its status answers a reply that is not a status (`{ status: 'done' }`);
 * - `foreign`: one by one as `sequential`, but its status answers about another batch id;
 * - `statusFails`: one by one as `sequential`, but every `wallet_getCallsStatus` fails (-32603, an internal error).
 * A batch keeps the mode it was sent with: switching the panel later changes the next batches only.
 */
export type DevWalletCallsMode = 'sequential' | 'atomic' | 'unsupported' | 'partial' | 'revert' | 'offchain' | 'pending' | 'garbled' | 'foreign' | 'statusFails'

/**
 * How the dev wallet answers `wallet_getAssets` (EIP-7811), switched by a test or the demo's `?walletAssets=`:
 * - `off`: it has no asset list (4200; its capabilities do not name `assetDiscovery`);
 * - `on`: its capabilities say `assetDiscovery: { supported: true }` on every chain, and it lists the account's native
 *   balance on the current chain (read from the node) and a wallet-only asset, {@link devWalletPoints} (100 DWP);
 * - `garbled`: advertised, but its list is not EIP-7811's (a balance in words).
 */
export type DevWalletAssetsMode = 'off' | 'on' | 'garbled'

/** A wallet-only asset of the `on` list (no contract behind it: what EIP-7811 lets a wallet tell beyond the chain). */
export const devWalletPoints = {
  address: '0x00000000000000000000000000000000000d3e70',
  balance: '0x2710',
  type: 'ERC20',
  metadata: { name: 'Dev Wallet Points', symbol: 'DWP', decimals: 2 },
} as const

/** The modes whose batch is accepted and never sent: its status alone is answered (400 or 100). */
const unsentModes: ReadonlySet<DevWalletCallsMode> = new Set(['offchain', 'pending'])

/** What the batches need of the wallet: a transaction sent without another prompt, a prompt, a read, the chain. */
export type DevWalletCallsHost = {
  /** `eth_sendTransaction` for the batch's account, without a prompt of its own (the batch was approved once). */
  send(tx: Record<string, unknown>): Promise<Hex>
  /** The approval prompt (4001 when rejected). */
  ask(method: string, params: unknown): Promise<void>
  /** A JSON-RPC read of the current chain's node. */
  read(method: string, params: unknown[]): Promise<unknown>
  chainId(): number
  /** The selected account, when `address` is it and the site is authorised; 4100 otherwise. */
  account(method: string, address: unknown): { address: Hex }
  /** The chain ids the wallet knows. */
  chainIds(): number[]
  /** Errors shaped as the wallet's own (`DevWalletRpcError`). */
  error(code: number, message: string): Error
  /**
   * A transaction from the batch's account to itself with `data`, its account delegated to `delegate` by an EIP-7702
   * authorization signed with it (`executor: 'self'`), without a prompt of its own.
   */
  sendDelegated(request: { delegate: Hex; data: Hex }): Promise<Hex>
  /**
   * Where the batches are kept between page loads (a wallet extension's state is the browser's, not the page's), so that
   * a reload of the site still finds its batch; none: in memory only.
   */
  store?: { storage: WalletStorage | undefined; key: string } | undefined
}

/**
 * Init code of a contract whose every call reverts: its runtime is `PUSH1 0 PUSH1 0 REVERT` (`0x60006000fd`), copied
 * to memory and returned by the constructor.
 */
const reverterInitCode = '0x6460006000fd6000526005601bf3'
/** Gas for a call to the reverter (estimation would fail on the revert). */
const reverterGas = '0x7530'

type Batch = { id: Hex; chainId: number; hashes: Hex[]; atomic: boolean; mode: DevWalletCallsMode }

/**
 * The dev wallet's EIP-5792 methods: `wallet_getCapabilities`, `wallet_sendCalls` (v2 request; one approval for the
 * batch), `wallet_getCallsStatus` (v2 answer, from the chain's receipts), `wallet_showCallsStatus` (nothing to show:
 * `null`). See {@link DevWalletCallsMode} for what runs.
 */
export class DevWalletCalls {
  mode: DevWalletCallsMode = 'sequential'
  /** How `wallet_getAssets` answers (EIP-7811). */
  assets: DevWalletAssetsMode = 'off'
  readonly #host: DevWalletCallsHost
  readonly #batches = new Map<string, Batch>()
  /** The reverting contract's address by chain id, once deployed (each chain its own). */
  readonly #reverters = new Map<number, Hex>()
  /** DevBatchExecutor's address by chain id, once deployed. */
  readonly #executors = new Map<number, Hex>()
  #next = 1

  constructor(host: DevWalletCallsHost) {
    this.#host = host
    for (const batch of loadBatches(host.store)) this.#batches.set(batch.id, batch)
    this.#next = Math.max(0, ...[...this.#batches.keys()].map(Number)) + 1
  }

  /** Handles an EIP-5792 method; undefined for another method. */
  handles(method: string): boolean {
    return (eip5792Methods as readonly string[]).includes(method) || method === 'wallet_getAssets'
  }

  async request(method: string, params: unknown): Promise<unknown> {
    if (this.mode === 'unsupported') throw this.#host.error(4200, `The dev wallet does not support ${method}.`)
    const list = Array.isArray(params) ? params : []
    switch (method) {
      case 'wallet_getCapabilities': {
        this.#host.account(method, list[0])
        const asked = Array.isArray(list[1]) ? list[1].map((c) => Number(c)) : this.#host.chainIds()
        const atomic = { status: this.mode === 'atomic' ? 'supported' : 'unsupported' }
        const assets = this.assets === 'off' ? {} : { assetDiscovery: { supported: true } }
        return Object.fromEntries(asked.filter((id) => this.#host.chainIds().includes(id)).map((id) => [toHex(id), { atomic, ...assets }]))
      }
      case 'wallet_getAssets':
        return this.#assets(method, list[0])
      case 'wallet_sendCalls':
        return this.#send(method, list[0])
      case 'wallet_getCallsStatus':
        return this.#status(method, list[0])
      default:
        if (!this.#batches.has(String(list[0]))) throw this.#host.error(5730, 'Unknown bundle id.')
        return null
    }
  }

  async #send(method: string, request: unknown): Promise<{ id: Hex }> {
    if (typeof request !== 'object' || request === null) throw this.#host.error(-32602, `Invalid params for ${method}: expected [{ version, chainId, from, calls }].`)
    const r = request as Record<string, unknown>
    const from = this.#host.account(method, r['from'])
    if (Number(r['chainId']) !== this.#host.chainId()) throw this.#host.error(5710, 'Unsupported chain id.')
    if (r['atomicRequired'] === true && this.mode !== 'atomic') throw this.#host.error(5760, 'The dev wallet runs these calls one by one (its atomic mode is off).')
    const calls = Array.isArray(r['calls']) ? r['calls'] : undefined
    if (!calls?.length || !calls.every(isCall)) throw this.#host.error(-32602, `Invalid params for ${method}: calls must be [{ to, data?, value? }].`)
    await this.#host.ask(method, [request])
    if (unsentModes.has(this.mode)) return this.#record([], false)
    if (this.mode === 'atomic') return this.#record([await this.#sendAtomic(from.address, calls)], true)
    const hashes: Hex[] = []
    for (const [index, call] of calls.entries()) {
      const reverts = this.mode === 'revert' || (this.mode === 'partial' && index === 1)
      const tx = reverts
        ? { from: from.address, to: await this.#reverterAddress(from.address), gas: reverterGas }
        : { from: from.address, to: call.to, ...(call.data ? { data: call.data } : {}), ...(call.value ? { value: call.value } : {}) }
      hashes.push(await this.#host.send(tx))
    }
    return this.#record(hashes, false)
  }

  /** `wallet_getAssets([{ account, chainFilter? }])` on the current chain: see {@link DevWalletAssetsMode}. */
  async #assets(method: string, request: unknown): Promise<unknown> {
    if (this.assets === 'off') throw this.#host.error(4200, `The dev wallet does not support ${method}.`)
    const from = this.#host.account(method, (request as { account?: unknown } | undefined)?.account)
    const chain = toHex(this.#host.chainId())
    if (this.assets === 'garbled') return { [chain]: [{ address: 'native', balance: 'a lot', type: 'native' }] }
    const balance = (await this.#host.read('eth_getBalance', [from.address, 'latest'])) as Hex
    return { [chain]: [{ address: 'native', balance, type: 'native' }, devWalletPoints] }
  }

  #record(hashes: Hex[], atomic: boolean): { id: Hex } {
    const id = toHex(this.#next++, { size: 32 })
    this.#batches.set(id, { id, chainId: this.#host.chainId(), hashes, atomic, mode: this.mode })
    try {
      this.#host.store?.storage?.setItem(this.#host.store.key, JSON.stringify([...this.#batches.values()]))
    } catch {
      // Quota or privacy mode: the batches are kept in memory.
    }
    return { id }
  }

  /** Every call in one transaction: the account, delegated to the executor (EIP-7702), calls itself with `execute`. */
  async #sendAtomic(from: Hex, calls: Array<{ to: Hex; data?: Hex; value?: Hex }>): Promise<Hex> {
    const delegate = await batchExecutorAddress(this.#host, from, this.#host.chainId(), this.#executors)
    // The calls' values are paid from the account's balance by `execute` itself: the transaction carries none.
    const list = calls.map((c) => ({ to: c.to, value: c.value ? BigInt(c.value) : 0n, data: c.data ?? ('0x' as const) }))
    return this.#host.sendDelegated({ delegate, data: executeData(list) })
  }

  async #status(method: string, id: unknown): Promise<unknown> {
    const batch = this.#batches.get(String(id))
    if (!batch) throw this.#host.error(5730, `Unknown bundle id ${String(id)} (${method}).`)
    const base = { version: '2.0.0', id: batch.id, chainId: toHex(batch.chainId), atomic: batch.atomic }
    switch (batch.mode) {
      case 'offchain':
        return { ...base, status: 400, receipts: [] }
      case 'pending':
        return { ...base, status: 100, receipts: [] }
      case 'garbled':
        return { status: 'done', receipts: 'none' }
      case 'foreign':
        return { ...base, id: toHex(BigInt(batch.id) + 1000n, { size: 32 }), status: 200, receipts: [] }
      case 'statusFails':
        throw this.#host.error(-32603, `The dev wallet failed to read the status of ${batch.id} (its statusFails mode).`)
    }
    const receipts = (await Promise.all(batch.hashes.map((hash) => this.#host.read('eth_getTransactionReceipt', [hash])))) as Array<{
      transactionHash: Hex
      status: Hex
      blockNumber: Hex
      blockHash: Hex
      gasUsed: Hex
      logs: unknown[]
    } | null>
    const done = receipts.every((x) => x !== null)
    const succeeded = receipts.filter((x) => x?.status === '0x1').length
    const status = !done ? 100 : succeeded === receipts.length ? 200 : succeeded === 0 ? 500 : 600
    return {
      ...base,
      status,
      receipts: done ? receipts.map((x) => ({ logs: x!.logs, status: x!.status, blockHash: x!.blockHash, blockNumber: x!.blockNumber, gasUsed: x!.gasUsed, transactionHash: x!.transactionHash })) : [],
    }
  }

  /** The current chain's reverting contract, deployed by the batch's account on its first use on that chain. */
  async #reverterAddress(from: Hex): Promise<Hex> {
    const chainId = this.#host.chainId()
    const known = this.#reverters.get(chainId)
    if (known) return known
    const hash = await this.#host.send({ from, data: reverterInitCode })
    for (;;) {
      const receipt = (await this.#host.read('eth_getTransactionReceipt', [hash])) as { contractAddress?: Hex } | null
      if (receipt?.contractAddress) {
        this.#reverters.set(chainId, receipt.contractAddress)
        return receipt.contractAddress
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

function isCall(call: unknown): call is { to: Hex; data?: Hex; value?: Hex } {
  if (typeof call !== 'object' || call === null) return false
  const c = call as Record<string, unknown>
  return (
    typeof c['to'] === 'string' &&
    isAddress(c['to'], { strict: false }) &&
    (c['data'] === undefined || (typeof c['data'] === 'string' && isHex(c['data']))) &&
    (c['value'] === undefined || (typeof c['value'] === 'string' && isHex(c['value'])))
  )
}

const modes: readonly DevWalletCallsMode[] = ['sequential', 'atomic', 'unsupported', 'partial', 'revert', 'offchain', 'pending', 'garbled', 'foreign', 'statusFails']
const isHash = (value: unknown): value is Hex => typeof value === 'string' && /^0x[0-9a-f]{64}$/i.test(value)

/** The batches kept under the store's key; what is unreadable or of another shape is dropped, never trusted. */
function loadBatches(store: DevWalletCallsHost['store']): Batch[] {
  let raw: unknown
  try {
    const text = store?.storage?.getItem(store.key)
    raw = text ? JSON.parse(text) : []
  } catch {
    return []
  }
  if (!Array.isArray(raw)) return []
  return raw.filter(
    (b): b is Batch =>
      typeof b === 'object' && b !== null && isHash(b.id) && Number.isSafeInteger(b.chainId) && Array.isArray(b.hashes) && b.hashes.every(isHash) && typeof b.atomic === 'boolean' && modes.includes(b.mode),
  )
}
