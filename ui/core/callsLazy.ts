import { CallsUnavailableError } from '../../machines/batch.errors.ts'
import type { createCallsCommands } from './callsCommands.ts'

/** The batched-calls commands (`ui/core/callsCommands.ts`). */
export type CallsCommands = ReturnType<typeof createCallsCommands>

/**
 * The batched-calls commands of a core, their module fetched with the first call (none of EIP-5792's code in the page's
 * first JS, nor in the core's chunk); a failed fetch rejects that call with {@link CallsUnavailableError} (its cause the
 * fetch's error: nothing was sent) and the next one fetches again.
 * @example const { sendCalls } = lazyCallsCommands(() => import('./callsCommands.ts').then((m) => m.createCallsCommands(deps)))
 */
export function lazyCallsCommands(load: () => Promise<CallsCommands>): CallsCommands {
  let loaded: Promise<CallsCommands> | undefined
  const commands = () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined
      throw new CallsUnavailableError({ cause: error })
    })
    return loaded
  }
  return {
    sendCalls: (parameters) => commands().then((c) => c.sendCalls(parameters)),
    getCallsStatus: (id) => commands().then((c) => c.getCallsStatus(id)),
    getCapabilities: (parameters) => commands().then((c) => c.getCapabilities(parameters)),
  }
}
