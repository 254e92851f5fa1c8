import { decodeFunctionResult, encodeFunctionData, erc20Abi, getAddress, isAddress, numberToHex } from 'viem'
import { fromCallback, fromPromise } from 'xstate'
import { callForeign } from '../../adapters/boundary.ts'
import { summarizeError } from '../../adapters/errors.ts'
import { toBaseUnits, type PayRequest } from '../../machines/pay.input.ts'
import { PayAssetUnreadableError, PayRecipientNotResolvedError, payMachine, type PayAssetReading, type PayBalance, type PayBalances, type PayRecord, type PayTransferRequest, type PayWallet } from '../../machines/pay.ts'
import { transactionMachine } from '../../machines/transaction.ts'
import type { FeatureHost, FeaturePublicFace } from './host.ts'
import { directoryTokenImages } from './tokenImages.ts'
import { waitForEndOn } from './transaction.ts'
import { exchangeImplementations } from './payExchange.ts'
import { readSolanaAssetOn, readSolanaWalletOn } from './pay.solana.ts'
import { resolveNameOn } from './resolveName.ts'
import { storageImplementations } from './payStored.ts'
import { waitForConfirmationsOn } from './payConfirmations.ts'

/** Gas a transfer takes when the node cannot estimate it (the wallet cannot pay it yet): a native transfer's, an ERC-20 `transfer`'s bound. */
const fallbackGas = { native: 21_000n, erc20: 100_000n } as const

const quantity = (value: unknown, method: string, asset: string): bigint => {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) throw new PayAssetUnreadableError(asset, { details: `${method} answered ${JSON.stringify(value)}.` })
  return BigInt(value)
}

/**
 * What may refuse a payment before anything opens (spec §1 Pay: "bad input: a typed error before anything opens"), read
 * on the node of the asset's network: a recipient's name resolved first (as Send resolves it; one without an address is
 * a {@link PayRecipientNotResolvedError}); on solana `pay.solana.ts`; on eip155 an ERC-20's `decimals()` and `symbol()`
 * from its contract (a contract that does not answer them is no ERC-20: {@link PayAssetUnreadableError}), the native
 * currency's from the network.
 */
export function readAssetOn(host: FeatureHost) {
  const readSolana = readSolanaAssetOn(host)
  const resolveName = resolveNameOn(host)
  return async ({ request: asked }: { request: PayRequest }): Promise<PayAssetReading> => {
    // A recipient's name first (Send's rule and lookup): nothing opens for a name without an address.
    const recipient = asked.recipientName ? await resolveRecipient(resolveName, asked) : undefined
    const request = recipient ? { ...asked, recipient } : asked
    const { asset } = request
    const named = recipient ? { recipient } : {}
    if (asset.namespace === 'solana') return { ...(await readSolana({ request })), ...named }
    if (asset.kind === 'native') return { decimals: asset.decimals, symbol: asset.symbol, ...named }
    if (asset.kind !== 'erc20') throw new PayAssetUnreadableError(asset.caip19, { details: 'Not an eip155 asset.' })
    const read = erc20On(host, request)
    const d = await read('decimals')
    if (typeof d !== 'number' || !Number.isInteger(d) || d < 0 || d > 255) throw new PayAssetUnreadableError(asset.caip19, { details: `decimals() answered ${String(d)}.` })
    const symbol = await read('symbol').then(
      (s) => (typeof s === 'string' && s.trim() ? s.trim() : 'ERC-20'),
      () => 'ERC-20',
    )
    return { decimals: d, symbol, ...named }
  }
}

/** A read of the payment's ERC-20 contract on its network's node; an answer that does not decode is {@link PayAssetUnreadableError}. */
function erc20On(host: FeatureHost, request: PayRequest) {
  const { asset } = request
  const address = asset.kind === 'erc20' ? asset.address : undefined
  return async <F extends 'decimals' | 'symbol' | 'balanceOf'>(functionName: F, args: readonly unknown[] = []) => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName, args } as never)
    const answer = await host.nodeRequest({ caipNetworkId: asset.caipNetworkId, method: 'eth_call', params: [{ to: address, data }, 'latest'] })
    try {
      return decodeFunctionResult({ abi: erc20Abi, functionName, data: answer as `0x${string}` } as never) as unknown
    } catch (cause) {
      throw new PayAssetUnreadableError(asset.caip19, { details: `${functionName}() answered ${JSON.stringify(answer)}: not an ERC-20 contract.`, cause })
    }
  }
}

/**
 * What one wallet holds for a payment on eip155 (spec §1 Pay: "insufficient balance or gas explained before the prompt"),
 * read on the node of the asset's network, never the wallet: its balance of the asset and of the native currency, and
 * the fee (`eth_estimateGas` × `eth_gasPrice`; an estimate the node refuses, as for a transfer the wallet cannot pay,
 * takes {@link fallbackGas}).
 * @throws PayAssetUnreadableError for an answer that is no amount; the transport's errors.
 */
function readWalletOn(host: FeatureHost) {
  const readSolana = readSolanaWalletOn(host)
  return async ({ request, decimals, wallet }: { request: PayRequest; decimals: number; wallet: PayWallet }): Promise<{ balance: bigint; nativeBalance: bigint; fee: bigint }> => {
    const { asset } = request
    if (asset.namespace === 'solana') return readSolana({ request, decimals, wallet })
    const node = (method: string, params: readonly unknown[]) => host.nodeRequest({ caipNetworkId: asset.caipNetworkId, method, params })
    const from = wallet.address
    const nativeBalance = quantity(await node('eth_getBalance', [from, 'latest']), 'eth_getBalance', asset.caip19)
    const gasPrice = quantity(await node('eth_gasPrice', []), 'eth_gasPrice', asset.caip19)
    let balance = nativeBalance
    let transaction: { from: string; to: string; value?: string; data?: string } = { from, to: request.recipient, value: numberToHex(safeUnits(request.amount, decimals)) }
    if (asset.kind === 'erc20') {
      const held = await erc20On(host, request)('balanceOf', [from])
      if (typeof held !== 'bigint') throw new PayAssetUnreadableError(asset.caip19, { details: `balanceOf() answered ${String(held)}.` })
      balance = held
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [request.recipient as `0x${string}`, safeUnits(request.amount, decimals)] })
      transaction = { from, to: asset.address, data }
    }
    const gas = await node('eth_estimateGas', [transaction]).then(
      (g) => quantity(g, 'eth_estimateGas', asset.caip19),
      () => fallbackGas[asset.kind === 'erc20' ? 'erc20' : 'native'],
    )
    return { balance, nativeBalance, fee: gas * gasPrice }
  }
}

/**
 * What the Pay view shows in place once it is open (spec §1 Pay: "each connected wallet that holds enough of the asset
 * on that network (balance shown)"): each wallet's balances and fee, read side by side (one wallet's failed or malformed
 * read is that wallet's `unreadable`, in words, never the others'), and the asset's icon (none when the directory has
 * none or fails).
 */
export function readBalancesOn(host: FeatureHost) {
  const images = directoryTokenImages(host)
  const readWallet = readWalletOn(host)
  return async ({ request, decimals, symbol, wallets }: { request: PayRequest; decimals: number; symbol: string; wallets: readonly PayWallet[] }): Promise<PayBalances> => {
    const [iconUrl, ...read] = await Promise.all([
      images(symbol).catch(() => undefined),
      ...wallets.map((wallet) =>
        readWallet({ request, decimals, wallet }).then(
          (balance): PayBalance => balance,
          (error: unknown): PayBalance => ({ unreadable: summarizeError(error).message }),
        ),
      ),
    ])
    return { iconUrl, wallets: Object.fromEntries(wallets.map((w, i) => [w.address.toLowerCase(), read[i]!])) }
  }
}

/**
 * The address a recipient's name resolves to on the asset's network.
 * @throws PayRecipientNotResolvedError when the name has no address there, or the lookup failed (its cause).
 */
async function resolveRecipient(resolveName: ReturnType<typeof resolveNameOn>, request: PayRequest): Promise<string> {
  const name = request.recipientName!
  const resolved = await resolveName({ name, caipNetworkId: request.asset.caipNetworkId }).catch((cause: unknown) => {
    throw new PayRecipientNotResolvedError(name, { details: 'The name lookup failed (Error resolving name).', cause })
  })
  if (!resolved.address || !isAddress(resolved.address, { strict: false })) throw new PayRecipientNotResolvedError(name, { details: `${name} has no address on ${request.asset.networkName}.` })
  return getAddress(resolved.address)
}

/** The amount in base units for an estimate (the chart refuses a bad amount itself): zero when it does not fit. */
function safeUnits(amount: string, decimals: number): bigint {
  try {
    return toBaseUnits(amount, decimals)
  } catch {
    return 0n
  }
}

/**
 * The pay feature (spec §1 Pay) on this instance's wallets: the asset and balances read on the network's node, the
 * network switch through the wallet's chain adapter, the transfer through the network's transfer adapter (native
 * `{ to, value }` or an ERC-20 `transfer`) and its end by the receipt rule (`adapters/receipt.ts`), then the blocks the
 * payment asks counted on the network's node (`payConfirmations.ts`); the exchanges through the
 * exchange deposit API (`payExchange.ts`).
 */
export function assemble(host: FeatureHost) {
  const readAsset = readAssetOn(host)
  const readBalances = readBalancesOn(host)
  const exchange = exchangeImplementations(host)
  const stored = storageImplementations(host.storage)
  return payMachine.provide({
    actions: { ...exchange.actions, ...stored.actions },
    actors: {
      ...exchange.actors,
      ...stored.actors,
      readAsset: fromPromise(({ input }) => readAsset(input)),
      readBalances: fromPromise(({ input }) => readBalances(input)),
      watchWallets: fromCallback(({ input, sendBack }) => host.watchWallets(input.namespace, (wallets) => sendBack({ type: 'pay.wallets', wallets }))),
      switchNetwork: fromPromise(({ input }) => host.switchWalletChain(input)),
      waitForConfirmations: waitForConfirmationsOn(host),
      transaction: transactionMachine.provide({
        actors: {
          send: fromPromise(async ({ input }) => {
            const request = input.request as PayTransferRequest
            const transfer = await host.transfer(input.caipNetworkId)
            return callForeign('transferAdapter.sendTransfer', () =>
              transfer.sendTransfer({ connectorId: input.connectorId, caipNetworkId: input.caipNetworkId, from: request.from, to: request.to, amount: request.value, tokenAddress: request.token }),
            )
          }),
          waitForEnd: waitForEndOn(host),
        },
      }),
    },
  })
}

/** What the public API reads of the pay feature: the request `modal.pay` follows, by its key. */
export const publicFace: FeaturePublicFace<{ context: { requests: Record<string, PayRecord> } }> = {
  pay: { request: (snapshot, key) => snapshot.context.requests[key] },
}
