/**
 * The errors of the modal's own plumbing (the facade, the React provider, the feature assembly): each a
 * {@link BaseError} with a name a dapp can test (`error.name`), its message kept as the product has always said it.
 */
import { BaseError } from '../adapters/errors.ts'

/** A React hook or button of `latchkey/react` rendered outside a `<ModalProvider modal={…}>`: a setup error of the dapp. */
export class ModalProviderMissingError extends BaseError {
  override name = 'ModalProviderMissingError'
  constructor() {
    super('useModal and the buttons must be used inside <ModalProvider modal={…}>.')
  }
}

/** A view rendered before the modal's core arrived: a programming error of the shell (views render only after it). */
export class CoreNotReadyError extends BaseError {
  override name = 'CoreNotReadyError'
  constructor() {
    super("latchkey: a view rendered before the modal's core was in.")
  }
}

/** A call on a modal instance after `destroy()`: the instance holds nothing any more. */
export class ModalDestroyedError extends BaseError {
  override name = 'ModalDestroyedError'
  constructor() {
    super('The modal was destroyed.')
  }
}

/** A feature needs the blockchain API and the options name none (`options.api.blockchainUrl`). */
export class ApiNotConfiguredError extends BaseError {
  override name = 'ApiNotConfiguredError'
  constructor() {
    super('No blockchain API configured (options.api.blockchainUrl).')
  }
}

/**
 * An embedded-wallet feature (email, social or Farcaster login, the account type, the email update, the wallets list)
 * assembled without the embedded wallet it runs on. `message` is the spec's words (spec §8), e.g.
 * 'Unable to load email login dependency'.
 */
export class FeatureDependencyError extends BaseError {
  override name = 'FeatureDependencyError'
}

/** The on-ramp's API gave no checkout URL for this network (the provider does not serve it). */
export class OnrampUrlUnavailableError extends BaseError {
  override name = 'OnrampUrlUnavailableError'
  constructor() {
    super('The on-ramp URL is not available on this network')
  }
}
