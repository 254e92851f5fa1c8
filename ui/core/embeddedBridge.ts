/**
 * The core's side of the embedded wallet (spec §4 "Embedded-wallet RPC lifecycle", §7 "Embedded wallet iframe"): its
 * module (`ui/embedded.ts`) fetched with its first use, the `auth` provider standing in until then, its approvals, the
 * theme sync, and the modal's moves that reject its pending requests.
 */
import type { Eip1193Provider } from '../../adapters/types.ts'
import type { EmbeddedSolanaBackend } from '../../adapters/solana.auth.ts'
import type { CaipNetwork } from '../../adapters/networks.ts'
import type { CommandEvent } from '../../machines/features.ts'
import type { EmbeddedApprovalEvent } from '../../machines/frame.ts'
import type { ToastText } from '../../machines/messages.ts'
import { connectModal } from '../../machines/modal.connect.ts'
import type { RootActor } from '../../machines/root.ts'
import type { ModalStorage } from '../../services/storage.ts'
import { featureTaking } from '../assemble/index.ts'
import type { EmbeddedWallet } from '../embedded.ts'
import { InvalidOptionsError } from '../options.ts'
import { takeSocialReturn } from '../socialReturn.ts'
import type { Metadata, ModalOptions, ModalTheme } from '../types.ts'
import type { ModalLog } from '../log.ts'

export type CreateEmbeddedBridgeParameters = {
  options: ModalOptions
  storage: ModalStorage
  /** The instance's log (spec §9): a failed social login's return is written there (spec §8). */
  log: ModalLog
  metadata: Metadata
  /** The modal's theme now, and its changes (the facade owns it). */
  theme: () => ModalTheme
  subscribeTheme: (listener: (theme: ModalTheme) => void) => () => void
  /** The modal's language now: the frame's pages speak it (spec §4 frame pages). */
  locale?: (() => string) | undefined
  /** Follows the modal's language: each change goes to a loaded frame (its pages follow `setLocale` at once). */
  subscribeLocale?: ((listener: () => void) => () => void) | undefined
  /** The configured networks now (the network actor's list). */
  networksNow: () => readonly CaipNetwork[]
  /** The root actor; called only once it exists (after the core started). */
  root: () => RootActor
  /** Shows an error toast (nothing before the root actor exists). */
  toast: (message: ToastText) => void
}

/**
 * Creates the embedded-wallet bridge of one core. Nothing is fetched until `load()` is first called
 * (the first email action, a stored email session's restore, the `auth` provider's first request).
 * @throws InvalidOptionsError 'Unable to load email login dependency' (from `load()`) when the module cannot be fetched;
 *   the next call tries again.
 * @example
 * const bridge = createEmbeddedBridge({ options, storage, log, metadata, theme, subscribeTheme, networksNow, root, toast })
 * const wallet = await bridge.load()
 */
export function createEmbeddedBridge(p: CreateEmbeddedBridgeParameters) {
  const { options } = p
  const evmNetworkIds = options.networks.filter((n) => n.chainNamespace === 'eip155').map((n) => Number(n.id))
  let loading: Promise<EmbeddedWallet> | undefined
  const whenLoaded = (use: (wallet: EmbeddedWallet) => void) => void loading?.then(use, () => {})
  // Spec §3 theme sync: on each `setThemeMode` / `setThemeVariables` the frame gets the new theme, once it is up.
  const stopThemeSync = p.subscribeTheme(() => whenLoaded((e) => e.resync()))
  // The modal's language changed (`setLocale`, or its catalogue arrived after the frame loaded): the frame follows.
  const stopLocaleSync = p.subscribeLocale?.(() => whenLoaded((e) => e.relocale())) ?? (() => {})

  /**
   * The unsafe requests waiting for approval: the first one puts ApproveTransaction on the transaction stack (the modal
   * opened on it when closed), the last one's outcome pops it ('success' after the balance refresh, 'error') or closes
   * the modal it opened (the email login's machine, `machines/emailLogin.ts`, makes these the moves). The requests are
   * forgotten once the visitor leaves ApproveTransaction or closes the modal (see `follow`): an outcome after that is
   * not delivered.
   */
  const approvals = { pending: new Set<string>(), modalWasOpen: false, first: '' }
  /** An event from outside the views, delivered to the feature whose manifest takes it (none: dropped). */
  function deliver(actor: RootActor, event: CommandEvent) {
    const feature = featureTaking(event.type)
    if (feature) actor.send({ type: 'feature.deliver', feature, event })
  }
  function onApproval(event: { type: 'requested' | 'approved' | 'failed'; id: string }) {
    const actor = p.root()
    if (event.type === 'requested') {
      const first = approvals.pending.size === 0
      approvals.pending.add(event.id)
      if (!first) return
      approvals.modalWasOpen = connectModal(actor.getSnapshot().context.modal.getSnapshot(), actor.getSnapshot().context.router.getSnapshot()).isOpen
      approvals.first = event.id
      deliver(actor, { type: 'embedded.approvalRequested', id: event.id, modalWasOpen: approvals.modalWasOpen } satisfies EmbeddedApprovalEvent)
      return
    }
    if (!approvals.pending.delete(event.id) || approvals.pending.size > 0) return
    deliver(actor, { type: 'embedded.approvalEnded', id: approvals.first, outcome: event.type === 'approved' ? 'success' : 'error', modalWasOpen: approvals.modalWasOpen } satisfies EmbeddedApprovalEvent)
  }

  /** The embedded wallet, its module fetched on the first call; a failed fetch is tried again at the next call. */
  const load = (): Promise<EmbeddedWallet> =>
    (loading ??= import('../embedded.ts').then(
      (m) =>
        m.embeddedWalletOfModal({
          options,
          storage: p.storage,
          metadata: p.metadata,
          evmNetworkIds,
          theme: p.theme,
          ...(p.locale ? { locale: p.locale } : {}),
          rpcUrlOf: (chainId) => p.networksNow().find((n) => n.chainNamespace === 'eip155' && Number(n.id) === chainId)?.rpcUrls.default.http[0],
          open: () => p.root().send({ type: 'app.open' }),
          toast: p.toast,
          refreshBalance: () => p.root().getSnapshot().context.connection.send({ type: 'connection.refreshBalance' }),
          approval: onApproval,
        }),
      (error: unknown) => {
        loading = undefined
        throw new InvalidOptionsError('Unable to load email login dependency', { cause: error })
      },
    ))

  /** The auth connector's provider: a stand-in that fetches the embedded wallet with its first call. */
  const authProvider: Eip1193Provider | undefined = options.embeddedWallet
    ? {
        request: (args) => load().then((e) => e.provider.request(args)),
        on: (event, listener) =>
          void load().then(
            (e) => e.provider.on?.(event, listener),
            () => {},
          ),
        removeListener: (event, listener) => whenLoaded((e) => e.provider.removeListener?.(event, listener)),
      }
    : undefined

  /**
   * Follows the started root actor: a social login by redirect that came back (`result_uri` or `social_error` in the
   * page address, spec §2) is read, removed and handed to the social login (a refusal opens the modal, where it shows);
   * closing the modal, or leaving ApproveTransaction while the frame still asks, rejects the requests waiting for
   * approval (spec §4).
   */
  function follow(actor: RootActor) {
    const back = options.embeddedWallet && options.adapter == null ? takeSocialReturn(globalThis.window) : undefined
    if (back) deliver(actor, back)
    if (back?.type === 'socialLogin.refused') {
      // Spec §8: a failed Telegram (or redirect) social login is logged and ends loading; the modal opens with its message.
      p.log.error(`Social login failed: ${back.message}`)
      actor.send({ type: 'app.open' })
    }
    if (!options.embeddedWallet) return
    const { modal, router } = actor.getSnapshot().context
    let wasOpen = false
    let wasApproving = false
    const rejectPending = () => {
      approvals.pending.clear()
      whenLoaded((e) => e.modalClosed())
    }
    modal.subscribe(() => {
      const isOpen = connectModal(modal.getSnapshot(), router.getSnapshot()).isOpen
      if (wasOpen && !isOpen) rejectPending()
      wasOpen = isOpen
    })
    router.subscribe((s) => {
      const approving = s.context.history.at(-1)?.view === 'ApproveTransaction'
      if (wasApproving && !approving && approvals.pending.size > 0) rejectPending()
      wasApproving = approving
    })
  }

  return {
    load,
    /** The `embedded` of the core: {@link load} with the `embeddedWallet` option, else undefined. */
    publicLoad: options.embeddedWallet ? load : undefined,
    authProvider,
    /** The embedded wallet's Solana side, for the Solana adapter's `auth` connector (spec §6). */
    solanaAuth: options.embeddedWallet ? { load: (): Promise<EmbeddedSolanaBackend> => load().then((e) => e.solana) } : undefined,
    follow,
    /** Stops the theme and language syncs and destroys the wallet if it was loaded (its frame, its actors). */
    destroy() {
      stopThemeSync()
      stopLocaleSync()
      whenLoaded((e) => e.destroy())
    },
  }
}
