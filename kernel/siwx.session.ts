/**
 * What the modal accepts from a `siwx` option's functions (a dapp's config is foreign code): the shape of a
 * SIWX message and session (spec §3 "SIWX message"), and whose session counts. Valibot only (no viem here), so the
 * machines can use it without loading the message formatting.
 */
import * as v from 'valibot'
import type { SiwxMessage, SiwxSession } from './siwx.ts'

const text = v.string()
const nonEmpty = v.pipe(v.string(), v.nonEmpty())

/** A SIWX message (spec §3): the CAIP-122 fields as strings, `serializedMessage` the text the wallet signs. */
export const siwxMessageSchema = v.looseObject({
  accountAddress: nonEmpty,
  chainId: nonEmpty,
  domain: text,
  uri: text,
  version: text,
  nonce: text,
  notBefore: v.optional(text),
  statement: v.optional(text),
  resources: v.optional(v.array(text)),
  requestId: v.optional(text),
  issuedAt: v.optional(text),
  expirationTime: v.optional(text),
  serializedMessage: nonEmpty,
})

/** A signed-in session: the message, its text, its signature and the verifier's token when it issues one. */
export const siwxSessionSchema = v.looseObject({
  data: siwxMessageSchema,
  message: text,
  signature: text,
  token: v.optional(text),
})

/** Who a session or message must be for: the connected account (bare address) and its CAIP-2 network. */
export type SiwxAccount = { address: string; caipNetworkId: string }

/**
 * Whether an address and CAIP-2 network are the account's: the network exactly, the address case-insensitively on
 * eip155 (checksums differ only in case), exactly on every other namespace (base58 and bech32 are case-sensitive or
 * canonical).
 */
export function isSameSiwxAccount(address: string, caipNetworkId: string, account: SiwxAccount): boolean {
  if (caipNetworkId !== account.caipNetworkId) return false
  return caipNetworkId.startsWith('eip155:') ? address.toLowerCase() === account.address.toLowerCase() : address === account.address
}

/** Whether the session is one of exactly that account and network (the README's promise, whatever the config says). */
export function isSessionOf(session: SiwxSession, account: SiwxAccount): boolean {
  return isSameSiwxAccount(session.data.accountAddress, session.data.chainId, account)
}

/**
 * The sessions of a `getSessions` answer that hold for the account: well-formed ({@link siwxSessionSchema}) and of
 * exactly its address and CAIP-2 network. Anything else in the answer (another address's or chain's session, a
 * malformed entry, an answer that is not a list) is ignored with a debug log. Never throws.
 *
 * @example parseSiwxSessions(await config.getSessions('eip155:1', address), { address, caipNetworkId: 'eip155:1' })
 */
export function parseSiwxSessions(answer: unknown, account: SiwxAccount): SiwxSession[] {
  if (!Array.isArray(answer)) {
    if (answer !== undefined && answer !== null) console.debug('[latchkey] siwx.getSessions answered something that is not a list; no session counts.')
    return []
  }
  const held: SiwxSession[] = []
  for (const item of answer as unknown[]) {
    let result: v.SafeParseResult<typeof siwxSessionSchema>
    try {
      result = v.safeParse(siwxSessionSchema, item)
    } catch {
      console.debug('[latchkey] Ignored an unreadable session from siwx.getSessions.')
      continue
    }
    if (!result.success) {
      console.debug('[latchkey] Ignored a malformed session from siwx.getSessions:', result.issues.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`).join('; '))
      continue
    }
    const session = result.output as SiwxSession
    if (!isSessionOf(session, account)) {
      console.debug(`[latchkey] Ignored a session of another account or network from siwx.getSessions (${session.data.chainId}).`)
      continue
    }
    held.push(session)
  }
  return held
}

/** A message `createMessage` answered, when it is well-formed and for exactly that account and network; else `undefined`. */
export function parseSiwxMessage(answer: unknown, account: SiwxAccount): SiwxMessage | undefined {
  try {
    const result = v.safeParse(siwxMessageSchema, answer)
    if (!result.success) return undefined
    const message = result.output as SiwxMessage
    return isSameSiwxAccount(message.accountAddress, message.chainId, account) ? message : undefined
  } catch {
    return undefined
  }
}
