/**
 * The auth (embedded wallet) connector on the solana namespace (spec §6: AUTH exists on eip155 and solana
 * only): a Wallet Standard wallet whose key lives on the secure site. It is never registered on the page (no other
 * site or script finds it): the Solana adapter serves it under the connector id `auth`, so the modal's Solana code —
 * connect, balance, `signMessage`, the Send feature's transfer — works with it as with any Solana wallet.
 *
 * Every signing method goes to the secure site's frame as an unsafe RPC request (spec §5): the visitor approves it in
 * the frame, over ApproveTransaction.
 */
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import { base58Decode, base58Encode, isSolanaAddress } from './solana.base58.ts'
import { InvalidProviderResponseError } from './errors.ts'

/** The connector id of the embedded wallet (spec §3 connector type AUTH), the same on every namespace. */
export const authSolanaConnectorId = 'auth'

/** What the embedded wallet offers the Solana side (`ui/embedded.ts` makes it; loaded with the first use). */
export type EmbeddedSolanaBackend = {
  /**
   * The signed-in user's Solana address on `chain` (`solana:<reference>`), through the frame's APP_GET_USER. With
   * `silent`, `undefined` when the frame has no session (nothing is asked of the visitor).
   */
  connect(chain: string, options: { silent: boolean }): Promise<string | undefined>
  /** One frame RPC request (`solana_…`) on `chain`; rejects with the frame's error (4001 when rejected in the frame). */
  request(method: string, params: unknown, chain: string): Promise<unknown>
  /** Signs out of the embedded wallet (every namespace). */
  disconnect(): Promise<void>
  /** Calls `listener` when the embedded wallet signs out (here or on another namespace). Returns the unsubscribe. */
  onSignOut(listener: () => void): () => void
}

/** Options of {@link createAuthSolanaWallet}. */
export type CreateAuthSolanaWalletParameters = {
  /** The dapp's Solana networks' CAIP-2 ids (`solana:<reference>`): the wallet's chains. */
  chains: readonly string[]
  /** Loads the embedded wallet's Solana side (the frame module is fetched on first use). */
  load(): Promise<EmbeddedSolanaBackend>
}

const features = ['standard:connect', 'standard:disconnect', 'standard:events', 'solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const

const toBase64 = (bytes: Uint8Array): string => {
  let text = ''
  for (const b of bytes) text += String.fromCharCode(b)
  return btoa(text)
}
const fromBase64 = (method: string, value: unknown): Uint8Array => {
  if (typeof value !== 'string') throw new InvalidProviderResponseError(method, value)
  try {
    return Uint8Array.from(atob(value), (c) => c.charCodeAt(0))
  } catch {
    throw new InvalidProviderResponseError(method, value)
  }
}
const signatureOf = (method: string, value: unknown): Uint8Array => {
  const signature = (value as { signature?: unknown } | null)?.signature
  if (typeof signature !== 'string') throw new InvalidProviderResponseError(method, value)
  let bytes: Uint8Array
  try {
    bytes = base58Decode(signature)
  } catch {
    throw new InvalidProviderResponseError(method, value)
  }
  // An ed25519 signature is 64 bytes.
  if (bytes.length !== 64) throw new InvalidProviderResponseError(method, value)
  return bytes
}

/**
 * The embedded wallet as a Wallet Standard wallet (not registered anywhere).
 *
 * - `standard:connect` asks the frame for the user's Solana address (silent: only when a session exists).
 * - `solana:signMessage` → `solana_signMessage { message: base58, pubkey }`; `solana:signTransaction` →
 *   `solana_signTransaction` (several inputs: `solana_signAllTransactions`, one approval); `solana:signAndSendTransaction`
 *   → `solana_signAndSendTransaction { transaction: base64, sendOptions }`.
 * - `standard:events` `change` with no accounts when the embedded wallet signs out.
 *
 * @example
 * const wallet = createAuthSolanaWallet({ chains: ['solana:AK7z…'], load: () => embedded().then((e) => e.solana) })
 * const { accounts } = await wallet.features['standard:connect'].connect()
 */
export function createAuthSolanaWallet({ chains, load }: CreateAuthSolanaWalletParameters): Wallet {
  const walletChains = chains.filter((c) => c.startsWith('solana:')) as IdentifierString[]
  let accounts: WalletAccount[] = []
  const listeners = new Set<(properties: { accounts: readonly WalletAccount[] }) => void>()
  // biome-ignore lint/correctness/noUnusedVariables: held only so that `??=` subscribes to the sign-out once; the wallet lives as long as the page
  let offSignOut: (() => void) | undefined
  const setAccounts = (next: WalletAccount[]) => {
    accounts = next
    for (const l of [...listeners]) l({ accounts })
  }
  const chainOf = (input: { chain?: unknown }): string => (typeof input.chain === 'string' && input.chain.startsWith('solana:') ? input.chain : (walletChains[0] ?? 'solana:unknown'))

  const wallet: Wallet = {
    version: '1.0.0',
    name: 'Email',
    icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAyNCAyNCIvPg==',
    chains: walletChains,
    get accounts() {
      return accounts
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          const backend = await load()
          offSignOut ??= backend.onSignOut(() => setAccounts([]))
          const address = await backend.connect(walletChains[0] ?? 'solana:unknown', { silent: input?.silent === true })
          if (address === undefined) return { accounts: [] }
          if (!isSolanaAddress(address)) throw new InvalidProviderResponseError('standard:connect', address)
          const account: WalletAccount = { address, publicKey: base58Decode(address), chains: walletChains, features: [...features] as IdentifierString[] }
          setAccounts([account])
          return { accounts }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          setAccounts([])
          await (await load()).disconnect()
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(event: string, listener: (properties: { accounts: readonly WalletAccount[] }) => void) {
          if (event !== 'change') return () => {}
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: Array<{ account: WalletAccount; message: Uint8Array }>) {
          const backend = await load()
          const outputs = []
          for (const input of inputs) {
            const chain = walletChains[0] ?? 'solana:unknown'
            const result = await backend.request('solana_signMessage', { message: base58Encode(input.message), pubkey: input.account.address }, chain)
            outputs.push({ signedMessage: input.message, signature: signatureOf('solana:signMessage', result) })
          }
          return outputs
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(...inputs: Array<{ account: WalletAccount; chain?: string; transaction: Uint8Array }>) {
          const backend = await load()
          if (inputs.length === 1) {
            const result = await backend.request('solana_signTransaction', { transaction: toBase64(inputs[0]!.transaction) }, chainOf(inputs[0]!))
            return [{ signedTransaction: fromBase64('solana:signTransaction', (result as { transaction?: unknown } | null)?.transaction) }]
          }
          const result = await backend.request('solana_signAllTransactions', { transactions: inputs.map((i) => toBase64(i.transaction)) }, chainOf(inputs[0] ?? {}))
          const list = (result as { transactions?: unknown } | null)?.transactions
          if (!Array.isArray(list) || list.length !== inputs.length) throw new InvalidProviderResponseError('solana:signTransaction', result)
          return list.map((t) => ({ signedTransaction: fromBase64('solana:signTransaction', t) }))
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(...inputs: Array<{ account: WalletAccount; chain?: string; transaction: Uint8Array; options?: Record<string, unknown> }>) {
          const backend = await load()
          const outputs = []
          for (const input of inputs) {
            const { commitment: _commitment, ...sendOptions } = input.options ?? {}
            const result = await backend.request('solana_signAndSendTransaction', { transaction: toBase64(input.transaction), sendOptions }, chainOf(input))
            outputs.push({ signature: signatureOf('solana:signAndSendTransaction', result) })
          }
          return outputs
        },
      },
    },
  }
  return wallet
}
