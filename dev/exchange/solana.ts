/**
 * The reference exchange's payments on the local Solana chain (`dev/solana`, LiteSVM; spec §1 Pay "SOL / SPL tokens on
 * solana", "the on-chain transfer the reference exchange really makes"): its hot wallet (`dev/solana/accounts.ts`
 * `exchangeSolanaKeypair`, 100 SOL and 1 000 dUSDC at the ledger's start) sends SOL with a System transfer, or an SPL
 * token with the Associated Token Account program's CreateIdempotent and the token program's TransferChecked (the
 * library's own instructions, `adapters/solana.spl.ts`), and waits for the signature's status. Dev-only.
 */
import { Connection, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import type { TransactionInstruction } from '@solana/web3.js'
import { parseUnits } from 'viem'
import { isTokenProgram, mintDecimalsOf, splTransferInstructions } from '../../adapters/solana.spl.ts'
import { ApiHttpError } from '../api/handlers.ts'
import { exchangeSolanaKeypair } from '../solana/accounts.ts'
import { SOLANA_LOCALNET_REFERENCE } from '../solana/network.ts'

/** The CAIP-2 network the exchange pays on solana: the local chain (its genesis hash is fixed). */
export const exchangeSolanaNetwork = `solana:${SOLANA_LOCALNET_REFERENCE}`
/** How often the exchange asks for its transfer's status (ms), and how long it waits for it before calling it failed. */
export const solanaStatusPoll = 100
export const solanaStatusTimeout = 30_000

/** SOL's decimals (lamports). */
const solDecimals = 9

/** A Solana asset the exchange pays: SOL (`token` undefined) or an SPL token by its mint. */
export type SolanaAsset = { token: string | undefined }

/**
 * The Solana asset of a CAIP-19 id on `network`: `solana:<ref>/slip44:501` (SOL) or `solana:<ref>/token:<mint>`, or
 * undefined when `asset` is not a Solana asset id.
 * @throws ApiHttpError 400 for a Solana asset on another network than `network`, or a mint that is not a public key.
 */
export function parseSolanaAsset(asset: string, network: string): SolanaAsset | undefined {
  const match = /^solana:([1-9A-HJ-NP-Za-km-z]{32})\/(slip44:501|token:([1-9A-HJ-NP-Za-km-z]{32,44}))$/.exec(asset)
  if (!match) return undefined
  if (network !== `solana:${match[1]}`) throw new ApiHttpError(400, `The asset ${asset} is not on the network ${network}`)
  if (match[3] && !isPublicKey(match[3])) throw new ApiHttpError(400, `Invalid mint '${match[3]}'`)
  return { token: match[3] }
}

/** Whether `text` is a base58 ed25519 public key (32 bytes): a Solana recipient. */
export function isPublicKey(text: string): boolean {
  try {
    return new PublicKey(text).toBase58() === text
  } catch {
    return false
  }
}

/**
 * The exchange's Solana payer on the node at `rpcUrl`.
 * @example const payer = solanaPayer('http://127.0.0.1:8899'); await payer.pay({ token: undefined, amount: '0.5', recipient })
 */
export function solanaPayer(rpcUrl: string) {
  const connection = new Connection(rpcUrl, 'confirmed')
  const hot = exchangeSolanaKeypair()
  return {
    /** The hot wallet's address. */
    address: hot.publicKey.toBase58(),
    /**
     * Sends `amount` (the asset's units) of SOL or of the mint `token` to `recipient` and waits for its status.
     * @returns the transaction's signature (base58) and whether it succeeded on chain.
     * @throws the node's errors (a preflight refusal, no answer), or {@link ApiHttpError} 500 past {@link solanaStatusTimeout}.
     */
    async pay({ token, amount, recipient }: SolanaAsset & { amount: string; recipient: string }): Promise<{ signature: string; succeeded: boolean }> {
      const to = new PublicKey(recipient)
      let instructions: TransactionInstruction[]
      if (token) {
        const mint = new PublicKey(token)
        const account = await connection.getAccountInfo(mint)
        const decimals = account && isTokenProgram(account.owner.toBase58()) ? mintDecimalsOf(account.data) : undefined
        if (!account || decimals === undefined) throw new ApiHttpError(400, `${token} is not a token mint on ${exchangeSolanaNetwork}`)
        instructions = await splTransferInstructions({ owner: hot.publicKey, recipient: to, mint, amount: parseUnits(amount, decimals), decimals, tokenProgram: account.owner })
      } else {
        instructions = [SystemProgram.transfer({ fromPubkey: hot.publicKey, toPubkey: to, lamports: parseUnits(amount, solDecimals) })]
      }
      const { blockhash } = await connection.getLatestBlockhash()
      const transaction = new VersionedTransaction(new TransactionMessage({ payerKey: hot.publicKey, recentBlockhash: blockhash, instructions }).compileToLegacyMessage())
      transaction.sign([hot])
      const signature = await connection.sendRawTransaction(transaction.serialize())
      const deadline = Date.now() + solanaStatusTimeout
      while (Date.now() < deadline) {
        const [status] = (await connection.getSignatureStatuses([signature])).value
        if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) return { signature, succeeded: status.err === null }
        await new Promise((resolve) => setTimeout(resolve, solanaStatusPoll))
      }
      throw new ApiHttpError(500, `The transfer ${signature} was not confirmed within ${solanaStatusTimeout / 1000} s`)
    },
  }
}
