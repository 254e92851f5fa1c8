/**
 * The error a test throws for its own failure: a helper that finds no dialog, button or held call yet (inside
 * `waitFor`, which tries again), a model event with no gesture, a path that did not visit the state it should, a
 * setup that cannot go on. A `BaseError` like every error of the project (never a plain `Error`); its message is the
 * text given. Not for a stand-in's failure (a wallet, node or server refusing), which keeps the shape the code under
 * test reads.
 */
import { BaseError } from '../../kernel/errors.ts'

export class TestFailure extends BaseError {
  override name = 'TestFailure'
}
