import type { Connection, VersionedTransaction } from '@solana/web3.js'
import { ConnectorNotFoundError } from './eip155.ts'
import { InvalidTransferError, transferPollInterval, transferReceiptTimeout } from './eip155.transfer.ts'
import type { TimerClock } from './boundary.ts'
import { pollForTransactionEnd, type ReceiptTiming } from './receipt.ts'
import { BaseError, InvalidProviderResponseError, UnauthorizedProviderError, type UserRejectedRequestError } from './errors.ts'
import type { CaipNetwork } from './networks.ts'
import { feature, loadSolanaWeb3, SolanaChainNotSupportedError, solanaFeatures, SolanaRpcRequestError, verifyEd25519 } from './solana.ts'
import type { SolanaAdapter } from './solana.ts'
import { base58Decode, base58Encode, isSolanaAddress } from './solana.base58.ts'
import { isTokenProgram, mintDecimalsOf, splTransferInstructions } from './solana.spl.ts'
import { describeTransactionError, SolanaTransactionError, toSolanaWalletError } from './solana.errors.ts'
import type { SolanaTransactionErrorJson } from './solana.errors.ts'
import type { TransferAdapter, TransferEstimate, TransferReceipt, TransferRequest } from './types.ts'

/** The largest lamport amount (u64). */
const maxLamports = 2n ** 64n - 1n

/** Send options of spec §3 ("Solana signAndSend options"), passed to the wallet or to `sendRawTransaction`. */
export type SolanaSendOptions = {
  skipPreflight?: boolean
  preflightCommitment?: 'processed' | 'confirmed' | 'finalized'
  maxRetries?: number
  minContextSlot?: number
}

/**
 * How the wallet returned a transaction the adapter refuses: `unsigned` (the fee payer's signature missing or
 * invalid), `altered` (not the transaction that was asked for, or a signature of another one), `malformed`
 * (not a transaction at all).
 */
export type InvalidSignedTransactionReason = 'unsigned' | 'altered' | 'malformed'

const invalidSignedMessages: Record<InvalidSignedTransactionReason, string> = {
  unsigned: 'The wallet did not sign the transaction',
  altered: 'The wallet changed the transaction',
  malformed: 'The wallet returned something that is not a transaction',
}

/** The wallet answered with a transaction that must not be sent (or a signature of one that was not asked for). */
export class InvalidSignedTransactionError extends BaseError {
  static override docsPath = '/errors/InvalidSignedTransactionError'
  override name = 'InvalidSignedTransactionError'
  reason: InvalidSignedTransactionReason
  constructor(reason: InvalidSignedTransactionReason, details: string) {
    super(invalidSignedMessages[reason], { details })
    this.reason = reason
  }
}

/** Everything the Solana transfer adapter's methods throw. */
export type SolanaTransferErrorType =
  | InvalidTransferError
  | ConnectorNotFoundError
  | UnauthorizedProviderError
  | SolanaChainNotSupportedError
  | SolanaTransactionError
  | InvalidSignedTransactionError
  | InvalidProviderResponseError
  | SolanaRpcRequestError
  | UserRejectedRequestError
  | BaseError

/** Options of {@link createSolanaTransferAdapter}. */
export type CreateSolanaTransferAdapterParameters = {
  /** The Solana adapter whose wallets send (`createSolanaAdapter`). */
  adapter: Pick<SolanaAdapter, 'getWallet' | 'getAccount' | 'walletChainFor' | 'connection' | 'nodeUrl'>
  /** The dapp's Solana networks: the transfer's CAIP-2 id picks the network, whose node URL is the adapter's `nodeUrl` (spec §7.4). */
  networks: readonly CaipNetwork[]
  /**
   * Who broadcasts: `'wallet'` (default) uses the wallet's `solana:signAndSendTransaction` when it has it, else
   * signs with `solana:signTransaction` and sends through the RPC; `'rpc'` always signs with the wallet and sends
   * through the RPC (the signed transaction is checked before it leaves).
   */
  broadcast?: 'wallet' | 'rpc'
  /** Options for the send (wallet or RPC). Default: preflight on, at 'confirmed'. */
  sendOptions?: SolanaSendOptions
  /** Status polling interval, ms. Default 1000 (as the eip155 adapter). */
  pollInterval?: number
  /** The end is `unknown` after this long, ms. Default 120 000. */
  receiptTimeout?: number
  /** The rest of the wait's timing (back-off, one look's timeout), ms; `receiptTiming` by default. */
  timing?: Partial<ReceiptTiming> | undefined
  /** Timers of the wait; default `globalThis` (the modal passes its `clock` option). */
  clock?: TimerClock | undefined
}

/** A validated request (`mint`: an SPL token's mint, none for SOL). */
type CheckedTransfer = { from: string; to: string; amount: bigint; network: CaipNetwork; rpcUrl: string; mint?: string | undefined }

/**
 * Sending SOL and SPL tokens (spec §4 Send, §6: solana sends; §1 Pay). A SOL transfer is one System program transfer
 * instruction in a legacy transaction (v0 when the wallet signs only v0), fee payer = sender, amounts in lamports. With
 * `tokenAddress` (an SPL mint) it is the recipient's associated token account made when missing (paid by the sender)
 * and a `TransferChecked` of `amount` base units of that mint (`adapters/solana.spl.ts`).
 *
 * - `estimateTransfer`: `getFeeForMessage` of the transaction (`gas` = 1 signature, `gasPrice` = `fee` = lamports)
 *   and a `simulateTransaction` (no signature check): a transfer the runtime would refuse throws
 *   {@link SolanaTransactionError} in the runtime's words before the wallet is asked anything.
 * - `sendTransfer`: the wallet's `solana:signAndSendTransaction` (with `sendOptions`), or `solana:signTransaction`
 *   then `sendRawTransaction`; resolves with the base58 signature. A returned transaction is refused unless it is
 *   byte for byte the message that was asked for, signed by the sender ({@link InvalidSignedTransactionError});
 *   a signature from signAndSend must verify against that message too.
 * - `waitForTransfer`: polls `getSignatureStatuses` until 'confirmed' or 'finalized' by the rule of
 *   `adapters/receipt.ts` (a failed poll is retried with back-off, never the transaction's failure; no end within the
 *   receipt timeout is `status: 'unknown'`); a transaction that failed in the runtime is `status: 'reverted'`;
 *   `blockNumber` is the slot.
 *
 * Errors: {@link InvalidTransferError} ('Invalid receiver address' for malformed base58 or a wrong length,
 * 'Unsupported chain' for a non-solana CAIP-2 id, 'An amount and receiver address are required', 'Unsupported token' for
 * a `tokenAddress` that is no SPL mint),
 * `ConnectorNotFoundError`, `UnauthorizedProviderError` (4100: `from` is not the wallet's connected account),
 * {@link SolanaChainNotSupportedError}, {@link SolanaTransactionError} (the runtime's failure in plain words, e.g.
 * 'Transaction results in an account (1) with insufficient funds for rent'), {@link InvalidSignedTransactionError},
 * `UserRejectedRequestError` (4001) and the wallet's other errors. `waitForTransfer` throws only for bad input.
 *
 * @example
 * const transfer = createSolanaTransferAdapter({ adapter: solana, networks: [solanaLocalnet] })
 * const request = { connectorId, from, to, amount: 1_000_000_000n, caipNetworkId: solanaLocalnet.caipNetworkId }
 * const { fee } = await transfer.estimateTransfer(request) // lamports
 * const { hash } = await transfer.sendTransfer(request)     // base58 signature
 * const { status } = await transfer.waitForTransfer({ connectorId, caipNetworkId: request.caipNetworkId, hash })
 */
export function createSolanaTransferAdapter({
  adapter,
  networks,
  broadcast = 'wallet',
  sendOptions = {},
  pollInterval = transferPollInterval,
  receiptTimeout = transferReceiptTimeout,
  timing,
  clock,
}: CreateSolanaTransferAdapterParameters): TransferAdapter {
  function check(request: TransferRequest): CheckedTransfer {
    const network = networkOf(networks, request.caipNetworkId)
    const rpcUrl = adapter.nodeUrl(network)
    if (!rpcUrl) throw new InvalidTransferError('caipNetworkId', `${network.caipNetworkId} has no RPC URL.`)
    if (request.tokenAddress !== undefined && !isSolanaAddress(request.tokenAddress))
      throw new InvalidTransferError('tokenAddress', `An SPL token is named by its mint's address (base58, 32 bytes), got ${JSON.stringify(request.tokenAddress)}.`, 'Unsupported token')
    const from = checkAddress('from', request.from)
    const to = checkAddress('to', request.to)
    const { amount } = request
    if (typeof amount !== 'bigint' || amount <= 0n || amount > maxLamports) {
      throw new InvalidTransferError('amount', `The amount must be a positive integer of lamports below 2^64, got ${typeof amount === 'bigint' ? amount : typeof amount}.`)
    }
    return { from, to, amount, network, rpcUrl, mint: request.tokenAddress }
  }

  /** The unsigned transfer transaction with the latest blockhash, in a version the wallet signs. */
  async function build(checked: CheckedTransfer, version: 'legacy' | 0): Promise<VersionedTransaction> {
    const [{ PublicKey, SystemProgram, TransactionMessage, VersionedTransaction }, connection] = await Promise.all([loadSolanaWeb3(), adapter.connection(checked.rpcUrl)])
    const { blockhash } = await rpc(checked.rpcUrl, () => connection.getLatestBlockhash('confirmed'))
    const payerKey = new PublicKey(checked.from)
    const instructions = checked.mint ? await splInstructions(checked, connection) : [SystemProgram.transfer({ fromPubkey: payerKey, toPubkey: new PublicKey(checked.to), lamports: checked.amount })]
    const message = new TransactionMessage({ payerKey, recentBlockhash: blockhash, instructions })
    return new VersionedTransaction(version === 'legacy' ? message.compileToLegacyMessage() : message.compileToV0Message())
  }

  return {
    namespace: 'solana',

    async estimateTransfer(request): Promise<TransferEstimate> {
      const checked = check(request)
      const transaction = await build(checked, 'legacy')
      const connection = await adapter.connection(checked.rpcUrl)
      const [feeAnswer, simulation] = await Promise.all([
        rpc(checked.rpcUrl, () => connection.getFeeForMessage(transaction.message, 'confirmed')),
        rpc(checked.rpcUrl, () => connection.simulateTransaction(transaction, { sigVerify: false, replaceRecentBlockhash: true, commitment: 'confirmed' })),
      ])
      const { err, logs } = simulation.value
      if (err !== null) {
        throw new SolanaTransactionError({ message: describeTransactionError(err as SolanaTransactionErrorJson), transactionError: err as SolanaTransactionErrorJson, logs: logs ?? [] })
      }
      const fee = feeAnswer.value
      if (fee === null || !Number.isSafeInteger(fee) || fee < 0) throw new InvalidProviderResponseError('getFeeForMessage', fee)
      return { gas: 1n, gasPrice: BigInt(fee), fee: BigInt(fee) }
    },

    async sendTransfer(request): Promise<{ hash: string }> {
      const checked = check(request)
      const wallet = adapter.getWallet(request.connectorId)
      if (!wallet) throw new ConnectorNotFoundError(request.connectorId)
      const account = adapter.getAccount(request.connectorId, checked.from)
      if (!account) throw new UnauthorizedProviderError({ details: `${checked.from} is not an account ${wallet.name} connected to this site.` })
      const chain = adapter.walletChainFor(request.connectorId, checked.network)
      if (!chain)
        throw new SolanaChainNotSupportedError(
          wallet.name,
          checked.network,
          wallet.chains.filter((c) => c.startsWith('solana:')),
        )

      const signAndSend = solanaFeatures.signAndSendTransaction in wallet.features && broadcast === 'wallet'
      const used = signAndSend || !(solanaFeatures.signTransaction in wallet.features) ? solanaFeatures.signAndSendTransaction : solanaFeatures.signTransaction
      const versions = (wallet.features[used as `${string}:${string}`] as { supportedTransactionVersions?: readonly unknown[] } | undefined)?.supportedTransactionVersions
      const transaction = await build(checked, !versions || versions.includes('legacy') ? 'legacy' : 0)
      const messageBytes = transaction.message.serialize()
      const wire = transaction.serialize()

      if (used === solanaFeatures.signAndSendTransaction) {
        const method = feature<{ signAndSendTransaction(...inputs: unknown[]): Promise<readonly unknown[]> }>(wallet, used)
        let outputs: readonly unknown[]
        try {
          outputs = await method.signAndSendTransaction({ account, chain, transaction: wire, options: { preflightCommitment: 'confirmed', ...sendOptions } })
        } catch (error) {
          throw toSolanaWalletError(error)
        }
        const signature = (Array.isArray(outputs) ? (outputs[0] as { signature?: unknown } | undefined) : undefined)?.signature
        if (!(signature instanceof Uint8Array) || signature.length !== 64) throw new InvalidProviderResponseError(used, signature)
        if ((await verifyEd25519(base58Decode(checked.from), messageBytes, signature)) === false) {
          throw new InvalidSignedTransactionError('altered', `The wallet sent a transaction other than the one it was asked for (signature ${base58Encode(signature)}).`)
        }
        return { hash: base58Encode(signature) }
      }

      const method = feature<{ signTransaction(...inputs: unknown[]): Promise<readonly unknown[]> }>(wallet, used)
      let outputs: readonly unknown[]
      try {
        outputs = await method.signTransaction({ account, chain, transaction: wire, options: { preflightCommitment: 'confirmed' } })
      } catch (error) {
        throw toSolanaWalletError(error)
      }
      const signed = (Array.isArray(outputs) ? (outputs[0] as { signedTransaction?: unknown } | undefined) : undefined)?.signedTransaction
      const signature = await checkSigned(signed, messageBytes, checked.from)
      const connection = await adapter.connection(checked.rpcUrl)
      try {
        await connection.sendRawTransaction(signed as Uint8Array, { preflightCommitment: 'confirmed', ...sendOptions })
      } catch (error) {
        throw toSolanaWalletError(error)
      }
      return { hash: signature }
    },

    async waitForTransfer({ caipNetworkId, hash, signal }): Promise<TransferReceipt> {
      const network = networkOf(networks, caipNetworkId)
      const rpcUrl = adapter.nodeUrl(network)
      if (!rpcUrl) throw new InvalidTransferError('caipNetworkId', `${network.caipNetworkId} has no RPC URL.`)
      if (!isSignature(hash)) throw new InvalidTransferError('hash', `Expected a base58 64-byte transaction signature, got ${JSON.stringify(hash)}.`)
      const connection = await adapter.connection(rpcUrl)
      // One look: the signature's status; only a 'confirmed' or 'finalized' status is an end (adapters/receipt.ts).
      const look = async (): Promise<TransferReceipt | null> => {
        const { value } = await rpc(rpcUrl, () => connection.getSignatureStatuses([hash], { searchTransactionHistory: true }))
        const status = Array.isArray(value) ? value[0] : undefined
        if (!status || (status.confirmationStatus !== 'confirmed' && status.confirmationStatus !== 'finalized')) return null
        if (!Number.isSafeInteger(status.slot)) throw new InvalidProviderResponseError('getSignatureStatuses', status)
        return { hash, status: status.err === null ? 'success' : 'reverted', blockNumber: BigInt(status.slot) }
      }
      return pollForTransactionEnd({ hash, look, timing: { pollInterval, receiptTimeout, ...timing }, clock, signal })
    },
  }
}

/**
 * Checks what `solana:signTransaction` returned: a transaction whose message is byte for byte the one asked for,
 * with the sender's valid signature. Returns that signature in base58.
 * @throws InvalidSignedTransactionError ('malformed', 'altered' or 'unsigned').
 */
async function checkSigned(signed: unknown, messageBytes: Uint8Array, from: string): Promise<string> {
  const { VersionedTransaction } = await loadSolanaWeb3()
  if (!(signed instanceof Uint8Array)) throw new InvalidSignedTransactionError('malformed', `Received ${typeof signed}.`)
  let transaction: VersionedTransaction
  try {
    transaction = VersionedTransaction.deserialize(signed)
  } catch (error) {
    throw new InvalidSignedTransactionError('malformed', error instanceof Error ? error.message : String(error))
  }
  const returned = transaction.message.serialize()
  if (returned.length !== messageBytes.length || returned.some((byte, i) => byte !== messageBytes[i])) {
    throw new InvalidSignedTransactionError('altered', 'The returned message differs from the transfer that was asked for (other instructions, accounts or amounts).')
  }
  const index = transaction.message.staticAccountKeys.findIndex((key) => key.toBase58() === from)
  const signature = transaction.signatures[index]
  if (index < 0 || !signature || signature.every((byte) => byte === 0)) {
    throw new InvalidSignedTransactionError('unsigned', `No signature of ${from} in the returned transaction.`)
  }
  if ((await verifyEd25519(base58Decode(from), messageBytes, signature)) === false) {
    throw new InvalidSignedTransactionError('unsigned', `The signature of ${from} does not verify.`)
  }
  return base58Encode(signature)
}

/**
 * An SPL token transfer's instructions (`adapters/solana.spl.ts`): the mint read on the network for its token program
 * and decimals.
 * @throws InvalidTransferError ('Unsupported token') when the mint is no SPL mint on that network.
 */
async function splInstructions(checked: CheckedTransfer, connection: Connection) {
  const { PublicKey } = await loadSolanaWeb3()
  const mint = new PublicKey(checked.mint!)
  const account = await rpc(checked.rpcUrl, () => connection.getAccountInfo(mint, 'confirmed'))
  const decimals = account && isTokenProgram(account.owner.toBase58()) ? mintDecimalsOf(account.data) : undefined
  if (!account || decimals === undefined) throw new InvalidTransferError('tokenAddress', `${checked.mint} is not an SPL token mint on ${checked.network.name}.`, 'Unsupported token')
  return splTransferInstructions({ owner: new PublicKey(checked.from), recipient: new PublicKey(checked.to), mint, amount: checked.amount, decimals, tokenProgram: account.owner })
}

/** The configured Solana network of a CAIP-2 id ('Unsupported chain' for another namespace, spec §5). */
function networkOf(networks: readonly CaipNetwork[], caipNetworkId: unknown): CaipNetwork {
  const text = typeof caipNetworkId === 'string' ? caipNetworkId : ''
  const match = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/.exec(text)
  if (!match) throw new InvalidTransferError('caipNetworkId', `Expected solana:<reference>, got ${JSON.stringify(caipNetworkId)}.`)
  if (match[1] !== 'solana') throw new InvalidTransferError('caipNetworkId', `${text} is not a Solana network.`, 'Unsupported chain')
  const network = networks.find((n) => n.caipNetworkId === text)
  if (!network) throw new InvalidTransferError('caipNetworkId', `${text} is not one of the configured Solana networks.`, 'Unsupported chain')
  return network
}

/** A Solana address of the request, or InvalidTransferError (a missing receiver: 'An amount and receiver address are required'). */
function checkAddress(field: 'from' | 'to', value: unknown): string {
  if (isSolanaAddress(value)) return value
  const missing = field === 'to' && (value === undefined || value === '')
  throw new InvalidTransferError(field, `Expected a Solana address (32–44 base58 characters decoding to 32 bytes), got ${JSON.stringify(value)}.`, missing ? 'An amount and receiver address are required' : undefined)
}

function isSignature(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(value)) return false
  return base58Decode(value).length === 64
}

/** Runs an RPC read; a failure that is not the runtime's becomes a typed error naming the RPC. */
async function rpc<T>(rpcUrl: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    const mapped = toSolanaWalletError(error)
    if (mapped instanceof SolanaTransactionError) throw mapped
    throw new SolanaRpcRequestError(rpcUrl, error)
  }
}
