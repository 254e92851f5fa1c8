import { useContext } from 'react'
import { CopyContext } from './context.ts'
import { en, type Copy } from './locales/en.ts'

/**
 * The whole copy catalogue, for the views: the provided locale's, or English. Imported by view code only, so the
 * English views' words (`locales/en.ts`) load with the views' chunk, not in the page's initial JS;
 * shell code (page buttons, the modal's frame) uses `useShellCopy()` from `context.ts`.
 */
export function useCopy(): Copy {
  return useContext(CopyContext) ?? en
}
