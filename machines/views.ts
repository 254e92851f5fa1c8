import { manifests, type ManifestViewName } from './manifests.ts'

/**
 * The modal's views (spec §2), by the spec's names: every view a feature's manifest declares (`machines/manifests.ts`),
 * in the list's order. The router has one state per view of this build.
 */
export const views: readonly ViewName[] = manifests.flatMap((m) => (m.views ? viewNamesOf(m.views) : []))

/** The view names of a manifest's `views`: its keys, each a {@link ViewName} by the type's own definition. */
function viewNamesOf(record: object): ViewName[] {
  return Object.keys(record).filter((name): name is ViewName => name in record)
}

/** Every view name of spec §2, including those later issues build. */
export type SpecViewName =
  | 'Connect'
  | 'Account'
  | 'AllWallets'
  | 'ConnectingWalletConnectBasic'
  | 'ConnectingWalletConnect'
  | 'ConnectingExternal'
  | 'ConnectingFarcaster'
  | 'SwitchNetwork'
  | 'SwitchActiveChain'
  | 'UnsupportedChain'
  | 'RegisterAccountName'
  | 'RegisterAccountNameSuccess'
  | 'SIWXSignMessage'
  | 'ApproveTransaction'
  | 'Swap'
  | 'EmailLogin'
  | 'ProfileWallets'
  | 'UpdateEmailWallet'
  /** The receive section (spec §2 names the section, not its view; this build calls it Receive). */
  | 'Receive'
  /** The send section's form, token picker and preview (spec §2 names the section; this build names its views). */
  | 'Send'
  | 'SendSelectToken'
  | 'SendPreview'
  /** The swap's token picker and review (spec §2 names Swap; this build names its other views). */
  | 'SwapSelectToken'
  | 'SwapPreview'
  /** Onboarding (not a spec §2 view): what a wallet is, and the directory's wallets with their store links. */
  | 'WhatIsAWallet'
  | 'GetWallet'
  /** Buying crypto (spec §2 names the on-ramp section, not its views): the form, the provider choice, the purchase followed. */
  | 'OnRamp'
  | 'OnRampProviders'
  | 'OnRampCheckout'
  /** Batched calls (spec §7 `wallet_sendCalls`; not a spec §2 view): what happened to a batch and to each of its calls. */
  | 'CallsStatus'

/** A view of this build: declared by a manifest, named as in spec §2 (or its sections). */
export type ViewName = ManifestViewName & SpecViewName

/**
 * Data a view may carry (a connector to wait for, a network to switch to; Swap's swap arguments, spec §2: the tokens
 * by symbol or address, CAIP-10 or 0x, and the amount in whole tokens, e.g. `{ fromToken: 'ETH', toToken: 'DEV',
 * amount: '0.1' }`; SwapSelectToken's side).
 */
export type ViewData = {
  /** Connect opened from Account to add a wallet while one is connected (multi-wallet, spec §6). */
  adding?: boolean
  connectorId?: string
  caipNetworkId?: string
  walletId?: string
  /** Swap: the token to swap from (symbol, CAIP-10 or 0x address). */
  fromToken?: string
  /** Swap: the token to swap to (symbol, CAIP-10 or 0x address). */
  toToken?: string
  /** Swap: the amount of `fromToken`, in whole tokens with '.' as the decimal point (e.g. '0.5'). */
  amount?: string
  /** SwapSelectToken: which side the picked token is for. */
  side?: 'from' | 'to'
  /** CallsStatus: the batch it shows, by the id `sendCalls` resolved with (none: the latest batch). */
  batchId?: string
}

/** True for a view name this build has (guards `open({ view })` input). */
export function isViewName(value: unknown): value is ViewName {
  return typeof value === 'string' && views.some((view) => view === value)
}
