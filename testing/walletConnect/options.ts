/**
 * The WalletConnect test wallet's options checked and completed (./wallet.ts): its chains, relay URL, project id and
 * account, and the storage, storage prefix and metadata its SDK client starts with. Browser-safe.
 */
import type { LocalAccount } from 'viem'
import { parseConnectionUrl, wsProtocols } from '../../kernel/urls.ts'
import { devAccounts } from '../wallet/accounts.ts'
import { type KeyValueStorage, MemoryKeyValueStorage } from './storage.ts'
import { devProjectId, type DevMobileWalletOptions, type WalletMetadata } from './types.ts'
import { DevMobileWalletError } from './uri.ts'

let instances = 0

/** What the wallet starts with, read from its options. */
export type WalletStart = { projectId: string; accounts: LocalAccount[]; storagePrefix: string; metadata: WalletMetadata; storage: KeyValueStorage }

/**
 * Checks the options and fills in their defaults: `accounts`, else `account`, else the dev account `accountIndex`
 * (default 0); {@link devProjectId}; a
 * fresh in-memory storage under a prefix unique to this wallet (two SDK clients in one realm with one prefix share a
 * Core), the metadata 'Latchkey Dev Mobile Wallet' at the page's origin.
 * @throws DevMobileWalletError when `chains` is empty, a chain is malformed, `accounts` is empty or holds something
 *   other than a local account, `accountIndex` is not 0..4,
 *   `projectId` is not 32 hex characters or `relayUrl` is not a ws:// or wss:// URL.
 */
export function readWalletOptions(options: DevMobileWalletOptions): WalletStart {
  if (!Array.isArray(options.chains) || options.chains.length === 0) throw new DevMobileWalletError('The mobile wallet needs at least one chain.')
  for (const chain of options.chains) {
    if (!Number.isSafeInteger(chain?.chainId) || chain.chainId <= 0 || typeof chain.rpcUrl !== 'string' || typeof chain.name !== 'string') {
      throw new DevMobileWalletError(`Invalid chain ${JSON.stringify(chain)}: expected { chainId, name, rpcUrl }.`)
    }
  }
  try {
    // Parsed with URL (the connection layer's policy, kernel/urls.ts), never matched with a pattern.
    parseConnectionUrl(options.relayUrl, { protocols: wsProtocols })
  } catch {
    throw new DevMobileWalletError(`Invalid relay URL ${JSON.stringify(options.relayUrl)}: expected ws://host:port.`)
  }
  const projectId = options.projectId ?? devProjectId
  if (!/^[0-9a-f]{32}$/i.test(projectId)) throw new DevMobileWalletError('The project id must be 32 hex characters.')
  let accounts: LocalAccount[]
  if (options.accounts !== undefined) {
    const given: unknown = options.accounts
    if (!Array.isArray(given) || given.length === 0 || !given.every(isLocalAccount)) {
      throw new DevMobileWalletError('The mobile wallet needs `accounts` as a non-empty array of viem local accounts.')
    }
    accounts = [...(given as LocalAccount[])]
  } else if (options.account) {
    accounts = [options.account]
  } else {
    const all = devAccounts()
    const accountIndex = options.accountIndex ?? 0
    const account = all[accountIndex]
    if (!Number.isInteger(accountIndex) || !account) throw new DevMobileWalletError(`No dev account at index ${accountIndex} (0..${all.length - 1}).`)
    accounts = [account]
  }
  instances++
  const storagePrefix = options.storagePrefix ?? (options.storage ? 'latchkey-mobile-wallet' : `latchkey-mobile-wallet-${instances}-${Math.random().toString(36).slice(2, 8)}`)
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin
  const metadata: WalletMetadata = {
    name: 'Latchkey Dev Mobile Wallet',
    description: 'Development wallet of the latchkey project (anvil dev accounts; never use for value).',
    url: origin && origin !== 'null' ? origin : 'http://127.0.0.1',
    icons: [],
    ...options.metadata,
  }
  const storage = options.storage ?? new MemoryKeyValueStorage()
  return { projectId, accounts, storagePrefix, metadata, storage }
}

function isLocalAccount(value: unknown): boolean {
  const { address, signMessage } = (typeof value === 'object' && value !== null ? value : {}) as { address?: unknown; signMessage?: unknown }
  return typeof address === 'string' && typeof signMessage === 'function'
}
