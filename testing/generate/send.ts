/**
 * The page model of the send chart: a visitor connected on the config's first network, with the `blockchainApi`
 * fixture's balances (the native currency, read from the `chain` node), sends from the modal's Send view. For each
 * state of the production machine, the events a dapp's test makes happen (Account → Send, typing the amount and the
 * receiver, Review send, Back, Send in the review, the wallet's answer) and the answers that then come by themselves
 * (the balances, the fee estimate, the router's entry, the chain's end). A sent transaction is checked on the chain:
 * the receiver's balance. What no page makes happen is left out, and said so in {@link SEND_LEFT_OUT}.
 */
import { getAddress } from 'viem'
import type { AnyStateMachine, SnapshotFrom } from 'xstate'
import { sendMachine, type SendContext } from '../../machines/send.ts'
import { enShell } from '../../ui/locales/en.shell.ts'
import { DEV_ADDRESSES } from '../wallet/accounts.ts'
import { TEST_WALLET_RDNS } from '../wallet/testWallet.ts'
import type { GenerateConfig } from './config.ts'
import { q } from './literal.ts'
import type { ModelEvent, PageModel } from './paths.ts'

type Snapshot = SnapshotFrom<AnyStateMachine>

/** The receiver of the generated sends: an address no dev account holds (its balance starts at 0 on a fresh anvil). */
export const SEND_RECEIVER = getAddress('0x000000000000000000000000000000000000beef')
/** The amount sent, in ETH as typed, and in wei as the chain shows it. */
const AMOUNT = '0.25'
const AMOUNT_WEI = '250000000000000000n'
/** More than a dev account holds (10 000 ETH): refused before the wallet is asked. */
const TOO_MUCH = '20000'
/** Not an address: refused at review. */
const NOT_AN_ADDRESS = 'not-an-address'

/** What the send chart's model leaves out (no dapp page makes it happen), for the generated file's header. */
export const SEND_LEFT_OUT: readonly string[] = [
  'names and profiles (the receiver typed as a name, a mainnet receiver’s profile): the kit’s blockchain API has no names',
  'the token picker and Max: the kit’s API lists the native currency unless given tokens',
  'the timers (balanceRetry, nameDebounce, walletRequestTimeout) and the receipt timeout (unconfirmed, rechecking)',
  'failures of the balance read, the fee estimate and the chain (a revert, a replacement): the hand-written suite breaks the API',
  'the router refusing the entry (too many pending transactions) and the root’s account moments (the connection chart’s)',
]

const messages = enShell.sendMessages
const amountClass = (c: SendContext) => (c.sendTokenAmount === '' ? 'none' : c.sendTokenAmount === AMOUNT ? 'ok' : 'tooMuch')
const receiverClass = (c: SendContext) => (c.receiverAddress === '' ? 'none' : c.receiverAddress === NOT_AN_ADDRESS ? 'invalid' : 'valid')

/** The send chart of the `eip155` namespace, from a visitor connected with dev account 0 on the config's first network. */
export function sendModel(config: GenerateConfig): PageModel {
  const chainId = config.networks[0]!.chainId
  const caipNetworkId = `eip155:${chainId}`
  const target = { address: DEV_ADDRESSES[0]!, caipNetworkId, namespace: 'eip155', connectorId: TEST_WALLET_RDNS, supported: true, testnet: true }
  const balances = [{ name: 'Ether', symbol: 'ETH', chainId: caipNetworkId, value: 30_000_000, price: 3000, quantity: { decimals: '18', numeric: '10000' } }]
  const openSend = (name: string): ModelEvent => ({
    type: 'send.start',
    drive: { name, code: ['await modal.closeDialog()', 'await modal.accountButton.click()', 'await modal.account.send().click()'] },
  })
  const fill = (field: 'amount' | 'to', value: string, name: string): ModelEvent['drive'] => ({ name, code: [`await modal.send.${field}.fill(${q(value)})`] })
  const events = (snapshot: Snapshot): ModelEvent[] => {
    const c = snapshot.context as SendContext
    if (snapshot.matches({ flow: 'idle' })) return [openSend(snapshot.matches({ balances: 'idle' }) ? 'Account → Send' : 'Account → Send again')]
    if (snapshot.matches({ balances: 'loading' })) return [{ type: 'xstate.done.actor.fetchBalances', output: balances }]
    if (snapshot.matches({ flow: 'editing' })) {
      const review: ModelEvent = { type: 'send.review', drive: { name: 'Review send', code: ['await modal.send.review.click()'] } }
      if (amountClass(c) === 'none' && receiverClass(c) === 'none') {
        return [
          review,
          { type: 'send.setAmount', amount: AMOUNT, drive: fill('amount', AMOUNT, `Amount ${AMOUNT}`) },
          { type: 'send.setAmount', amount: TOO_MUCH, drive: fill('amount', TOO_MUCH, `Amount ${TOO_MUCH} (more than the balance)`) },
        ]
      }
      if (receiverClass(c) === 'none') {
        return [
          { type: 'send.setReceiver', receiver: SEND_RECEIVER, drive: fill('to', SEND_RECEIVER, 'To: a new address') },
          ...(amountClass(c) === 'ok' ? [{ type: 'send.setReceiver', receiver: NOT_AN_ADDRESS, drive: fill('to', NOT_AN_ADDRESS, 'To: not an address') }] : []),
        ]
      }
      return [review]
    }
    if (snapshot.matches({ flow: { preview: 'estimating' } })) return [{ type: 'xstate.done.actor.estimateTransfer', output: { gas: '21000', gasPrice: '1000000000', fee: '21000000000000' } }]
    if (snapshot.matches({ flow: { preview: 'ready' } })) {
      return [
        {
          type: 'send.confirm',
          drive: { name: 'Send (the wallet holds its prompt)', code: [`await wallet.answerNext('hang', 'sendTransaction')`, 'await modal.send.confirm.click()', `await wallet.waitForPrompt('sendTransaction')`] },
        },
        { type: 'root.back', view: 'SendPreview', drive: { name: 'Back to the form', code: ['await modal.back.click()'] } },
      ]
    }
    if (snapshot.matches({ flow: { preview: 'reserving' } })) return [{ type: 'router.transactionAccepted' }]
    if (snapshot.matches({ flow: { transacting: 'sending' } })) {
      return [
        { type: 'transaction.submitted', hash: `0x${'1'.repeat(64)}`, drive: { name: 'the wallet approves and sends', code: [`await wallet.settle('approve')`] } },
        { type: 'xstate.done.actor.transaction', output: { status: 'rejected' }, drive: { name: 'the wallet rejects (4001)', code: [`await wallet.settle('reject')`] } },
      ]
    }
    if (snapshot.matches({ flow: { transacting: 'confirming' } })) return [{ type: 'xstate.done.actor.transaction', output: { status: 'confirmed', hash: `0x${'1'.repeat(64)}` } }]
    return []
  }
  const checks = (snapshot: Snapshot): string[] => {
    const c = snapshot.context as SendContext
    if (snapshot.matches({ flow: 'editing' })) {
      const error = c.error
      const text = !error ? undefined : error.key === 'required' ? messages.required : error.key === 'invalidReceiver' ? messages.invalidReceiver : error.key === 'insufficient' ? messages.insufficient('ETH') : undefined
      return [
        `await expect(modal.send.dialog.getByRole('button', { name: /^Token: ETH\\b/ })).toBeVisible()`,
        `await expect(modal.send.amount).toHaveValue(${q(c.sendTokenAmount)})`,
        ...(text ? [`await expect(modal.send.dialog.getByText(${q(text)})).toBeVisible()`] : []),
        // The form's balance is the kit's blockchain API's, read for the connected account on this network.
        `expect(blockchainApi.requests.map((r) => r.chainId)).toContain(${q(caipNetworkId)})`,
      ]
    }
    if (snapshot.matches({ flow: { preview: 'ready' } })) return ['await expect(modal.send.reviewDialog).toBeVisible()']
    if (snapshot.matches({ flow: { transacting: 'sending' } })) {
      return ['await expect(modal.send.reviewDialog).toBeVisible()', `expect((await wallet.prompts()).map((p) => p.kind)).toEqual(['sendTransaction'])`, `expect(await chain.getBalance(${q(SEND_RECEIVER)})).toBe(0n)`]
    }
    if (snapshot.matches({ flow: 'idle' }) && snapshot.matches({ balances: 'ready' })) {
      return [`await expect(modal.account.dialog).toBeVisible()`, `expect(await chain.getBalance(${q(SEND_RECEIVER)})).toBe(${AMOUNT_WEI})`, `expect((await wallet.state()).address).toBe(${q(target.address)})`]
    }
    return []
  }
  return {
    chart: 'send',
    systemId: 'send',
    machine: sendMachine as AnyStateMachine,
    input: { target },
    events,
    serialize: (s) => JSON.stringify({ v: s.value, a: amountClass(s.context as SendContext), r: receiverClass(s.context as SendContext) }),
    checks,
    spawnedLater: true,
  }
}
