/**
 * The `chain` fixture's node: a JSON-RPC endpoint (anvil) the test reads and changes directly, with `evm_snapshot` /
 * `evm_revert` around each test so one test's sends never reach the next.
 */
import { TestWalletError } from '../errors.ts'

/** A test's chain: its RPC URL and id, and the few calls a wallet test needs. */
export type TestChain = {
  rpcUrl: string
  chainId: number
  /** A raw JSON-RPC call; rejects with a {@link ChainRequestError} carrying the node's error. */
  request<T = unknown>(method: string, params?: unknown[]): Promise<T>
  /** The balance of `address` in wei. */
  getBalance(address: string): Promise<bigint>
  /** Sets the balance of `address` (anvil's `anvil_setBalance`), in wei. */
  setBalance(address: string, wei: bigint): Promise<void>
  /** The receipt's status of a transaction once mined ('success' | 'reverted'), or undefined while it is not. */
  receiptStatus(hash: string): Promise<'success' | 'reverted' | undefined>
}

/** The chain's node answered a JSON-RPC error or could not be reached. */
export class ChainRequestError extends TestWalletError {
  static override docsPath = '/errors/ChainRequestError'
  override name = 'ChainRequestError'
}

/**
 * A {@link TestChain} on `rpcUrl`; its chain id is read from the node.
 * @throws ChainRequestError when the node does not answer `eth_chainId`.
 */
export async function connectChain(rpcUrl: string): Promise<TestChain> {
  let id = 0
  const request = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    let body: { result?: T; error?: { code?: number; message?: string } }
    try {
      const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }) })
      body = (await response.json()) as typeof body
    } catch (cause) {
      throw new ChainRequestError(`The chain at ${rpcUrl} did not answer ${method}`, { cause })
    }
    if (body.error) throw new ChainRequestError(`The chain at ${rpcUrl} refused ${method}`, { details: `${body.error.code ?? ''} ${body.error.message ?? ''}`.trim() })
    return body.result as T
  }
  const chainId = Number(await request<string>('eth_chainId'))
  return {
    rpcUrl,
    chainId,
    request,
    getBalance: async (address) => BigInt(await request<string>('eth_getBalance', [address, 'latest'])),
    setBalance: async (address, wei) => void (await request('anvil_setBalance', [address, `0x${wei.toString(16)}`])),
    receiptStatus: async (hash) => {
      const receipt = await request<{ status?: string } | null>('eth_getTransactionReceipt', [hash])
      return receipt ? (receipt.status === '0x1' ? 'success' : 'reverted') : undefined
    },
  }
}
