/**
 * A development ERC-4337 bundler (EntryPoint v0.7) for the local anvil chains: JSON-RPC over HTTP at
 * `POST /rpc/<chainId>`, answering `eth_sendUserOperation`, `eth_estimateUserOperationGas`,
 * `eth_getUserOperationByHash`, `eth_getUserOperationReceipt`, `eth_supportedEntryPoints` and `eth_chainId`.
 *
 * Each user operation is validated first (`simulateValidation` of EntryPointSimulations, run with `eth_call` and the
 * EntryPoint's code overridden, as ERC-4337 bundlers do for v0.7), then submitted alone in `handleOps` from anvil dev
 * account 5 (the beneficiary too). Errors carry the ERC-7769 codes. One operation at a time per chain; no mempool, no
 * reputation, no opcode rules: dev-only.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { BaseError as ViemBaseError, ContractFunctionRevertedError, createWalletClient, encodeFunctionData, hexToBytes, http, isAddress, isHex, numberToHex, size, toHex } from 'viem'
import type { Address, Hash, Hex, PublicClient } from 'viem'
import { formatUserOperation, getUserOperationHash, toPackedUserOperation } from 'viem/account-abstraction'
import type { RpcUserOperation, UserOperation } from 'viem/account-abstraction'
import { AA_DEPLOYER, ENTRY_POINT_ADDRESS, devEntryPoint } from './account.ts'
import { entryPointAbi, entryPointSimulationsAbi, entryPointSimulationsDeployedBytecode } from './artifacts.ts'
import { devAaClient, devAaDeployer } from './deploy.ts'
import { keepAliveLonger } from '../keepAlive.ts'
import { BaseError } from '../../kernel/errors.ts'

/** ERC-7769 error codes the dev bundler answers with. */
export const bundlerErrorCodes = {
  invalidParams: -32602,
  methodNotFound: -32601,
  /** Rejected by the EntryPoint's validation of the account or its creation (AA1x, AA2x). */
  validationRejected: -32500,
  /** Rejected by the paymaster's validation (AA3x). */
  paymasterRejected: -32501,
  /** The operation's validity window excludes now. */
  outOfTimeRange: -32503,
  /** The account's (or paymaster's) signature check failed. */
  invalidSignature: -32507,
  /** The call of the operation reverts (gas estimation). */
  executionReverted: -32521,
} as const

/** A JSON-RPC error the bundler answers with: `code` (see {@link bundlerErrorCodes}), `message`, optional `data`. */
export class BundlerRpcError extends BaseError {
  override name = 'BundlerRpcError'
  code: number
  data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}

type JsonRpcRequest = { jsonrpc?: string; id?: unknown; method?: unknown; params?: unknown }
type JsonRpcResponse = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } }

/** One chain the bundler serves. */
export type DevBundlerChain = { chainId: number; rpcUrl: string }

/** The bundler of one chain: {@link DevChainBundler.request} answers one JSON-RPC request. */
export type DevChainBundler = { chainId: number; request(body: unknown): Promise<JsonRpcResponse> }

/** Gas values put in the gas fields when pricing calldata, so the figure does not depend on the values chosen. */
const calldataPlaceholderGas = 0xff_ffffn
/** What `preVerificationGas` adds to the calldata cost and the 21 000 of the transaction (the EntryPoint's own loop). */
const preVerificationOverhead = 15_000n
/** The gas the estimation lets validation and the call use. */
const simulationGas = { verificationGasLimit: 3_000_000n, callGasLimit: 10_000_000n }

const hexQuantity = (value: bigint): Hex => numberToHex(value)

/**
 * The `preVerificationGas` the bundler requires of an operation: 21 000, the calldata gas of `handleOps([op])` (4 per
 * zero byte, 16 per other) with the gas fields at a fixed placeholder and the signature's bytes all non-zero (the stub
 * signature of the estimate and the real one then cost the same), and {@link preVerificationOverhead}.
 *
 * @param op the user operation (its call data, init code and signature length count; its gas values do not).
 * @returns the gas.
 */
export function requiredPreVerificationGas(op: UserOperation<'0.7'>): bigint {
  const priced = {
    ...op,
    callGasLimit: calldataPlaceholderGas,
    verificationGasLimit: calldataPlaceholderGas,
    preVerificationGas: calldataPlaceholderGas,
    maxFeePerGas: calldataPlaceholderGas,
    maxPriorityFeePerGas: calldataPlaceholderGas,
    signature: `0x${'ff'.repeat(Math.max(size(op.signature), 65))}` as Hex,
  }
  const data = encodeFunctionData({ abi: entryPointAbi, functionName: 'handleOps', args: [[toPackedUserOperation(priced)], AA_DEPLOYER] })
  let gas = 21_000n + preVerificationOverhead
  for (const byte of hexToBytes(data)) gas += byte === 0 ? 4n : 16n
  return gas
}

const requiredFields = ['sender', 'nonce', 'callData', 'callGasLimit', 'verificationGasLimit', 'preVerificationGas', 'maxFeePerGas', 'maxPriorityFeePerGas', 'signature'] as const

/** Checks an RPC user operation's shape and turns it into viem's typed form. */
function parseUserOperation(value: unknown, { forEstimate }: { forEstimate: boolean }): UserOperation<'0.7'> {
  if (typeof value !== 'object' || value === null) throw new BundlerRpcError(bundlerErrorCodes.invalidParams, 'The user operation must be an object.')
  const rpc = { ...(value as Record<string, unknown>) }
  if (forEstimate) {
    for (const field of ['callGasLimit', 'verificationGasLimit', 'preVerificationGas', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) rpc[field] ??= '0x0'
  }
  for (const field of requiredFields) {
    if (typeof rpc[field] !== 'string' || !isHex(rpc[field], { strict: true })) throw new BundlerRpcError(bundlerErrorCodes.invalidParams, `The user operation's ${field} must be a hex string.`)
  }
  if (!isAddress(rpc.sender as string, { strict: false })) throw new BundlerRpcError(bundlerErrorCodes.invalidParams, "The user operation's sender is not an address.")
  if (rpc.factory !== undefined && rpc.factory !== null && !isAddress(String(rpc.factory), { strict: false })) throw new BundlerRpcError(bundlerErrorCodes.invalidParams, "The user operation's factory is not an address.")
  if (rpc.paymaster) throw new BundlerRpcError(bundlerErrorCodes.invalidParams, 'The dev bundler takes no paymaster.')
  if (!forEstimate && size(rpc.signature as Hex) === 0) throw new BundlerRpcError(bundlerErrorCodes.invalidParams, 'The user operation has no signature.')
  try {
    return formatUserOperation(rpc as unknown as RpcUserOperation<'0.7'>) as UserOperation<'0.7'>
  } catch {
    throw new BundlerRpcError(bundlerErrorCodes.invalidParams, 'The user operation is malformed.')
  }
}

/** Refuses an entry point other than the dev stack's. */
function checkEntryPoint(value: unknown): void {
  if (typeof value !== 'string' || value.toLowerCase() !== ENTRY_POINT_ADDRESS.toLowerCase()) {
    throw new BundlerRpcError(bundlerErrorCodes.invalidParams, `Unsupported entry point ${String(value)}; this bundler serves ${ENTRY_POINT_ADDRESS}.`)
  }
}

/** Turns an EntryPoint revert (`FailedOp`, `FailedOpWithRevert`) into the ERC-7769 error; anything else is rethrown. */
function toBundlerError(error: unknown): never {
  const reverted = error instanceof ViemBaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : undefined
  if (reverted instanceof ContractFunctionRevertedError && (reverted.data?.errorName === 'FailedOp' || reverted.data?.errorName === 'FailedOpWithRevert')) {
    const reason = String(reverted.data.args?.[1] ?? '')
    const code = reason.startsWith('AA24') ? bundlerErrorCodes.invalidSignature : reason.startsWith('AA3') ? bundlerErrorCodes.paymasterRejected : bundlerErrorCodes.validationRejected
    throw new BundlerRpcError(code, reason, reverted.data.args?.[2])
  }
  if (reverted instanceof ContractFunctionRevertedError) throw new BundlerRpcError(bundlerErrorCodes.validationRejected, reverted.shortMessage)
  throw error
}

/** Runs one of EntryPointSimulations' functions with `eth_call`, the EntryPoint's code swapped for the simulation's. */
async function simulate<name extends 'simulateValidation' | 'simulateHandleOp'>(client: PublicClient, functionName: name, args: readonly unknown[], balanceOf?: Address) {
  const stateOverride = [{ address: ENTRY_POINT_ADDRESS, code: entryPointSimulationsDeployedBytecode }, ...(balanceOf ? [{ address: balanceOf, balance: 10n ** 24n }] : [])]
  try {
    return (await client.readContract({ address: ENTRY_POINT_ADDRESS, abi: entryPointSimulationsAbi, functionName, args: args as never, stateOverride } as never)) as never
  } catch (error) {
    return toBundlerError(error)
  }
}

/** Refuses a validation result whose signature failed or whose validity window excludes `now` (seconds). */
function checkValidationData(validationData: bigint, now: bigint): void {
  const aggregator = validationData & ((1n << 160n) - 1n)
  if (aggregator === 1n) throw new BundlerRpcError(bundlerErrorCodes.invalidSignature, 'Invalid user operation signature: the account refused it (AA24 signature error).')
  if (aggregator !== 0n) throw new BundlerRpcError(bundlerErrorCodes.validationRejected, 'The dev bundler supports no signature aggregator.')
  const validUntil = (validationData >> 160n) & ((1n << 48n) - 1n)
  const validAfter = validationData >> 208n
  if ((validUntil !== 0n && validUntil < now) || validAfter > now) throw new BundlerRpcError(bundlerErrorCodes.outOfTimeRange, 'The user operation is not valid at this time.')
}

/**
 * The bundler of one chain.
 *
 * @param chain the chain id and its node's RPC URL (EntryPoint and factory deployed there, `deployDevAa`).
 * @returns an object whose `request` answers one JSON-RPC request body (never throws: errors become JSON-RPC errors).
 */
export function createDevChainBundler(chain: DevBundlerChain): DevChainBundler {
  const client = devAaClient(chain.rpcUrl, chain.chainId)
  const wallet = createWalletClient({ chain: client.chain, transport: http(chain.rpcUrl, { retryCount: 0, timeout: 10_000 }), account: devAaDeployer() })
  const sent = new Map<Hash, { userOperation: RpcUserOperation<'0.7'>; transactionHash: Hash }>()
  let queue: Promise<unknown> = Promise.resolve()
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task)
    queue = run.catch(() => undefined)
    return run
  }
  const hashOf = (op: UserOperation<'0.7'>): Hash => getUserOperationHash({ chainId: chain.chainId, entryPointAddress: ENTRY_POINT_ADDRESS, entryPointVersion: '0.7', userOperation: op })

  async function estimate(params: unknown[]) {
    checkEntryPoint(params[1])
    const op = parseUserOperation(params[0], { forEstimate: true })
    const requiredPvg = requiredPreVerificationGas(op)
    // Gas price 1 wei: what the simulation pays is the gas it used (the sender gets a balance override to pay it).
    const probe = { ...op, ...simulationGas, preVerificationGas: 0n, maxFeePerGas: 1n, maxPriorityFeePerGas: 1n }
    const result = (await simulate(client, 'simulateHandleOp', [toPackedUserOperation(probe), '0x0000000000000000000000000000000000000000', '0x'], op.sender)) as { preOpGas: bigint; paid: bigint }
    const verificationGasLimit = (result.preOpGas * 13n) / 10n + 30_000n
    // paid = preOpGas + used + (callGasLimit - used) / 10 (the EntryPoint's penalty on unused execution gas).
    const used = ((result.paid - result.preOpGas - simulationGas.callGasLimit / 10n) * 10n) / 9n
    const callGasLimit = (used * 12n) / 10n + 10_000n
    // A deployed account's call is simulated, and one that reverts is refused (-32521) as ERC-7769 bundlers do: the
    // wallet never sends it (EIP-5792: not included, 400). A counterfactual account's call is not simulated here (it
    // has no code yet): that operation is included and reverts on chain (500).
    const code = await client.getCode({ address: op.sender })
    if (code && code !== '0x') {
      try {
        await client.call({ account: ENTRY_POINT_ADDRESS, to: op.sender, data: op.callData, gas: simulationGas.callGasLimit })
      } catch (error) {
        throw new BundlerRpcError(bundlerErrorCodes.executionReverted, `The user operation's call reverts: ${error instanceof ViemBaseError ? error.shortMessage : String(error)}`)
      }
    }
    return {
      preVerificationGas: hexQuantity(requiredPvg),
      verificationGasLimit: hexQuantity(verificationGasLimit),
      callGasLimit: hexQuantity(callGasLimit),
      paymasterVerificationGasLimit: '0x0',
      paymasterPostOpGasLimit: '0x0',
    }
  }

  async function send(params: unknown[]) {
    checkEntryPoint(params[1])
    const op = parseUserOperation(params[0], { forEstimate: false })
    const requiredPvg = requiredPreVerificationGas(op)
    if (op.preVerificationGas < requiredPvg) throw new BundlerRpcError(bundlerErrorCodes.invalidParams, `preVerificationGas ${op.preVerificationGas} is below the ${requiredPvg} this bundler needs.`)
    const block = await client.getBlock()
    if (block.baseFeePerGas !== null && op.maxFeePerGas < block.baseFeePerGas) throw new BundlerRpcError(bundlerErrorCodes.invalidParams, `maxFeePerGas ${op.maxFeePerGas} is below the base fee ${block.baseFeePerGas}.`)
    const packed = toPackedUserOperation(op)
    const validation = (await simulate(client, 'simulateValidation', [packed])) as { returnInfo: { accountValidationData: bigint } }
    checkValidationData(validation.returnInfo.accountValidationData, block.timestamp)
    const userOpHash = hashOf(op)
    const transactionHash = await serially(async () => {
      try {
        const hash = await wallet.writeContract({ address: ENTRY_POINT_ADDRESS, abi: entryPointAbi, functionName: 'handleOps', args: [[packed], AA_DEPLOYER], chain: client.chain ?? null })
        await client.waitForTransactionReceipt({ hash })
        return hash
      } catch (error) {
        return toBundlerError(error)
      }
    })
    sent.set(userOpHash, { userOperation: params[0] as RpcUserOperation<'0.7'>, transactionHash })
    return userOpHash
  }

  async function receipt(params: unknown[]) {
    const userOpHash = params[0]
    if (typeof userOpHash !== 'string' || !isHex(userOpHash) || size(userOpHash) !== 32) throw new BundlerRpcError(bundlerErrorCodes.invalidParams, 'The user operation hash must be 32 bytes of hex.')
    const [event] = await client.getContractEvents({ address: ENTRY_POINT_ADDRESS, abi: entryPointAbi, eventName: 'UserOperationEvent', args: { userOpHash: userOpHash as Hash }, fromBlock: 0n })
    if (!event) return null
    const raw = (await client.request({ method: 'eth_getTransactionReceipt', params: [event.transactionHash] })) as { logs: { logIndex: Hex; address: Address; topics: Hex[] }[] } | null
    if (!raw) return null
    const [reverted] = await client.getContractEvents({
      address: ENTRY_POINT_ADDRESS,
      abi: entryPointAbi,
      eventName: 'UserOperationRevertReason',
      args: { userOpHash: userOpHash as Hash },
      blockHash: event.blockHash,
    } as never)
    // The operation's own logs: after the bundle's BeforeExecution (or the previous operation's event), before its event.
    const eventIndex = event.logIndex
    let start = -1
    for (const log of raw.logs) {
      const index = Number(log.logIndex)
      if (index >= eventIndex) break
      if (log.address.toLowerCase() === ENTRY_POINT_ADDRESS.toLowerCase()) start = index
    }
    const logs = raw.logs.filter((log) => Number(log.logIndex) > start && Number(log.logIndex) < eventIndex)
    const args = event.args as { sender: Address; paymaster: Address; nonce: bigint; success: boolean; actualGasCost: bigint; actualGasUsed: bigint }
    return {
      userOpHash,
      entryPoint: ENTRY_POINT_ADDRESS,
      sender: args.sender,
      nonce: hexQuantity(args.nonce),
      paymaster: args.paymaster,
      actualGasCost: hexQuantity(args.actualGasCost),
      actualGasUsed: hexQuantity(args.actualGasUsed),
      success: args.success,
      ...(reverted ? { reason: (reverted as unknown as { args: { revertReason: Hex } }).args.revertReason } : {}),
      logs,
      receipt: raw,
    }
  }

  async function byHash(params: unknown[]) {
    const userOpHash = params[0]
    if (typeof userOpHash !== 'string' || !isHex(userOpHash) || size(userOpHash) !== 32) throw new BundlerRpcError(bundlerErrorCodes.invalidParams, 'The user operation hash must be 32 bytes of hex.')
    const entry = sent.get(userOpHash as Hash)
    if (!entry) return null
    const mined = await client.getTransactionReceipt({ hash: entry.transactionHash })
    return { userOperation: entry.userOperation, entryPoint: ENTRY_POINT_ADDRESS, transactionHash: entry.transactionHash, blockHash: mined.blockHash, blockNumber: hexQuantity(mined.blockNumber) }
  }

  const methods: Record<string, (params: unknown[]) => Promise<unknown>> = {
    eth_chainId: async () => toHex(chain.chainId),
    eth_supportedEntryPoints: async () => [devEntryPoint.address],
    eth_estimateUserOperationGas: estimate,
    eth_sendUserOperation: send,
    eth_getUserOperationReceipt: receipt,
    eth_getUserOperationByHash: byHash,
  }

  return {
    chainId: chain.chainId,
    async request(body) {
      const request = (typeof body === 'object' && body !== null ? body : {}) as JsonRpcRequest
      const id = request.id ?? null
      try {
        if (typeof request.method !== 'string') throw new BundlerRpcError(-32600, 'Invalid request: no method.')
        const method = methods[request.method]
        if (!method) throw new BundlerRpcError(bundlerErrorCodes.methodNotFound, `The method ${request.method} does not exist on the dev bundler.`)
        const params = Array.isArray(request.params) ? request.params : []
        return { jsonrpc: '2.0', id, result: await method(params) }
      } catch (error) {
        if (error instanceof BundlerRpcError) return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) } }
        return { jsonrpc: '2.0', id, error: { code: -32603, message: error instanceof ViemBaseError ? error.shortMessage : String(error) } }
      }
    },
  }
}

/** Options of {@link startDevBundler}. */
export type StartDevBundlerOptions = {
  /** TCP port on 127.0.0.1 (0: any free port). */
  port: number
  /** The chains served, each at `/rpc/<chainId>`. */
  chains: readonly DevBundlerChain[]
}

/** A running dev bundler. */
export type DevBundlerServer = {
  /** `http://127.0.0.1:<port>`. */
  url: string
  /** The JSON-RPC URL of one chain: `<url>/rpc/<chainId>`. */
  rpcUrl(chainId: number): string
  stop(): Promise<void>
}

/**
 * Starts the dev bundler's HTTP server: `POST /rpc/<chainId>` with a JSON-RPC body (CORS open: the secure site's frame
 * calls it from the browser), `OPTIONS` preflights, 404 for other chains and paths.
 *
 * @param options see {@link StartDevBundlerOptions}.
 * @returns the server's URLs and `stop`.
 * @throws the listen error (e.g. `EADDRINUSE`).
 *
 * @example
 * const bundler = await startDevBundler({ port: 0, chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }] })
 * createBundlerClient({ client, transport: http(bundler.rpcUrl(31337)) })
 */
export async function startDevBundler(options: StartDevBundlerOptions): Promise<DevBundlerServer> {
  const bundlers = new Map(options.chains.map((chain) => [chain.chainId, createDevChainBundler(chain)]))
  const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'POST, OPTIONS', 'Access-Control-Allow-Headers': 'content-type' }
  const server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', ...cors })
      response.end(JSON.stringify(body))
    }
    const match = /^\/rpc\/(\d+)\/?$/.exec(request.url ?? '')
    const bundler = match ? bundlers.get(Number(match[1])) : undefined
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors)
      return response.end()
    }
    if (!bundler) return send(404, { message: `No bundler at ${request.url}` })
    if (request.method !== 'POST') return send(405, { message: 'Use POST' })
    const chunks: Buffer[] = []
    let length = 0
    request.on('data', (chunk: Buffer) => {
      length += chunk.length
      if (length <= 1_000_000) chunks.push(chunk)
    })
    request.on('end', () => {
      let body: unknown
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        return send(200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
      }
      if (Array.isArray(body)) return void Promise.all(body.map((item) => bundler.request(item))).then((answers) => send(200, answers))
      void bundler.request(body).then((answer) => send(200, answer))
    })
  })
  keepAliveLonger(server)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, '127.0.0.1', () => resolve())
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    rpcUrl: (chainId) => `${url}/rpc/${chainId}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
