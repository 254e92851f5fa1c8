/**
 * What one modal instance reports (spec §7 analytics, §8 alerts): the service clients' module fetched with the first
 * feature or analytics event, the analytics events and wallet errors (nothing without `api.analyticsUrl`), and the
 * root machine's reporting actions (debug-mode alerts, each once; tracked moments; reported failures).
 */
import type { CaipNetwork } from '../../adapters/networks.ts'
import type { SolanaAdapter } from '../../adapters/solana.ts'
import type { ChainAdapter } from '../../adapters/types.ts'
import { connectAccount } from '../../machines/connection.connect.ts'
import { messageOf, type ToastText } from '../../machines/messages.ts'
import type { RootActor } from '../../machines/root.ts'
import type { ModalStorage } from '../../services/storage.ts'
import type { InstanceServices } from '../createModal.services.ts'
import type { ModalOptions } from '../types.ts'
import type { ModalLog } from '../log.ts'
import { enShell } from '../locales/en.shell.ts'
import type { RootActionImplementation } from './persistence.ts'

export type CreateReportingParameters = {
  options: ModalOptions
  storage: ModalStorage
  /** The instance's log (spec §9): alerts and the SDK's own failures are written there. */
  log: ModalLog
  /** The eip155 adapter (the EVM transfer adapter sends through its providers). */
  adapter: ChainAdapter
  solanaNetworks: readonly CaipNetwork[]
  solanaAdapterFor: (m: typeof import('../../adapters/solana.ts')) => SolanaAdapter
  /** The root actor; called only once it exists. */
  root: () => RootActor
  /** Shows an error toast. */
  toast: (message: ToastText) => void
}

/** The errors of a wallet provider that could not start (WalletConnect's SDK failing to load or to initialise). */
const providerInitFailures: ReadonlySet<string> = new Set(['WalletConnectInitError', 'MissingPeerDependencyError'])

/** The root machine's reporting actions. */
export type ReportingActions = Record<'showAlert' | 'trackOpen' | 'track' | 'trackConnected' | 'reportError' | 'reportNetworkNotFound', RootActionImplementation>

/**
 * Creates the service loader and the reporting of one core. `services()` fetches `createModal.services.ts` once (not
 * with the page); a failed fetch is tried again at the next call.
 * @example
 * const { services, actions } = createReporting({ options, storage, log, adapter, solanaNetworks, solanaAdapterFor, root, toast })
 */
export function createReporting(p: CreateReportingParameters) {
  const { options } = p
  let loading: Promise<InstanceServices> | undefined
  const services = (): Promise<InstanceServices> =>
    (loading ??= import('../createModal.services.ts').then(
      (m) =>
        m.createInstanceServices({
          options,
          storage: p.storage,
          adapter: p.adapter,
          solanaNetworks: p.solanaNetworks,
          solanaAdapterFor: p.solanaAdapterFor,
          isNetworkSupported: () => !p.root().getSnapshot().context.network.getSnapshot().hasTag('unsupported'),
          isAnalyticsEnabled: () => p.root().getSnapshot().context.flags.analytics,
          onInvalidAppConfiguration: () => p.toast(messageOf('invalidAppConfiguration')),
        }),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  /** Analytics (spec §7): nothing is loaded without `api.analyticsUrl`. */
  const analytics = (use: (s: InstanceServices) => void) => {
    if (options.api?.analyticsUrl) services().then(use, () => {})
  }
  const track = (event: string, properties: Record<string, unknown>) => analytics((s) => s.track(event, properties))
  /** Wallet failures (not the user's rejections) are reported as SDK errors of category WALLET_ERROR. */
  const reportWalletError = (error: { name: string; message: string }) => analytics((s) => s.reportWalletError(error))
  let alertShown = new Set<string>()
  const actions: ReportingActions = {
    showAlert: ({ event }) => {
      // Spec §8: alerts show only in debug mode, each once.
      if (!options.debug || event.type !== 'feature.alert' || alertShown.has(event.key)) return
      alertShown = new Set([...alertShown, event.key])
      p.log.warn(`${event.title}: ${event.message}`)
      p.toast(event.title)
    },
    trackOpen: ({ context }) => track('MODAL_OPEN', { connected: connectAccount(context.connection.getSnapshot()).isConnected }),
    track: ({ event }) => {
      if (event.type === 'feature.track') track(event.name, event.properties)
    },
    trackConnected: ({ event }) => {
      if (event.type === 'connection.connected') track('CONNECT_SUCCESS', { method: 'browser', connector: event.connectorId })
    },
    reportError: ({ event }) => {
      if (event.type !== 'connection.failed' && event.type !== 'network.switchFailed' && event.type !== 'feature.reportError') return
      // Spec §8: a wallet provider that cannot start (WalletConnect's) is the SDK's own failure: an internal SDK error
      // event, and logged. Other failures are the wallet's.
      if (!providerInitFailures.has(event.error.name)) return reportWalletError(event.error)
      p.log.error(`The wallet provider could not start (${event.error.name}): ${event.error.message}`)
      analytics((s) => s.reportInternalError(event.error))
    },
    // Spec §5, §8: a switch to an unknown network raises the SWITCH_NETWORK_NOT_FOUND alert (debug mode, once); each
    // network asked for is logged.
    reportNetworkNotFound: ({ event }) => {
      if (!options.debug || event.type !== 'network.notFound') return
      p.log.warn(`${enShell.networkNotFound}: ${event.caipNetworkId}`)
      if (alertShown.has('SWITCH_NETWORK_NOT_FOUND')) return
      alertShown = new Set([...alertShown, 'SWITCH_NETWORK_NOT_FOUND'])
      p.toast(enShell.networkNotFound)
    },
  }
  return { services, actions }
}
