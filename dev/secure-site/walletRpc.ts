/**
 * The embedded wallet's JSON-RPC on the secure site (spec §5 the RPC lists, §3 preferredAccountType and smart accounts,
 * §7 wallet_sendCalls): the signed-in user's account state and preferred account type per chain, the check of a batch
 * before the frame shows it, and every request the frame passes on — answered here, signed with the wallet's key (as the
 * EOA or as the smart account), sent to the chain, forwarded as a read, or refused with its EIP-1193 / EIP-5792 code.
 * The key never leaves this module. HTTP-free; service.ts gives it the session check. Dev-only.
 */
import { createWalletClient, defineChain, getAddress, http, isAddress, isAddressEqual, isHex, toHex } from 'viem'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { preferredAccountType, setPreferredAccountType, walletPrivateKey } from './db.ts'
import type { SecureDb, UserRow } from './db.ts'
import { SecureSiteError, secureMessages } from './refusals.ts'
import { assertOwn, hexToBigInt, jsonRpc, parseTypedData, safeForwarded, unsafeUnsupported } from './rpc.ts'
import { SmartAccountSendError } from './smartAccount.ts'
import type { SmartAccounts } from './smartAccount.ts'
import { createSmartCalls, SmartCallsError } from './smartCalls.ts'
import { grantSmartSession, SmartSessionGrantError } from './smartSessions.ts'
import { isSolanaChainId, SolanaWalletError } from './solana.ts'
import type { createSolanaWallets } from './solana.ts'

/**
 * A chain the embedded wallet signs and sends on. `bundlerUrl`: the chain's ERC-4337 bundler (dev/aa, JSON-RPC): smart
 * accounts are enabled on the chain.
 */
export type SecureChain = { chainId: number; rpcUrl: string; name?: string; bundlerUrl?: string }

/** The account the embedded wallet acts with on EVM chains (spec §3 preferredAccountType). */
export type SecureAccountType = 'eoa' | 'smartAccount'

/** The user's account state on one chain (spec §3: preferredAccountType, smartAccountDeployed; network enabling). */
export type SecureAccountState = {
  preferredAccountType: SecureAccountType
  /** The smart account's address (the same on every enabled chain); absent when no chain has smart accounts. */
  smartAccountAddress?: string
  /** Whether the smart account has code on the asked chain (its first user operation deployed it). */
  smartAccountDeployed: boolean
  /** The chains with smart accounts (spec §3 `smartAccountEnabledNetworks`). */
  smartAccountEnabledNetworks: number[]
}

/** What {@link createWalletRpc} needs of the secure site. */
export type WalletRpcOptions = {
  db: SecureDb
  /** The EVM chains (anvil) the wallet signs and sends on. */
  chains: readonly SecureChain[]
  /** The users' smart accounts on the chains with a bundler. */
  smart: SmartAccounts
  /** The users' Solana wallets. */
  solana: ReturnType<typeof createSolanaWallets>
  /** The reference API's blockchain base URL, where the smart account's `wallet_grantPermissions` registers sessions. */
  sessionsApiUrl?: string | undefined
  /** The clock, Unix ms. */
  now: () => number
  /** The session of a token (service.ts `authenticate`). @throws SecureSiteError 401 without a valid session. */
  authenticate(token: string | undefined): Promise<{ user: UserRow }>
}

/**
 * The wallet's RPC over the secure site's database, its smart accounts and Solana wallets.
 *
 * @example
 * const wallet = createWalletRpc({ db, chains, smart, solana, now: Date.now, authenticate })
 * await wallet.rpc(token, { method: 'eth_accounts', chainId: 31337 }) // [address]
 */
export function createWalletRpc(options: WalletRpcOptions) {
  const { db, smart, solana, authenticate, now } = options
  const calls = createSmartCalls({ db, smart, chainIds: options.chains.map((c) => c.chainId) })
  /** Whether the user prefers its smart account on `chainId` (stored per user and chain in the database; `eoa` until set). */
  const prefersSmart = async (userId: number, chainId: number): Promise<boolean> => smart.isEnabled(chainId) && (await preferredAccountType(db, userId, chainId)) === 'smartAccount'

  return {
    /**
     * The signed-in user's account state on an EVM chain.
     *
     * @throws SecureSiteError 401 without a valid session; 400 'Chain is not supported' for a chain not configured here.
     */
    async accountState(token: string | undefined, input: { chainId: unknown }): Promise<SecureAccountState> {
      const { user } = await authenticate(token)
      return stateOf(user, evmChainId(input.chainId))
    },

    /**
     * Sets the user's preferred account type (spec §3 "set preferred account"): `smartAccount` only on a chain with smart
     * accounts (400 'Smart accounts are not enabled on this network' otherwise).
     *
     * @returns the account state on that chain afterwards.
     */
    async setPreferredAccount(token: string | undefined, input: { type: unknown; chainId: unknown }): Promise<SecureAccountState> {
      const { user } = await authenticate(token)
      const chainId = evmChainId(input.chainId)
      if (input.type !== 'eoa' && input.type !== 'smartAccount') throw new SecureSiteError(400, secureMessages.invalidParams, { code: -32602 })
      if (input.type === 'smartAccount' && !smart.isEnabled(chainId)) throw new SecureSiteError(400, 'Smart accounts are not enabled on this network', { code: 4901 })
      await setPreferredAccountType(db, user.id, chainId, input.type)
      return stateOf(user, chainId)
    },

    /**
     * Checks an unsafe request before the frame shows its approval, as {@link rpc} would before it acts, and answers
     * nothing: a `wallet_sendCalls` batch (the EOA's 4200, a malformed request, another chain or account, too many
     * calls, a used id; smartCalls.ts). Other methods pass (their checks come with the request itself).
     * @throws SecureSiteError 401 without a session, 400 with the refusal's EIP-1193 / EIP-5792 `code`.
     */
    async checkRpc(token: string | undefined, request: { method: unknown; params?: unknown; chainId: unknown }): Promise<void> {
      const { user } = await authenticate(token)
      if (request.method !== 'wallet_sendCalls') return
      const chain = options.chains.find((c) => c.chainId === (typeof request.chainId === 'number' ? request.chainId : Number(String(request.chainId).replace(/^eip155:/, ''))))
      if (!chain) throw new SecureSiteError(400, secureMessages.chainNotSupported, { code: 4901 })
      const smartAddress = (await prefersSmart(user.id, chain.chainId)) ? await smart.addressOf(getAddress(user.address)) : undefined
      try {
        await calls.check({ userId: user.id, account: smartAddress, chainId: chain.chainId, params: Array.isArray(request.params) ? (request.params as unknown[]) : [] })
      } catch (error) {
        if (error instanceof SmartCallsError) throw new SecureSiteError(400, error.shortMessage, { code: error.code })
        throw error
      }
    },

    /**
     * Runs a JSON-RPC request for the signed-in user's wallet on `chainId` (spec §5 lists): account methods answered
     * here, personal_sign / eth_signTypedData_v4 signed with the wallet's key, eth_sendTransaction signed and sent to
     * the chain, other safe (read) methods forwarded to the chain's RPC. The key never leaves this function.
     *
     * @throws SecureSiteError 401 (session), 400 with a JSON-RPC `code` (not allowed, unsupported chain or params).
     */
    async rpc(token: string | undefined, request: { method: unknown; params?: unknown; chainId: unknown }): Promise<unknown> {
      const { user } = await authenticate(token)
      const method = typeof request.method === 'string' ? request.method : ''
      if (isSolanaChainId(request.chainId) || method.startsWith('solana_')) return solanaRpc(user, method, request)
      const chainId = typeof request.chainId === 'number' ? request.chainId : Number(String(request.chainId).replace(/^eip155:/, ''))
      const chain = options.chains.find((c) => c.chainId === chainId)
      if (!chain) throw new SecureSiteError(400, secureMessages.chainNotSupported, { code: 4901 })
      const params = Array.isArray(request.params) ? (request.params as unknown[]) : []
      const owner = getAddress(user.address)
      const smartAddress = (await prefersSmart(user.id, chain.chainId)) ? await smart.addressOf(owner) : undefined
      // With the smart account preferred it is the wallet's address. Signing accepts either address: as the smart
      // account (ERC-1271, ERC-6492 while not deployed) or as the owner EOA (EIP-191 / EIP-712 of its key).
      const address = smartAddress ?? owner
      const asSmart = (from: unknown): boolean => smartAddress !== undefined && typeof from === 'string' && isAddress(from) && isAddressEqual(from, smartAddress)
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return [address]
        case 'eth_chainId':
          return toHex(chain.chainId)
        case 'personal_sign': {
          const [message, from] = params
          if (typeof message !== 'string') throw new SecureSiteError(400, secureMessages.invalidParams, { code: -32602 })
          assertOwn(from, asSmart(from) && smartAddress ? smartAddress : owner)
          const signable = isHex(message) ? { raw: message } : message
          if (asSmart(from)) return smart.signMessage(await keyOf(user.id), chain.chainId, signable)
          return privateKeyToAccount(await keyOf(user.id)).signMessage({ message: signable })
        }
        case 'eth_signTypedData_v4': {
          const [from, data] = params
          assertOwn(from, asSmart(from) && smartAddress ? smartAddress : owner)
          const typed = parseTypedData(data)
          if (asSmart(from)) return smart.signTypedData(await keyOf(user.id), chain.chainId, typed)
          return privateKeyToAccount(await keyOf(user.id)).signTypedData(typed)
        }
        case 'eth_sendTransaction': {
          const tx = params[0] as { from?: unknown; to?: unknown; value?: unknown; data?: unknown; gas?: unknown } | undefined
          if (!tx || typeof tx !== 'object') throw new SecureSiteError(400, secureMessages.invalidParams, { code: -32602 })
          if (tx.from !== undefined) assertOwn(tx.from, address)
          if (smartAddress) {
            if (typeof tx.to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(tx.to)) throw new SecureSiteError(400, secureMessages.invalidParams, { code: -32602 })
            try {
              const sent = await smart.send(await keyOf(user.id), chain.chainId, [{ to: getAddress(tx.to), value: hexToBigInt(tx.value), ...(typeof tx.data === 'string' && isHex(tx.data) ? { data: tx.data } : {}) }])
              return sent.transactionHash
            } catch (error) {
              if (error instanceof SmartAccountSendError) throw new SecureSiteError(400, error.shortMessage, { code: error.code })
              throw error
            }
          }
          const account = privateKeyToAccount(await keyOf(user.id))
          const client = createWalletClient({
            account,
            chain: defineChain({
              id: chain.chainId,
              name: chain.name ?? `Chain ${chain.chainId}`,
              nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
              rpcUrls: { default: { http: [chain.rpcUrl] } },
            }),
            transport: http(chain.rpcUrl),
          })
          try {
            return await client.sendTransaction({
              to: typeof tx.to === 'string' ? getAddress(tx.to) : null,
              value: hexToBigInt(tx.value),
              ...(typeof tx.data === 'string' && isHex(tx.data) ? { data: tx.data } : {}),
              ...(tx.gas !== undefined ? { gas: hexToBigInt(tx.gas) } : {}),
            })
          } catch (error) {
            const short = (error as { shortMessage?: unknown }).shortMessage
            throw new SecureSiteError(400, typeof short === 'string' ? short : 'Transaction failed', { code: -32000 })
          }
        }
        case 'wallet_grantPermissions': {
          // Smart sessions are the smart account's (spec §3): granted after the frame's approval, kept by the API.
          if (!smartAddress || !options.sessionsApiUrl) throw new SecureSiteError(400, secureMessages.notSupported, { code: 4200 })
          const key = await keyOf(user.id)
          try {
            return await grantSmartSession({
              request: params[0],
              account: smartAddress,
              chainId: chain.chainId,
              apiUrl: options.sessionsApiUrl,
              now: now(),
              signMessage: (message) => smart.signMessage(key, chain.chainId, message),
            })
          } catch (error) {
            if (error instanceof SmartSessionGrantError) throw new SecureSiteError(400, error.shortMessage, { code: error.code })
            throw error
          }
        }
        case 'wallet_getCapabilities':
        case 'wallet_sendCalls':
        case 'wallet_getCallsStatus':
          // EIP-5792 as the smart account (one user operation of every call); the EOA answers 4200 (smartCalls.ts).
          try {
            if (method === 'wallet_getCapabilities') {
              return await calls.capabilities({ account: smartAddress, params, isSmart: (id) => prefersSmart(user.id, id) })
            }
            if (method === 'wallet_sendCalls') return await calls.send({ userId: user.id, ownerKey: () => keyOf(user.id), account: smartAddress, chainId: chain.chainId, params })
            return await calls.status({ userId: user.id, account: smartAddress, params })
          } catch (error) {
            if (error instanceof SmartCallsError || error instanceof SmartAccountSendError) throw new SecureSiteError(400, error.shortMessage, { code: error.code })
            throw error
          }
        default:
          if (safeForwarded.has(method)) return jsonRpc(chain.rpcUrl, method, params)
          if (unsafeUnsupported.has(method)) throw new SecureSiteError(400, secureMessages.notSupported, { code: 4200 })
          throw new SecureSiteError(400, secureMessages.notAllowed, { code: 4100 })
      }
    },
  }

  /**
   * A request on a Solana network: only the `solana_` methods, only on a configured Solana network (a
   * `solana_` method on another chain, or a Solana network not configured here, is 'Chain is not supported', 4901).
   */
  async function solanaRpc(user: UserRow, method: string, request: { params?: unknown; chainId: unknown }): Promise<unknown> {
    const chain = isSolanaChainId(request.chainId) ? solana.chainOf(request.chainId) : undefined
    if (!chain) throw new SecureSiteError(400, secureMessages.chainNotSupported, { code: 4901 })
    if (!method.startsWith('solana_')) throw new SecureSiteError(400, secureMessages.notAllowed, { code: 4100 })
    try {
      return await solana.rpc(user.id, { method, params: request.params, chain })
    } catch (error) {
      if (error instanceof SolanaWalletError) throw new SecureSiteError(400, error.message, { code: error.code })
      throw error
    }
  }

  function evmChainId(value: unknown): number {
    const chainId = typeof value === 'number' ? value : Number(String(value).replace(/^eip155:/, ''))
    if (!options.chains.some((c) => c.chainId === chainId)) throw new SecureSiteError(400, secureMessages.chainNotSupported, { code: 4901 })
    return chainId
  }

  async function stateOf(user: UserRow, chainId: number): Promise<SecureAccountState> {
    const smartAccountAddress = await smart.addressOf(getAddress(user.address))
    return {
      preferredAccountType: (await prefersSmart(user.id, chainId)) ? 'smartAccount' : 'eoa',
      ...(smartAccountAddress ? { smartAccountAddress } : {}),
      smartAccountDeployed: smartAccountAddress ? await smart.isDeployed(smartAccountAddress, chainId) : false,
      smartAccountEnabledNetworks: smart.enabledNetworks,
    }
  }

  async function keyOf(userId: number): Promise<Hex> {
    const key = await walletPrivateKey(db, userId)
    if (!key || !isHex(key)) throw new SecureSiteError(500, 'The wallet has no key')
    return key
  }
}
