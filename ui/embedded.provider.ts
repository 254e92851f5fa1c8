/**
 * The embedded wallet's two faces (spec §3 connector type AUTH, §6: eip155 and solana): the EIP-1193 provider the
 * eip155 adapter serves as the `auth` connector, and the Solana backend `adapters/solana.auth.ts` makes a Wallet
 * Standard wallet. The provider answers `eth_requestAccounts` / `eth_accounts` from the frame's user (APP_GET_USER /
 * APP_IS_CONNECTED), switches chains with APP_SWITCH_NETWORK, signs out on `wallet_revokePermissions`, and passes
 * every other method through the frameRpc machine.
 */
import type { ActorRefFrom } from 'xstate'
import { BaseError } from '../adapters/errors.ts'
import type { EmbeddedSolanaBackend } from '../adapters/solana.auth.ts'
import type { Eip1193Provider } from '../adapters/types.ts'
import type { frameMachine } from '../machines/frame.ts'
import { timing } from '../machines/timing.ts'
import type { FrameClient } from './assemble/frameClient.ts'
import { embeddedStorageKeys, type EmbeddedSession, type EmbeddedStorage } from './embedded.session.ts'

/** `wallet_switchEthereumChain` with a chain id that is not a positive integer (0x-hex). */
export class InvalidSwitchChainIdError extends BaseError {
  static override docsPath = '/errors/InvalidSwitchChainIdError'
  override name = 'InvalidSwitchChainIdError'
  constructor() {
    super('Invalid chainId')
  }
}

export type CreateEmbeddedProviderParameters = {
  client: FrameClient
  frame: ActorRefFrom<typeof frameMachine>
  session: EmbeddedSession
  storage: EmbeddedStorage
  /** A request through the frameRpc machine (`solanaChain`: the CAIP-2 id of a `solana_` request's network). */
  rpcRequest: (method: string, params: unknown, solanaChain?: string) => Promise<unknown>
}

/**
 * Creates the provider, the Solana backend and the sign-out of one embedded wallet.
 * @throws InvalidSwitchChainIdError (from `wallet_switchEthereumChain`) for a chain id that is not a positive integer.
 * @example
 * const { provider } = createEmbeddedProvider({ client, frame, session, storage, rpcRequest })
 * await provider.request({ method: 'eth_requestAccounts' }) // ['0x…']
 */
export function createEmbeddedProvider({ client, frame, session, storage, rpcRequest }: CreateEmbeddedProviderParameters) {
  /**
   * Signs out through the frame (the server revokes the session), waiting at most `disconnectWait` (3 s), and clears
   * the stored email, chain and social keys (spec §4).
   */
  async function signOut(): Promise<void> {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timing.disconnectWait)
    try {
      if (frame.getSnapshot().matches({ live: 'ready' })) await client.request('SIGN_OUT', {}, { signal: controller.signal })
      else await Promise.race([client.request('SIGN_OUT', {}, { signal: controller.signal }), new Promise((r) => setTimeout(r, timing.disconnectWait))])
    } catch {
      // Best effort: the modal forgets the session anyway.
    } finally {
      clearTimeout(timer)
      session.clearLoginCache()
      session.signedOut()
    }
  }
  /** The user of the frame on the session's chain, remembered. */
  const readUser = async () => {
    const u = await client.request('GET_USER', { chainId: session.chainId() })
    session.remember(u)
    return [u.address]
  }

  const provider: Eip1193Provider = {
    async request({ method, params }) {
      switch (method) {
        case 'eth_requestAccounts':
          return readUser()
        case 'eth_accounts': {
          const user = session.user()
          if (user) return [user.address]
          const { isConnected } = await client.request('IS_CONNECTED', {})
          if (!isConnected) {
            // Spec §4: a connect-status check that finds no connection clears the login cache.
            session.clearLoginCache()
            return []
          }
          return readUser()
        }
        case 'wallet_switchEthereumChain': {
          const hex = (params as Array<{ chainId?: string }> | undefined)?.[0]?.chainId
          const next = typeof hex === 'string' ? Number.parseInt(hex, 16) : Number.NaN
          if (!Number.isSafeInteger(next) || next <= 0) throw new InvalidSwitchChainIdError()
          await client.request('SWITCH_NETWORK', { chainId: next })
          session.setChain(next)
          session.fire('chainChanged', `0x${next.toString(16)}`)
          return null
        }
        case 'wallet_revokePermissions':
          await signOut()
          return null
        default:
          return rpcRequest(method, params)
      }
    },
    on: session.on,
    removeListener: session.off,
  }

  /**
   * The Solana side (spec §6): the user's Solana address from APP_GET_USER on the Solana network, and the `solana_`
   * requests through the frameRpc machine (unsafe: approved in the frame over ApproveTransaction).
   */
  const solana: EmbeddedSolanaBackend = {
    async connect(chain, { silent }) {
      if (silent && !session.user()) {
        const { isConnected } = await client.request('IS_CONNECTED', {})
        if (!isConnected) return undefined
      }
      const u = await client.request('GET_USER', { chainId: chain })
      storage.write(embeddedStorageKeys.emailLoginUsed, true)
      if (u.email) storage.write(embeddedStorageKeys.email, u.email)
      return u.address
    },
    request: (method, params, chain) => rpcRequest(method, params, chain),
    async disconnect() {
      await signOut()
      // The eip155 side goes too: one embedded wallet, one session.
      session.fire('accountsChanged', [])
    },
    onSignOut: session.onSignOut,
  }
  return { provider, solana, signOut }
}
