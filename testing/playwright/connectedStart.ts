/**
 * `connectedStart(page, { wallet })`: opens the dapp already connected, through the modal's real reconnect (spec §4):
 * the stored entries of a connection made earlier (testing/session.ts) are written into the page's localStorage before
 * its first script, the page is opened, and the seeding is removed, so a later reload keeps what the modal stored since.
 * With `siwx`, the visitor is signed in too (testing/siwx.ts): a session the dapp's SIWX server issued for a real
 * signed message, stored as the default `siwx` config keeps it, so the modal's restore finds it and asks nothing.
 */
import type { Page } from '@playwright/test'
import { ConnectedStartError } from '../errors.ts'
import { connectedStorage, testBitcoinWalletConnection, testSolanaWalletConnection, testWalletConnection, type StoredConnection } from '../session.ts'
import { type SignedInSession, type SignedInStartOptions, signedInStorage } from '../siwx.ts'
import type { TestBitcoinWalletHandle } from './bitcoinWallet.ts'
import type { TestSolanaWalletHandle } from './solanaWallet.ts'
import type { TestWalletHandle } from './wallet.ts'

/** What {@link connectedStart} takes. */
export type ConnectedStartOptions = {
  /**
   * The test wallet installed in the page (`installTestWallet`: eip155), the test Solana wallet
   * (`installTestSolanaWallet`: solana), the test Bitcoin wallet (`installTestBitcoinWallet`: bip122), or a stored
   * connection of another wallet.
   */
  wallet: TestWalletHandle | TestSolanaWalletHandle | TestBitcoinWalletHandle | StoredConnection
  /** The namespace: the wallet's (eip155 for the test wallet, solana, bip122); when given, it must be the wallet's. */
  namespace?: 'eip155' | 'solana' | 'bip122'
  /** The test wallet's account index (default 0). */
  account?: number
  /** The EVM chain, one of the test wallet's (default its first). */
  chainId?: number
  /** Where to open the page (default '/', against Playwright's `baseURL`). */
  path?: string
  /**
   * Start signed in as well (EVM test wallet only): the dapp's SIWX server (`createSiwx`'s `url`, `projectId`,
   * `statement`) and the page's `origin` (default the origin of `path` when it is absolute; Playwright does not tell a
   * relative path's). The session is seeded as the default `siwx` config stores it.
   */
  siwx?: Omit<SignedInStartOptions, 'origin'> & { origin?: string }
}

/** What a connected start stands for: the CAIP-2 network and the address, the entries written, and the sign-in (with `siwx`). */
export type ConnectedSession = { namespace: string; caipNetworkId: string; address: string | undefined; storage: Record<string, string>; siwx?: SignedInSession }

/**
 * Writes the stored connection into the page's localStorage (top frame) before its first script, opens `path`, then
 * removes the seeding. It does not wait for the restore: assert what your page shows when connected.
 * @returns the session the page was given.
 * @throws ConnectedStartError for a namespace other than the test wallet's, an account or chain the wallet does not have;
 *   with `siwx`, for a wallet other than the EVM test wallet, no origin, or what {@link signedInStorage} refuses (a bad
 *   option, the server's refusal).
 * @example await connectedStart(page, { wallet: await installTestBitcoinWallet(page), account: 1 })
 * @example await connectedStart(page, { wallet, siwx: { url: 'http://127.0.0.1:8600/siwx', origin: 'http://127.0.0.1:4173' } })
 */
export async function connectedStart(page: Page, options: ConnectedStartOptions): Promise<ConnectedSession> {
  const { wallet, namespace, account, chainId, path = '/', siwx } = options
  let connection: StoredConnection
  if ('page' in wallet && 'info' in wallet) {
    if (namespace !== undefined && namespace !== 'eip155') throw new ConnectedStartError('The test wallet is an EVM wallet', { details: `namespace must be eip155 for it, got ${namespace}` })
    connection = testWalletConnection({ wallet, ...(account === undefined ? {} : { account }), ...(chainId === undefined ? {} : { chainId }) })
  } else if ('page' in wallet && 'namespace' in wallet) {
    if (namespace !== undefined && namespace !== 'bip122') throw new ConnectedStartError('The test Bitcoin wallet is a Bitcoin wallet', { details: `namespace must be bip122 for it, got ${namespace}` })
    connection = testBitcoinWalletConnection({ wallet, ...(account === undefined ? {} : { account }) })
  } else if ('page' in wallet) {
    if (namespace !== undefined && namespace !== 'solana') throw new ConnectedStartError('The test Solana wallet is a Solana wallet', { details: `namespace must be solana for it, got ${namespace}` })
    connection = testSolanaWalletConnection({ wallet, ...(account === undefined ? {} : { account }) })
  } else {
    connection = wallet
  }
  const storage = connectedStorage(connection)
  let signedIn: SignedInSession | undefined
  if (siwx !== undefined) {
    if (!('page' in wallet && 'info' in wallet) || connection.address === undefined) {
      throw new ConnectedStartError('A signed-in start needs the EVM test wallet', { details: 'siwx signs with installTestWallet’s keys (EIP-4361 on eip155)' })
    }
    const origin = siwx.origin ?? absoluteOrigin(path)
    if (origin === undefined)
      throw new ConnectedStartError('A signed-in start needs the page’s origin', { details: `give siwx.origin (e.g. 'http://127.0.0.1:4173') or an absolute path; got path ${JSON.stringify(path)}` })
    const { address } = connection
    const seeded = await signedInStorage({ ...siwx, origin, caipNetworkId: connection.caipNetworkId, address, sign: (message) => wallet.signMessage(message, account ?? 0) })
    Object.assign(storage, seeded.storage)
    signedIn = seeded.session
  }
  await gotoWithStorage(page, { top: storage }, path)
  return { namespace: connection.namespace, caipNetworkId: connection.caipNetworkId, address: connection.address, storage, ...(signedIn ? { siwx: signedIn } : {}) }
}

/** The origin of `path` when it is an absolute http(s) URL. */
function absoluteOrigin(path: string): string | undefined {
  try {
    const url = new URL(path)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined
  } catch {
    return undefined
  }
}

/**
 * Opens `path` with localStorage entries written before any script of the page: `top` into the top frame,
 * `byOrigin[origin]` into every frame of that origin; a test wallet already in the page reads its state again. The seeding is removed once the page has loaded and `until` (when
 * given) has resolved, so later reloads keep what the product stored since.
 */
export async function gotoWithStorage(page: Page, storage: { top?: Record<string, string>; byOrigin?: Record<string, Record<string, string>> }, path = '/', until?: () => Promise<void>): Promise<void> {
  const seeding = await page.addInitScript((s: { top?: Record<string, string>; byOrigin?: Record<string, Record<string, string>> }) => {
    const entries = window === window.top ? s.top : s.byOrigin?.[location.origin]
    for (const [key, value] of Object.entries(entries ?? {})) localStorage.setItem(key, value)
    // A test wallet whose page script ran before this one takes its seeded state (authorisation, account, chain) again.
    const wallets = (globalThis as { __latchkeyTestWallets?: Record<string, { provider: { reload(): void } }> }).__latchkeyTestWallets
    for (const wallet of Object.values(wallets ?? {})) wallet.provider.reload()
    const solanaWallets = (globalThis as { __latchkeyTestSolanaWallets?: Record<string, { wallet: { reload(): void } }> }).__latchkeyTestSolanaWallets
    for (const wallet of Object.values(solanaWallets ?? {})) wallet.wallet.reload()
    const bitcoinWallets = (globalThis as { __latchkeyTestBitcoinWallets?: Record<string, { wallet: { reload(): void } }> }).__latchkeyTestBitcoinWallets
    for (const wallet of Object.values(bitcoinWallets ?? {})) wallet.wallet.reload()
  }, storage)
  try {
    await page.goto(path)
    await until?.()
  } finally {
    await seeding.dispose()
  }
}
