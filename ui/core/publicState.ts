/**
 * The public state of one modal instance (spec §3 "Public state"; what a dapp reads with `getState()` and
 * `subscribe()`): the modal's open view, the active namespace's account (with the embedded wallet's user and account
 * type), the active network, the sign-in phase and the resolved features, derived from the root actor's children.
 */
import type { AnyActorRef } from 'xstate'
import * as v from 'valibot'
import { connectAccount, type AccountView } from '../../machines/connection.connect.ts'
import { connectModal } from '../../machines/modal.connect.ts'
import { connectNetwork } from '../../machines/network.connect.ts'
import type { RootActor } from '../../machines/root.ts'
import type { SiwxView } from '../../machines/siwx.connect.ts'
import type { ModalStorage } from '../../services/storage.ts'
import type { FeatureRefs } from '../assemble/index.ts'
import { idleSiwx } from '../createModal.defaults.ts'
import { defaultSwapProvider } from '../../kernel/swap.ts'
import type { ModalOptions, ModalState } from '../types.ts'

export type CreatePublicStateParameters = {
  options: ModalOptions
  storage: ModalStorage
  /** The started root actor. */
  actor: RootActor
  /** The sign-in view model's module, once loaded with the SIWX machine. */
  siwxView: () => typeof import('../../machines/siwx.connect.ts') | undefined
}

/**
 * Creates `getState` and `subscribe` of one core. `getState()` returns the same object until something changes (safe
 * for `useSyncExternalStore`); `subscribe(listener)` calls `listener` with each new state and returns unsubscribe.
 * @example
 * const { getState, subscribe } = createPublicState({ options, storage, actor, siwxView })
 * subscribe((state) => console.log(state.account.address))
 */
export function createPublicState({ options, storage, actor, siwxView }: CreatePublicStateParameters) {
  const { router, modal, network, connections } = actor.getSnapshot().context
  const feature = <K extends keyof FeatureRefs>(id: K): FeatureRefs[K] => actor.getSnapshot().context.features[id] as FeatureRefs[K]

  /** The embedded wallet's user on the auth connector's account (spec §3 `socialProvider`, `user`), from the stored login. */
  function withEmbeddedUser(account: AccountView): ModalState['account'] {
    if (account.connectorId !== 'auth' || !account.isConnected) return account
    // The account-type switch's state (spec §3 account state; read with the embedded account, pushed by the frame).
    const typeState = account.caipAddress?.startsWith('eip155:') ? feature('accountType')?.getSnapshot().context.state : undefined
    if (typeState) account = { ...account, preferredAccountType: typeState.preferredAccountType, smartAccountDeployed: typeState.smartAccountDeployed } as AccountView
    const text = v.string()
    const email = storage.read('email', text)
    const username = storage.read('social_username', text)
    const socialProvider = storage.read('social_provider', text)
    if (!email && !username) return account
    return { ...account, ...(socialProvider && !email ? { socialProvider } : {}), user: email ? { email } : { username: username! } }
  }
  /** The public sign-in state; before the SIWX machine is spawned (no connection yet): idle, the option's `required`. */
  function pickSiwx(required: boolean): ModalState['siwx'] {
    const snapshot = feature('siwx')?.getSnapshot()
    const view = siwxView()
    if (!snapshot || !view) return idleSiwx(required)
    const siwx: SiwxView = view.connectSiwx(snapshot)
    return { phase: siwx.phase, required: siwx.required, session: siwx.session }
  }
  function computeState(): ModalState {
    const net = connectNetwork(network.getSnapshot())
    const m = connectModal(modal.getSnapshot(), router.getSnapshot())
    return {
      open: m.isOpen,
      view: m.view,
      account: withEmbeddedUser(connectAccount(actor.getSnapshot().context.connection.getSnapshot(), net.active)),
      activeNamespace: actor.getSnapshot().context.activeNamespace,
      caipNetworkId: net.active.caipNetworkId,
      network: net.active,
      isUnsupportedChain: net.isUnsupported,
      siwx: options.siwx ? pickSiwx(options.siwx.required ?? false) : undefined,
      features: actor.getSnapshot().context.flags,
      swapProvider: options.swapProvider ?? defaultSwapProvider,
    }
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
    // The SIWX actor is spawned with the first connection, the account-type switch with an embedded account: each is
    // followed from then on (the root's snapshot says when).
    const followed = new Map<string, { unsubscribe(): void }>()
    const follow = () => {
      for (const id of ['siwx', 'accountType'] as const) {
        const ref = feature(id) as AnyActorRef | undefined
        if (ref && !followed.has(id)) followed.set(id, ref.subscribe(onChange))
      }
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
  return { getState, subscribe, feature }
}
