/**
 * What the WalletConnect test wallet does with a dapp's request (./wallet.ts): checks its params and says what
 * approving it runs — `personal_sign`, `eth_signTypedData_v4`, `eth_sendTransaction` (signed locally, sent to the
 * request's chain), `wallet_switchEthereumChain`, `wallet_addEthereumChain` and the EIP-5792 calls — and the JSON-RPC
 * error a failure is answered with. Browser-safe.
 */
import type { SignClient } from '@walletconnect/sign-client'
import { BaseError as ViemBaseError, isHex, numberToHex } from 'viem'
import type { Chain, LocalAccount, Transport, WalletClient } from 'viem'
import { eip5792Methods } from '../../kernel/eip5792.ts'
import type { DevWalletCalls } from '../wallet/calls.ts'
import { DevWalletRpcError } from '../wallet/provider.ts'
import type { DevWalletChain, PendingRequestKind } from '../wallet/provider.ts'
import { hexQuantity, invalidParams, readTransaction, readTypedData, tuple } from '../wallet/rpcParams.ts'
import { describeRequest } from '../wallet/describe.ts'
import { sendOnSharedKey } from '../wallet/walletClient.ts'
import { type DevMobileWalletMisbehaviour, type QueueEntry, type SessionRequestEvent, walletReasons } from './types.ts'
import { DevMobileWalletError } from './uri.ts'

/** What a request needs of the wallet: its accounts, its chains and sessions, and how it switches and batches. */
export type RequestHost = {
  /**
   * The account `address` names (one of the wallet's), or the active one when `address` is undefined.
   * @throws DevWalletRpcError -32602 for a malformed address, 4100 for one the wallet does not hold.
   */
  accountOf(method: string, address: unknown): LocalAccount
  /** The wallet's current chain. */
  chainId(): number
  findChain(chainId: number): DevWalletChain | undefined
  /** Adds a chain a dapp asked for (`wallet_addEthereumChain`). */
  addChain(chain: DevWalletChain): void
  /** The chain's wallet client (signs locally, sends to the chain's node). */
  client(chain: DevWalletChain): WalletClient<Transport, Chain>
  /** CAIP-2 chains of the session's eip155 namespace. */
  sessionChains(topic: string): string[]
  /** Adds the chain to the session when missing, makes it current, emits `chainChanged`. */
  switchFor(topic: string, chainId: number): Promise<null>
  /** The batched calls (EIP-5792) of a chain the wallet knows. */
  callsOn(chainId: number): DevWalletCalls
}

/** The wallet a request is answered by: what the request needs of it, its SDK client, its hooks and its pending list. */
export type RequestWallet = {
  host: RequestHost
  client: InstanceType<typeof SignClient>
  readonly misbehave: DevMobileWalletMisbehaviour
  /** The next pending item's id. */
  nextId(): number
  /** Adds the item to the pending list (approved at once with auto-approve). */
  enqueue(entry: QueueEntry): void
}

/** What approving a request runs, and its prompt's kind; `immediate` ones are answered without a prompt. */
export type Prepared = { kind: Exclude<PendingRequestKind, 'connect'>; run: () => Promise<unknown>; immediate?: boolean }

/**
 * Answers a dapp's request: at once when its params are bad (the error) or it needs no prompt; else it waits in the
 * wallet's pending list until the test or the visitor approves (the result, or `misbehave.results`) or rejects it (4001).
 */
export async function answerRequest(wallet: RequestWallet, event: SessionRequestEvent): Promise<void> {
  const { id, topic } = event
  const { method, params } = event.params.request
  const chainId = event.params.chainId
  if (wallet.misbehave.neverAnswer?.has(method)) return
  const respond = (response: { result: unknown } | { error: { code: number; message: string; data?: unknown } }) => wallet.client.respond({ topic, response: { id, jsonrpc: '2.0', ...response } as never })
  const respondError = (error: unknown) => respond({ error: toRpcError(error) })

  let prepared: Prepared
  try {
    prepared = prepareRequest(wallet.host, method, params, chainId, topic)
  } catch (error) {
    return respondError(error)
  }
  if (prepared.immediate) {
    try {
      return await respond({ result: await prepared.run() })
    } catch (error) {
      return respondError(error)
    }
  }
  const session = wallet.client.session.getAll().find((s) => s.topic === topic)
  const peer = { name: session?.peer.metadata.name ?? 'this site', url: session?.peer.metadata.url ?? '' }
  const { question, detail } = describeRequest({ id: 0, kind: prepared.kind, method, params })
  wallet.enqueue({
    item: { id: wallet.nextId(), kind: prepared.kind, method, params, chainId, topic, peer, question, detail },
    sdkId: id,
    approve: async () => {
      let result: unknown
      try {
        const results = wallet.misbehave.results
        result = results && Object.hasOwn(results, method) ? results[method] : await prepared.run()
      } catch (error) {
        await respondError(error)
        throw new DevMobileWalletError(`${method} failed.`, { cause: error })
      }
      await respond({ result })
    },
    reject: () => respond({ error: walletReasons.userRejectedRequest }),
    fail: (error) => respond({ error }),
  })
}

/**
 * Checks a request's params and returns what approving it does. Throws a {@link DevWalletRpcError} for bad
 * params (-32602), an unknown chain to switch to (4902), another account (4100) or an unsupported method (4200).
 */
export function prepareRequest(host: RequestHost, method: string, params: unknown, chainId: string, topic: string): Prepared {
  switch (method) {
    case 'personal_sign': {
      const [message, address] = tuple(method, params, 2)
      if (typeof message !== 'string') throw invalidParams(method, 'message must be a string.')
      const account = host.accountOf(method, address ?? null)
      return { kind: 'sign', run: () => account.signMessage({ message: isHex(message) ? { raw: message } : message }) }
    }
    case 'eth_signTypedData_v4': {
      const [address, json] = tuple(method, params, 2)
      const account = host.accountOf(method, address ?? null)
      const data = readTypedData(method, json)
      return {
        kind: 'sign',
        run: async () => {
          try {
            return await account.signTypedData(data)
          } catch (error) {
            throw invalidParams(method, error instanceof ViemBaseError ? error.shortMessage : String(error))
          }
        },
      }
    }
    case 'eth_sendTransaction': {
      const { from, fields: request } = readTransaction(method, params)
      const account = host.accountOf(method, from)
      const chain = host.findChain(caipReference(chainId))
      if (!chain) throw invalidParams(method, `the wallet has no RPC for chain ${chainId}.`)
      return {
        kind: 'sendTransaction',
        run: async () => {
          const client = host.client(chain)
          try {
            return await sendOnSharedKey(client, account.address, () => client.sendTransaction({ ...request, account } as Parameters<typeof client.sendTransaction>[0]), request.nonce !== undefined)
          } catch (error) {
            throw nodeError(error)
          }
        },
      }
    }
    case 'wallet_switchEthereumChain': {
      const [request] = tuple(method, params, 1)
      const target = readChainId(method, (request as { chainId?: unknown } | null)?.chainId)
      if (!host.findChain(target)) {
        throw new DevWalletRpcError(4902, `Unrecognized chain ID ${numberToHex(target)}. Try adding the chain first.`)
      }
      const inSession = host.sessionChains(topic).includes(`eip155:${target}`)
      if (target === host.chainId() && inSession) return { kind: 'switchChain', immediate: true, run: async () => null }
      return { kind: 'switchChain', run: () => host.switchFor(topic, target) }
    }
    case 'wallet_addEthereumChain': {
      const [request] = tuple(method, params, 1)
      if (typeof request !== 'object' || request === null) throw invalidParams(method, 'expected [{ chainId, chainName, rpcUrls }].')
      const { chainId: rawChainId, chainName, rpcUrls, nativeCurrency } = request as Record<string, unknown>
      const target = readChainId(method, rawChainId)
      if (typeof chainName !== 'string' || chainName.length === 0) throw invalidParams(method, 'chainName must be a string.')
      if (!Array.isArray(rpcUrls) || typeof rpcUrls[0] !== 'string' || !rpcUrls.every((u) => typeof u === 'string')) {
        throw invalidParams(method, 'rpcUrls must be a non-empty array of strings.')
      }
      if (nativeCurrency !== undefined && !isCurrency(nativeCurrency)) throw invalidParams(method, 'nativeCurrency must be { name, symbol, decimals }.')
      if (host.findChain(target)) return { kind: 'switchChain', run: () => host.switchFor(topic, target) }
      return {
        kind: 'addChain',
        run: async () => {
          if (!host.findChain(target)) {
            host.addChain({ chainId: target, name: chainName, rpcUrl: rpcUrls[0] as string, ...(nativeCurrency ? { nativeCurrency: nativeCurrency as DevWalletChain['nativeCurrency'] } : {}) })
          }
          return host.switchFor(topic, target)
        },
      }
    }
  }
  if ((eip5792Methods as readonly string[]).includes(method)) {
    const calls = host.callsOn(caipReference(chainId))
    if (method !== 'wallet_sendCalls') return { kind: 'sign', immediate: true, run: () => calls.request(method, params) }
    const [request] = tuple(method, params, 1)
    if (typeof request !== 'object' || request === null) throw invalidParams(method, 'expected [{ version, chainId, from, calls }].')
    host.accountOf(method, (request as { from?: unknown }).from ?? null)
    return { kind: 'sendTransaction', run: () => calls.request(method, params) }
  }
  throw new DevWalletRpcError(4200, `The mobile wallet does not support ${method}.`)
}

/** A chain id from a hex quantity ('0x7a69') or a decimal number; -32602 otherwise. */
function readChainId(method: string, value: unknown): number {
  let chainId: number | undefined
  if (typeof value === 'string' && hexQuantity.test(value)) chainId = Number.parseInt(value, 16)
  else if (typeof value === 'number') chainId = value
  if (chainId === undefined || !Number.isSafeInteger(chainId) || chainId <= 0) throw invalidParams(method, 'chainId must be a hex quantity.')
  return chainId
}

/** 31337 from 'eip155:31337'; NaN when malformed. */
export function caipReference(caip2: string): number {
  return Number(caip2.split(':')[1])
}

export function isCurrency(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const { name, symbol, decimals } = value as Record<string, unknown>
  return typeof name === 'string' && typeof symbol === 'string' && typeof decimals === 'number'
}

/** The JSON-RPC error object to answer with. */
export function toRpcError(error: unknown): { code: number; message: string; data?: unknown } {
  if (error instanceof DevWalletRpcError) return { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) }
  if (error instanceof DevMobileWalletError) return { code: -32603, message: error.shortMessage }
  return { code: -32603, message: error instanceof Error ? error.message : String(error) }
}

/** A node (anvil) failure as a JSON-RPC error: the node's code and message when there is one. */
function nodeError(error: unknown): DevWalletRpcError {
  let current: unknown = error
  while (current instanceof Error) {
    const { code } = current as { code?: unknown }
    if (typeof code === 'number' && code !== 0) {
      return new DevWalletRpcError(code, current instanceof ViemBaseError ? current.details || current.shortMessage : current.message)
    }
    current = current.cause
  }
  return new DevWalletRpcError(-32603, error instanceof ViemBaseError ? error.shortMessage : String(error))
}
