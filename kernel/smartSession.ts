/**
 * The texts an account signs for its smart sessions (spec §3 "Smart session revocation: pci and signature", §7
 * `POST /v1/sessions/{address}/revoke`). The spec does not show what the signature covers; here it is the account's
 * EIP-191 signature of a short text naming the account and the session, the same text the reference server rebuilds
 * and verifies (ERC-1271 for a deployed smart account, ERC-6492 before deployment, ECDSA for an EOA).
 */

/** Parameters of {@link smartSessionRevokeMessage}. */
export type SmartSessionRevokeMessageParameters = {
  /** The account that granted the session (an EVM address, any case). */
  address: string
  /** The session's permissions context id. */
  pci: string
}

/**
 * The text an account signs to revoke one of its smart sessions.
 *
 * @returns two lines: the request and the account (lower-case, so the text does not depend on checksumming).
 * @example
 * smartSessionRevokeMessage({ address: '0xAb…', pci: '8f1c…' })
 * // 'Revoke smart session 8f1c…\nAccount: 0xab…'
 */
export function smartSessionRevokeMessage({ address, pci }: SmartSessionRevokeMessageParameters): string {
  return `Revoke smart session ${pci}\nAccount: ${address.toLowerCase()}`
}

/** One permission of a grant (ERC-7715 shape: its type and the type's data). */
export type SmartSessionPermissionGrant = { type: string; data?: Record<string, unknown> | undefined }

/** Parameters of {@link smartSessionGrantMessage}. */
export type SmartSessionGrantMessageParameters = {
  /** The account granting (an EVM address, any case). */
  address: string
  /** CAIP-2 id of the chain the permissions hold on, e.g. `eip155:31337`. */
  chainId: string
  /** The session key the permissions go to (an EVM address, any case). */
  signer: string
  /** When the session ends, Unix seconds. */
  expiry: number
  permissions: readonly SmartSessionPermissionGrant[]
}

/**
 * The text an account signs to grant a smart session: the account, chain, session key, expiry and the permissions as
 * JSON (keys in the order given).
 *
 * @example
 * smartSessionGrantMessage({ address, chainId: 'eip155:31337', signer, expiry: 1_900_000_000, permissions: [{ type: 'native-token-recurring-allowance' }] })
 */
export function smartSessionGrantMessage({ address, chainId, signer, expiry, permissions }: SmartSessionGrantMessageParameters): string {
  return [`Grant a smart session on ${chainId}`, `Account: ${address.toLowerCase()}`, `Session key: ${signer.toLowerCase()}`, `Expiry: ${expiry}`, `Permissions: ${JSON.stringify(permissions)}`].join('\n')
}
