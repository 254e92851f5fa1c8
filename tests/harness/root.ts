import { BaseError } from '../../kernel/errors.ts'
import { createActor, fromCallback, fromPromise, type AnyActorLogic } from 'xstate'
import { defineEvmNetwork, type CaipNetwork } from '../../adapters/networks.ts'
import type { Connector } from '../../adapters/types.ts'
import { connectionMachine } from '../../machines/connection.ts'
import { networkMachine } from '../../machines/network.ts'
import { rootMachine, type FeatureRegistration, type RootOptions } from '../../machines/root.ts'
import { featureRegistrations, type FeatureMachineId, type FeatureRefs } from '../../ui/assemble/index.ts'
import { accountMachine } from '../../machines/account.ts'
import { catalogueMachine } from '../../machines/catalogue.ts'
import { pairingMachine } from '../../machines/pairing.ts'
import { remoteConfigMachine } from '../../machines/remoteConfig.ts'
import { emailLoginMachine } from '../../machines/emailLogin.ts'
import { socialLoginMachine } from '../../machines/socialLogin.ts'
import { updateEmailMachine } from '../../machines/updateEmail.ts'
import { profileWalletsMachine } from '../../machines/profileWallets.ts'
import { accountTypeMachine } from '../../machines/accountType.ts'
import { farcasterLoginMachine } from '../../machines/farcasterLogin.ts'
import { namesMachine } from '../../machines/names.ts'
import { onrampMachine } from '../../machines/onramp.ts'
import { swapMachine } from '../../machines/swap.ts'
import { transactionMachine } from '../../machines/transaction.ts'
import { sendMachine, type SendEstimate, type SendTransferInput } from '../../machines/send.ts'
import type { RemoteConfigInput } from '../../machines/remoteConfig.ts'
import { siwxMachine, type SiwxInput, type SiwxMessage, type SiwxSession, type SiwxTarget } from '../../machines/siwx.ts'
import type { TokenBalance } from '../../services/schemas.ts'
import { deferred, type Deferred } from './deferred.ts'
import { controllableConnectionActors } from './wallet-actors.ts'
import type { TransactionEnd } from '../../machines/transactionEnd.ts'

const eth = { name: 'Ether', symbol: 'ETH', decimals: 18 }
export const anvil1 = defineEvmNetwork({ id: 31337, name: 'Anvil Local', nativeCurrency: eth, rpcUrl: 'http://127.0.0.1:8545', testnet: true })
export const anvil2 = defineEvmNetwork({ id: 31338, name: 'Anvil Local 2', nativeCurrency: eth, rpcUrl: 'http://127.0.0.1:8546', testnet: true })
export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const walletConnector: Connector = { id: 'dev.wallet', name: 'Dev Wallet', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: 'dev.wallet' } }

/**
 * The root machine with the wallet's side played by the test: every connect, switch and balance request
 * waits for the test to answer. Used by machine tests that need the coordination of all children.
 */
export function createRootHarness({
  options = {},
  storedConnectorId,
  networks = [anvil1, anvil2],
  siwx,
  remoteConfig,
  loaders,
  extraFeatures = [],
}: {
  options?: Partial<RootOptions>
  storedConnectorId?: string
  networks?: CaipNetwork[]
  siwx?: SiwxInput
  remoteConfig?: RemoteConfigInput
  /** Features that arrive by a loader (as with createModal) instead of at once. */
  loaders?: Partial<Record<FeatureMachineId, () => Promise<AnyActorLogic>>>
  /** Features registered after the modal's own (a test's toy feature: nothing else changes). */
  extraFeatures?: FeatureRegistration[]
} = {}) {
  const wallet = controllableConnectionActors({ balance: { value: '5000000000000000000', decimals: 18, symbol: 'ETH' } })
  const switches: Deferred<void>[] = []
  const calls: string[] = []
  /** The send machine's calls, answered by the test. */
  const send = {
    balances: [] as Deferred<TokenBalance[]>[],
    estimates: [] as Deferred<SendEstimate>[],
    transfers: [] as Array<{ input: SendTransferInput; d: Deferred<{ hash: string }> }>,
    receipts: [] as Deferred<TransactionEnd>[],
  }
  /** The SIWX machine's calls (config and wallet), answered by the test. */
  const signIn = {
    sessions: [] as Array<{ input: SiwxTarget; d: Deferred<SiwxSession[]> }>,
    messages: [] as Array<{ input: SiwxTarget; d: Deferred<SiwxMessage> }>,
    signatures: [] as Array<{ input: { target: SiwxTarget; message: string }; d: Deferred<string> }>,
    added: [] as Array<{ input: SiwxSession; d: Deferred<SiwxSession> }>,
    revoked: [] as Array<{ sessions: SiwxSession[] }>,
  }
  const heldWithInput =
    <I, T>(list: Array<{ input: I; d: Deferred<T> }>) =>
    ({ input }: { input: I }) => {
      const d = deferred<T>()
      list.push({ input, d })
      return d.promise
    }
  const held =
    <T>(list: Deferred<T>[]) =>
    () => {
      const d = deferred<T>()
      list.push(d)
      return d.promise
    }
  /**
   * The feature machines with the test's actors (spawned at once on intent, unless a loader is given). A feature not
   * listed (one added since, e.g. by `npm run new:feature`) fails to load with {@link HarnessFeatureMissingError} if a
   * root test uses it: list it here then.
   */
  const provided: Partial<Record<FeatureMachineId, AnyActorLogic>> = {
    send: sendMachine.provide({
      actors: {
        fetchBalances: fromPromise(held(send.balances)),
        resolveName: fromPromise(async (): Promise<{ address: string | null }> => ({ address: null })),
        fetchReceiverProfile: fromPromise(async (): Promise<{ name?: string | null; avatar?: string | null }> => ({ name: null, avatar: null })),
        estimateTransfer: fromPromise(held(send.estimates)),
        // The production transaction machine, its wallet prompt and receipt wait answered by the test.
        transaction: transactionMachine.provide({
          actors: {
            send: fromPromise(({ input }) => {
              const d = deferred<{ hash: string }>()
              send.transfers.push({ input: input.request as SendTransferInput, d })
              return d.promise
            }),
            waitForEnd: fromPromise(held(send.receipts)),
          },
        }),
      },
    }),
    // Swap unprovided: the root's tests do not walk a swap (tests/model/swap.model.test.tsx does).
    swap: swapMachine,
    siwx: siwxMachine.provide({
      actors: {
        getSessions: fromPromise(heldWithInput(signIn.sessions)),
        createMessage: fromPromise(heldWithInput(signIn.messages)),
        signMessage: fromPromise(heldWithInput(signIn.signatures)),
        addSession: fromPromise(heldWithInput(signIn.added)),
        revokeSession: fromPromise(async ({ input }) => void signIn.revoked.push({ sessions: input.sessions })),
      },
    }),
    account: accountMachine,
    catalogue: catalogueMachine,
    pairing: pairingMachine,
    remoteConfig: remoteConfigMachine,
    emailLogin: emailLoginMachine,
    socialLogin: socialLoginMachine,
    updateEmail: updateEmailMachine,
    profileWallets: profileWalletsMachine,
    accountType: accountTypeMachine,
    farcasterLogin: farcasterLoginMachine,
    names: namesMachine,
    onramp: onrampMachine,
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
      ...(remoteConfig ? { featureFlags: { local: remoteConfig.local, basic: remoteConfig.basic } } : {}),
      features: featureRegistrations({ siwx, walletConnectConnectorId: options.walletConnectConnectorId, remoteConfig }, (id) =>
        loaders?.[id] ? { load: loaders[id]! } : provided[id] ? { logic: provided[id] } : { load: () => Promise.reject(new HarnessFeatureMissingError(id)) },
      ).concat(extraFeatures),
    },
  }).start()
  const ctx = () => actor.getSnapshot().context
  return {
    actor,
    connects: wallet.connects,
    reconnects: wallet.reconnects,
    switches,
    calls,
    send,
    signIn,
    /** The send machine's snapshot (spawned by the first Send). */
    sendActor: () => (ctx().features.send as FeatureRefs['send'])!.getSnapshot(),
    /** The SIWX machine's snapshot (spawned by the first connection). */
    siwx: () => (ctx().features.siwx as FeatureRefs['siwx'])!.getSnapshot(),
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

/** A root test used a feature the harness does not provide a machine for (see `provided` in {@link createRootHarness}). */
export class HarnessFeatureMissingError extends BaseError {
  override name = 'HarnessFeatureMissingError'
  constructor(id: string) {
    super(`The root harness provides no machine for the ${id} feature: add it to \`provided\` in tests/harness/root.ts.`)
  }
}
