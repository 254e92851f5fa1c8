/**
 * A connected start for end-to-end tests whose subject is not connecting: the page opens with a session already
 * stored, as a visitor who connected earlier finds it, and the modal restores it through its own reconnect path
 * (spec §4 "Reconnect": the stored connector id of each namespace, the stored active network) — no click through
 * Connect, no approval in the wallet, no private hook into the modal.
 *
 * Two stores are written before the page's first script runs:
 * - the modal's keys (spec §3, `services/storage.ts`, prefix `@latchkey/`): the namespace's connected connector id,
 *   the active network and namespace, the connection status, the wallet and the connection's account;
 * - the development wallet's own persisted state (its authorisation of the site, the selected account, the EVM
 *   chain), so that the wallet answers the modal's reconnect (`eth_accounts`, Wallet Standard `connect` with
 *   `silent`) with the account, exactly as it does after a real approval and a reload.
 *
 * The real connect journeys stay in the specs whose subject they are (connect, walletconnect, embedded, namespaces…);
 * the reconnect itself is asserted for real by connect.spec.ts ('a reload restores the connection without a wallet
 * prompt') and by {@link openConnected}'s own spec (connected-start.spec.ts).
 *
 * The storage half is the public test kit's (`latchkey/testing`: `connectedStorage`, `gotoWithStorage`); this file adds
 * the development wallets' identities and the email session.
 */
import { expect, type Page } from '@playwright/test'
import { DEV_ADDRESSES } from '../../dev/accounts.ts'
import { ConnectedStartError } from '../../testing/errors.ts'
import { gotoWithStorage } from '../../testing/playwright/connectedStart.ts'
import { connectedStorage, MODAL_STORAGE_PREFIX as PREFIX } from '../../testing/session.ts'
import { DEV_SOLANA_ADDRESSES } from '../../dev/solana/accounts.ts'
import { SOLANA_LOCALNET_REFERENCE } from '../../dev/solana/network.ts'

/** The development wallets a connected start can stand for, by namespace: connector id (and name), storage key. */
const WALLETS = {
  /** EIP-6963: the connector id is the announced rdns (testing/wallet/announce.ts). */
  eip155: { connectorId: 'dev.latchkey.wallet', name: 'Latchkey Dev Wallet', storageKey: 'latchkey-dev-wallet' },
  /** Wallet Standard: the connector id is the wallet's name (adapters/solana.ts). */
  solana: { connectorId: 'Latchkey Dev Solana Wallet', name: 'Latchkey Dev Solana Wallet', storageKey: 'latchkey-dev-solana-wallet' },
  /** Wallet Standard: the connector id is the wallet's name (adapters/bip122.ts). */
  bip122: { connectorId: 'Latchkey Bitcoin Dev Wallet', name: 'Latchkey Bitcoin Dev Wallet', storageKey: 'latchkey-bitcoin-dev-wallet' },
} as const

/** The EVM chains of the development wallet (dev/chains.ts): 31337 'Anvil Local' and 31338 'Anvil Local 2'. */
export type ConnectedChainId = 31337 | 31338

/**
 * Who is connected at the start.
 * - `namespace`: 'eip155' (default), 'solana' (Solana Localnet) or 'bip122' (Bitcoin Regtest).
 * - `account`: index of the development wallet's account (0–4; default 0): anvil's dev accounts on EVM
 *   (`DEV_ADDRESSES`), the dev Solana keypairs (`DEV_SOLANA_ADDRESSES`), the Bitcoin dev wallet's accounts.
 * - `chainId`: the EVM chain (eip155 only; default 31337). Both the modal's active network and the wallet's chain.
 */
export type ConnectedStart = { namespace?: 'eip155'; account?: number; chainId?: ConnectedChainId } | { namespace: 'solana'; account?: number } | { namespace: 'bip122'; account?: number }

/** What a connected start stands for: the namespace, the CAIP-2 network, and the account's address (none for Bitcoin, whose wallet derives it). */
export type ConnectedSession = {
  namespace: 'eip155' | 'solana' | 'bip122'
  caipNetworkId: string
  address: string | undefined
  /** The entries written to localStorage before the page loads, key → raw value. */
  storage: Record<string, string>
}

/** Bitcoin Regtest's CAIP-2 id (adapters/networks.ts `bitcoinRegtest`). */
const BITCOIN_REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const ACCOUNT_COUNT = 5

/** A connected start asked for something the development wallets do not have (the test kit's error). */
export { ConnectedStartError, gotoWithStorage }

/**
 * The stored session of a connected start, without touching a page: the localStorage entries (modal and wallet) and
 * the session they stand for.
 *
 * @throws ConnectedStartError for an account index outside 0–4 or an EVM chain the development wallet does not have.
 * @example
 * connectedSession({ account: 1, chainId: 31338 }).address // '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
 */
export function connectedSession(start: ConnectedStart = {}): ConnectedSession {
  const namespace = start.namespace ?? 'eip155'
  const account = start.account ?? 0
  if (!Number.isInteger(account) || account < 0 || account >= ACCOUNT_COUNT) {
    throw new ConnectedStartError(`No development account ${String(account)}: the wallets have accounts 0 to ${ACCOUNT_COUNT - 1}`)
  }
  const chainId = namespace === 'eip155' ? ((start as { chainId?: number }).chainId ?? 31337) : undefined
  if (chainId !== undefined && chainId !== 31337 && chainId !== 31338) {
    throw new ConnectedStartError(`No development EVM chain ${String(chainId)}: the wallet has 31337 and 31338`)
  }
  const caipNetworkId = namespace === 'eip155' ? `eip155:${chainId}` : namespace === 'solana' ? `solana:${SOLANA_LOCALNET_REFERENCE}` : BITCOIN_REGTEST
  const address = namespace === 'eip155' ? DEV_ADDRESSES[account] : namespace === 'solana' ? DEV_SOLANA_ADDRESSES[account] : undefined
  const wallet = WALLETS[namespace]

  const walletState = namespace === 'eip155' ? { authorised: true, accountIndex: account, chainId, addedChains: [], autoApprove: false } : { authorised: true, accountIndex: account, autoApprove: false }
  // The modal's keys as the test kit stores them (latchkey/testing `connectedStorage`), the dev wallet's own beside them.
  const storage = connectedStorage({ namespace, connectorId: wallet.connectorId, name: wallet.name, caipNetworkId, ...(address ? { address } : {}), walletStorage: { [wallet.storageKey]: JSON.stringify(walletState) } })
  return { namespace, caipNetworkId, address, storage }
}

/**
 * Writes a connected start's stored session into the page's localStorage before the next navigation's first script
 * (top frame only: the secure site's and the wallets' frames keep their own storage), navigates to `path`, then
 * removes the seeding, so later reloads in the test keep whatever the product stored meanwhile.
 *
 * Page-agnostic: it does not wait for the restore (see `openConnected` in fixtures.ts for the demo).
 *
 * @returns the session the page was given.
 * @throws ConnectedStartError as {@link connectedSession}.
 */
export async function gotoWithStoredSession(page: Page, start: ConnectedStart = {}, path = '/'): Promise<ConnectedSession> {
  const session = connectedSession(start)
  await gotoWithStorage(page, { top: session.storage }, path)
  return session
}

/** An embedded-wallet (email) user signed in on the secure site through its API: see {@link createEmailSession}. */
export type EmailSession = {
  email: string
  /** The device id the secure site verified (the frame keeps it in its origin's storage). */
  deviceId: string
  /** The secure site's session JWT for that device. */
  token: string
  /** The embedded wallet's EVM address. */
  address: string
}

/** The frame origin's storage keys of the secure site (dev/secure-site/frame/contract.ts `frameStoreKeys`). */
const FRAME_KEYS = { session: 'latchkey-secure:session', device: 'latchkey-secure:device', email: 'latchkey-secure:email' } as const

/**
 * Signs a fresh email user in on the development secure site through its API, as the frame does, without the modal:
 * `POST /api/connect-email` for a new device (a "Verify this device" mail), the mailed link opened (`/verify-device`,
 * read from the dev mailbox), then `POST /api/connect-device`, which answers the session. The site creates the user
 * and its wallet on the first login. Requests from Node carry no `Origin`, which the site's origin check lets through.
 *
 * @param secureSiteUrl the secure site's origin (`SECURE_SITE_URL` of tests/e2e/stack.ts).
 * @param email default `e2e-<time>-<random>@example.com`.
 * @throws ConnectedStartError when the site refuses a step (its status and message) or no link arrives within 20 s.
 */
export async function createEmailSession(secureSiteUrl: string, email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`): Promise<EmailSession> {
  const deviceId = crypto.randomUUID()
  const post = async (route: string, body: unknown, token?: string) => {
    const response = await fetch(`${secureSiteUrl}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>
    if (!response.ok) throw new ConnectedStartError(`The secure site refused ${route}: HTTP ${response.status} ${String(answer.message ?? '')}`)
    return answer
  }
  const started = await post('/api/connect-email', { email, deviceId })
  if (started.action !== 'VERIFY_DEVICE') throw new ConnectedStartError(`A new device should be asked to verify; the secure site answered ${String(started.action)}`)
  let link: string | undefined
  await expect
    .poll(
      async () => {
        const response = await fetch(`${secureSiteUrl}/mailbox/messages?to=${encodeURIComponent(email)}`)
        link = ((await response.json()) as { messages: Array<{ link?: string }> }).messages.find((m) => m.link)?.link
        return link
      },
      { message: `the device link mailed to ${email}`, timeout: 20_000 },
    )
    .toBeTruthy()
  const verified = await fetch(link!)
  if (!verified.ok) throw new ConnectedStartError(`The device link answered HTTP ${verified.status}`)
  const device = await post('/api/connect-device', { email, deviceId })
  if (device.verified !== true || typeof device.token !== 'string') throw new ConnectedStartError('The secure site did not sign the verified device in')
  const user = await fetch(`${secureSiteUrl}/api/user`, { headers: { authorization: `Bearer ${device.token}` } })
  const { address } = (await user.json()) as { address?: string }
  if (!user.ok || !address) throw new ConnectedStartError(`The secure site did not answer the user: HTTP ${user.status}`)
  return { email, deviceId, token: device.token, address }
}

/**
 * The stored session of an email user (the embedded wallet's `auth` connector) on an EVM chain: the modal's keys in
 * the page's storage, and the secure frame's session, device and email in the secure origin's storage.
 */
export function emailStorage(session: EmailSession, secureSiteUrl: string, chainId: ConnectedChainId = 31337): { top: Record<string, string>; byOrigin: Record<string, Record<string, string>> } {
  const modal: Record<string, unknown> = {
    'eip155:connected_connector_id': 'auth',
    active_caip_network_id: `eip155:${chainId}`,
    active_namespace: 'eip155',
    connected_namespaces: ['eip155'],
    connection_status: 'connected',
    wallet_id: 'auth',
    wallet_name: 'Email',
    connections: { eip155: [{ connectorId: 'auth', accounts: [{ address: session.address }] }] },
    email_login_used: true,
    email: session.email,
  }
  const top: Record<string, string> = {}
  for (const [key, value] of Object.entries(modal)) top[`${PREFIX}${key}`] = JSON.stringify(value)
  const frame = { [FRAME_KEYS.session]: session.token, [FRAME_KEYS.device]: session.deviceId, [FRAME_KEYS.email]: session.email }
  return { top, byOrigin: { [new URL(secureSiteUrl).origin]: frame } }
}
