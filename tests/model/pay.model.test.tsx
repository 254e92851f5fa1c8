import { expect, test } from 'vitest'
import { InvalidProviderResponseError, UserRejectedRequestError } from '../../adapters/errors.ts'
import { RpcTimeoutError } from '../../adapters/rpc.ts'
import { ApiError, ApiTimeoutError, InvalidResponseError } from '../../services/api.ts'
import { NonErrorThrownError } from '../../kernel/errors.ts'
import { defineEvmNetwork, defineSolanaNetwork } from '../../adapters/networks.ts'
import { validatePay } from '../../machines/pay.input.ts'
import { PayAssetUnreadableError, payMachine } from '../../machines/pay.ts'
import { buildModelPaths, coverageReport, formatCoverage } from './coverage.ts'

/**
 * Model of the pay feature's chart: every state and transition reached from gestures and answers — `modal.pay`'s
 * request (a second one while one is under way), the reading (enough, short, an amount finer than the decimals, an
 * unreadable asset, no answer in time), Pay, Cancel, the modal closing (and then closed), the wallet's network switch (done, declined), the transaction's
 * ends (confirmed, rejected, reverted), the confirmations asked (counted, reverted, unreadable, not in time), the hash, the wallet gone or on another chain, Done; with an exchange: the
 * list (answered, failed), the choice, the session (opened, refused), the polls (pending, a claim of this payment or of
 * another, failed, expired, garbage), the chain's word on the claim, the deadline; Try again from a failed or expired
 * end; without a wallet (the exchanges only, Connect a wallet, a wallet of the payment's namespace or of another connecting,
 * the new wallet's balances read, failed, not in time); after a reload, the payment kept in storage picked up (an exchange
 * session, a sent transfer, nothing readable). Walked at the chart
 * level; the Pay view's gestures are walked in the browser (tests/e2e/pay.spec.ts).
 *
 * One run, from a connected account (the walletless and other-network starts are reached from it: the account gone or
 * moved while idle). The graph is kept to what the guards read: each event is offered where the visitor or the actor
 * behind it acts (the account's moments and multi-wallet's list where the visitor waits on Pay, the exchanges' list
 * while the wallets are listed), and a state is told apart by what decides its transitions only (which request, not its
 * key; the held wallets where a guard counts them; the active namespace on Pay without a wallet): about 1,300 states and
 * 7,600 edges instead of 3 × 3,500 states and 25,000 edges, every state and transition still walked.
 */
const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'http://127.0.0.1:8545', testnet: true })
const request = validatePay({ recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '0.5', asset: 'eip155:31337/slip44:60' }, [anvil])
const localnet = defineSolanaNetwork({ reference: 'AK7zphcMpwwaFXRuPquNGSMjWsVvhFPZ', name: 'Solana Localnet', rpcUrl: 'http://127.0.0.1:8899', testnet: true })
/** A Solana payment with no Solana wallet connected: read and shown like any other (the exchanges pay it). */
const solRequest = validatePay({ recipient: '7BNg9dvdHrtiuYmK1wF2DoMRbRkZup9Q9wWsdCjvSd4S', amount: '1', asset: `${localnet.caipNetworkId}/slip44:501` }, [localnet])
/** A payment that asks two blocks over its transfer before success. */
const deep = validatePay({ recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '0.5', asset: 'eip155:31337/slip44:60', confirmations: 2 }, [anvil])
const HASH = `0x${'ab'.repeat(32)}`
const rich = { decimals: 18, symbol: 'ETH', balance: 10n ** 22n, nativeBalance: 10n ** 22n, fee: 10n ** 13n }
const balances = { balance: 10n ** 22n, nativeBalance: 10n ** 22n, fee: 10n ** 13n }
const short = { balance: 1n, nativeBalance: 1n, fee: 10n ** 13n }
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SECOND = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
/** Multi-wallet's list with a second wallet held in the payment's namespace. */
const heldSecond = { type: 'pay.wallets', wallets: [{ connectorId: 'other', address: SECOND, caipNetworkId: 'eip155:31337' }] }
/** A reading named for the graph's event keys (its bigints do not serialise). */
const named = <T extends object>(name: string, reading: T): T => Object.defineProperty(reading, 'toJSON', { value: () => name })
const outcomes = [{ status: 'confirmed', hash: HASH }, { status: 'rejected' }, { status: 'reverted', hash: HASH, error: { name: 'TransactionRevertedError', message: 'Reverted' } }]
const account = (caipNetworkId: string) => ({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', caipNetworkId, namespace: 'eip155', connectorId: 'dev', supported: true, testnet: true })
const moved = { type: 'root.account', change: 'changed', account: account('eip155:1'), holder: 'pay' }
const gone = { type: 'root.account', change: 'disconnected', account: undefined, holder: 'pay' }
/** Another account of the active wallet (the set of wallets that may pay changes). */
const otherActive = { type: 'root.account', change: 'changed', account: { ...account('eip155:31337'), address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' }, holder: 'pay' }
const solanaConnected = {
  type: 'root.account',
  change: 'connected',
  account: { address: '7BNg9dvdHrtiuYmK1wF2DoMRbRkZup9Q9wWsdCjvSd4S', caipNetworkId: localnet.caipNetworkId, namespace: 'solana', connectorId: 'sol', supported: true, testnet: true },
  holder: 'pay',
  connection: 'connection.solana',
}
const closing = { type: 'root.closing', view: 'Pay' }
const closed = { type: 'root.closed', view: 'Pay' }
const session = { exchangeId: 'reference', sessionId: 'session-1', url: 'http://127.0.0.1:8600/exchange/pay/session-1', deadline: 1_800_000_060_000, expiresIn: 60_000 }
const resumedBase = { key: 'r', request, units: 5n * 10n ** 17n, reading: { ...rich, balance: 0n, nativeBalance: 0n, fee: 0n } }
const wallet = { connectorId: 'dev', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', caipNetworkId: 'eip155:31337' }
const claim = (amount: string) => ({ status: 'succeeded', txHash: HASH, amount, recipient: request.recipient })
const statuses = [{ status: 'pending' }, claim('0.5'), claim('0.4'), { status: 'failed', reason: 'Declined.' }, { status: 'expired' }]

type S = {
  matches: (value: unknown) => boolean
  context: {
    request?: { asset: { namespace: string }; confirmations?: number | undefined }
    connection?: string
    wallet?: { caipNetworkId: string; address: string }
    target?: { address: string }
    key?: string
    exchanges?: unknown[]
    held?: unknown[]
    readFor?: string
  }
}
const events = (s: S) => {
  const list: Array<{ type: string; [k: string]: unknown }> = [{ type: 'pay.request', key: s.context.key ? 'second' : 'first', request }]
  if (s.matches('idle')) list.push(gone, closed, { type: 'pay.resume', key: 'r' }, { type: 'pay.request', key: 'sol', request: solRequest }, { type: 'pay.request', key: 'deep', request: deep })
  if (s.matches('awaitingConfirmations'))
    list.push(
      { type: 'xstate.done.actor.waitForConfirmations', output: { status: 'confirmed', count: 2 } },
      { type: 'xstate.done.actor.waitForConfirmations', output: { status: 'reverted' } },
      { type: 'xstate.error.actor.waitForConfirmations', error: new RpcTimeoutError({ url: 'http://127.0.0.1:8545', timeout: 10_000, attempts: 3 }) },
      { type: 'xstate.after.payConfirmationTimeout.pay.awaitingConfirmations' },
      moved,
    )
  if (s.matches('resuming'))
    list.push(
      { type: 'xstate.done.actor.loadStoredPayment', output: named('exchange', { ...resumedBase, exchanges: [{ id: 'reference', name: 'Reference Exchange' }], exchangeId: 'reference', exchangeSession: session }) },
      { type: 'xstate.done.actor.loadStoredPayment', output: named('transfer', { ...resumedBase, wallet, hash: HASH }) },
      { type: 'xstate.done.actor.loadStoredPayment', output: undefined },
      { type: 'xstate.error.actor.loadStoredPayment', error: new NonErrorThrownError('storage unreadable') },
    )
  if (s.matches('preparing'))
    list.push(
      { type: 'xstate.done.actor.readAsset', output: { decimals: 18, symbol: 'ETH' } },
      { type: 'xstate.done.actor.readAsset', output: { decimals: 0, symbol: 'ETH' } },
      { type: 'xstate.error.actor.readAsset', error: new PayAssetUnreadableError('eip155:31337/erc20:0x…') },
      { type: 'xstate.after.payReadTimeout.pay.preparing' },
      moved,
      gone,
    )
  if (s.matches({ reviewing: 'ready' })) list.push({ type: 'pay.confirm' }, { type: 'pay.chooseWallet', address: SECOND })
  // Connect a wallet: a wallet of another namespace (the Pay view back as it was); `moved` brings one of the payment's.
  if (s.matches({ reviewing: 'noWallet' })) list.push({ type: 'pay.connectWallet' }, solanaConnected)
  // The held wallets, told at the view's start: a second one, or none; or never (no balance read in time).
  if (s.matches({ reviewing: 'listing' })) list.push(heldSecond, { type: 'pay.wallets', wallets: [] }, { type: 'xstate.after.payReadTimeout.pay.reviewing.listing' })
  if (s.matches({ reviewing: 'reading' }))
    list.push(
      // Every wallet listed: the active one short, the second (held) rich (alone, the active one is short); all rich; or all unreadable.
      { type: 'xstate.done.actor.readBalances', output: named('mixed', { wallets: { [ACCOUNT.toLowerCase()]: { ...short }, [SECOND.toLowerCase()]: { ...balances } } }) },
      { type: 'xstate.done.actor.readBalances', output: named('rich', { iconUrl: 'https://icons.test/eth.png', wallets: { [ACCOUNT.toLowerCase()]: { ...balances }, [SECOND.toLowerCase()]: { ...balances } } }) },
      { type: 'xstate.done.actor.readBalances', output: { wallets: { [ACCOUNT.toLowerCase()]: { unreadable: 'garbage' }, [SECOND.toLowerCase()]: { unreadable: 'garbage' } } } },
      { type: 'xstate.error.actor.readBalances', error: new InvalidProviderResponseError('eth_getBalance', 'garbage') },
      { type: 'xstate.after.payReadTimeout.pay.reviewing.reading' },
    )
  // Multi-wallet's list (a second wallet held, the same told again, none) and another account of the active wallet: the
  // reviewing state's own transitions, taken from where the visitor waits (the substates only read or decide).
  // The same for the account's moments (another chain, gone) and the exchange chosen; Cancel and closing from Pay ready.
  const waitingOnPay = s.matches({ reviewing: 'ready' }) || s.matches({ reviewing: 'noWallet' })
  if (waitingOnPay) list.push(heldSecond, { type: 'pay.wallets', wallets: [] }, otherActive, moved, gone, { type: 'pay.exchange', exchangeId: 'reference' })
  if (s.matches({ reviewing: 'ready' }) || s.matches('switchingNetwork') || s.matches({ transferring: 'prompting' })) list.push({ type: 'pay.cancel' }, closing)
  if (s.matches('switchingNetwork') || s.matches({ transferring: 'prompting' })) list.push(moved, gone)
  if (s.matches('switchingNetwork')) list.push({ type: 'xstate.done.actor.switchNetwork' }, { type: 'xstate.error.actor.switchNetwork', error: new UserRejectedRequestError() })
  if (s.matches({ transferring: 'prompting' })) list.push({ type: 'transaction.submitted', hash: HASH })
  if (s.matches({ transferring: 'confirming' })) list.push(gone)
  if (s.matches('transferring')) list.push(...outcomes.map((output) => ({ type: 'xstate.done.actor.transaction', output })))
  // The exchanges' list, answered (or not) while the wallets are listed: the Pay view's invoke, whichever substate it ends in.
  if (s.matches({ reviewing: 'listing' }))
    list.push(
      { type: 'xstate.done.actor.listExchanges', output: [{ id: 'reference', name: 'Reference Exchange' }] },
      { type: 'xstate.error.actor.listExchanges', error: new ApiTimeoutError({ url: 'http://127.0.0.1:8600/v1/exchanges', timeout: 10_000 }) },
    )
  if (s.matches('exchange')) list.push({ type: 'pay.cancel' }, closing)
  if (s.matches({ exchange: 'opening' }))
    list.push(
      { type: 'xstate.done.actor.createExchangeSession', output: session },
      { type: 'xstate.error.actor.createExchangeSession', error: new ApiError({ status: 409, body: { message: 'refused' }, url: 'http://127.0.0.1:8600/v1/sessions' }) },
    )
  if (s.matches({ exchange: 'awaiting' })) list.push({ type: 'xstate.after.exchangeDeadline.pay.exchange.awaiting' })
  if (s.matches({ exchange: { awaiting: 'waiting' } })) list.push({ type: 'xstate.after.payExchangePoll.pay.exchange.awaiting.waiting' })
  if (s.matches({ exchange: { awaiting: 'polling' } }))
    list.push(...statuses.map((output) => ({ type: 'xstate.done.actor.getExchangeStatus', output })), {
      type: 'xstate.error.actor.getExchangeStatus',
      error: new InvalidResponseError('exchange status', 'status: not one of the statuses'),
    })
  if (s.matches({ exchange: { awaiting: 'verifying' } }))
    list.push(
      { type: 'xstate.done.actor.verifyExchangeTransfer', output: true },
      { type: 'xstate.done.actor.verifyExchangeTransfer', output: false },
      { type: 'xstate.error.actor.verifyExchangeTransfer', error: new RpcTimeoutError({ url: 'http://127.0.0.1:8545', timeout: 10_000, attempts: 3 }) },
    )
  if (s.matches('succeeded') || s.matches('failed') || s.matches('expired')) list.push({ type: 'pay.done' }, closing)
  if (s.matches('failed') || s.matches('expired') || s.matches({ reviewing: 'short' })) list.push({ type: 'pay.retry' })
  return list
}
const serialize = (s: S & { value: unknown }) =>
  JSON.stringify([
    s.value,
    s.context.wallet?.caipNetworkId ?? null,
    s.context.wallet?.address ?? null,
    s.context.target?.address ?? null,
    // Which request (not its key: a second request, or one picked up after a reload, walks the same chart again).
    s.context.key === undefined ? null : `${s.context.request?.asset.namespace}:${s.context.request?.confirmations ?? 1}`,
    s.context.exchanges?.length ?? null,
    // The wallets held, where a guard reads them (the Pay view, the wallet asked, an end that may be tried again): no
    // list told yet and an empty one are the same wallets; elsewhere the chart goes on the same with any.
    s.matches('reviewing') || s.matches('switchingNetwork') || s.matches({ transferring: 'prompting' }) || s.matches('failed') || s.matches('expired') ? (s.context.held?.length ?? 0) : null,
    // The active namespace, where a guard reads it (Connect a wallet).
    s.matches({ reviewing: 'noWallet' }) ? (s.context.connection ?? null) : null,
  ])
const onNetwork = buildModelPaths(payMachine, { events: events as never, serialize: serialize as never, input: { target: account('eip155:31337'), connection: 'connection.eip155' } })

test('coverage: every state and every transition of the pay chart', () => {
  const report = coverageReport(payMachine, [onNetwork])
  console.log(formatCoverage('pay', report))
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})
