/**
 * The embedded wallet's session as the modal knows it (spec §3 storage keys of the email login, §4): the signed-in
 * user the frame last reported, the chain the wallet acts on, what is stored of them, and who listens to their
 * changes (the EIP-1193 provider's `accountsChanged` / `chainChanged` listeners, the account-type switch, the Solana
 * side's sign-out).
 */
import * as v from 'valibot'
import type { FrameEvent, FrameUser } from '../adapters/frame.protocol.ts'

/** The storage keys of the email login (spec §3), without the modal's prefix. */
export const embeddedStorageKeys = {
  emailLoginUsed: 'email_login_used',
  email: 'email',
  socialUsername: 'social_username',
  /** The social provider of the signed-in user (spec §3 account state `socialProvider`). */
  socialProvider: 'social_provider',
  lastEmailLoginTime: 'last_email_login_time',
  lastUsedChain: 'last_used_chain',
} as const

/** What the embedded wallet needs of the modal's storage (`services/storage.ts` raw access). */
export type EmbeddedStorage = {
  read<S extends v.GenericSchema>(key: string, schema: S): v.InferOutput<S> | undefined
  write(key: string, value: unknown): void
  remove(key: string): void
}

/** Calls each listener with `args`; a listener's failure is its own. */
function tellAll<A extends unknown[]>(listeners: Iterable<(...args: A) => void>, ...args: A) {
  for (const l of [...listeners]) {
    try {
      l(...args)
    } catch {
      // a listener's failure is its own
    }
  }
}

export type EmbeddedSession = ReturnType<typeof createEmbeddedSession>

/**
 * Creates the session of one embedded wallet. It starts on the stored last-used chain, else `startChainId`.
 * `onChain` is told each chain change (the frameRpc machine's chain follows).
 * @example
 * const session = createEmbeddedSession({ storage, startChainId: 1, onChain: (id) => rpc.send({ type: 'frameRpc.setChainId', chainId: id }) })
 */
export function createEmbeddedSession(p: { storage: EmbeddedStorage; startChainId: number; onChain: (chainId: number) => void }) {
  let chainId = p.storage.read(embeddedStorageKeys.lastUsedChain, v.number()) ?? p.startChainId
  let user: FrameUser | undefined
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  /** Told when the frame pushes the signed-in user (FRAME_SESSION_UPDATE with a user). */
  const userListeners = new Set<(user: FrameUser) => void>()
  /** Told when the embedded wallet signs out (the Solana side forgets its account). */
  const signOutListeners = new Set<() => void>()
  const isSolanaUser = (u: FrameUser) => typeof u.chainId === 'string' && u.chainId.startsWith('solana:')
  const fire = (event: string, ...args: unknown[]) => tellAll(listeners.get(event) ?? [], ...args)

  function setChain(id: number) {
    chainId = id
    p.storage.write(embeddedStorageKeys.lastUsedChain, id)
    p.onChain(id)
  }
  /** Keeps the user the frame reported: its chain, and its email or social login stored (spec §3). */
  function remember(u: FrameUser) {
    user = u
    const id = typeof u.chainId === 'number' ? u.chainId : Number(String(u.chainId).split(':').at(-1))
    if (Number.isSafeInteger(id) && id > 0) setChain(id)
    p.storage.write(embeddedStorageKeys.emailLoginUsed, true)
    if (u.email) p.storage.write(embeddedStorageKeys.email, u.email)
    if (u.userName && u.socialProvider) {
      p.storage.write(embeddedStorageKeys.socialUsername, u.userName)
      p.storage.write(embeddedStorageKeys.socialProvider, u.socialProvider)
    }
  }
  return {
    chainId: () => chainId,
    user: () => user,
    remember,
    setChain,
    fire,
    /** Spec §4: forgets the stored email, chain and social data (the last login time stays: the 30 s throttle holds across a sign-out). */
    clearLoginCache() {
      user = undefined
      for (const key of [embeddedStorageKeys.emailLoginUsed, embeddedStorageKeys.email, embeddedStorageKeys.socialUsername, embeddedStorageKeys.socialProvider, embeddedStorageKeys.lastUsedChain]) p.storage.remove(key)
    },
    /** Tells the sign-out's listeners. */
    signedOut: () => tellAll(signOutListeners),
    on(event: string, listener: (...args: unknown[]) => void) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
    },
    off: (event: string, listener: (...args: unknown[]) => void) => void listeners.get(event)?.delete(listener),
    onUser(listener: (user: FrameUser) => void): () => void {
      userListeners.add(listener)
      return () => void userListeners.delete(listener)
    },
    onSignOut(listener: () => void): () => void {
      signOutListeners.add(listener)
      return () => void signOutListeners.delete(listener)
    },
    /**
     * Follows the frame's session pushes: signed out (the accounts empty, the sign-out told), or the user updated (the
     * smart account deployed by its first user operation, a switch: the user's listeners told, `accountsChanged` when
     * the address moved).
     */
    onFrameEvent(event: FrameEvent) {
      if (event.type !== 'FRAME_SESSION_UPDATE' || !user) return
      if (event.payload === null) {
        user = undefined
        fire('accountsChanged', [])
        tellAll(signOutListeners)
      } else if (!isSolanaUser(event.payload)) {
        const before = user.address
        remember(event.payload)
        tellAll(userListeners, event.payload)
        if (event.payload.address.toLowerCase() !== before.toLowerCase()) fire('accountsChanged', [event.payload.address])
      }
    },
  }
}
