/**
 * The error of the development servers and scripts (dev/) for a failure of their own: a setup that cannot go on (a
 * node that does not answer as a node should, a contract operation without a handler, a tarball `npm pack` did not
 * leave), or a request they cannot serve. Never part of the package; a `BaseError` like the library's errors.
 */
import { BaseError } from '../kernel/errors.ts'

/** A development server's or script's failure; `details` and `cause` say more when given. */
export class DevError extends BaseError {
  override name = 'DevError'
}
