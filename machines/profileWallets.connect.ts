import type { SnapshotFrom } from 'xstate'
import type { ProfileAccount, profileWalletsMachine } from './profileWallets.ts'

/** One row of ProfileWallets. */
export type ProfileWalletRow = ProfileAccount & {
  /** The account the embedded wallet is connected with now. */
  active: boolean
  /** A smart account the frame reports as not deployed yet (it deploys with its first user operation). */
  notDeployed: boolean
}

/** ProfileWallets' view model (STYLE rule 3). */
export type ProfileWalletsView = {
  loaded: boolean
  status: 'loading' | 'loaded' | 'failed'
  /** The user's accounts, the EOA first; exactly one is active once loaded. */
  rows: ProfileWalletRow[]
  error: string | undefined
}

/**
 * ProfileWallets' view model from the machine's snapshot and the connected address (undefined: not loaded yet). The
 * active account is the one the connection uses (`connectedAddress`), else the frame's user address. A user payload
 * without `accounts` lists its address as the EOA.
 * @example connectProfileWallets(undefined, undefined) // { loaded: false, status: 'loading', rows: [], error: undefined }
 */
export function connectProfileWallets(snapshot: SnapshotFrom<typeof profileWalletsMachine> | undefined, connectedAddress: string | undefined): ProfileWalletsView {
  if (!snapshot) return { loaded: false, status: 'loading', rows: [], error: undefined }
  const status = snapshot.matches('failed') ? 'failed' : snapshot.matches('loaded') ? 'loaded' : 'loading'
  const user = snapshot.context.user
  if (status !== 'loaded' || !user) return { loaded: true, status, rows: [], error: status === 'failed' ? snapshot.context.error?.message : undefined }
  const accounts: ProfileAccount[] = user.accounts && user.accounts.length > 0 ? user.accounts : [{ address: user.address, type: 'eoa' }]
  const seen = new Set<string>()
  const unique = accounts.filter((a) => !seen.has(a.address.toLowerCase()) && seen.add(a.address.toLowerCase()))
  const ordered = [...unique.filter((a) => a.type === 'eoa'), ...unique.filter((a) => a.type !== 'eoa')]
  const activeAddress = (connectedAddress && ordered.some((a) => a.address.toLowerCase() === connectedAddress.toLowerCase()) ? connectedAddress : user.address).toLowerCase()
  const rows = ordered.map((a) => ({ ...a, active: a.address.toLowerCase() === activeAddress, notDeployed: a.type === 'smartAccount' && user.smartAccountDeployed === false }))
  return { loaded: true, status, rows, error: undefined }
}
