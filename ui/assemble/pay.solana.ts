import { callForeign } from '../../adapters/boundary.ts'
import { associatedTokenAddress, isTokenProgram, mintDecimalsOf, tokenAccountSize, tokenAmountOf, tokenMetadataAddress, tokenMetadataOf } from '../../adapters/solana.spl.ts'
import type { PayRequest } from '../../machines/pay.input.ts'
import { PayAssetUnreadableError, type PayReading, type PayWallet } from '../../machines/pay.ts'
import type { FeatureHost } from './host.ts'
import type { TokenImageSource } from './tokenImages.ts'

/** What one signature costs when the node cannot estimate the transfer (the runtime's default `lamports_per_signature`). */
const fallbackFee = 5_000n

/** An account as `getAccountInfo` answers it in base64: its owner program and data; null when it does not exist. */
type AccountRead = { owner: string; data: Uint8Array } | null

const bytesOf = (base64: string): Uint8Array => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))

/**
 * What the Pay view needs on solana before it shows (spec §1 Pay: "insufficient balance or gas explained before the
 * prompt"), read on the node of the asset's network (never the wallet): the wallet's lamports; for an SPL token its mint
 * (an account of a token program: its decimals; anything else {@link PayAssetUnreadableError}), its symbol from the
 * mint's Token Metadata account (the mint shortened without one), the wallet's token balance (its associated token
 * account; none is 0); the fee (the transfer adapter's estimate, one signature's when the runtime refuses the transfer
 * as the wallet stands) plus, when an SPL transfer makes the recipient's token account, that account's rent.
 * @throws PayAssetUnreadableError for a mint that is not one or an answer of another shape; the transport's errors.
 */
export function readSolanaPaymentOn(host: FeatureHost, images: TokenImageSource) {
  return async ({ request, wallet }: { request: PayRequest; wallet: PayWallet }): Promise<PayReading> => {
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
    const nativeBalance = integer(await node('getBalance', [wallet.address, { commitment: 'confirmed' }]), 'getBalance')
    let decimals: number
    let symbol: string
    let balance: bigint
    let rent = 0n
    if (asset.kind === 'spl') {
      const mint = await account(asset.address)
      const mintDecimals = mint && isTokenProgram(mint.owner) ? mintDecimalsOf(mint.data) : undefined
      if (!mint || mintDecimals === undefined) throw unreadable(`${asset.address} is not an SPL token mint on ${asset.networkName}.`)
      decimals = mintDecimals
      const metadata = await account(await tokenMetadataAddress(asset.address)).catch(() => null)
      symbol = (metadata && tokenMetadataOf(metadata.data)?.symbol) || `${asset.address.slice(0, 4)}…${asset.address.slice(-4)}`
      const held = await account(await associatedTokenAddress(wallet.address, asset.address, mint.owner))
      balance = (held && tokenAmountOf(held.data)) ?? 0n
      if ((await account(await associatedTokenAddress(request.recipient, asset.address, mint.owner))) === null) {
        rent = integer(await node('getMinimumBalanceForRentExemption', [tokenAccountSize]), 'getMinimumBalanceForRentExemption')
      }
    } else if (asset.kind === 'native') {
      decimals = asset.decimals
      symbol = asset.symbol
      balance = nativeBalance
    } else throw unreadable('Not a Solana asset.')
    const transfer = await host.transfer(asset.caipNetworkId)
    const units = safeUnits(request.amount, decimals)
    const estimate = await callForeign('transferAdapter.estimateTransfer', () =>
      transfer.estimateTransfer({
        connectorId: wallet.connectorId,
        caipNetworkId: asset.caipNetworkId,
        from: wallet.address,
        to: request.recipient,
        amount: units,
        ...(asset.kind === 'spl' ? { tokenAddress: asset.address } : {}),
      }),
    ).then(
      (e) => e.fee,
      () => fallbackFee,
    )
    return { decimals, symbol, iconUrl: await images(symbol), balance, nativeBalance, fee: estimate + rent }
  }
}

/** The amount in base units for an estimate (the chart refuses a bad amount itself): one base unit when it does not fit. */
function safeUnits(amount: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.')
  if (fraction.length > decimals) return 1n
  const units = BigInt(whole + fraction.padEnd(decimals, '0'))
  return units > 0n ? units : 1n
}
