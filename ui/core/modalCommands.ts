/**
 * The modal's own commands of one core (spec §2 "Opening the modal", §3 SIWX, §4): open, close, the sign-in session,
 * the balance refresh and the disconnect, each an event to the root actor.
 */
import type { RootActor } from '../../machines/root.ts'
import type { SiwxSession } from '../../kernel/siwx.ts'
import { isViewName, type ViewData, type ViewName } from '../../machines/views.ts'
import { disabledFlagOf, openingMachines, prefetchIntent } from '../features.ts'
import { FeatureDisabledError } from '../errors.ts'
import { InvalidOptionsError } from '../options.ts'
import { checkViewData } from '../viewData.ts'
import type { FacedFeature } from './publicState.ts'

export type CreateModalCommandsParameters = {
  /** The started root actor. */
  actor: RootActor
  /** The `siwx` option; throws 'SIWX is not enabled' without it (spec §8). */
  requireSiwx: () => unknown
  /** The spawned features with a public face (`createPublicState`'s `faced`): who answers the session and the refresh. */
  faced: () => FacedFeature[]
}

/**
 * Creates the modal commands of one core.
 * @example
 * const { open } = createModalCommands({ actor, requireSiwx, faced })
 * open({ view: 'Account' })
 */
export function createModalCommands({ actor, requireSiwx, faced }: CreateModalCommandsParameters) {
  return {
    /**
     * Opens the modal (spec §2 "Opening the modal"). With `view`, that view opens with `data`.
     * @throws InvalidOptionsError for a view name this build does not have, and for bad swap arguments (`data` of
     *   `Swap`: `fromToken`/`toToken` non-empty strings, `amount` a positive decimal number of whole tokens as text).
     * @throws FeatureDisabledError for a view of a feature that is off in the resolved set (spec §6): `Send`,
     *   `SendSelectToken` and `SendPreview` with `features.send` off, `Receive` with `features.receive` off, `AllWallets`
     *   with `features.allWallets` off. Nothing opens then.
     * @example
     * modal.open({ view: 'Send' }) // throws FeatureDisabledError (feature 'send', option 'features.send') with send off
     */
    open(args: { view?: ViewName; data?: ViewData } = {}) {
      if (args.view !== undefined && !isViewName(args.view)) {
        throw new InvalidOptionsError(`Unknown view "${String(args.view)}"`)
      }
      checkViewData(args.view, args.data)
      const off = args.view === undefined ? undefined : disabledFlagOf(args.view, actor.getSnapshot().context.flags)
      if (off) throw new FeatureDisabledError({ feature: off, view: args.view! })
      // The view about to show starts fetching now (the page's buttons already did on pointerenter/focus): the
      // requested one, else Account when connected, else Connect (the open rules may still pick another).
      prefetchIntent(args.view ?? (actor.getSnapshot().context.connection.getSnapshot().hasTag('connected') ? 'Account' : 'Connect'))
      actor.send({ type: 'app.open', ...(args.view ? { view: args.view } : {}), ...(args.data ? { data: args.data } : {}) })
    },
    /**
     * Prepares a first opening of Connect before the visitor asks for it (spec §2 "Opening the modal"; the idle
     * prefetch calls it once the core is created at idle): the feature machines that opening needs
     * ({@link openingMachines}: the remote config's, the catalogue) are brought now (`feature.ensure`, their modules being
     * in), so that a tap only opens. Both wait for the opening before they do anything: the remote config loads on
     * `root.opened`, the catalogue on Connect's `catalogue.load`; nothing is requested and the public state is unchanged.
     * Only Connect's: Account's machine reads the account's data as it starts.
     */
    prepareConnect() {
      for (const feature of openingMachines('Connect')) actor.send({ type: 'feature.ensure', feature })
    },
    /** Closes the modal; refused (the modal shakes) while a required sign-in has no session. */
    close() {
      actor.send({ type: 'app.close' })
    },
    /**
     * The sign-in session of the connected account and chain (spec §3 SIWX message, signature), or `undefined`
     * when the visitor has not signed in.
     * @throws InvalidOptionsError 'SIWX is not enabled' without the `siwx` option (spec §8).
     */
    getSiwxSession(): SiwxSession | undefined {
      requireSiwx()
      // The sign-in's face answers once its machine is spawned (the first connection); before, there is no session.
      for (const { ref, face } of faced()) if (face.siwxSession) return face.siwxSession(ref.getSnapshot())
      return undefined
    },
    /**
     * Reads the active account's native balance and its Account data (tokens, activity) again, bypassing the caches:
     * after a transaction the dapp sent itself (e.g. Bitcoin's `sendTransfer` through `getAdapter`).
     */
    refreshBalance() {
      actor.getSnapshot().context.connection.send({ type: 'connection.refreshBalance' })
      for (const { ref, face } of faced()) if (face.refreshBalance) ref.send(face.refreshBalance)
    },
    /** Disconnects the connected wallet of the namespace. */
    disconnect() {
      actor.send({ type: 'app.disconnect' })
    },
  }
}
