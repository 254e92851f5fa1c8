/**
 * The public state of one modal instance (spec §3 "Public state"; what a dapp reads with `getState()` and
 * `subscribe()`): the modal's open view, the active namespace's account (with the embedded wallet's user), the active
 * network, the sign-in phase and the resolved features, derived from the root actor's children; the spawned features
 * add their share through their public faces (`ui/assemble/host.ts` `FeaturePublicFace`: the sign-in's phase, the
 * embedded account's type), without this file naming one.
 */
import type { AnyActorRef } from 'xstate'
import * as v from 'valibot'
import { connectAccount, type AccountView } from '../../machines/connection.connect.ts'
import { connectModal } from '../../machines/modal.connect.ts'
import { connectNetwork } from '../../machines/network.connect.ts'
import type { RootActor } from '../../machines/root.ts'
import type { ModalStorage } from '../../services/storage.ts'
import { featureMachineIds, type FeatureMachineId, type FeaturePublicFace } from '../assemble/index.ts'
import { idleSiwx } from '../createModal.defaults.ts'
import { defaultSwapProvider } from '../../kernel/swap.ts'
import type { ModalOptions, ModalState } from '../types.ts'

export type CreatePublicStateParameters = {
  options: ModalOptions
  storage: ModalStorage
  /** The started root actor. */
  actor: RootActor
  /** The public faces of the features whose module is in, by id (`createFeatureHost`'s `faces`). */
  faces: () => ReadonlyMap<FeatureMachineId, FeaturePublicFace<unknown>>
}

/** A spawned feature with a public face: its actor and its face. */
export type FacedFeature = { ref: AnyActorRef; face: FeaturePublicFace<unknown> }

/**
 * Creates `getState` and `subscribe` of one core. `getState()` returns the same object until something changes (safe
 * for `useSyncExternalStore`); `subscribe(listener)` calls `listener` with each new state and returns unsubscribe.
 * @example
 * const { getState, subscribe } = createPublicState({ options, storage, actor, faces })
 * subscribe((state) => console.log(state.account.address))
 */
export function createPublicState({ options, storage, actor, faces }: CreatePublicStateParameters) {
  const { router, modal, network, connections } = actor.getSnapshot().context
  /** The spawned features that have a public face, in the list's order. */
  function faced(): FacedFeature[] {
    const spawned: Partial<Record<string, AnyActorRef>> = actor.getSnapshot().context.features
    return featureMachineIds.flatMap((id) => {
      const ref = spawned[id]
      const face = faces().get(id)
      return ref && face ? [{ ref, face }] : []
    })
  }

  /** The embedded wallet's user on the auth connector's account (spec §3 `socialProvider`, `user`), from the stored login. */
  function withEmbeddedUser(account: AccountView) {
    if (account.connectorId !== 'auth' || !account.isConnected) return account
    const text = v.string()
    const email = storage.read('email', text)
    const username = storage.read('social_username', text)
    const socialProvider = storage.read('social_provider', text)
    if (!email && !username) return account
    return { ...account, ...(socialProvider && !email ? { socialProvider } : {}), user: email ? { email } : { username: username! } }
  }
  /** The state of the root's own actors (the sign-in idle, with the option's `required`), then each spawned feature's share. */
  function computeState(): ModalState {
    const net = connectNetwork(network.getSnapshot())
    const m = connectModal(modal.getSnapshot(), router.getSnapshot())
    const own: ModalState = {
      open: m.isOpen,
      view: m.view,
      account: withEmbeddedUser(connectAccount(actor.getSnapshot().context.connection.getSnapshot(), net.active)),
      activeNamespace: actor.getSnapshot().context.activeNamespace,
      caipNetworkId: net.active.caipNetworkId,
      network: net.active,
      isUnsupportedChain: net.isUnsupported,
      siwx: options.siwx ? idleSiwx(options.siwx.required ?? false) : undefined,
      features: actor.getSnapshot().context.flags,
      swapProvider: options.swapProvider ?? defaultSwapProvider,
    }
    return faced().reduce((state, { ref, face }) => (face.state ? face.state(ref.getSnapshot(), state) : state), own)
  }
  let cached: { key: string; state: ModalState } | undefined
  function getState(): ModalState {
    const state = computeState()
    const key = JSON.stringify(state)
    if (cached?.key === key) return cached.state
    cached = { key, state }
    return state
  }
  function subscribe(listener: (state: ModalState) => void): () => void {
    let last = getState()
    const onChange = () => {
      const next = getState()
      if (next !== last) {
        last = next
        listener(next)
      }
    }
    const subs = [router.subscribe(onChange), modal.subscribe(onChange), ...Object.values(connections).map((c) => c!.subscribe(onChange)), network.subscribe(onChange)]
    // A feature with a share of the state is followed from its spawn on (the sign-in with the first connection, the
    // account-type switch with an embedded account: the root's snapshot says when).
    const followed = new Map<AnyActorRef, { unsubscribe(): void }>()
    const follow = () => {
      for (const { ref, face } of faced()) if (face.state && !followed.has(ref)) followed.set(ref, ref.subscribe(onChange))
    }
    subs.push(
      actor.subscribe(() => {
        follow()
        onChange()
      }),
    )
    follow()
    return () => {
      for (const s of subs) s.unsubscribe()
      for (const s of followed.values()) s.unsubscribe()
    }
  }
  return { getState, subscribe, faced }
}
