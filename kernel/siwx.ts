/**
 * Sign In With X (CAIP-122) below the machines: the SIWX message and session of spec §3, the pluggable `siwx`
 * option's contract ({@link SiwxConfig}), and the text each namespace signs. eip155 messages are EIP-4361, made
 * with viem's SIWE utilities; other namespaces get the generic CAIP-122 text unless a formatter is supplied
 * (Solana and Bitcoin bring their own with their issue).
 */
import { createSiweMessage } from 'viem/siwe'
import { BaseError } from './errors.ts'

/**
 * The SIWX message of spec §3 (CAIP-122). `chainId` is CAIP-2 (`eip155:1`); `accountAddress` the bare address.
 * Times are ISO 8601 strings.
 */
export type SiwxMessage = {
  accountAddress: string
  chainId: string
  domain: string
  uri: string
  version: string
  nonce: string
  notBefore?: string | undefined
  statement?: string | undefined
  resources?: string[] | undefined
  requestId?: string | undefined
  issuedAt?: string | undefined
  expirationTime?: string | undefined
  /** The text the wallet signs (EIP-4361 for eip155; each namespace supplies its formatter). */
  serializedMessage: string
}

/** A signed-in session: the message, its signature and what the verifier returned. */
export type SiwxSession = {
  data: SiwxMessage
  message: string
  signature: string
  /** The verifier's session token (the spec's sign-in auth token), when the verifier issues one. */
  token?: string | undefined
}

/** What {@link SiwxConfig.signMessage} is asked to sign: the text, the signer's address, its CAIP-2 network and connector. */
export type SiwxSignMessageInput = { message: string; address: string; chainId: string; connectorId: string }

/** What {@link SiwxConfig.createMessage} is asked for: the account and the CAIP-2 network it signs in on. */
export type SiwxMessageInput = { accountAddress: string; chainId: string }

/**
 * The `siwx` option (spec §3 "Options: siwx"): how messages are made, sessions verified, stored, found
 * again after a reload, and ended. `createSiwx()` (`latchkey`) is the default, on the project's SIWX API; a dapp
 * with its own backend implements this interface instead.
 *
 * Every method may reject; the modal maps a rejection to the spec's strings: `getSessions` failing is an init
 * failure ('A problem occurred while trying initialize authentication', the wallet is disconnected),
 * `createMessage` or `addSession` failing is 'Error signing message' (the visitor may try again).
 */
export interface SiwxConfig {
  /** The message for the account and network, with a fresh nonce. */
  createMessage(input: SiwxMessageInput): Promise<SiwxMessage>
  /** Verifies a signed message and stores the session; rejects to refuse it. Resolves with the stored session (or nothing: the input is stored). */
  // biome-ignore lint/suspicious/noConfusingVoidType: a dapp's addSession may resolve with nothing (the input is then the stored session)
  addSession(session: SiwxSession): Promise<SiwxSession | void>
  /** The sessions that hold for this CAIP-2 network and address (never another address's or chain's); `[]` when none. */
  getSessions(chainId: string, address: string): Promise<SiwxSession[]>
  /** Ends the session of this CAIP-2 network and address (signing out on disconnect). */
  revokeSession(chainId: string, address: string): Promise<void>
  /**
   * Signs the message's text for the account (e.g. through an embedded wallet or a custom signer). Default: the
   * connected wallet through its chain adapter (eip155: `personal_sign`). A rejection carrying EIP-1193 code 4001 is
   * the user's refusal (not an error); anything else is 'Error signing message'.
   */
  signMessage?(input: SiwxSignMessageInput): Promise<string>
  /** Sign-in is required: the modal cannot close while no session exists (spec §2). Read when the modal is created. Default false. */
  required?: boolean
  /** Sign out when the wallet disconnects (spec §4: by default). Default true. */
  signOutOnDisconnect?: boolean
}

/** Thrown for a SIWX message that cannot be put into text (an address, chain id or field the format refuses). */
export class InvalidSiwxMessageError extends BaseError {
  static override docsPath = '/errors/InvalidSiwxMessageError'
  override name = 'InvalidSiwxMessageError'
}

/** Turns a message's fields into the text the wallet signs. */
export type SiwxFormatter = (message: Omit<SiwxMessage, 'serializedMessage'>) => string

const date = (field: string, value: string | undefined): Date | undefined => {
  if (value === undefined) return undefined
  const parsed = new Date(value)
  if (Number.isNaN(parsed.getTime())) throw new InvalidSiwxMessageError(`Invalid ${field}`, { details: value })
  return parsed
}

/**
 * EIP-4361 text for an eip155 message, with viem's `createSiweMessage` (which validates the address, domain,
 * nonce, URI and version).
 * @throws InvalidSiwxMessageError for a chain id that is not `eip155:<number>`, a date that does not parse, or
 *   a field viem refuses (its error is the `cause`).
 */
export const formatEip155Message: SiwxFormatter = (m) => {
  const [namespace, reference] = m.chainId.split(':')
  const chainId = Number(reference)
  if (namespace !== 'eip155' || !Number.isSafeInteger(chainId) || chainId <= 0) throw new InvalidSiwxMessageError('Invalid CAIP-2 network id', { details: m.chainId })
  try {
    return createSiweMessage({
      address: m.accountAddress as `0x${string}`,
      chainId,
      domain: m.domain,
      uri: m.uri,
      version: '1',
      nonce: m.nonce,
      ...(m.statement !== undefined ? { statement: m.statement } : {}),
      ...(m.resources?.length ? { resources: m.resources } : {}),
      ...(m.requestId !== undefined ? { requestId: m.requestId } : {}),
      ...(m.issuedAt !== undefined ? { issuedAt: date('issuedAt', m.issuedAt)! } : {}),
      ...(m.expirationTime !== undefined ? { expirationTime: date('expirationTime', m.expirationTime)! } : {}),
      ...(m.notBefore !== undefined ? { notBefore: date('notBefore', m.notBefore)! } : {}),
    })
  } catch (error) {
    if (error instanceof InvalidSiwxMessageError) throw error
    throw new InvalidSiwxMessageError('The SIWX message cannot be made', { cause: error as Error })
  }
}

/**
 * The generic CAIP-122 text ("{domain} wants you to sign in with your {namespace} account: …") for namespaces
 * without a formatter of their own. Fields are written as given; optional ones only when present.
 */
export const formatCaip122Message: SiwxFormatter = (m) => {
  const [namespace] = m.chainId.split(':')
  const lines = [`${m.domain} wants you to sign in with your ${namespace} account:`, m.accountAddress, '']
  if (m.statement) lines.push(m.statement, '')
  lines.push(`URI: ${m.uri}`, `Version: ${m.version}`, `Chain ID: ${m.chainId}`, `Nonce: ${m.nonce}`)
  if (m.issuedAt) lines.push(`Issued At: ${m.issuedAt}`)
  if (m.expirationTime) lines.push(`Expiration Time: ${m.expirationTime}`)
  if (m.notBefore) lines.push(`Not Before: ${m.notBefore}`)
  if (m.requestId) lines.push(`Request ID: ${m.requestId}`)
  if (m.resources?.length) lines.push('Resources:', ...m.resources.map((r) => `- ${r}`))
  return lines.join('\n')
}

/** The built-in formatters by namespace; others fall back to {@link formatCaip122Message}. */
export const siwxFormatters: Readonly<Record<string, SiwxFormatter>> = { eip155: formatEip155Message }

/**
 * A complete {@link SiwxMessage}: the fields and their text, formatted for the message's namespace.
 *
 * @param fields the message without `serializedMessage`; `chainId` is CAIP-2.
 * @param formatters namespace → formatter; default {@link siwxFormatters} (eip155 as EIP-4361).
 * @returns the message with `serializedMessage` set.
 * @throws InvalidSiwxMessageError for a chain id that is not CAIP-2, or a field the namespace's format refuses.
 * @example
 * const message = toSiwxMessage({ accountAddress: '0xf39F…2266', chainId: 'eip155:1', domain: 'example.org',
 *   uri: 'https://example.org', version: '1', nonce: 'k3Xa91bQ7', issuedAt: new Date().toISOString() })
 * message.serializedMessage // 'example.org wants you to sign in with your Ethereum account:\n0xf39F…'
 */
export function toSiwxMessage(fields: Omit<SiwxMessage, 'serializedMessage'>, formatters: Readonly<Record<string, SiwxFormatter>> = siwxFormatters): SiwxMessage {
  const parts = fields.chainId.split(':')
  if (parts.length !== 2 || !parts[0] || !parts[1]) throw new InvalidSiwxMessageError('Invalid CAIP-2 network id', { details: fields.chainId })
  const format = formatters[parts[0]] ?? formatCaip122Message
  return { ...fields, serializedMessage: format(fields) }
}
