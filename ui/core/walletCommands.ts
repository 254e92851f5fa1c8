/**
 * The wallet calls of one core that the modal does not make itself (spec §1 lazy rule, §3): the connected wallet of a
 * namespace, a message signed by it, and a namespace's chain adapter.
 */
import type { Wallet as SolanaWallet } from '@wallet-standard/base'
import type { BitcoinWallet } from '../../adapters/bip122.standard.ts'
import { callForeign } from '../../adapters/boundary.ts'
import { NotConnectedError } from '../../adapters/eip155.ts'
import { InvalidProviderResponseError } from '../../adapters/errors.ts'
import type { ChainNamespace } from '../../adapters/networks.ts'
import type { ChainAdapter, Eip1193Provider } from '../../adapters/types.ts'
import type { RootActor } from '../../machines/root.ts'
import { InvalidOptionsError } from '../options.ts'
import type { CoreAdapters } from './adapters.ts'

/**
 * `modal.getAdapter(namespace)` for a namespace with no configured network (spec §8 'Chain adapter not found'). An
 * `InvalidOptionsError`: the options configure no network of that namespace.
 */
export class ChainAdapterNotFoundError extends InvalidOptionsError {
  static override docsPath = '/errors/ChainAdapterNotFoundError'
  override name = 'ChainAdapterNotFoundError'
  /** The namespace asked for. */
  namespace: string
  constructor(namespace: string) {
    super('Chain adapter not found', { details: `The adapter for the ${namespace} namespace does not exist.` })
    this.namespace = namespace
  }
}

/**
 * Creates the wallet calls of one core, on its started root actor and its adapters.
 * @example
 * const { signMessage } = createWalletCommands(actor, adapters)
 * const signature = await signMessage({ message: 'Hello' })
 */
export function createWalletCommands(actor: RootActor, { adapter, adapters, walletOf }: CoreAdapters) {
  const { connections } = actor.getSnapshot().context
  /**
   * The connected wallet of a namespace, for calls the modal does not make itself (spec §3): eip155 its EIP-1193
   * provider (an announced or injected wallet, or the WalletConnect session), solana its Wallet Standard wallet (the
   * `solana:*` features), bip122 its Wallet Standard wallet (the `bitcoin:*` features). `undefined` while that namespace
   * has no connected wallet, and for a namespace that is not configured. A dapp's own `adapter` gives a provider only
   * when it has a `getProvider(connectorId)` method.
   * @example
   * const provider = modal.getProvider('eip155')
   * await provider?.request({ method: 'eth_chainId' }) // '0x1'
   */
  function getProvider(namespace: 'eip155'): Eip1193Provider | undefined
  function getProvider(namespace: 'solana'): SolanaWallet | undefined
  function getProvider(namespace: 'bip122'): BitcoinWallet | undefined
  function getProvider(namespace: ChainNamespace): Eip1193Provider | SolanaWallet | BitcoinWallet | undefined
  function getProvider(namespace: ChainNamespace): Eip1193Provider | SolanaWallet | BitcoinWallet | undefined {
    const connection = connections[namespace]?.getSnapshot()
    const connectorId = connection?.hasTag('connected') ? connection.context.connectorId : undefined
    return connectorId ? walletOf(namespace, connectorId) : undefined
  }
  return {
    getProvider,
    /**
     * Has the active namespace's connected wallet sign a text message (eip155: EIP-191 `personal_sign`, 0x-hex
     * signature; solana: `solana:signMessage`, base58 signature; bip122: BIP-322, base64).
     * @throws NotConnectedError when no wallet is connected in the active namespace; `UserRejectedRequestError` when
     *   the visitor declines; `InvalidProviderResponseError` for a reply that is not a signature.
     * @example const signature = await modal.signMessage({ message: 'Hello' })
     */
    async signMessage({ message }: { message: string }): Promise<string> {
      const { connection: active, activeNamespace } = actor.getSnapshot().context
      const c = active.getSnapshot()
      if (!c.hasTag('connected') || !c.context.address || !c.context.connectorId) throw new NotConnectedError()
      const target = adapters[activeNamespace] ?? adapter
      const { connectorId, address } = c.context
      // The adapter may be the dapp's own: a synchronous throw or a foreign error value becomes a typed error.
      const signature = await callForeign('signMessage', () => target.signMessage({ connectorId, address, message }))
      if (typeof signature !== 'string' || signature.length === 0) throw new InvalidProviderResponseError('signMessage', signature)
      return signature
    },
    /**
     * The chain adapter of a configured namespace, loaded if it was not yet (spec §1 lazy rule): for the calls only
     * one namespace has, e.g. Bitcoin's `sendTransfer` (the wallet builds, signs and broadcasts; spec §6 keeps
     * Bitcoin out of the Send view) or `signPSBT`.
     * @throws ChainAdapterNotFoundError ('Chain adapter not found', an `InvalidOptionsError`) when no network of that
     *   namespace is configured.
     * @example
     * const btc = (await modal.getAdapter('bip122')) as Bip122Adapter
     * await btc.sendTransfer({ connectorId, network, recipient, amount: 10_000n })
     */
    async getAdapter(namespace: ChainNamespace): Promise<ChainAdapter> {
      const found = adapters[namespace]
      if (!found) throw new ChainAdapterNotFoundError(namespace)
      const lazy = found as ChainAdapter & { load?: () => Promise<ChainAdapter> }
      return lazy.load ? lazy.load() : found
    },
  }
}
