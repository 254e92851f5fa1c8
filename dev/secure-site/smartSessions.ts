/**
 * `wallet_grantPermissions` (ERC-7715, spec §5 "unsafe" methods) for the embedded wallet's smart account: the frame
 * passes the dapp's request on after the visitor's approval; the smart account signs the grant text
 * (`smartSessionGrantMessage`, ERC-1271, ERC-6492 until deployed) and the reference API keeps the session
 * (`POST /v1/sessions/{address}`), whose id (`pci`) is the answer's `context`. No UI of its own beyond the frame's
 * approval (ERC-7715 is not final). Dev-only.
 */
import { getAddress, isAddress, toHex } from 'viem'
import type { Address, Hex } from 'viem'
import { ProviderRpcError } from '../../adapters/errors.ts'
import { smartSessionGrantMessage, type SmartSessionPermissionGrant } from '../../kernel/smartSession.ts'

/** Why a grant was refused, with the JSON-RPC code the frame answers (`code`). */
export class SmartSessionGrantError extends ProviderRpcError {
  override name = 'SmartSessionGrantError'
  constructor(shortMessage: string, code: number) {
    super(code, shortMessage)
  }
}

/** What {@link grantSmartSession} needs. */
export type GrantSmartSessionParameters = {
  /** The first parameter of `wallet_grantPermissions` as the dapp sent it. */
  request: unknown
  /** The granting smart account and the chain it grants on. */
  account: Address
  chainId: number
  /** Signs a text as the smart account (EIP-191 through ERC-1271 / ERC-6492). */
  signMessage: (message: string) => Promise<Hex>
  /** The reference API's blockchain base URL (`http://127.0.0.1:8600/blockchain`). */
  apiUrl: string
  /** Unix ms. */
  now: number
}

/** The ERC-7715 answer: the request as granted, with the session's `context` (its pci). */
export type GrantSmartSessionReturnType = { chainId: Hex; address: Address; expiry: number; signer: unknown; permissions: SmartSessionPermissionGrant[]; context: string }

/**
 * Checks the request (`expiry` Unix seconds in the future, `signer` a key or account with an address, at least one
 * permission with a `type`), signs the grant as the smart account and registers it with the API.
 *
 * @throws SmartSessionGrantError -32602 for a malformed request; -32000 with the API's message when it refuses.
 */
export async function grantSmartSession({ request, account, chainId, signMessage, apiUrl, now }: GrantSmartSessionParameters): Promise<GrantSmartSessionReturnType> {
  const r = (request ?? {}) as { expiry?: unknown; signer?: { type?: unknown; data?: { id?: unknown; address?: unknown } }; permissions?: unknown }
  const key = r.signer?.data?.id ?? r.signer?.data?.address
  const permissions = Array.isArray(r.permissions) ? (r.permissions as Array<{ type?: unknown; data?: unknown }>) : []
  if (typeof r.expiry !== 'number' || !Number.isSafeInteger(r.expiry) || r.expiry * 1000 <= now) throw new SmartSessionGrantError('Invalid expiry: a Unix time in seconds, in the future', -32602)
  if (typeof key !== 'string' || !isAddress(key, { strict: false })) throw new SmartSessionGrantError('Invalid signer: a key or account with an address', -32602)
  if (permissions.length === 0 || !permissions.every((p) => typeof p?.type === 'string' && p.type.length > 0)) throw new SmartSessionGrantError('Invalid permissions: at least one, each with a type', -32602)
  const grant = {
    chainId: `eip155:${chainId}`,
    expiry: r.expiry,
    signer: getAddress(key),
    permissions: permissions.map((p) => ({ type: p.type as string, ...(p.data && typeof p.data === 'object' ? { data: p.data as Record<string, unknown> } : {}) })),
  }
  const signature = await signMessage(smartSessionGrantMessage({ address: account, ...grant }))
  const response = await fetch(`${apiUrl}/v1/sessions/${account}?projectId=secure-site`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...grant, signature }) })
  const body = (await response.json().catch(() => ({}))) as { pci?: unknown; message?: unknown }
  if (!response.ok || typeof body.pci !== 'string') throw new SmartSessionGrantError(typeof body.message === 'string' ? body.message : `The sessions API answered ${response.status}`, -32000)
  return { chainId: toHex(chainId), address: account, expiry: grant.expiry, signer: r.signer, permissions: grant.permissions, context: body.pci }
}
