/**
 * The page models of the connection, network and SIWX charts: for each state of the production machine, the events a
 * dapp's test can make happen on the dapp's page (with the kit's test wallet and the `modal` page object) and the
 * answers that then come by themselves. What no page can make happen is left out, and said so in {@link LEFT_OUT}.
 * The send chart's model is in send.ts.
 */
import type { AnyStateMachine, SnapshotFrom } from 'xstate'
import { UserRejectedRequestError } from '../../adapters/errors.ts'
import type { CaipNetwork } from '../../adapters/networks.ts'
import { connectionMachine, type ConnectionContext } from '../../machines/connection.ts'
import { networkMachine, type NetworkContext } from '../../machines/network.ts'
import { siwxMachine, type SiwxContext } from '../../machines/siwx.ts'
import { DEV_ADDRESSES } from '../wallet/accounts.ts'
import { TEST_WALLET_RDNS } from '../wallet/testWallet.ts'
import type { GenerateConfig } from './config.ts'
import { q } from './literal.ts'
import type { ModelEvent, PageModel } from './paths.ts'

type Snapshot = SnapshotFrom<AnyStateMachine>
const rejection = () => new UserRejectedRequestError()
const [ACCOUNT_0, ACCOUNT_1] = DEV_ADDRESSES

/** The config's networks as the machines hold them (CAIP-2 ids; only the fields the charts read). */
export function caipNetworks(config: GenerateConfig): CaipNetwork[] {
  return config.networks.map((n) => ({ id: n.chainId, caipNetworkId: `eip155:${n.chainId}`, chainNamespace: 'eip155', name: n.name }) as unknown as CaipNetwork)
}

/** What each chart's model leaves out (no dapp page makes it happen), for the generated file's header. */
export const LEFT_OUT: Record<'connection' | 'network' | 'siwx', readonly string[]> = {
  connection: [
    'failures other than the wallet’s rejection (a failed RPC, a wallet that throws): the test wallet answers or rejects',
    'the timers (walletRequestTimeout, nativeBalanceTtl, balanceRetry, disconnectWait): no test waits 10-30 s',
    'reconnecting after a reload: the `connected` fixture starts there, its restore is the start of the other charts',
    'multi-wallet (adding, connection.switch, connection.selectAccount) and connection.endedElsewhere: another feature’s or tab’s events',
    'connection.walletDisconnected on its own: the wallet’s disconnect sends accountsChanged [] first',
    'connection.refreshBalance and connection.configure: sent by other charts, not by a gesture',
  ],
  network: [
    'unsupported and addingChain: the test wallet knows every network of the config (it never answers 4902 or sits on another chain)',
    'failures other than the wallet’s rejection, network.cancel, network.add / network.remove (the dapp’s calls)',
    'network.walletDisconnected: the connection chart’s journeys disconnect',
  ],
  siwx: [
    'the verifier’s failures (getSessions, createMessage, addSession refused): the dapp’s own server decides those',
    'returning (a required sign-in returning the wallet to a session’s network) and a stored session found at connect',
    'a wallet re-announcing the same account, and a connection while the sign-out is on its way',
  ],
}

// ---------------------------------------------------------------- connection

/** The connection chart of the `eip155` namespace, from a fresh visitor (nothing stored). */
export function connectionModel(config: GenerateConfig): PageModel {
  const wallet = q(config.walletName)
  const other = config.networks[1]
  const hold = (how: string): ModelEvent['drive'] => ({
    name: `${how} (the wallet holds its prompt)`,
    code: [
      `await wallet.answerNext('hang', 'connect')`,
      ...(how.startsWith('Try again') ? [`await modal.tryAgain.click()`] : [`await modal.openConnect()`, `await modal.connect.wallet(${wallet}).click()`]),
      `await wallet.waitForPrompt('connect')`,
    ],
  })
  const back = { type: 'connection.cancel', drive: { name: 'Back', code: ['await modal.back.click()'] } }
  const events = (snapshot: Snapshot): ModelEvent[] => {
    const c = snapshot.context as ConnectionContext
    switch (JSON.stringify(snapshot.value)) {
      case '"disconnected"':
        return [{ type: 'connection.request', connectorId: TEST_WALLET_RDNS, drive: hold(`Connect Wallet → ${config.walletName}`) }]
      case '"connecting"':
        return [
          { type: 'xstate.done.actor.connect', output: { accounts: [ACCOUNT_0], chainId: config.networks[0]!.chainId }, drive: { name: 'the wallet approves', code: [`await wallet.settle('approve')`] } },
          { type: 'xstate.error.actor.connect', error: rejection(), drive: { name: 'the wallet rejects (4001)', code: [`await wallet.settle('reject')`] } },
          back,
        ]
      case '"rejected"':
        return [{ type: 'connection.request', connectorId: TEST_WALLET_RDNS, drive: hold('Try again') }, back]
      case '{"connected":"fetchingBalance"}':
        return [{ type: 'xstate.done.actor.getBalance', output: { value: '1', decimals: 18, symbol: 'ETH' } }]
      case '{"connected":"balanceReady"}': {
        const account = c.address === ACCOUNT_0 ? 1 : 0
        const chain = other && c.chainId === config.networks[0]!.chainId ? other.chainId : config.networks[0]!.chainId
        return [
          { type: 'connection.accountsChanged', accounts: [account === 1 ? ACCOUNT_1 : ACCOUNT_0], drive: { name: `the wallet selects account ${account}`, code: [`await wallet.setAccount(${account})`] } },
          ...(other ? [{ type: 'connection.chainChanged', chainId: chain, drive: { name: `the wallet switches to chain ${chain}`, code: [`await wallet.setChain(${chain})`] } }] : []),
          { type: 'connection.accountsChanged', accounts: [], drive: { name: 'the wallet disconnects the site', code: ['await wallet.disconnect()'] } },
          { type: 'connection.disconnect', drive: { name: 'Account → Disconnect', code: ['await modal.closeDialog()', 'await modal.accountButton.click()', 'await modal.account.disconnect().click()'] } },
        ]
      }
      case '"disconnecting"':
        return [{ type: 'xstate.done.actor.disconnect', output: undefined }]
      default:
        return []
    }
  }
  return {
    chart: 'connection',
    systemId: 'connection.eip155',
    machine: connectionMachine as AnyStateMachine,
    input: { namespace: 'eip155' },
    events,
    serialize: (s) => JSON.stringify({ v: s.value, a: (s.context as ConnectionContext).address, c: (s.context as ConnectionContext).chainId }),
    checks: (s) =>
      s.matches('disconnected')
        ? ['await expect(modal.connectButton).toBeVisible()']
        : s.matches('connecting')
          ? ['await expect(modal.back).toBeVisible()']
          : s.matches('rejected')
            ? ['await expect(modal.tryAgain).toBeVisible()']
            : s.matches({ connected: 'balanceReady' })
              ? ['await expect(modal.accountButton.address).toBeVisible()', `expect((await wallet.state()).address).toBe(${q((s.context as ConnectionContext).address!)})`]
              : [],
  }
}

// ---------------------------------------------------------------- network

/** The network chart of a connected visitor on the config's first network (switches between the config's networks). */
export function networkModel(config: GenerateConfig): PageModel {
  const networks = caipNetworks(config)
  const nameOf = (id: string) => config.networks.find((n) => `eip155:${n.chainId}` === id)!.name
  const events = (snapshot: Snapshot): ModelEvent[] => {
    const c = snapshot.context as NetworkContext
    if (snapshot.matches('supported')) {
      return networks
        .filter((n) => n.caipNetworkId !== c.activeCaipNetworkId)
        .flatMap((n): ModelEvent[] => [
          {
            type: 'network.switch',
            caipNetworkId: n.caipNetworkId,
            connectorId: TEST_WALLET_RDNS,
            drive: {
              name: `Switch network → ${nameOf(n.caipNetworkId)} (the wallet holds its prompt)`,
              code: [
                `await wallet.answerNext('hang', 'switchChain')`,
                'await modal.closeDialog()',
                'await modal.networkButton.click()',
                `await modal.switchNetwork.network(${q(nameOf(n.caipNetworkId))}).click()`,
                `await wallet.waitForPrompt('switchChain')`,
              ],
            },
          },
          {
            type: 'network.walletChainChanged',
            chainId: Number(n.caipNetworkId.split(':')[1]),
            namespace: 'eip155',
            drive: { name: `the wallet switches to ${nameOf(n.caipNetworkId)} by itself`, code: [`await wallet.setChain(${n.caipNetworkId.split(':')[1]})`] },
          },
        ])
    }
    if (snapshot.matches({ pending: 'switching' })) {
      return [
        { type: 'xstate.done.actor.switchChain', output: undefined, drive: { name: 'the wallet approves the switch', code: [`await wallet.settle('approve')`] } },
        { type: 'xstate.error.actor.switchChain', error: rejection(), drive: { name: 'the wallet rejects the switch (4001)', code: [`await wallet.settle('reject')`] } },
      ]
    }
    return []
  }
  return {
    chart: 'network',
    systemId: 'network',
    machine: networkMachine as AnyStateMachine,
    input: { networks, namespace: 'eip155' },
    events,
    serialize: (s) => JSON.stringify({ v: s.value, n: (s.context as NetworkContext).activeCaipNetworkId, t: (s.context as NetworkContext).target }),
    checks: (s) => (s.matches('supported') ? [`await expect(modal.networkButton).toHaveAccessibleName(${q(`Switch network (${nameOf((s.context as NetworkContext).activeCaipNetworkId)})`)})`] : []),
  }
}

// ---------------------------------------------------------------- siwx

/** The SIWX chart with the page's `siwx` (required or not), from a fresh visitor with no session. */
export function siwxModel(config: GenerateConfig): PageModel {
  const required = config.siwx !== false && config.siwx.required
  const chainId = config.networks[0]!.chainId
  const target = { address: ACCOUNT_0!, caipNetworkId: `eip155:${chainId}`, namespace: 'eip155', connectorId: TEST_WALLET_RDNS }
  const connected = { type: 'root.account', change: 'connected', account: { ...target, supported: true, testnet: true }, holder: undefined, connecting: true, connection: 'connection.eip155' }
  const disconnected = { type: 'root.account', change: 'disconnected', account: undefined, holder: undefined, connection: 'connection.eip155' }
  const message = { accountAddress: ACCOUNT_0, chainId: target.caipNetworkId, domain: 'localhost', uri: 'http://localhost', version: '1', nonce: 'n', serializedMessage: 'm' }
  const session = { data: message, message: 'm', signature: '0x01' }
  const events = (snapshot: Snapshot): ModelEvent[] => {
    const c = snapshot.context as SiwxContext
    if (snapshot.matches('idle')) {
      if (!c.target) return [{ ...connected, drive: { name: `Connect Wallet → ${config.walletName} (approved)`, code: ['await modal.openConnect()', `await modal.connect.wallet(${q(config.walletName)}).click()`] } }]
      return required ? [{ ...disconnected }] : []
    }
    if (snapshot.matches('checking')) return [{ type: 'xstate.done.actor.getSessions', output: [] }]
    if (snapshot.matches({ awaitingSession: 'prompting' })) {
      return [
        { type: 'siwx.sign', drive: { name: 'Sign (the wallet holds its prompt)', code: [`await wallet.answerNext('hang', 'sign')`, 'await modal.signIn.sign.click()', `await wallet.waitForPrompt('sign')`] } },
        { type: 'siwx.cancel', drive: { name: 'Cancel', code: ['await modal.signIn.cancel.click()'] } },
        ...(required ? [] : [{ type: 'root.closed', drive: { name: 'Escape closes the modal', code: ['await modal.close()'] } }]),
      ]
    }
    if (snapshot.matches({ awaitingSession: { signing: 'creatingMessage' } })) return [{ type: 'xstate.done.actor.createMessage', output: message }]
    if (snapshot.matches({ awaitingSession: { signing: 'awaitingSignature' } })) {
      return [
        { type: 'xstate.done.actor.signMessage', output: '0x01', drive: { name: 'the wallet signs', code: [`await wallet.settle('approve')`] } },
        { type: 'xstate.error.actor.signMessage', error: rejection(), drive: { name: 'the wallet rejects the signature (4001)', code: [`await wallet.settle('reject')`] } },
      ]
    }
    if (snapshot.matches({ awaitingSession: { signing: 'verifying' } })) return [{ type: 'xstate.done.actor.addSession', output: session }]
    if (snapshot.matches('signedIn'))
      return [{ ...disconnected, drive: { name: 'Account → Disconnect', code: ['await modal.closeDialog()', 'await modal.accountButton.click()', 'await modal.account.disconnect().click()'] } }]
    if (snapshot.matches('signingOut')) return [{ type: 'xstate.done.actor.revokeSession', output: undefined }]
    return []
  }
  return {
    chart: 'siwx',
    systemId: 'siwx',
    machine: siwxMachine as AnyStateMachine,
    input: { required },
    events,
    serialize: (s) => JSON.stringify({ v: s.value, t: Boolean((s.context as SiwxContext).target), s: (s.context as SiwxContext).sessions.length }),
    checks: (s) =>
      s.matches({ awaitingSession: 'prompting' })
        ? ['await expect(modal.signIn.dialog).toBeVisible()', 'expect((await wallet.state()).authorised).toBe(true)']
        : s.matches('signedIn')
          ? ['await expect(modal.signIn.dialog).toHaveCount(0)']
          : [],
    spawnedLater: true,
  }
}
