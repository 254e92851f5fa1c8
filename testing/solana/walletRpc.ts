/**
 * The development / test Solana wallet's errors and its calls to the chain: the node's JSON-RPC, the wait for a
 * commitment, and ed25519 signing through WebCrypto. Browser-safe.
 */
import type { Keypair } from '@solana/web3.js'
import { WalletCodeError } from '../walletError.ts'

/**
 * An error as Solana wallets throw it: a real `Error` with a numeric `code` (4001 rejected, 4100 not connected,
 * 4900 disconnected, -32602 bad input, or the node's JSON-RPC code when a send failed: -32002 with the runtime's
 * message and `data.logs`, -32003 bad signature).
 */
export class DevSolanaWalletError extends WalletCodeError {
  static override docsPath = '/errors/DevSolanaWalletError'
  override name = 'DevSolanaWalletError'
}

/** Ed25519 signature of `message` with the keypair's secret key (WebCrypto; Node 20 and current browsers). */
export async function ed25519Sign(keypair: Keypair, message: Uint8Array): Promise<Uint8Array> {
  const b64url = (bytes: Uint8Array): string =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')
  const key = await crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', d: b64url(keypair.secretKey.slice(0, 32)), x: b64url(keypair.publicKey.toBytes()) }, { name: 'Ed25519' }, false, ['sign'])
  return new Uint8Array(await crypto.subtle.sign('Ed25519', key, message as Uint8Array<ArrayBuffer>))
}

/**
 * One JSON-RPC call to the chain's node. A node error becomes a {@link DevSolanaWalletError} with the node's code,
 * message and data (a failed preflight: -32002, 'Transaction simulation failed: <the runtime's words>', `data.logs`).
 */
export async function rpc<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  let body: { result?: T; error?: { code?: unknown; message?: unknown; data?: unknown } }
  try {
    const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
    body = (await response.json()) as typeof body
  } catch (error) {
    throw new DevSolanaWalletError(-32603, `Could not reach ${rpcUrl}: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (body.error) {
    const { code, message, data } = body.error
    throw new DevSolanaWalletError(typeof code === 'number' ? code : -32603, typeof message === 'string' ? message : 'JSON-RPC error', data)
  }
  return body.result as T
}

export function base64(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text)
}

/** How often {@link waitForStatus} asks the node for a signature's status, in ms. */
const statusPollInterval = 250
/** How long {@link waitForStatus} waits for a signature to reach its commitment, in ms. */
const statusTimeout = 30_000

/** Polls the signature's status every {@link statusPollInterval} until it reaches `commitment` ({@link statusTimeout} at most). */
export async function waitForStatus(rpcUrl: string, signature: string, commitment: 'processed' | 'confirmed' | 'finalized'): Promise<void> {
  const rank = { processed: 0, confirmed: 1, finalized: 2 } as const
  const deadline = Date.now() + statusTimeout
  while (Date.now() < deadline) {
    const { value } = await rpc<{ value: Array<{ confirmationStatus?: keyof typeof rank } | null> }>(rpcUrl, 'getSignatureStatuses', [[signature]])
    const reached = value[0]?.confirmationStatus
    if (reached && rank[reached] >= rank[commitment]) return
    await new Promise((resolve) => setTimeout(resolve, statusPollInterval))
  }
  throw new DevSolanaWalletError(-32603, `Transaction ${signature} did not reach ${commitment} within ${statusTimeout / 1000} s.`)
}
