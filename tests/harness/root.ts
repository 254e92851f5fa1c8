import { BaseError } from '../../kernel/errors.ts'
import { createActor, fromCallback, fromPromise, type AnyActorLogic, type SnapshotFrom } from 'xstate'
import { defineEvmNetwork, type CaipNetwork } from '../../adapters/networks.ts'
import type { Connector } from '../../adapters/types.ts'
import { connectionMachine } from '../../machines/connection.ts'
import { networkMachine } from '../../machines/network.ts'
import { rootMachine, type FeatureRegistration, type RootOptions } from '../../machines/root.ts'
import { featureMachineIds, featureRegistrations, type FeatureMachineId, type FeatureSettings } from '../../ui/assemble/index.ts'
import { deferred, type Deferred } from './deferred.ts'
import { controllableConnectionActors } from './wallet-actors.ts'

const eth = { name: 'Ether', symbol: 'ETH', decimals: 18 }
export const anvil1 = defineEvmNetwork({ id: 31337, name: 'Anvil Local', nativeCurrency: eth, rpcUrl: 'http://127.0.0.1:8545', testnet: true })
export const anvil2 = defineEvmNetwork({ id: 31338, name: 'Anvil Local 2', nativeCurrency: eth, rpcUrl: 'http://127.0.0.1:8546', testnet: true })
export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const walletConnector: Connector = { id: 'dev.wallet', name: 'Dev Wallet', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: 'dev.wallet' } }

/** The root's context now: what a feature's double reads (its spawned actor). */
export type HarnessRoot = () => SnapshotFrom<typeof rootMachine>['context']

/** A feature's double (`tests/harness/doubles/<id>.ts`): its machine with the test's actors, and what the harness exposes of it. */
type FeatureDouble = { double: (root: HarnessRoot) => { logic: AnyActorLogic; exposed: object } }

/**
 * What the features' doubles add to the harness (`h.send`, `h.signIn`, …): each double file declares its part
 * (`declare module '../root.ts' { interface HarnessDoubles … }`), so this file names none.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the doubles' declaration merging
export interface HarnessDoubles {}

/** The features' machines (`machines/<id>.ts`, export `<id>Machine`) and their doubles, found by file: a new feature needs no line here. */
const machineModules = import.meta.glob<Record<string, unknown>>(['../../machines/*.ts', '!../../machines/*.test.ts'], { eager: true })
const doubles = import.meta.glob<FeatureDouble>('./doubles/*.ts', { eager: true })

/**
 * The root machine with the wallet's side played by the test: every connect, switch and balance request
 * waits for the test to answer. Used by machine tests that need the coordination of all children. The features'
 * settings (`siwx`, `remoteConfig`, …: `FeatureSettings`, typed from the manifests) are passed beside the options; what
 * a feature's double exposes (`h.send`, `h.signIn`) is on the harness.
 */
export function createRootHarness({
  options = {},
  storedConnectorId,
  networks = [anvil1, anvil2],
  loaders,
  extraFeatures = [],
  firstPaint,
  ...settings
}: {
  options?: Partial<RootOptions>
  storedConnectorId?: string
  networks?: CaipNetwork[]
  /** Features that arrive by a loader (as with createModal) instead of at once. */
  loaders?: Partial<Record<FeatureMachineId, () => Promise<AnyActorLogic>>>
  /** Features registered after the modal's own (a test's toy feature: nothing else changes). */
  extraFeatures?: FeatureRegistration[]
  /** The root's `firstPaint` actor (default: the root's own, answering at once). */
  firstPaint?: AnyActorLogic
} & Partial<FeatureSettings> = {}): ReturnType<typeof createBaseHarness> & HarnessDoubles {
  const harness = createBaseHarness({ options, storedConnectorId, networks, loaders, extraFeatures, firstPaint, settings })
  return harness as ReturnType<typeof createBaseHarness> & HarnessDoubles
}

function createBaseHarness({
  options,
  storedConnectorId,
  networks,
  loaders,
  extraFeatures,
  firstPaint,
  settings,
}: {
  options: Partial<RootOptions>
  storedConnectorId: string | undefined
  networks: CaipNetwork[]
  loaders: Partial<Record<FeatureMachineId, () => Promise<AnyActorLogic>>> | undefined
  extraFeatures: FeatureRegistration[]
  firstPaint: AnyActorLogic | undefined
  settings: Partial<FeatureSettings>
}) {
  const wallet = controllableConnectionActors({ balance: { value: '5000000000000000000', decimals: 18, symbol: 'ETH' } })
  const switches: Deferred<void>[] = []
  const calls: string[] = []
  const ctx: HarnessRoot = () => actor.getSnapshot().context
  const exposed: Record<string, unknown> = {}
  /**
   * The feature machines, spawned at once on intent (unless a loader is given): the double's (`doubles/<id>.ts`, the
   * machine with actors the test answers) where there is one, else the production machine unprovided.
   */
  const provided: Partial<Record<FeatureMachineId, AnyActorLogic>> = {}
  for (const id of featureMachineIds) {
    const double = doubles[`./doubles/${id}.ts`]?.double(ctx)
    if (double) Object.assign(exposed, double.exposed)
    const logic = double?.logic ?? machineModules[`../../machines/${id}.ts`]?.[`${id}Machine`]
    if (logic) provided[id] = logic as AnyActorLogic
  }
  const machine = rootMachine.provide({
    actors: {
      connection: connectionMachine.provide({ actors: wallet.actors }),
      network: networkMachine.provide({
        actors: {
          switchChain: fromPromise(() => {
            const d = deferred<void>()
            switches.push(d)
            return d.promise
          }),
          addChain: fromPromise(async () => {}),
        },
      }),
      watchConnectors: fromCallback(({ sendBack }) => {
        sendBack({ type: 'connectors.changed', connectors: [walletConnector] })
      }),
      ...(firstPaint ? { firstPaint } : {}),
    },
    actions: {
      persistConnection: () => void calls.push('persistConnection'),
      forgetConnection: () => void calls.push('forgetConnection'),
      dropStoredConnections: () => void calls.push('dropStoredConnections'),
      persistNetwork: () => void calls.push('persistNetwork'),
      track: ({ event }) => void calls.push(event.type === 'feature.track' && event.name === 'SIWX_AUTH_SUCCESS' ? 'trackSignIn' : 'track'),
      persistAccount: () => void calls.push('persistAccount'),
      reportError: () => void calls.push('reportError'),
    },
  })
  const actor = createActor(machine, {
    input: {
      options: {
        namespace: 'eip155',
        networks,
        enableReconnect: true,
        enableNetworkSwitch: true,
        allowUnsupportedChain: false,
        enableEmbedded: false,
        debug: false,
        ...options,
      },
      storedConnectorId,
      ...(settings.remoteConfig ? { featureFlags: { local: settings.remoteConfig.local, basic: settings.remoteConfig.basic } } : {}),
      features: featureRegistrations({ ...settings, walletConnectConnectorId: options.walletConnectConnectorId } as FeatureSettings, (id) =>
        loaders?.[id] ? { load: loaders[id]! } : provided[id] ? { logic: provided[id] } : { load: () => Promise.reject(new HarnessFeatureMissingError(id)) },
      ).concat(extraFeatures),
    },
  }).start()
  return {
    ...exposed,
    actor,
    connects: wallet.connects,
    reconnects: wallet.reconnects,
    switches,
    calls,
    wallet: (e: { type: string; [k: string]: unknown }) => wallet.wallet(e),
    view: () => ctx().router.getSnapshot().value as string,
    history: () =>
      ctx()
        .router.getSnapshot()
        .context.history.map((h) => h.view),
    modal: () => ctx().modal.getSnapshot(),
    connection: () => ctx().connection.getSnapshot(),
    network: () => ctx().network.getSnapshot(),
    toast: () => ctx().toast.getSnapshot(),
  }
}

/** A root test used a feature the harness finds no machine for (`machines/<id>.ts` exporting `<id>Machine`, or a double). */
export class HarnessFeatureMissingError extends BaseError {
  override name = 'HarnessFeatureMissingError'
  constructor(id: string) {
    super(`The root harness finds no machine for the ${id} feature: export \`${id}Machine\` from machines/${id}.ts, or add tests/harness/doubles/${id}.ts.`)
  }
}
