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

/**
 * A stand-in's failure, thrown as something outside the library throws it: a wallet's provider, a node, a server, a
 * dapp's adapter, a storage or a callback. Deliberately a plain `Error` in shape, not a `BaseError`: the code under test
 * normalises foreign errors (adapters/errors.ts) and passes its own `BaseError`s through untouched, so a stand-in must
 * fail the way foreign code does. Its `name` stays `Error`, as a foreign error's would; constructing it under this name
 * says the failure is the test's stand-in, not a mistake.
 */
export class ForeignError extends Error {}
