import { BaseError, type BaseErrorParameters } from '../kernel/errors.ts'

/*
 * The errors of the batched-calls API (EIP-5792 `modal.sendCalls`, `modal.getCallsStatus`, `modal.getCapabilities`;
 * spec §4 frame RPC, §5, §7) that belong to no single step: in a module of their own, with nothing else, so that a dapp
 * imports them for `instanceof` without any of the batch code.
 */

/**
 * The code of batched calls could not be fetched (offline, or a deploy replaced the page's chunks): nothing was sent,
 * nothing was asked of the wallet. The next call fetches it again. `cause` is the failed fetch, when known.
 */
export class CallsUnavailableError extends BaseError {
  static override docsPath = '/errors/CallsUnavailableError'
  override name = 'CallsUnavailableError'
  constructor(args: { cause?: unknown } = {}) {
    super('Batched calls could not be loaded', { details: 'Nothing was sent. Check your connection and try again.', ...args })
  }
}

/**
 * A batch a dapp asked for that cannot be sent as given: a call's address or data is not 0x-hex, a value is neither a
 * bigint nor a hex quantity, the list is empty or longer than the batch limit (`maxBatchCalls`), an option has the wrong type.
 * Nothing was sent. `path` names the refused field (`calls[1].data`).
 */
export class InvalidCallsError extends BaseError {
  static override docsPath = '/errors/InvalidCallsError'
  override name = 'InvalidCallsError'
  /** The refused field, `calls[1].data`, `atomicRequired`, or `calls` for the list itself. */
  path: string
  constructor(path: string, why: string, args: BaseErrorParameters = {}) {
    super(`${path}: ${why}`, args)
    this.path = path
  }
}

/** The batch names a chain the dapp did not configure (spec §5 "chain configured"). Nothing was sent. */
export class CallsChainNotConfiguredError extends BaseError {
  static override docsPath = '/errors/CallsChainNotConfiguredError'
  override name = 'CallsChainNotConfiguredError'
  /** The chain asked for, as given. */
  chainId: number | string
  constructor(chainId: number | string, configured: readonly string[]) {
    super('The batch names a network that is not configured', { details: `Asked for ${String(chainId)}; configured: ${configured.join(', ') || 'none'}.` })
    this.chainId = chainId
  }
}

/**
 * The batch was sent but its end is not known: the wallet did not report one within the status timeout, or answered a
 * status that cannot be read or is about another batch. It may still land: check the wallet before sending again.
 * `reason` says which (default: the timeout).
 */
export class CallsStatusUnknownError extends BaseError {
  static override docsPath = '/errors/CallsStatusUnknownError'
  override name = 'CallsStatusUnknownError'
  constructor(id: string, reason = 'no end within the status timeout') {
    super('The calls were sent; their status is not known yet', { details: `Batch ${id}: ${reason}.` })
  }
}

/** The batch must run all or none (`atomicRequired`) and the wallet cannot do that: nothing was sent. */
export class AtomicCallsUnsupportedError extends BaseError {
  static override docsPath = '/errors/AtomicCallsUnsupportedError'
  override name = 'AtomicCallsUnsupportedError'
  constructor(reason: string) {
    super('This wallet cannot run these calls together', { details: reason })
  }
}

/** The wallet refused the batch, or answered it without an id: nothing can be followed. `error` is the reason. */
export class BatchFailedError extends BaseError {
  static override docsPath = '/errors/BatchFailedError'
  override name = 'BatchFailedError'
  constructor(reason: { name: string; message: string } | undefined) {
    super('The wallet could not run the calls', { details: reason ? `${reason.name}: ${reason.message}` : 'No reason given.' })
  }
}

/** `getCallsStatus` for an id neither this modal nor the wallet knows (EIP-5792 5730). */
export class UnknownBatchError extends BaseError {
  static override docsPath = '/errors/UnknownBatchError'
  override name = 'UnknownBatchError'
  constructor(id: string, args: { cause?: unknown } = {}) {
    super('No batch of calls has this id', { details: `Batch ${id}.`, ...args })
  }
}
