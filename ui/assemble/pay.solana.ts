import { callForeign } from '../../adapters/boundary.ts'
import { associatedTokenAddress, isTokenProgram, mintDecimalsOf, tokenAccountSize, tokenAmountOf, tokenMetadataAddress, tokenMetadataOf } from '../../adapters/solana.spl.ts'
import type { PayRequest } from '../../machines/pay.input.ts'
import { PayAssetUnreadableError, type PayAssetReading, type PayWallet, type VerifyExchangeTransferInput } from '../../machines/pay.ts'
import type { FeatureHost } from './host.ts'

/** What one signature costs when the node cannot estimate the transfer (the runtime's default `lamports_per_signature`). */
const fallbackFee = 5_000n

/** An account as `getAccountInfo` answers it in base64: its owner program and data; null when it does not exist. */
type AccountRead = { owner: string; data: Uint8Array } | null

const bytesOf = (base64: string): Uint8Array => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))

/** The node reads of one payment on solana: an integer answer, an account in base64 (null when it does not exist). */
function solanaNode(host: FeatureHost, request: PayRequest) {
  const { asset } = request
  const unreadable = (details: string) => new PayAssetUnreadableError(asset.caip19, { details })
  const node = (method: string, params: readonly unknown[]) => host.nodeRequest({ caipNetworkId: asset.caipNetworkId, method, params })
  const integer = (answer: unknown, method: string): bigint => {
    const value = typeof answer === 'number' ? answer : (answer as { value?: unknown } | null)?.value
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw unreadable(`${method} answered ${JSON.stringify(answer)}.`)
    return BigInt(value)
  }
  const account = async (address: string): Promise<AccountRead> => {
    const answer = (await node('getAccountInfo', [address, { encoding: 'base64', commitment: 'confirmed' }])) as { value?: { owner?: unknown; data?: unknown } | null } | null
    const value = answer?.value
    if (value === null) return null
    const data = Array.isArray(value?.data) ? value.data[0] : undefined
    if (typeof value?.owner !== 'string' || typeof data !== 'string') throw unreadable(`getAccountInfo answered ${JSON.stringify(answer)}.`)
    return { owner: value.owner, data: bytesOf(data) }
  }
  /** An SPL token's mint: its token program and decimals; anything else is no mint. */
  const mintOf = async (address: string) => {
    const mint = await account(address)
    const decimals = mint && isTokenProgram(mint.owner) ? mintDecimalsOf(mint.data) : undefined
    if (!mint || decimals === undefined) throw unreadable(`${address} is not an SPL token mint on ${asset.networkName}.`)
    return { program: mint.owner, decimals }
  }
  return { node, integer, account, mintOf }
}

/**
 * What may refuse a payment on solana before anything opens (spec §1 Pay), read on the node of the asset's network: for
 * an SPL token its mint (an account of a token program: its decimals; anything else {@link PayAssetUnreadableError}) and
 * its symbol from the mint's Token Metadata account (the mint shortened without one); SOL's from the network.
 * @throws PayAssetUnreadableError for a mint that is not one or an answer of another shape; the transport's errors.
 */
export function readSolanaAssetOn(host: FeatureHost) {
  return async ({ request }: { request: PayRequest }): Promise<PayAssetReading> => {
    const { asset } = request
    if (asset.kind === 'native') return { decimals: asset.decimals, symbol: asset.symbol }
    if (asset.kind !== 'spl') throw new PayAssetUnreadableError(asset.caip19, { details: 'Not a Solana asset.' })
    const { account, mintOf } = solanaNode(host, request)
    const { decimals } = await mintOf(asset.address)
    const metadata = await account(await tokenMetadataAddress(asset.address)).catch(() => null)
    return { decimals, symbol: (metadata && tokenMetadataOf(metadata.data)?.symbol) || `${asset.address.slice(0, 4)}…${asset.address.slice(-4)}` }
  }
}

/**
 * What one wallet holds for a payment on solana (spec §1 Pay: "insufficient balance or gas explained before the prompt"),
 * read on the node of the asset's network (never the wallet): its lamports; for an SPL token its token balance (its
 * associated token account; none is 0); the fee (the transfer adapter's estimate, one signature's when the runtime
 * refuses the transfer as the wallet stands) plus, when an SPL transfer makes the recipient's token account, that
 * account's rent.
 * @throws PayAssetUnreadableError for an answer of another shape; the transport's errors.
 */
export function readSolanaWalletOn(host: FeatureHost) {
  return async ({ request, decimals, wallet }: { request: PayRequest; decimals: number; wallet: PayWallet }) => {
    const { asset } = request
    const { node, integer, account, mintOf } = solanaNode(host, request)
    const nativeBalance = integer(await node('getBalance', [wallet.address, { commitment: 'confirmed' }]), 'getBalance')
    let balance = nativeBalance
    let rent = 0n
    if (asset.kind === 'spl') {
      const { program } = await mintOf(asset.address)
      const held = await account(await associatedTokenAddress(wallet.address, asset.address, program))
      balance = (held && tokenAmountOf(held.data)) ?? 0n
      if ((await account(await associatedTokenAddress(request.recipient, asset.address, program))) === null) {
        rent = integer(await node('getMinimumBalanceForRentExemption', [tokenAccountSize]), 'getMinimumBalanceForRentExemption')
      }
    }
    const transfer = await host.transfer(asset.caipNetworkId)
    const estimate = await callForeign('transferAdapter.estimateTransfer', () =>
      transfer.estimateTransfer({
        connectorId: wallet.connectorId,
        caipNetworkId: asset.caipNetworkId,
        from: wallet.address,
        to: request.recipient,
        amount: safeUnits(request.amount, decimals),
        ...(asset.kind === 'spl' ? { tokenAddress: asset.address } : {}),
      }),
    ).then(
      (e) => e.fee,
      () => fallbackFee,
    )
    return { balance, nativeBalance, fee: estimate + rent }
  }
}

/** The amount in base units for an estimate (the chart refuses a bad amount itself): one base unit when it does not fit. */
function safeUnits(amount: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.')
  if (fraction.length > decimals) return 1n
  const units = BigInt(whole + fraction.padEnd(decimals, '0'))
  return units > 0n ? units : 1n
}

/** A `getTransaction` answer (json encoding) as far as {@link verifySolanaTransferOn} reads it. */
type TransactionRead = {
  transaction?: { message?: { accountKeys?: unknown } }
  meta?: {
    err?: unknown
    preBalances?: unknown
    postBalances?: unknown
    preTokenBalances?: unknown
    postTokenBalances?: unknown
    loadedAddresses?: { writable?: unknown; readonly?: unknown }
  } | null
} | null

/** A token balance of `meta.pre/postTokenBalances` as far as it is read: its holder, mint and amount in base units. */
type TokenBalanceRead = { owner?: unknown; mint?: unknown; uiTokenAmount?: { amount?: unknown } }

/**
 * Whether the Solana transaction `txHash` (a base58 signature) on the request's network succeeded and moved exactly
 * `units` of its asset to its recipient, read on the network's node (`getTransaction`, `confirmed`; never the wallet,
 * never the exchange): for SOL the recipient's lamports after minus before (`meta.pre/postBalances` at its key); for an
 * SPL token the recipient's holdings of that mint after minus before (`meta.pre/postTokenBalances`, by owner and mint: a
 * token account the transaction made is in the post balances alone). Spec §1 Pay: "success only once the chain shows the
 * exchange's transfer of that amount to that recipient".
 * @returns false when the transaction is unknown, failed, or moved another amount (or to another recipient).
 * @throws PayAssetUnreadableError for an answer of another shape (the chart asks again at its next poll).
 */
export async function verifySolanaTransferOn(host: FeatureHost, { request, units, txHash }: VerifyExchangeTransferInput): Promise<boolean> {
  const { asset, recipient } = request
  const unreadable = () => new PayAssetUnreadableError(asset.caip19, { details: `getTransaction answered an unreadable transaction for ${txHash}.` })
  const read = (await host.nodeRequest({
    caipNetworkId: asset.caipNetworkId,
    method: 'getTransaction',
    params: [txHash, { encoding: 'json', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }],
  })) as TransactionRead
  if (read === null) return false
  const meta = read.meta
  if (!meta || meta.err !== null) return false
  if (asset.kind === 'native') {
    const loaded = meta.loadedAddresses
    const keys = [read.transaction?.message?.accountKeys, loaded?.writable ?? [], loaded?.readonly ?? []]
    if (!keys.every((k) => Array.isArray(k) && k.every((key) => typeof key === 'string'))) throw unreadable()
    const index = (keys as string[][]).flat().indexOf(recipient)
    if (index < 0) return false
    const before = (meta.preBalances as unknown[] | undefined)?.[index]
    const after = (meta.postBalances as unknown[] | undefined)?.[index]
    if (!Number.isSafeInteger(before) || !Number.isSafeInteger(after)) throw unreadable()
    return BigInt(after as number) - BigInt(before as number) === units
  }
  if (asset.kind !== 'spl') return false
  const held = (balances: unknown): bigint => {
    if (!Array.isArray(balances)) throw unreadable()
    let total = 0n
    for (const balance of balances as TokenBalanceRead[]) {
      if (balance?.owner !== recipient || balance.mint !== asset.address) continue
      const amount = balance.uiTokenAmount?.amount
      if (typeof amount !== 'string' || !/^\d+$/.test(amount)) throw unreadable()
      total += BigInt(amount)
    }
    return total
  }
  return held(meta.postTokenBalances) - held(meta.preTokenBalances) === units
}
