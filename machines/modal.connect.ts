import type { SnapshotFrom } from 'xstate'
import { modalPresence, type modalMachine } from './modal.ts'
import type { routerMachine } from './router.ts'
import type { ViewData, ViewName } from './views.ts'

/** What the modal shell renders: presence, flags, the current view and the header's controls. */
export type ModalView = {
  presence: 'mounted' | 'unmountSuspended' | 'unmounted'
  isOpen: boolean
  isLoading: boolean
  isShaking: boolean
  view: ViewName
  data: ViewData | undefined
  direction: 'next' | 'prev'
  /** Back is offered when there is a view to go back to. */
  canGoBack: boolean
}

/** Turns the modal and router snapshots into the shell's view model (zag-style `connect`). */
export function connectModal(modal: SnapshotFrom<typeof modalMachine>, router: SnapshotFrom<typeof routerMachine>): ModalView {
  const entry = router.context.history.at(-1) ?? { view: 'Connect' as const }
  const presence = modalPresence(modal)
  return {
    presence,
    isOpen: presence === 'mounted',
    isLoading: modal.matches({ open: { content: 'loading' } }),
    isShaking: modal.matches({ open: { shake: 'shaking' } }),
    view: entry.view,
    data: entry.data,
    direction: router.context.direction,
    canGoBack: router.context.history.length > 1,
  }
}
