import { createContext, useContext } from 'react'
import type { ModalInstance } from './instance.ts'
import type { Copy } from './locales/en.ts'
import { enShell, type ShellCopy } from './locales/en.shell.ts'
import { ModalProviderMissingError } from './errors.ts'

/** The modal instance of the nearest `<ModalProvider>`. */
export const ModalContext = createContext<ModalInstance | null>(null)
/**
 * The copy catalogue a locale provider hands down; `null` (the default): English. The shell reads it with
 * {@link useShellCopy}, the views with `useCopy()` (`ui/copy.ts`), whose English words load with the views' chunk.
 */
export const CopyContext = createContext<Copy | null>(null)

/**
 * The page buttons of this modal (connect, account, network), so focus can return to one of them when
 * the element that opened the modal is gone (the connect button is replaced by the account button).
 * The value is a priority: lower is preferred (connect and account buttons before the network button).
 */
export const PageButtonsContext = createContext<Map<HTMLElement, number>>(new Map())

/**
 * The modal instance given to `<ModalProvider>`.
 * @throws ModalProviderMissingError when used outside a `<ModalProvider>`.
 */
export function useModalInstance(): ModalInstance {
  const modal = useContext(ModalContext)
  if (!modal) throw new ModalProviderMissingError()
  return modal
}

/** The shell's words (page buttons, the modal's header, toasts): the provided catalogue, or English's shell part. */
export function useShellCopy(): ShellCopy {
  return useContext(CopyContext) ?? enShell
}

/**
 * True inside Connect rendered ahead while the modal is closed (`ConnectAhead.tsx`): a component that would request
 * something as it renders (an image's `src`) requests nothing there (spec §1: nothing before the visitor's intent).
 */
export const AheadContext = createContext(false)
