/**
 * The modal's core chunk: what `createModal`'s facade fetches on the visitor's first intent, or at once
 * when storage holds a connection to restore. It holds the root actor and its machines, xstate, the eip155 adapter and
 * the view registry; the page's first JS holds none of them.
 */
export { createCore, type CoreInstance, type CoreShared } from './createModal.core.ts'
export { prefetchIntent } from './features.ts'
