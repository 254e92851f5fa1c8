import { useContext } from 'react'
import { CopyContext } from './context.ts'
import type { Copy } from './locales/en.ts'
import { enConnect } from './locales/en.connect.ts'

/** The words Connect and its ways of connecting read: the keys of `en.connect.ts`, typed as every locale's (`Copy`). */
export type ConnectCopy = Pick<Copy, keyof typeof enConnect>

/**
 * Connect's words (spec §2 Connect), for Connect and its ways of connecting (the wallet list, its rows, the email field,
 * the social buttons): the provided locale's catalogue, or English's Connect part (`locales/en.connect.ts`). Not the
 * whole English catalogue (`useCopy()`, `ui/copy.ts`), so a cold first tap fetches only these words before the first
 * wallet row; the other views' words come with their chunks.
 */
export function useConnectCopy(): ConnectCopy {
  return useContext(CopyContext) ?? enConnect
}
