import { encodeFunctionData, type Hex } from 'viem'
import { batchExecutorAbi, batchExecutorBytecode } from './batchExecutor.artifact.ts'

export { batchExecutorAbi, batchExecutorBytecode }

/** One call of an atomic batch as the executor takes it (`value` in wei). */
export type ExecutorCall = { to: Hex; value: bigint; data: Hex }

/**
 * The calldata of `execute(calls)` on DevBatchExecutor (dev/wallet/contracts/DevBatchExecutor.sol): the account calls
 * itself with it, delegated to the executor through EIP-7702, and every call runs from the account, all or nothing.
 * @example executeData([{ to: '0x7099…', value: 1n, data: '0x' }]) // '0x…'
 */
export function executeData(calls: readonly ExecutorCall[]): Hex {
  return encodeFunctionData({ abi: batchExecutorAbi, functionName: 'execute', args: [calls] })
}

/** What the dev wallet gives the executor: a transaction sent without a prompt, and a read of the chain's node. */
export type BatchExecutorHost = {
  send(tx: Record<string, unknown>): Promise<Hex>
  read(method: string, params: unknown[]): Promise<unknown>
}

/** How often a deployment's receipt is asked, in ms (anvil mines at once). */
const receiptPoll = 50

/**
 * DevBatchExecutor's address on the current chain, deployed by `from` the first time (one deployment per chain and
 * wallet; a contract needs no owner: only an account delegated to it can call `execute` on itself).
 * @param deployed the addresses already deployed, by chain id (kept by the caller).
 */
export async function batchExecutorAddress(host: BatchExecutorHost, from: Hex, chainId: number, deployed: Map<number, Hex>): Promise<Hex> {
  const known = deployed.get(chainId)
  if (known) return known
  const hash = await host.send({ from, data: batchExecutorBytecode })
  for (;;) {
    const receipt = (await host.read('eth_getTransactionReceipt', [hash])) as { contractAddress?: Hex } | null
    if (receipt?.contractAddress) {
      deployed.set(chainId, receipt.contractAddress)
      return receipt.contractAddress
    }
    await new Promise((resolve) => setTimeout(resolve, receiptPoll))
  }
}
