import { describe, expect, test } from 'vitest'
import { createActor, fromPromise, toPromise } from 'xstate'
import { defineEvmNetwork } from '../adapters/networks.ts'
import { UserRejectedRequestError } from '../adapters/errors.ts'
import { validatePay, toBaseUnits } from './pay.input.ts'
import { payMachine, type PayInput, type PayTransferRequest } from './pay.ts'
import { transactionMachine } from './transaction.ts'

const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'http://127.0.0.1:8545', testnet: true })
const HASH = `0x${'ab'.repeat(32)}`
const request = validatePay({ recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '0.5', asset: 'eip155:31337/slip44:60' }, [anvil])
const input = (caipNetworkId = 'eip155:31337'): PayInput => ({ request, units: toBaseUnits('0.5', 18), wallet: { connectorId: 'dev', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', caipNetworkId } })

/** The chart with fakes: the wallet's answer (`send`), the chain's end (`waitForEnd`), the network switch. */
function start(
  {
    send = async () => ({ hash: HASH }),
    end = 'confirmed' as 'confirmed' | 'reverted',
    switchNetwork = async () => {},
  }: { send?: (r: PayTransferRequest) => Promise<{ hash: string }>; end?: 'confirmed' | 'reverted'; switchNetwork?: () => Promise<void> } = {},
  from?: string,
) {
  const sent: PayTransferRequest[] = []
  const transaction = transactionMachine.provide({
    actors: {
      send: fromPromise(async ({ input: i }) => {
        sent.push(i.request as PayTransferRequest)
        return send(i.request as PayTransferRequest)
      }),
      waitForEnd: fromPromise(async ({ input: i }) => ({ status: end === 'confirmed' ? ('success' as const) : ('reverted' as const), hash: i.hash })),
    },
  })
  const actor = createActor(payMachine.provide({ actors: { transaction, switchNetwork: fromPromise(switchNetwork) } }), { input: input(from) }).start()
  return { actor, sent }
}

describe('pay chart', () => {
  test('behavior: confirmed only after the receipt: success with the hash, the chain and the amount asked', async () => {
    const { actor, sent } = start()
    expect(actor.getSnapshot().value).toBe('reviewing')
    actor.send({ type: 'pay.confirm' })
    await expect(toPromise(actor)).resolves.toEqual({ status: 'success', txHash: HASH, chainId: 31337, paidAmount: '0.5' })
    expect(sent).toEqual([{ from: input().wallet.address, to: request.recipient, value: 500_000_000_000_000_000n }])
  })

  test('behavior: a wallet on another network is switched first, then pays', async () => {
    let switched = 0
    const { actor } = start({ switchNetwork: async () => void switched++ }, 'eip155:1')
    actor.send({ type: 'pay.confirm' })
    await expect(toPromise(actor)).resolves.toMatchObject({ status: 'success' })
    expect(switched).toBe(1)
  })

  test('behavior: a declined switch or a rejection in the wallet returns to the review; closing then ends cancelled', async () => {
    const declined = start({ switchNetwork: async () => Promise.reject(new UserRejectedRequestError()) }, 'eip155:1')
    declined.actor.send({ type: 'pay.confirm' })
    await new Promise<void>((resolve) => declined.actor.subscribe((s) => s.matches('reviewing') && resolve()))
    const rejected = start({ send: async () => Promise.reject(new UserRejectedRequestError()) })
    rejected.actor.send({ type: 'pay.confirm' })
    await new Promise<void>((resolve) => rejected.actor.subscribe((s) => s.matches('reviewing') && resolve()))
    rejected.actor.send({ type: 'pay.close' })
    await expect(toPromise(rejected.actor)).resolves.toEqual({ status: 'cancelled', reason: 'The payment was cancelled.' })
  })

  test('behavior: a reverted transfer is failed, never success', async () => {
    const { actor } = start({ end: 'reverted' })
    actor.send({ type: 'pay.confirm' })
    await expect(toPromise(actor)).resolves.toMatchObject({ status: 'failed' })
  })

  test('behavior: closing while the wallet prompts ends cancelled (never pending)', async () => {
    const { actor } = start({ send: () => new Promise(() => {}) })
    actor.send({ type: 'pay.confirm' })
    actor.send({ type: 'pay.close' })
    await expect(toPromise(actor)).resolves.toMatchObject({ status: 'cancelled' })
  })
})
