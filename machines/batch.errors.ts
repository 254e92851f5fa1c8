import { BaseError } from '../kernel/errors.ts'

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
  override name = 'CallsUnavailableError'
  constructor(args: { cause?: unknown } = {}) {
    super('Batched calls could not be loaded', { details: 'Nothing was sent. Check your connection and try again.', ...args })
  }
}
