import { storageKeys } from '../services/storage.ts'
import type { PayRequest } from './pay.input.ts'
import type { PayExchange, PayExchangeSession } from './pay.exchange.ts'
import type { PayContext, PayReading, PayWallet } from './pay.setup.ts'

/*
 * A payment kept in storage while it is under way (spec §3 storage, §1 Pay "a reload mid-payment resumes from storage"):
 * an exchange session the visitor is approving on the exchange's page, or a wallet transfer sent and not yet confirmed.
 * A reload (or the return from the exchange's page in the same tab, on phones) picks it up again where it was.
 */

/** Where the payment under way is kept (one at a time, like the chart). */
export const pendingPaymentKey = storageKeys.pendingPayment

/**
 * What storage keeps of a payment under way: its request `key` (what `modal.getPayResult` follows after the reload),
 * the checked `request`, the amount in base `units` (a decimal string of the bigint), the asset's `decimals`, `symbol`
 * and icon, the paying `wallet` (none: paid with an exchange, no wallet connected), and either the exchange's session
 * (`deadline`: ms since the epoch) or the wallet transfer's `hash`.
 */
export type StoredPayment = {
  key: string
  request: PayRequest
  units: string
  decimals: number
  symbol: string
  iconUrl?: string | undefined
  wallet?: PayWallet | undefined
  exchange?: { exchange: PayExchange; sessionId: string; url: string; deadline: number } | undefined
  hash?: string | undefined
}

/** What the chart takes back from storage (the `loadStoredPayment` actor's answer): the payment's context again. */
export type ResumedPayment = {
  key: string
  request: PayRequest
  units: bigint
  reading: PayReading
  wallet?: PayWallet | undefined
  exchanges?: PayExchange[] | undefined
  exchangeId?: string | undefined
  exchangeSession?: PayExchangeSession | undefined
  hash?: string | undefined
}

/** What storage keeps of the payment under way (an exchange session open, or a transfer's hash), or none. */
export function storedPaymentOf(context: PayContext): StoredPayment | undefined {
  const { key, request, units, reading, wallet, exchangeSession, hash, exchanges, exchangeId } = context
  if (!key || !request || units === undefined || !reading) return undefined
  const exchange = exchangeSession && exchanges?.find((e) => e.id === exchangeId)
  if (!hash && !exchange) return undefined
  return {
    key,
    request,
    units: units.toString(),
    decimals: reading.decimals,
    symbol: reading.symbol,
    ...(reading.iconUrl ? { iconUrl: reading.iconUrl } : {}),
    ...(wallet ? { wallet } : {}),
    ...(exchange && exchangeSession ? { exchange: { exchange, sessionId: exchangeSession.sessionId, url: exchangeSession.url, deadline: exchangeSession.deadline } } : {}),
    ...(hash ? { hash } : {}),
  }
}

/**
 * The chart's context again from a stored payment, `now` the clock (ms since the epoch): the exchange's deadline turned
 * back into ms from now (0 when past: it expires at once), the balances unknown (0: they are not shown again).
 */
export function resumedPaymentOf(stored: StoredPayment, now: number): ResumedPayment {
  const { exchange } = stored
  return {
    key: stored.key,
    request: stored.request,
    units: BigInt(stored.units),
    reading: { decimals: stored.decimals, symbol: stored.symbol, iconUrl: stored.iconUrl, balance: 0n, nativeBalance: 0n, fee: 0n },
    ...(stored.wallet ? { wallet: stored.wallet } : {}),
    ...(exchange
      ? {
          exchanges: [exchange.exchange],
          exchangeId: exchange.exchange.id,
          exchangeSession: { exchangeId: exchange.exchange.id, sessionId: exchange.sessionId, url: exchange.url, deadline: exchange.deadline, expiresIn: Math.max(0, exchange.deadline - now) },
        }
      : {}),
    ...(stored.hash ? { hash: stored.hash } : {}),
  }
}
