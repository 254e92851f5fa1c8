/**
 * The errors of the modal's own plumbing (the facade, the React provider, the feature assembly): each a
 * {@link BaseError} with a name a dapp can test (`error.name`), its message kept as the product has always said it.
 */
import { BaseError } from '../adapters/errors.ts'
import { localFeatureKeys, type FeatureFlag } from '../services/features.ts'
import type { ViewName } from '../machines/views.ts'

/** A React hook or button of `latchkey/react` rendered outside a `<ModalProvider modal={…}>`: a setup error of the dapp. */
export class ModalProviderMissingError extends BaseError {
  static override docsPath = '/errors/ModalProviderMissingError'
  override name = 'ModalProviderMissingError'
  constructor() {
    super('useModal and the buttons must be used inside <ModalProvider modal={…}>.')
  }
}

/** A view rendered before the modal's core arrived: a programming error of the shell (views render only after it). */
export class CoreNotReadyError extends BaseError {
  static override docsPath = '/errors/CoreNotReadyError'
  override name = 'CoreNotReadyError'
  constructor() {
    super("latchkey: a view rendered before the modal's core was in.")
  }
}

/** A call on a modal instance after `destroy()`: the instance holds nothing any more. */
export class ModalDestroyedError extends BaseError {
  static override docsPath = '/errors/ModalDestroyedError'
  override name = 'ModalDestroyedError'
  constructor() {
    super('The modal was destroyed.')
  }
}

/** A feature needs the blockchain API and the options name none (`options.api.blockchainUrl`). */
export class ApiNotConfiguredError extends BaseError {
  static override docsPath = '/errors/ApiNotConfiguredError'
  override name = 'ApiNotConfiguredError'
  constructor() {
    super('No blockchain API configured (options.api.blockchainUrl).')
  }
}

/** A balance was asked for a network the modal is not configured with (its CAIP-2 id is not in `networks`). */
export class NetworkNotConfiguredError extends BaseError {
  static override docsPath = '/errors/NetworkNotConfiguredError'
  override name = 'NetworkNotConfiguredError'
  constructor(caipNetworkId: string) {
    super(`The network ${caipNetworkId} is not configured (options.networks).`)
  }
}

/**
 * An embedded-wallet feature (email, social or Farcaster login, the account type, the email update, the wallets list)
 * assembled without the embedded wallet it runs on. `message` is the spec's words (spec §8), e.g.
 * 'Unable to load email login dependency'.
 */
export class FeatureDependencyError extends BaseError {
  static override docsPath = '/errors/FeatureDependencyError'
  override name = 'FeatureDependencyError'
}

/** The on-ramp's API gave no checkout URL for this network (the provider does not serve it). */
export class OnrampUrlUnavailableError extends BaseError {
  static override docsPath = '/errors/OnrampUrlUnavailableError'
  override name = 'OnrampUrlUnavailableError'
  constructor() {
    super('The on-ramp URL is not available on this network')
  }
}

export type FeatureDisabledErrorParameters = {
  /** The feature-set key that is off. */
  feature: FeatureFlag
  /** The view that was asked for. */
  view: ViewName
}

/**
 * `modal.open({ view })` asked for a view of a feature that is off: e.g. `open({ view: 'Send' })` with
 * `features: { send: false }`. Names the feature and the option that turns it on; for a remote-controlled feature
 * (spec §6), also the project's remote configuration and basic mode, which can turn it off whatever the option says.
 *
 * @example
 * try { modal.open({ view: 'Send' }) } catch (e) { if (e instanceof FeatureDisabledError) console.log(e.feature) } // 'send'
 */
export class FeatureDisabledError extends BaseError {
  static override docsPath = '/errors/FeatureDisabledError'
  override name = 'FeatureDisabledError'
  /** The feature-set key that is off (`send`, `receive`, `allWallets`, …). */
  feature: FeatureFlag
  /** The option that turns it on: `features.<key>`. */
  option: string
  view: ViewName
  constructor({ feature, view }: FeatureDisabledErrorParameters) {
    const option = `features.${feature}`
    const local = (localFeatureKeys as readonly string[]).includes(feature)
    super(`The ${feature} feature is off: the ${view} view cannot open.`, {
      metaMessages: [
        local
          ? `Turn it on with the \`${option}\` option of createModal.`
          : `Turn it on with the \`${option}\` option of createModal, or in the project's remote configuration (which overrides the option); basic mode turns it off.`,
      ],
    })
    this.feature = feature
    this.option = option
    this.view = view
  }
}

export type ConnectionNotFoundErrorParameters = { connectionId?: string | undefined; address?: string | undefined; namespace?: string | undefined }

/** `switchConnection` or `deleteConnection` named a connection the visitor does not hold (spec §6). */
export class ConnectionNotFoundError extends BaseError {
  static override docsPath = '/errors/ConnectionNotFoundError'
  override name = 'ConnectionNotFoundError'
  /** The id or address asked for. */
  readonly connectionId: string | undefined
  readonly address: string | undefined
  constructor({ connectionId, address, namespace }: ConnectionNotFoundErrorParameters) {
    super('Connection not found', {
      details: `No held connection ${connectionId ? `with id ${connectionId}` : `with address ${address ?? '(none given)'}`}${namespace ? ` in the ${namespace} namespace` : ''}.`,
    })
    this.connectionId = connectionId
    this.address = address
  }
}
