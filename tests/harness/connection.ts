import { createActor, type AnyActorLogic, type EventObject } from 'xstate'
import type { ConnectedSession } from '../../adapters/types.ts'
import type { Clock } from '../../ui/createModal.ts'
import { connectionMachine, connectionStatus, type ConnectionInput } from '../../machines/connection.ts'
import { flush } from './deferred.ts'
import { controllableConnectionActors } from './wallet-actors.ts'

/** The first dev account, the session a {@link connectionHarness}'s `connect` approves by default. */
const DEV_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** What {@link connectionHarness} takes besides the machine's input. */
export type ConnectionHarnessOptions = {
  /** A clock the test moves (`createManualClock`), for the timers. */
  clock?: Clock
  /** Actors that replace the controllable ones (a `disconnect` that never answers, a `watchWallet` that throws). */
  actors?: Partial<Record<'connect' | 'reconnect' | 'disconnect' | 'getBalance' | 'watchWallet', AnyActorLogic>>
}

/**
 * The connection machine of the `eip155` namespace, started, with the wallet's side played by the test
 * ({@link controllableConnectionActors}): its lifecycle events in `emitted`, its `connection.status` reports apart in
 * `reports`, its spec §4 status through `status()`.
 *
 * @example
 * const h = connectionHarness({ multiWallet: true })
 * await h.connect('first') // asked for and approved: connected on the first dev account, chain 31337
 */
export function connectionHarness(input: Partial<ConnectionInput> = {}, options: ConnectionHarnessOptions = {}) {
  const wallet = controllableConnectionActors()
  const logic = connectionMachine.provide({ actors: { ...wallet.actors, ...(options.actors as object) } })
  const actor = createActor(logic, { input: { namespace: 'eip155', ...input }, ...(options.clock ? { clock: options.clock } : {}) })
  const emitted: EventObject[] = []
  const reports: Array<{ status: string; connectorId: string | undefined }> = []
  actor.on('*', (e) => (e.type === 'connection.status' ? reports.push({ status: e.status, connectorId: e.connectorId }) : emitted.push(e)))
  actor.start()
  return {
    ...wallet,
    actor,
    emitted,
    reports,
    status: () => connectionStatus(actor.getSnapshot()),
    /** `connection.request` for `connectorId`, approved in the wallet with `session`; resolves once the machine has moved on. */
    async connect(connectorId = 'dev.wallet', session: ConnectedSession = { accounts: [DEV_ACCOUNT], chainId: 31337 }) {
      actor.send({ type: 'connection.request', connectorId })
      wallet.connects.at(-1)!.resolve(session)
      await flush()
    },
  }
}
