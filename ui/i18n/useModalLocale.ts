import { createElement, type ReactNode, useSyncExternalStore } from 'react'
import { CopyContext } from '../context.ts'
import type { ModalInstance } from '../instance.ts'
import type { ModalLocale } from './state.ts'

/** The modal's language now (`modal.getLocale()`), re-rendering when `setLocale` or the first catalogue changes it. */
export function useModalLocale(modal: ModalInstance): ModalLocale {
  return useSyncExternalStore(modal.subscribeLocale, modal.getLocale, modal.getLocale)
}

/**
 * Hands the modal's catalogue down to what it renders (views, page buttons, toasts read it with `useCopy()` /
 * `useShellCopy()`); English's built-in words while none is loaded.
 */
export function LocaleScope({ modal, children }: { modal: ModalInstance; children?: ReactNode }) {
  return createElement(CopyContext.Provider, { value: useModalLocale(modal).copy }, children)
}
