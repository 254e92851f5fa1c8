import type { ConnectedAccount } from './features.ts'

/*
 * The wallets a payment can be made from (spec §1 Pay: "each connected wallet that holds enough of the asset on that
 * network (balance shown)"; §6 multi-wallet): the connected wallets of the asset's namespace, the active one first, with
 * what each holds. Pure functions the pay chart (machines/pay.ts) assigns and guards with.
 */

/** The wallet a payment is made from: its connector, its address and the CAIP-2 network it is on (empty: not known yet). */
export type PayWallet = { connectorId: string; address: string; caipNetworkId: string }

/**
 * What one wallet holds for the payment, read on the node of the asset's network: its `balance` of the asset and its
 * `nativeBalance` (base units: wei, lamports, the token's smallest unit), and the network `fee` its transfer costs (the
 * native currency's base units); `unreadable` when its reads failed or answered something that is no amount.
 */
export type PayBalance = { balance: bigint; nativeBalance: bigint; fee: bigint } | { unreadable: string }

/**
 * What `readBalances` answers once the Pay view shows (spec §1 Pay, painted at once, the balances in place): the asset's
 * icon when there is one, and each wallet's {@link PayBalance} by its address in lower case (a wallet missing from it is
 * unreadable).
 */
export type PayBalances = { iconUrl?: string | undefined; wallets: Readonly<Record<string, PayBalance>> }

/** Why a wallet cannot pay: not enough of the asset, not enough of the native currency for the fee, or its balance unreadable. */
export type PayShortOf = 'asset' | 'fee' | 'unreadable'

const key = (address: string) => address.toLowerCase()

/** The wallet of a connected account in the asset's `namespace`, if any. */
export function walletOf(target: ConnectedAccount | undefined, namespace: string | undefined): PayWallet | undefined {
  return target && target.namespace === namespace && target.address ? { connectorId: target.connectorId, address: target.address, caipNetworkId: target.caipNetworkId } : undefined
}

/**
 * The wallets that may pay: the active account of the asset's namespace first (as the root last told it), then the other
 * connections held in that namespace (`held`, multi-wallet's list; empty when multi-wallet is off), each address once.
 */
export function walletsOf(target: ConnectedAccount | undefined, held: readonly PayWallet[] | undefined, namespace: string | undefined): PayWallet[] {
  const active = walletOf(target, namespace)
  const list = active ? [active] : []
  for (const wallet of held ?? []) if (!list.some((w) => key(w.address) === key(wallet.address))) list.push(wallet)
  return list
}

/** The addresses of a list, as the key of what was read for it (lower case, sorted). */
export function walletSetOf(wallets: readonly PayWallet[]): string {
  return wallets
    .map((w) => key(w.address))
    .sort()
    .join(',')
}

/** Whether `wallet` is among `wallets` (by address). */
export function isListed(wallets: readonly PayWallet[], wallet: PayWallet | undefined): boolean {
  return wallet !== undefined && wallets.some((w) => key(w.address) === key(wallet.address))
}

/** The balance read for `address`, if any. */
export function balanceOf(balances: PayBalances['wallets'] | undefined, address: string | undefined): PayBalance | undefined {
  return address === undefined ? undefined : balances?.[key(address)]
}

/**
 * Why the wallet with this balance cannot pay `units` of the asset (a `native` asset pays its fee from the same balance),
 * or undefined when it can.
 */
export function shortOf(balance: PayBalance | undefined, units: bigint | undefined, native: boolean): PayShortOf | undefined {
  if (!balance || 'unreadable' in balance) return 'unreadable'
  const amount = units ?? 0n
  if (native) return balance.balance < amount ? 'asset' : balance.balance < amount + balance.fee ? 'fee' : undefined
  return balance.balance < amount ? 'asset' : balance.nativeBalance < balance.fee ? 'fee' : undefined
}

/**
 * The wallet that pays once the balances are in: the one chosen before while it is listed and can pay, else the active
 * one when it can pay, else the first that can; when none can, the first whose balance was read (it says what it
 * misses), else the first listed.
 */
export function pickWallet(wallets: readonly PayWallet[], chosen: PayWallet | undefined, why: (wallet: PayWallet) => PayShortOf | undefined): PayWallet | undefined {
  const kept = chosen && wallets.find((w) => key(w.address) === key(chosen.address))
  if (kept && why(kept) === undefined) return kept
  return wallets.find((w) => why(w) === undefined) ?? wallets.find((w) => why(w) !== 'unreadable') ?? wallets[0]
}
