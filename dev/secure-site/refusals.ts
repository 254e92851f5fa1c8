/** The secure site's refusals: their words (what the frame passes on as its error replies) and their error class. */
import { BaseError } from '../../kernel/errors.ts'

/** The spec's throttle sentence (§5: "a message asking to try again after N seconds"). */
export function throttleMessage(seconds: number): string {
  return `Please try again after ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
}

/** Error messages of the secure site's refusals (the frame passes them on as its error replies). */
export const secureMessages = {
  invalidEmail: 'Invalid email address',
  invalidDevice: 'Invalid device',
  noCode: 'No code was sent to this email on this device: request a new code',
  wrongCode: 'Invalid code',
  codeLocked: 'Too many wrong codes: request a new code',
  codeExpired: 'The code has expired: request a new code',
  linkInvalid: 'This link is not valid',
  linkExpired: 'This link has expired: sign in again to get a new one',
  notAllowed: 'Requested RPC call is not allowed',
  notSupported: 'Method not supported by the embedded wallet',
  chainNotSupported: 'Chain is not supported',
  wrongAccount: 'The address is not the embedded wallet’s',
  invalidParams: 'Invalid params',
} as const

/** A refusal of the secure site: an HTTP status, the message, and for JSON-RPC failures the EIP-1193 / JSON-RPC code. */
export class SecureSiteError extends BaseError {
  override name = 'SecureSiteError'
  constructor(
    readonly status: number,
    message: string,
    readonly extra: { retryAfterSeconds?: number; code?: number } = {},
  ) {
    super(message)
  }
}
