import type { SiwxSession } from '../kernel/siwx.ts'
import type { SiwxContext } from './siwx.ts'

/**
 * The sessions of the current account in this connection (another account's never count for it): the signer's
 * address compared case-insensitively. In a module of its own so that SIWXSignMessage's view model
 * (`siwx.connect.ts`, in the page's first JS) does not pull the SIWX machine in; `siwx.ts` re-exports it.
 * @example sessionsOfTarget({ sessions, target: { address: '0xAbc…', … } }).at(-1)?.data.chainId // 'eip155:1'
 */
export function sessionsOfTarget(context: Pick<SiwxContext, 'sessions' | 'target'>): SiwxSession[] {
  const address = context.target?.address.toLowerCase()
  return context.sessions.filter((s) => s.data.accountAddress.toLowerCase() === address)
}
