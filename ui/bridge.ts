/**
 * What the wagmi and ethers bridges (`latchkey/wagmi`, `latchkey/ethers`) share: the modal's eip155 connection read as one value, followed
 * as it changes, and the connected wallet's EIP-1193 provider. No wagmi and no ethers here: each bridge imports its
 * own library, this module only latchkey's.
 */
import { BaseError } from '../adapters/errors.ts'
import type { Eip1193Provider } from '../adapters/types.ts'
import { waitForEip155Transaction } from '../adapters/receipt.ts'
import { createActor, fromPromise, toPromise, type AnyActorRef } from 'xstate'
import { connectionStatus } from '../machines/connection.ts'
import { batchIdOf } from '../machines/batch.status.ts'
import { batchMachine, type GetCallsStatusInput } from '../machines/batch.ts'
import { transactionMachine, type TransactionWaitInput } from '../machines/transaction.ts'
import { transactionEndOf, type TransactionEnd } from '../machines/transactionEnd.ts'
import type { ModalInstance } from './instance.ts'
import { provideCore } from './coreModule.ts'
import * as core from './core.ts'
import { InvalidOptionsError } from './options.ts'

/**
 * Checks that a bridge was handed a modal instance (JavaScript callers, a modal not created yet).
 * @throws InvalidOptionsError `<caller>(modal): Expected the instance createModal returns`.
 * @example assertModal(modal, 'getEthersSigner') // then `modal` is a ModalInstance
 */
export function assertModal(modal: unknown, caller: string): asserts modal is ModalInstance {
  // The bridges read the modal's actors synchronously: their entry brings the core (the facade's lazy core), created on first read.
  provideCore(core)
  const m = modal as Partial<ModalInstance> | null | undefined
  if (!m || typeof m !== 'object' || typeof m.getProvider !== 'function' || typeof m.actor?.getSnapshot !== 'function') {
    throw new InvalidOptionsError(`${caller}(modal): Expected the instance createModal returns`, { option: 'modal', details: `Received: ${m === null ? 'null' : typeof m}` })
  }
}

/**
 * Thrown by the bridges when no wallet is connected in the eip155 namespace (nothing to hand to wagmi or ethers).
 * @example
 * try { await getEthersSigner(modal) } catch (e) { if (e instanceof NoConnectedWalletError) modal.open() }
 */
export class NoConnectedWalletError extends BaseError {
  static override docsPath = '/errors/NoConnectedWalletError'
  override name = 'NoConnectedWalletError'
  constructor(args: { details?: string } = {}) {
    super('No wallet is connected in the eip155 namespace.', { details: args.details ?? 'Connect one first: modal.open() shows Connect.' })
  }
}

/** The modal's eip155 connection as the bridges read it (`address` checksummed, `chainId` the EVM chain id). */
export type Eip155ConnectionState =
  | { status: 'connected'; connectorId: string; address: `0x${string}`; chainId: number }
  | { status: 'connecting' | 'disconnected'; connectorId?: undefined; address?: undefined; chainId?: undefined }

/** The eip155 connection actor of the modal (every modal has one: eip155 is always configured). */
function eip155Ref(modal: ModalInstance) {
  provideCore(core)
  const ref = modal.actor.getSnapshot().context.connections.eip155
  if (!ref) throw new NoConnectedWalletError({ details: 'This modal has no eip155 connection.' })
  return ref
}

/**
 * The modal's eip155 connection now, whichever namespace is active (a Solana account being shown does not hide the
 * EVM wallet from wagmi or ethers).
 * @example readEip155Connection(modal) // { status: 'connected', connectorId: 'io.metamask', address: '0x…', chainId: 1 }
 */
export function readEip155Connection(modal: ModalInstance): Eip155ConnectionState {
  const snapshot = eip155Ref(modal).getSnapshot()
  const status = connectionStatus(snapshot)
  const { address, chainId, connectorId } = snapshot.context
  if (status !== 'connected' || !address || chainId === undefined || !connectorId) {
    return { status: status === 'connected' ? 'connecting' : status }
  }
  return { status, connectorId, address: address as `0x${string}`, chainId: Number(chainId) }
}

const sameConnection = (a: Eip155ConnectionState, b: Eip155ConnectionState) => a.status === b.status && a.address === b.address && a.chainId === b.chainId && a.connectorId === b.connectorId

/**
 * Calls `listener` with the eip155 connection each time its status, connector, address or chain changes (not for
 * balance updates). Returns unsubscribe.
 * @example const stop = watchEip155Connection(modal, (c) => console.log(c.status, c.chainId))
 */
export function watchEip155Connection(modal: ModalInstance, listener: (next: Eip155ConnectionState, previous: Eip155ConnectionState) => void): () => void {
  let last = readEip155Connection(modal)
  const sub = eip155Ref(modal).subscribe(() => {
    const next = readEip155Connection(modal)
    if (sameConnection(next, last)) return
    const previous = last
    last = next
    listener(next, previous)
  })
  return () => sub.unsubscribe()
}

/**
 * Resolves once the eip155 connection has settled (not `connecting`: a stored connection being restored, a wallet
 * being asked), with its state then.
 * @example if ((await settledEip155Connection(modal)).status === 'connected') { … }
 */
export function settledEip155Connection(modal: ModalInstance): Promise<Eip155ConnectionState> {
  const now = readEip155Connection(modal)
  if (now.status !== 'connecting') return Promise.resolve(now)
  return new Promise((resolve) => {
    const stop = watchEip155Connection(modal, (next) => {
      if (next.status === 'connecting') return
      stop()
      resolve(next)
    })
  })
}

/**
 * The connected eip155 wallet's EIP-1193 provider (the injected or EIP-6963 wallet, or the WalletConnect session), from
 * `modal.getProvider('eip155')`, with the connection it belongs to.
 * @throws NoConnectedWalletError when no eip155 wallet is connected, or its provider is gone.
 * @example const { provider, connection } = getEip155Provider(modal) // connection.chainId: the EVM chain id
 */
export function getEip155Provider(modal: ModalInstance): { provider: Eip1193Provider; connection: Extract<Eip155ConnectionState, { status: 'connected' }> } {
  const connection = readEip155Connection(modal)
  if (connection.status !== 'connected') throw new NoConnectedWalletError()
  const provider = modal.getProvider('eip155')
  if (!provider || typeof provider.request !== 'function') {
    throw new NoConnectedWalletError({ details: `The provider of connector "${connection.connectorId}" is not available.` })
  }
  return { provider, connection }
}

/**
 * The transaction machine (`machines/transaction.ts`) for a transaction the dapp sent itself through `provider`: started
 * with its hash (no wallet prompt, no toast), its end waited for by the one receipt rule (`adapters/receipt.ts`) on that
 * provider. The library's every receipt wait runs in a transaction machine.
 */
/** The batch machine resumed at its status polls (a batch the dapp sent itself), reading them through `provider`. */
const followBatchOn = (provider: Eip1193Provider) =>
  batchMachine.provide({
    actors: { getCallsStatus: fromPromise<unknown, GetCallsStatusInput>(({ input }) => provider.request({ method: 'wallet_getCallsStatus', params: [input.id] })) },
  })

/** The batch's chain: the request's `chainId` (a hex quantity, EIP-5792), else the connection's. */
function batchChainOf(params: unknown, fallback: number | undefined): string {
  const request = Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined) : undefined
  const hex = typeof request?.chainId === 'string' && /^0x[0-9a-fA-F]+$/.test(request.chainId) ? Number.parseInt(request.chainId, 16) : undefined
  const chainId = hex ?? fallback
  return chainId === undefined ? 'eip155' : `eip155:${chainId}`
}

const followOn = (provider: Eip1193Provider) =>
  transactionMachine.provide({
    actors: {
      waitForEnd: fromPromise<TransactionEnd, TransactionWaitInput>(async ({ input, signal }) => transactionEndOf(await waitForEip155Transaction({ provider, hash: input.hash, signal }), input.hash)),
    },
  })

/**
 * Wraps a provider so that a transaction sent through it (`eth_sendTransaction`, `eth_sendRawTransaction`) makes the
 * modal read its balance again once the chain has decided its end: a run of the transaction machine started with the
 * hash, which waits by the one receipt rule of the library (`adapters/receipt.ts`: failed reads retried, a replacement
 * followed, `unknown` after its receipt timeout, then the balance is read all the same): the modal's balance follows
 * what the dapp sends through wagmi or ethers. A modal destroyed meanwhile stops the wait. A batch of calls sent through
 * it (`wallet_sendCalls`, EIP-5792) is followed the same way by the batch machine, resumed at its status polls with the
 * batch's id (`wallet_getCallsStatus` every `callsStatusPoll`, at most `callsStatusTimeout`, no toast of its own): the
 * modal reads its balance again once the batch has ended (confirmed, failed, reverted, partly run, or its end unknown),
 * whether or not the dapp asks for the status itself. Everything else passes through untouched.
 * @example new BrowserProvider(withBalanceRefresh(modal, provider)) // a send through it refreshes the modal's balance
 */
export function withBalanceRefresh<P extends Eip1193Provider>(modal: ModalInstance, provider: P): P {
  const transactions = followOn(provider)
  const batches = followBatchOn(provider)
  const destroyed = () => modal.actor.getSnapshot().status === 'stopped'
  /** Runs `actor` to its end, stopped with the modal; a decided end (a final state) reads the balance again. */
  const untilEnd = async (actor: AnyActorRef) => {
    const sub = modal.actor.subscribe({ complete: () => actor.stop() })
    // A run stopped with the modal completes too, but ends in no final state: only a decided end reads the balance.
    await toPromise(actor).catch(() => undefined)
    if (actor.getSnapshot().status === 'done' && !destroyed()) modal.refreshBalance()
    sub.unsubscribe()
  }
  const followReceipt = (hash: unknown) => {
    if (typeof hash !== 'string' || destroyed()) return
    const connection = readEip155Connection(modal)
    const input = { caipNetworkId: connection.chainId === undefined ? 'eip155' : `eip155:${connection.chainId}`, namespace: 'eip155', connectorId: connection.connectorId ?? '', hash }
    void untilEnd(createActor(transactions, { input }).start())
  }
  const followBatch = (params: unknown, answer: unknown) => {
    const id = batchIdOf(answer)
    if (id === undefined || destroyed()) return
    const connection = readEip155Connection(modal)
    const caipNetworkId = batchChainOf(params, connection.chainId)
    const input = { connectorId: connection.connectorId ?? '', from: connection.address ?? '', caipNetworkId, calls: [], atomicRequired: false, capabilities: {}, resume: { id }, quiet: true }
    void untilEnd(createActor(batches, { input }).start())
  }
  const request = async (args: { method: string; params?: unknown }) => {
    const result = await provider.request(args)
    if (args.method === 'eth_sendTransaction' || args.method === 'eth_sendRawTransaction') followReceipt(result)
    else if (args.method === 'wallet_sendCalls') followBatch(args.params, result)
    return result
  }
  return new Proxy(provider, {
    get(target, key, receiver) {
      if (key === 'request') return request
      const value = Reflect.get(target, key, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
