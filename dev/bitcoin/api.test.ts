import * as bitcoin from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startApiServer } from '../api/server.ts'
import type { ApiServer } from '../api/server.ts'
import { DEV_BITCOIN_PAYMENT_ADDRESSES, devBitcoinAccounts } from './accounts.ts'
import type { DevBitcoinKey } from './accounts.ts'
import { formatSats, regtestCaipNetworkId } from './api.ts'
import { rawTransfer } from './testing.ts'
import { toHex } from './utxoIndex.ts'

/**
 * The Bitcoin routes of the blockchain contract, over HTTP against a reference server of its own (port 0): the
 * server checks every request and answer against `openapi/blockchain.yaml`, so a 200 here is also a contract check.
 */
const common = 'st=appkit&sv=test&projectId=bitcoin-tests'
let server: ApiServer
let base = ''
beforeAll(async () => {
  server = await startApiServer({ port: 0, chains: [] })
  base = `${server.url}/blockchain/v1/bitcoin`
})
afterAll(() => server.stop())

const [alice, bob] = devBitcoinAccounts() as [ReturnType<typeof devBitcoinAccounts>[number], ReturnType<typeof devBitcoinAccounts>[number]]

async function get(path: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}${common}`)
  return { status: res.status, body: await res.json() }
}
async function broadcast(hex: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}/tx`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hex }) })
  return { status: res.status, body: await res.json() }
}
/** Signs a transfer of every UTXO of `key` (read over HTTP) to `to`, change back to `key`. */
async function transfer(key: DevBitcoinKey, to: string, value: bigint, fee = 1_000n): Promise<string> {
  const { body: utxos } = await get(`/address/${key.address}/utxo`)
  const script = toHex(bitcoin.address.toOutputScript(key.address, bitcoin.networks.regtest))
  const spends = (utxos as Array<{ txid: string; vout: number; value: number }>).map((u) => ({
    utxo: { txid: u.txid, vout: u.vout, value: BigInt(u.value), scriptPubKey: script, address: key.address, status: { height: 0, blockHash: '', time: 0 } },
    key,
  }))
  const total = spends.reduce((a, s) => a + s.utxo.value, 0n)
  return rawTransfer(spends, [
    { address: to, value },
    { address: key.address, value: total - value - fee },
  ])
}

describe('bitcoin routes of the reference API', () => {
  test('contract: a funded dev address has one UTXO of 1 BTC and funded/spent sums', async () => {
    const address = DEV_BITCOIN_PAYMENT_ADDRESSES[4]
    const utxos = await get(`/address/${address}/utxo`)
    expect(utxos.status).toBe(200)
    expect(utxos.body).toEqual([
      { txid: expect.stringMatching(/^[0-9a-f]{64}$/), vout: 0, value: 100_000_000, status: { confirmed: true, block_height: 0, block_hash: expect.any(String), block_time: expect.any(Number) } },
    ])
    const summary = await get(`/address/${address}`)
    expect(summary.body).toEqual({
      address,
      chain_stats: { funded_txo_count: 1, funded_txo_sum: 100_000_000, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 1 },
      mempool_stats: { funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 },
    })
  })

  test('behavior: POST /tx applies a signed transfer — txid back, both balances, history and the transaction readable', async () => {
    const { status, body } = await broadcast(await transfer(alice.payment, bob.payment.address, 30_000_000n))
    expect(status).toBe(200)
    const txid = body.txid as string
    expect((await get(`/address/${alice.payment.address}`)).body.chain_stats).toMatchObject({ funded_txo_sum: 169_999_000, spent_txo_sum: 100_000_000 })
    expect((await get(`/address/${bob.payment.address}`)).body.chain_stats).toMatchObject({ funded_txo_sum: 130_000_000, spent_txo_sum: 0 })

    const history = await get(`/address/${bob.payment.address}/txs`)
    expect(history.body.map((t: { txid: string }) => t.txid)[0]).toBe(txid)
    const tx = await get(`/tx/${txid}`)
    expect(tx.status).toBe(200)
    expect(tx.body).toMatchObject({
      txid,
      fee: 1_000,
      status: { confirmed: true, block_height: 1 },
      vin: [{ is_coinbase: false, prevout: { scriptpubkey_address: alice.payment.address, scriptpubkey_type: 'v0_p2wpkh', value: 100_000_000 } }],
      vout: [
        { scriptpubkey_address: bob.payment.address, value: 30_000_000 },
        { scriptpubkey_address: alice.payment.address, value: 69_999_000 },
      ],
    })
    expect(tx.body.vin[0].witness).toHaveLength(2)
  })

  test('behavior: refusals are 400 with the reason and its code — double spend, bad signature, outputs above inputs, malformed hex', async () => {
    const hex = await transfer(bob.payment, alice.payment.address, 1_000_000n)
    expect((await broadcast(hex)).status).toBe(200)
    const again = await broadcast(hex)
    expect(again.status).toBe(400)
    expect(again.body.reasons).toEqual([{ description: 'DOUBLE_SPEND' }])
    expect(again.body.message).toMatch(/^Input 0 spends [0-9a-f]{64}:\d, which is already spent by [0-9a-f]{64}$/)

    const byAlice = await transfer({ ...bob.payment, privateKey: alice.payment.privateKey }, alice.payment.address, 1_000n)
    expect(await broadcast(byAlice)).toEqual({ status: 400, body: { message: 'Input 0 has no valid signature: the ECDSA signature does not verify', reasons: [{ description: 'BAD_SIGNATURE' }] } })

    const tooMuch = await transfer(bob.payment, alice.payment.address, 1_000n, -1n)
    expect((await broadcast(tooMuch)).body).toMatchObject({ message: expect.stringMatching(/^Outputs \(\d+ sat\) exceed inputs \(\d+ sat\)$/), reasons: [{ description: 'OUTPUTS_EXCEED_INPUTS' }] })

    expect(await broadcast('not hex')).toEqual({ status: 400, body: { message: 'Malformed transaction: not hex (expected an even number of 0-9, a-f digits)', reasons: [{ description: 'MALFORMED' }] } })
    const noHex = await fetch(`${base}/tx`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(noHex.status).toBe(400)
    expect((await noHex.json()).message).toContain("must have required property 'hex'")
  })

  test('behavior: an address of another network is a 400 naming it; an unknown txid a 404', async () => {
    const mainnet = await get('/address/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq/utxo')
    expect(mainnet).toEqual({ status: 400, body: { message: "'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' is not a Bitcoin Regtest address. It looks like a Bitcoin mainnet address." } })
    expect((await get('/address/tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).status).toBe(400)
    expect(await get(`/tx/${'00'.repeat(32)}`)).toEqual({ status: 404, body: { message: `Transaction ${'00'.repeat(32)} not found` } })
  })

  test('behavior: history pages by 25 with after_txid, newest first', async () => {
    const carol = devBitcoinAccounts()[2]!.payment
    const txids: string[] = []
    for (let i = 0; i < 26; i++) {
      const { body } = await broadcast(await transfer(carol, bob.ordinals.address, 1_000n, 500n))
      txids.push(body.txid)
    }
    const first = await get(`/address/${bob.ordinals.address}/txs`)
    expect(first.body).toHaveLength(25)
    expect(first.body[0].txid).toBe(txids.at(-1))
    const second = await get(`/address/${bob.ordinals.address}/txs?after_txid=${first.body[24].txid}`)
    expect(second.body.map((t: { txid: string }) => t.txid)).toEqual([txids[0]])
  })

  test('behavior: /v1/account/{address}/balance answers the BTC balance for the regtest chain id', async () => {
    const address = DEV_BITCOIN_PAYMENT_ADDRESSES[3]
    const res = await fetch(`${server.url}/blockchain/v1/account/${address}/balance?currency=usd&chainId=${regtestCaipNetworkId}&${common}`)
    expect(res.status).toBe(200)
    expect((await res.json()).balances).toEqual([
      {
        name: 'Bitcoin',
        symbol: 'BTC',
        chainId: regtestCaipNetworkId,
        value: 65_000,
        price: 65_000,
        quantity: { decimals: '8', numeric: '1' },
        // The coin's icon from the reference API's images, as EVM balances carry theirs.
        iconUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      },
    ])
    const mainnet = await fetch(`${server.url}/blockchain/v1/account/${address}/balance?currency=usd&chainId=bip122:000000000019d6689c085ae165831e93&${common}`)
    expect((await mainnet.json()).balances).toEqual([])
  })

  test('behavior: reset() brings the UTXO set back to its genesis', async () => {
    const own = await startApiServer({ port: 0, chains: [] })
    try {
      const url = `${own.url}/blockchain/v1/bitcoin`
      // Account 4 has spent nothing on the shared server, so its genesis UTXO is the same (deterministic) on this one.
      const hex = await transfer(devBitcoinAccounts()[4]!.payment, bob.payment.address, 1_000n)
      expect((await fetch(`${url}/tx`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hex }) })).status).toBe(200)
      own.control.reset()
      const body = await (await fetch(`${url}/address/${bob.payment.address}?${common}`)).json()
      expect(body.chain_stats.funded_txo_sum).toBe(100_000_000)
    } finally {
      await own.stop()
    }
  })
})

test('formatSats: whole and fractional BTC without trailing zeros', () => {
  expect([formatSats(0n), formatSats(1n), formatSats(150_000_000n), formatSats(2_100_000_000_000_000n)]).toEqual(['0', '0.00000001', '1.5', '21000000'])
})
