import { connectCallsStatus, type CallsStatusView } from '../../machines/calls.connect.ts'
import { useFeatureActor, useSend } from '../hooks.ts'
import { useSelector } from '../useSelector.ts'

/**
 * The CallsStatus view's model (the calls feature's snapshot, and while the batch runs its batch actor's, for the
 * one-by-one fallback's progress) and its gesture: Done goes back (the view was pushed on the view stack, or is the
 * only one: then the modal closes). Only the CallsStatus view imports it.
 */
export function useCallsStatus(): CallsStatusView & { done(): void } {
  const calls = useFeatureActor('calls')
  const snapshot = useSelector(calls, (s) => s)
  const batchRef = snapshot?.context.shown ? snapshot.children[snapshot.context.shown] : undefined
  // The batch actor's context (the one-by-one fallback's progress), once it runs; the feature's other child is storage's read.
  const batch = useSelector(batchRef, (s) => ('context' in s ? s.context : undefined))
  const send = useSend()
  return { ...connectCallsStatus(snapshot, batch), done: () => send({ type: 'app.back' }) }
}
