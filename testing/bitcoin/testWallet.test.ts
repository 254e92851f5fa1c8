import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BitcoinWalletAccount } from '../../adapters/bip122.standard.ts'
import { startApiServer, type ApiServer } from '../../dev/api/server.ts'
import { DEV_BITCOIN_PAYMENT_ADDRESSES } from './accounts.ts'
import { createTestBitcoinWallet, type TestBitcoinWallet } from './testWallet.ts'

/**
 * The test Bitcoin wallet against a reference API server of its own (port 0, its regtest UTXO index funding the
 * development accounts): transfers built, signed and broadcast for real through the API it was given, from the
 * development accounts and from a mnemonic's, the test deciding each prompt.
 */
const MNEMONIC = `${'abandon '.repeat(11)}about`
let server: ApiServer
let apiUrl = ''
let dev: TestBitcoinWallet
let mine: TestBitcoinWallet
const paymentOf = async (wallet: TestBitcoinWallet) => (await wallet.wallet.features['bitcoin:connect'].connect({ purposes: ['payment'] })).accounts[0] as BitcoinWalletAccount
const balanceOf = async (address: string): Promise<number> => {
  const body = await (await fetch(`${apiUrl}/v1/bitcoin/address/${address}?st=t&sv=t&projectId=t`)).json()
  return body.chain_stats.funded_txo_sum - body.chain_stats.spent_txo_sum + body.mempool_stats.funded_txo_sum - body.mempool_stats.spent_txo_sum
}

beforeAll(async () => {
  server = await startApiServer({ port: 0, chains: [] })
  apiUrl = `${server.url}/blockchain`
  dev = createTestBitcoinWallet({ apiUrl })
  mine = createTestBitcoinWallet({ apiUrl, mnemonic: MNEMONIC, accountCount: 1, name: 'Mnemonic Bitcoin Wallet' })
}, 30_000)
afterAll(() => server.stop())

describe('sends for real through the API it was given', () => {
  it("approved, sendTransfer broadcasts the development account's transfer; the mnemonic account receives it and sends some on", async () => {
    const from = await paymentOf(dev)
    const to = mine.addresses[0]!
    const { txid } = await dev.wallet.features['bitcoin:sendTransfer'].sendTransfer({ account: from, recipient: to, amount: '50000000' })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    expect(await balanceOf(to)).toBe(50_000_000)

    const before = await balanceOf(DEV_BITCOIN_PAYMENT_ADDRESSES[3])
    await mine.wallet.features['bitcoin:sendTransfer'].sendTransfer({ account: await paymentOf(mine), recipient: DEV_BITCOIN_PAYMENT_ADDRESSES[3], amount: '10000' })
    expect(await balanceOf(DEV_BITCOIN_PAYMENT_ADDRESSES[3])).toBe(before + 10_000)
    expect(await balanceOf(to)).toBeLessThan(50_000_000 - 10_000)
  })

  it('rejected (4001), nothing is sent; a hung transfer settled with approve is broadcast; more than the balance is -32603', async () => {
    const from = await paymentOf(dev)
    const recipient = DEV_BITCOIN_PAYMENT_ADDRESSES[4]
    const before = await balanceOf(recipient)
    const send = (amount: string) => dev.wallet.features['bitcoin:sendTransfer'].sendTransfer({ account: from, recipient, amount })
    dev.answerNext('reject', 'sendTransfer')
    await expect(send('20000')).rejects.toMatchObject({ code: 4001 })
    expect(await balanceOf(recipient)).toBe(before)

    dev.answerNext('hang', 'sendTransfer')
    const sending = send('20000')
    const prompt = await dev.waitForPrompt('sendTransfer')
    expect(prompt.detail).toBe(`Send 20000 sat to ${recipient} from ${from.address}`)
    expect(await balanceOf(recipient)).toBe(before)
    dev.settle('approve', prompt.id)
    await sending
    expect(await balanceOf(recipient)).toBe(before + 20_000)

    await expect(send('100000000000')).rejects.toMatchObject({ code: -32603, message: expect.stringMatching(/^Insufficient funds/) })
  })
})
