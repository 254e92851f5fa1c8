import { erc20Abi, isAddressEqual, parseEventLogs } from 'viem'
import type { Log } from 'viem'
import { fromPromise } from 'xstate'
import type { CreateExchangeSessionInput, PayExchangeSession, VerifyExchangeTransferInput } from '../../machines/pay.ts'
import type { PayRequest } from '../../machines/pay.input.ts'
import { ApiNotConfiguredError } from '../errors.ts'
import type { FeatureHost } from './host.ts'
import { verifySolanaTransferOn } from './pay.solana.ts'

/*
 * Pay with an exchange on this instance (spec §1 "… and pay"): the exchange deposit client (`services/exchange.ts`), the
 * exchange's page (a new tab on a desktop; on a phone the same tab, which the exchange sends back to the page's address),
 * and the chain read for the transfer the exchange says it made.
 */

/**
 * Whether the transaction `txHash` on the request's network moved exactly `units` of its asset to its recipient and
 * succeeded: a native transfer's `to` and `value`, or an ERC-20's `Transfer` log of the asset's contract; on solana
 * the recipient's balance of SOL or of the SPL token moved by that much (`verifySolanaTransferOn`). Read on the
 * network's node (never the wallet, never the exchange).
 * @returns false when the transaction is unknown, reverted or moved something else.
 */
export async function verifyTransferOn(host: FeatureHost, input: VerifyExchangeTransferInput): Promise<boolean> {
  const { request, units, txHash } = input
  const { asset } = request
  if (asset.namespace === 'solana') return verifySolanaTransferOn(host, input)
  if (asset.namespace !== 'eip155' || asset.kind === 'spl') return false
  const recipient = request.recipient as `0x${string}`
  const node = (method: string, params: readonly unknown[]) => host.nodeRequest({ caipNetworkId: asset.caipNetworkId, method, params })
  const receipt = (await node('eth_getTransactionReceipt', [txHash])) as { status?: string; logs?: unknown[] } | null
  if (receipt?.status !== '0x1') return false
  if (asset.kind === 'native') {
    const tx = (await node('eth_getTransactionByHash', [txHash])) as { to?: string | null; value?: string } | null
    return Boolean(tx?.to && typeof tx.value === 'string' && isAddressEqual(tx.to as `0x${string}`, recipient) && BigInt(tx.value) === units)
  }
  const logs = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: (receipt.logs ?? []) as Log[], strict: true })
  return logs.some((log) => isAddressEqual(log.address, asset.address) && isAddressEqual(log.args.to, recipient) && log.args.value === units)
}

/**
 * The pay chart's exchange actors and tab actions on `host`: the exchanges of the request's asset, a session (its
 * deadline turned into ms from now), its status, the chain's word on the transfer; on a desktop the tab opened blank in
 * the visitor's click (so no pop-up blocker refuses it), pointed at the exchange's page, closed when the payment is given
 * up first. On a phone (`host.isMobile`: a second tab there is a page the visitor loses track of, and a phone browser
 * may not keep this page running behind it) no tab: the session asks the exchange to send the visitor back to this
 * page's address (`returnUrl`) and this tab goes to the exchange's page once the payment is in storage (the chart stores
 * it first); the page that comes back picks the payment up from storage (`modal.getPayResult`, spec §1 Pay "a reload
 * mid-payment resumes from storage") and follows it to its end.
 */
export function exchangeImplementations(host: FeatureHost) {
  const sameTab = Boolean(host.isMobile)
  let tab: Window | null = null
  /** The exchange client; {@link ApiNotConfiguredError} without an exchange API. */
  const client = async () => {
    const api = await host.exchange()
    if (!api) throw new ApiNotConfiguredError()
    return api
  }
  const query = (request: PayRequest) => ({ asset: request.asset.caip19, network: request.asset.caipNetworkId })
  return {
    actors: {
      listExchanges: fromPromise(async ({ input, signal }: { input: { request: PayRequest }; signal: AbortSignal }) => {
        // No exchange API: none is listed (the wallet is the only way).
        if (!host.exchange()) return []
        return (await client()).listExchanges(query(input.request), { signal })
      }),
      createExchangeSession: fromPromise(async ({ input, signal }: { input: CreateExchangeSessionInput; signal: AbortSignal }): Promise<PayExchangeSession> => {
        const api = await client()
        const returnUrl = sameTab ? globalThis.location?.href : undefined
        const session = await api.createSession(
          { ...query(input.request), exchangeId: input.exchangeId, amount: input.request.amount, recipient: input.request.recipient, ...(returnUrl ? { returnUrl } : {}) },
          { signal },
        )
        const deadline = Date.parse(session.deadline)
        return { exchangeId: input.exchangeId, sessionId: session.sessionId, url: session.url, deadline, expiresIn: Math.max(0, deadline - Date.now()) }
      }),
      getExchangeStatus: fromPromise(async ({ input, signal }: { input: { sessionId: string }; signal: AbortSignal }) => {
        return (await client()).getStatus(input.sessionId, { signal })
      }),
      verifyExchangeTransfer: fromPromise(({ input }: { input: VerifyExchangeTransferInput }) => verifyTransferOn(host, input)),
    },
    actions: {
      openExchangeWindow: () => {
        if (!sameTab) tab = globalThis.window?.open('about:blank', '_blank') ?? null
      },
      pointExchangeWindow: (_: unknown, session: PayExchangeSession) => {
        if (sameTab) globalThis.location?.assign(session.url)
        else if (tab && !tab.closed) {
          tab.opener = null
          tab.location.href = session.url
        } else tab = globalThis.window?.open(session.url, '_blank', 'noopener') ?? null
      },
      closeExchangeWindow: () => {
        if (tab && !tab.closed) tab.close()
        tab = null
      },
    },
  }
}
