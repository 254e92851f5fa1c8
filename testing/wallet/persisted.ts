/**
 * What the dev wallet keeps in storage between page loads (a browser extension's state is the browser's, not the
 * page's): whether the site is authorised, the selected account, the current chain, the chains sites added and the
 * auto-approve switch. Read back field by field: a malformed or foreign value is dropped, never trusted.
 */
import { isCurrency, isStoredChain } from './rpcParams.ts'
import type { DevWalletChain, WalletStorage } from './types.ts'

/** The persisted state, as JSON under the wallet's storage key. */
export type Persisted = {
  authorised: boolean
  /** Index into the wallet's accounts. */
  accountIndex: number
  /** Current chain id (decimal): one of the given chains or of `addedChains`. */
  chainId: number
  /** Chains added by sites (`wallet_addEthereumChain`), after the given ones. */
  addedChains: DevWalletChain[]
  autoApprove: boolean
}

/**
 * Reads the persisted state under `key`, keeping only what is valid: an account index below `accountCount`, added
 * chains of the right shape not already known, a chain id of a known chain. Unreadable storage, malformed JSON or a
 * value of the wrong shape give the fresh state (not authorised, account 0, the first given chain).
 *
 * @param chains the wallet's given chains (at least one; the first is the fresh state's chain).
 */
export function loadPersisted(storage: WalletStorage | undefined, key: string, chains: readonly DevWalletChain[], accountCount: number): Persisted {
  const firstChain = chains[0] as DevWalletChain
  const state: Persisted = { authorised: false, accountIndex: 0, chainId: firstChain.chainId, addedChains: [], autoApprove: false }
  let raw: unknown
  try {
    const text = storage?.getItem(key)
    raw = text ? JSON.parse(text) : undefined
  } catch {
    return state // unreadable storage or malformed JSON: start fresh
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return state
  const r = raw as Record<string, unknown>
  if (typeof r.authorised === 'boolean') state.authorised = r.authorised
  if (typeof r.autoApprove === 'boolean') state.autoApprove = r.autoApprove
  if (Number.isInteger(r.accountIndex) && (r.accountIndex as number) >= 0 && (r.accountIndex as number) < accountCount) {
    state.accountIndex = r.accountIndex as number
  }
  if (Array.isArray(r.addedChains)) {
    for (const c of r.addedChains as unknown[]) {
      if (!isStoredChain(c)) continue
      if (chains.some((k) => k.chainId === c.chainId) || state.addedChains.some((k) => k.chainId === c.chainId)) continue
      state.addedChains.push({
        chainId: c.chainId,
        name: c.name,
        rpcUrl: c.rpcUrl,
        ...(isCurrency(c.nativeCurrency) ? { nativeCurrency: c.nativeCurrency } : {}),
      })
    }
  }
  const known = [...chains, ...state.addedChains]
  if (typeof r.chainId === 'number' && known.some((c) => c.chainId === r.chainId)) state.chainId = r.chainId
  return state
}

/** Writes `state` under `key`; a full quota or a private mode is ignored (the wallet keeps working in memory). */
export function savePersisted(storage: WalletStorage | undefined, key: string, state: Persisted): void {
  try {
    storage?.setItem(key, JSON.stringify(state))
  } catch {
    // Quota or privacy mode: the wallet keeps working in memory.
  }
}
