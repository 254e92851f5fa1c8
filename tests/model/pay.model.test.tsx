import { expect, test } from 'vitest'
import { UserRejectedRequestError } from '../../adapters/errors.ts'
import { defineEvmNetwork } from '../../adapters/networks.ts'
import { toBaseUnits, validatePay } from '../../machines/pay.input.ts'
import { payMachine } from '../../machines/pay.ts'
import { buildModelPaths, coverageReport, formatCoverage } from './coverage.ts'

/**
 * Model of the pay chart (wallet path). Chart level only for now: the Pay view and its walk through the real modal
 * (gestures: the review's Pay button, the modal's close) come with the view.
 */
const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'http://127.0.0.1:8545', testnet: true })
const request = validatePay({ recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '0.5', asset: 'eip155:31337/slip44:60' }, [anvil])
const HASH = `0x${'ab'.repeat(32)}`
const outcomes = [{ status: 'confirmed', hash: HASH }, { status: 'rejected' }, { status: 'reverted', hash: HASH, error: { name: 'TransactionRevertedError', message: 'Reverted' } }]

const events = (s: { matches: (value: string) => boolean }) => {
  if (s.matches('reviewing')) return [{ type: 'pay.confirm' }, { type: 'pay.close' }]
  if (s.matches('switchingNetwork')) return [{ type: 'xstate.done.actor.switchNetwork' }, { type: 'xstate.error.actor.switchNetwork', error: new UserRejectedRequestError() }, { type: 'pay.close' }]
  if (s.matches('transferring')) return [...outcomes.map((output) => ({ type: 'xstate.done.actor.transaction', output })), { type: 'pay.close' }]
  return []
}
const serialize = (s: { value: unknown; context: { wallet: { caipNetworkId: string } } }) => JSON.stringify([s.value, s.context.wallet.caipNetworkId])
const input = (caipNetworkId: string) => ({ request, units: toBaseUnits('0.5', 18), wallet: { connectorId: 'dev', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', caipNetworkId } })
const onNetwork = buildModelPaths(payMachine, { events, serialize: serialize as never, input: input('eip155:31337') })
const elsewhere = buildModelPaths(payMachine, { events, serialize: serialize as never, input: input('eip155:1'), covered: [onNetwork] })

test('coverage: every state and every transition of the pay chart', () => {
  const report = coverageReport(payMachine, [onNetwork, elsewhere])
  console.log(formatCoverage('pay', report))
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})
