// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest'
import { defineEvmNetwork } from '../adapters/networks.ts'
import { InvalidPayParametersError, PayChainNotConfiguredError } from '../machines/pay.input.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { createModal } from './createModal.ts'

const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'http://127.0.0.1:8545', testnet: true })
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const cleanups: Array<() => void> = []
afterEach(() => cleanups.splice(0).forEach((c) => c()))

function modalWith(pay: boolean | undefined) {
  const modal = createModal({ projectId: 'p', networks: [anvil], storage: createMemoryStorage(), walletConnect: false, debug: true, log: { level: 'warn' }, ...(pay === undefined ? {} : { features: { pay } }) })
  cleanups.push(() => modal.destroy())
  return modal
}

describe('modal.pay', () => {
  test('spec §8: pay is off by default: the Pay Not Enabled alert (debug mode) and a failed result with its reason, nothing opened', async () => {
    const modal = modalWith(undefined)
    await modal.ready()
    await expect(modal.pay({ recipient: BOB, amount: '1', asset: 'eip155:31337/slip44:60' })).resolves.toEqual({ status: 'failed', reason: 'Payments are not enabled on this site.' })
    expect(modal.getState().open).toBe(false)
    expect(modal.getLogs().filter((e) => e.message.includes('Pay Not Enabled'))).toHaveLength(1)
  })

  test('bad input: with pay on, a float amount, a bad checksum or an unconfigured chain is refused with a typed error and nothing opens', async () => {
    const modal = modalWith(true)
    await modal.ready()
    await expect(modal.pay({ recipient: BOB, amount: 0.5 as unknown as string, asset: 'eip155:31337/slip44:60' })).rejects.toThrow(InvalidPayParametersError)
    await expect(modal.pay({ recipient: BOB.replace('C8', 'c8'), amount: '1', asset: 'eip155:31337/slip44:60' })).rejects.toMatchObject({ path: 'recipient' })
    await expect(modal.pay({ recipient: BOB, amount: '1', asset: 'eip155:1/slip44:60' })).rejects.toThrow(PayChainNotConfiguredError)
    expect(modal.getState().open).toBe(false)
    expect(modal.getLogs().filter((e) => e.message.includes('Pay Not Enabled'))).toHaveLength(0)
  })
})
