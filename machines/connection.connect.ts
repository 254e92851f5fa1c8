import type { ErrorSummary } from '../adapters/errors.ts'
import type { SnapshotFrom } from 'xstate'
import type { CaipNetwork } from '../adapters/networks.ts'
import type { ConnectedWalletInfo } from '../adapters/types.ts'
import { type connectionMachine, connectionStatus } from './connection.ts'
import { defaultLocale } from './format.locale.ts'
import { formatAmount, formatAmountCompact, formatBalance, truncateAddress } from './format.ts'

/** Account of one namespace as the UI shows it (spec §3 account state, the part this build has). */
export type AccountView = {
  status: 'connecting' | 'connected' | 'disconnected'
  isConnected: boolean
  connectorId: string | undefined
  address: string | undefined
  /** CAIP-10 (`eip155:31337:0x…`). */
  caipAddress: string | undefined
  displayAddress: string
  chainId: number | string | undefined
  /** Floored to 3 decimals (spec §5), plain (`'10000.000'`: the state's machine-readable value); undefined while loading or unavailable. */
  balance: string | undefined
  /** {@link balance} as the visitor reads it, grouped in the locale, trailing zeros trimmed (`'10,000'`); undefined with it. */
  formattedBalance: string | undefined
  /**
   * {@link formattedBalance} where space is short (the account button): from a million whole tokens on, compact and
   * floored (`'1.23M'`), else the same text; undefined with it.
   */
  compactBalance: string | undefined
  balanceSymbol: string | undefined
  isBalanceLoading: boolean
  isBalanceUnavailable: boolean
  /** The connected wallet (spec §3 account state `connectedWalletInfo`); undefined unless connected and known. */
  connectedWalletInfo?: ConnectedWalletInfo | undefined
  /** Address → label of the connected accounts (spec §3 account state `addressLabels`); undefined unless connected and known. */
  addressLabels?: Readonly<Record<string, string>> | undefined
}

/**
 * Turns a connection snapshot into the account view model (zag-style `connect`): address and CAIP-10
 * address only while connected, the native balance floored to 3 decimals (spec §5), plain and in `locale` (the
 * visitor's, passed in by the UI), loading and 'Token Balance Unavailable' flags. `network` supplies the symbol before
 * a balance arrives.
 * @example connectAccount(snapshot, anvil, 'de-DE').formattedBalance // '10.000,000'
 */
export function connectAccount(snapshot: SnapshotFrom<typeof connectionMachine>, network?: CaipNetwork, locale: string = defaultLocale): AccountView {
  const c = snapshot.context
  const status = connectionStatus(snapshot)
  const isConnected = status === 'connected'
  const balance = isConnected && c.balance ? formatBalance(c.balance.value, c.balance.decimals) : undefined
  return {
    status,
    isConnected,
    connectorId: isConnected ? c.connectorId : undefined,
    address: isConnected ? c.address : undefined,
    caipAddress: isConnected && c.address ? `${c.namespace}:${c.chainId}:${c.address}` : undefined,
    displayAddress: isConnected ? truncateAddress(c.address) : '',
    chainId: isConnected ? c.chainId : undefined,
    balance,
    formattedBalance: balance === undefined ? undefined : formatAmount(balance, locale),
    compactBalance: balance === undefined ? undefined : formatAmountCompact(balance, locale),
    balanceSymbol: c.balance?.symbol ?? network?.nativeCurrency.symbol,
    isBalanceLoading: snapshot.matches({ connected: 'fetchingBalance' }) && !c.balance,
    isBalanceUnavailable: snapshot.matches({ connected: 'balanceUnavailable' }),
    ...(isConnected && c.connectedWalletInfo ? { connectedWalletInfo: c.connectedWalletInfo } : {}),
    ...(isConnected && c.addressLabels ? { addressLabels: c.addressLabels } : {}),
  }
}

/** The ConnectingExternal view's phase (spec §2): waiting in the wallet, declined (retry), error (retry). */
export type ConnectingView = {
  phase: 'waiting' | 'declined' | 'error' | 'connected' | 'idle'
  /** The failure of the `error` phase (its name and code are what the view words it by: `ui/errorSentence.ts`). */
  error: ErrorSummary | undefined
}

/** The ConnectingExternal phase of a connection snapshot: `connecting` → waiting, `rejected` → declined, `failed` → error. */
export function connectConnecting(snapshot: SnapshotFrom<typeof connectionMachine>): ConnectingView {
  const phase =
    snapshot.matches('connecting') || snapshot.matches({ adding: 'waiting' })
      ? 'waiting'
      : snapshot.matches('rejected') || snapshot.matches({ adding: 'rejected' })
        ? 'declined'
        : snapshot.matches('failed') || snapshot.matches({ adding: 'failed' })
          ? 'error'
          : snapshot.hasTag('connected')
            ? 'connected'
            : 'idle'
  return { phase, error: phase === 'error' ? snapshot.context.error : undefined }
}
