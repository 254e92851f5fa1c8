import * as bitcoin from 'bitcoinjs-lib'
import { Verifier } from 'bip322-js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startApiServer } from '../api/server.ts'
import type { ApiServer } from '../api/server.ts'
import { DEV_BITCOIN_ORDINALS_ADDRESSES, DEV_BITCOIN_PAYMENT_ADDRESSES, devBitcoinAccounts } from '../bitcoin/accounts.ts'
import { createDevUtxoIndex } from '../bitcoin/utxoIndex.ts'
import { buildTransferPsbt, devWalletNetwork, signBip322, signEcdsaMessage } from './signing.ts'
import { registerBitcoinWallet } from './register.ts'
import { BitcoinDevWallet, BitcoinWalletError } from './wallet.ts'
import type { BitcoinWalletAccount } from '../../adapters/bip122.standard.ts'
import { TestWalletError, UnknownAccountError } from '../../testing/errors.ts'

/** The dev Bitcoin wallet through its Wallet Standard features, against a reference server of its own (port 0). */
let server: ApiServer
let apiUrl = ''
beforeAll(async () => {
  server = await startApiServer({ port: 0, chains: [] })
  apiUrl = `${server.url}/blockchain`
})
afterAll(() => server.stop())

const text = (s: string) => new TextEncoder().encode(s)
const balanceOf = async (address: string): Promise<number> => {
  const body = await (await fetch(`${apiUrl}/v1/bitcoin/address/${address}?st=t&sv=t&projectId=t`)).json()
  return body.chain_stats.funded_txo_sum - body.chain_stats.spent_txo_sum
}

async function connected(options: Partial<ConstructorParameters<typeof BitcoinDevWallet>[0]> = {}) {
  const wallet = new BitcoinDevWallet({ apiUrl, autoApprove: true, ...options })
  const { accounts } = await wallet.features['bitcoin:connect'].connect({ purposes: ['payment', 'ordinals'] })
  return { wallet, payment: accounts[0]!, ordinals: accounts[1]! }
}

async function rejection(promise: Promise<unknown>): Promise<BitcoinWalletError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(BitcoinWalletError)
  return error as BitcoinWalletError
}

describe('signing', () => {
  const [alice] = devBitcoinAccounts()
  test('behavior: BIP-322 signatures of P2WPKH and P2TR addresses verify with bip322-js; another message does not', () => {
    for (const key of [alice!.payment, alice!.ordinals]) {
      const signature = signBip322(key, text('Hello from latchkey'))
      expect(Verifier.verifySignature(key.address, 'Hello from latchkey', signature)).toBe(true)
      expect(Verifier.verifySignature(key.address, 'Hello from latchkey!', signature)).toBe(false)
    }
  })

  test('behavior: legacy ECDSA signatures carry the BIP-137 P2WPKH header and verify with bip322-js', () => {
    const signature = signEcdsaMessage(alice!.payment, text('legacy'))
    const header = atob(signature).charCodeAt(0)
    expect(header).toBeGreaterThanOrEqual(39)
    expect(header).toBeLessThanOrEqual(42)
    expect(Verifier.verifySignature(alice!.payment.address, 'legacy', signature)).toBe(true)
    expect(Verifier.verifySignature(DEV_BITCOIN_PAYMENT_ADDRESSES[1], 'legacy', signature)).toBe(false)
  })

  test('behavior: a transfer PSBT picks the largest UTXOs, pays the fee and returns change; too little is refused', () => {
    const recipientScript = bitcoin.address.toOutputScript(DEV_BITCOIN_PAYMENT_ADDRESSES[1], devWalletNetwork)
    const utxos = [
      { txid: 'aa'.repeat(32), vout: 0, value: 1_000n },
      { txid: 'bb'.repeat(32), vout: 1, value: 50_000n },
    ]
    const { psbt, fee } = buildTransferPsbt({ from: alice!.payment, utxos, recipientScript, amount: 20_000n, feeRate: 2 })
    expect(psbt.txInputs.map((i) => i.index)).toEqual([1])
    expect(psbt.txOutputs.map((o) => [o.address, o.value])).toEqual([
      [DEV_BITCOIN_PAYMENT_ADDRESSES[1], 20_000n],
      [alice!.payment.address, 30_000n - fee],
    ])
    expect(fee).toBe(330n) // ceil(10.5 + 68 + 2 × 43) vB × 2 sat/vB
    expect(() => buildTransferPsbt({ from: alice!.payment, utxos, recipientScript, amount: 51_000n, feeRate: 2 })).toThrow('Insufficient funds: 51000 sat available, 51466 sat needed (51000 sat and a fee of 466 sat)')
  })
})

describe('BitcoinDevWallet', () => {
  test('behavior: connect waits for approval and answers the selected account for each purpose; reject is 4001', async () => {
    const wallet = new BitcoinDevWallet({ apiUrl, origin: 'http://dapp.test' })
    expect(wallet.accounts).toEqual([])
    const first = wallet.features['bitcoin:connect'].connect({ purposes: ['payment'] })
    expect(wallet.pending).toEqual([{ id: 1, kind: 'connect', detail: 'Purposes: payment', origin: 'http://dapp.test' }])
    wallet.reject(1)
    expect((await rejection(first)).code).toBe(4001)

    const second = wallet.features['bitcoin:connect'].connect({ purposes: ['payment', 'ordinals'] })
    wallet.approve(wallet.pending[0]!.id)
    const { accounts } = await second
    expect(accounts.map((a) => [a.purpose, a.addressType, a.address, a.chains])).toEqual([
      ['payment', 'p2wpkh', DEV_BITCOIN_PAYMENT_ADDRESSES[0], ['bitcoin:regtest']],
      ['ordinals', 'p2tr', DEV_BITCOIN_ORDINALS_ADDRESSES[0], ['bitcoin:regtest']],
    ])
    expect(accounts[0]!.publicKey).toHaveLength(33)
    expect(accounts[1]!.publicKey).toHaveLength(32)
    expect(wallet.accounts).toEqual(accounts)
  })

  test('behavior: a silent connect never prompts: no accounts before approval, the granted ones after', async () => {
    const wallet = new BitcoinDevWallet({ apiUrl })
    expect(await wallet.features['bitcoin:connect'].connect({ purposes: ['payment'], silent: true })).toEqual({ accounts: [] })
    expect(wallet.pending).toEqual([])
    wallet.setAutoApprove(true)
    await wallet.features['bitcoin:connect'].connect({ purposes: ['payment'] })
    const { accounts } = await wallet.features['bitcoin:connect'].connect({ purposes: ['payment'], silent: true })
    expect(accounts.map((a) => a.address)).toEqual([DEV_BITCOIN_PAYMENT_ADDRESSES[0]])
  })

  test('behavior: the connection and the account survive a reload through storage; account changes and disconnect emit change', async () => {
    const items = new Map<string, string>()
    const storage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) }
    const { wallet } = await connected({ storage })
    const changes: Array<readonly string[]> = []
    wallet.features['standard:events'].on('change', ({ accounts }) => changes.push((accounts ?? []).map((a) => a.address)))
    wallet.setAccount(3)
    const reloaded = new BitcoinDevWallet({ apiUrl, storage })
    expect(reloaded.state).toMatchObject({ authorised: true, accountIndex: 3, paymentAddress: DEV_BITCOIN_PAYMENT_ADDRESSES[3], autoApprove: true })
    await wallet.features['standard:disconnect'].disconnect()
    expect(changes).toEqual([[DEV_BITCOIN_PAYMENT_ADDRESSES[3], DEV_BITCOIN_ORDINALS_ADDRESSES[3]], []])
    expect(() => wallet.setAccount(5)).toThrow(UnknownAccountError)
  })

  test('behavior: signMessage signs BIP-322 or ECDSA as asked; an account not granted is 4100; a protocol the wallet lacks 4200', async () => {
    const { wallet, payment, ordinals } = await connected()
    const bip322 = await wallet.features['bitcoin:signMessage'].signMessage({ account: ordinals, message: text('gm'), protocol: 'bip322' })
    expect(Verifier.verifySignature(ordinals.address, 'gm', bip322.signature)).toBe(true)
    const ecdsa = await wallet.features['bitcoin:signMessage'].signMessage({ account: payment, message: text('gm'), protocol: 'ecdsa' })
    expect(ecdsa.protocol).toBe('ecdsa')
    expect(Verifier.verifySignature(payment.address, 'gm', ecdsa.signature)).toBe(true)

    const stranger = { ...payment, address: DEV_BITCOIN_PAYMENT_ADDRESSES[2] } as BitcoinWalletAccount
    expect((await rejection(wallet.features['bitcoin:signMessage'].signMessage({ account: stranger, message: text('gm'), protocol: 'bip322' }))).code).toBe(4100)
    const legacy = (await connected({ messageProtocols: ['ecdsa'] })).wallet
    expect(legacy.features['bitcoin:signMessage'].protocols).toEqual(['ecdsa'])
    expect((await rejection(legacy.features['bitcoin:signMessage'].signMessage({ account: payment, message: text('gm'), protocol: 'bip322' }))).code).toBe(4200)
  })

  test('behavior: signTransaction signs the asked inputs (P2WPKH and P2TR) and the result is accepted by the UTXO index', async () => {
    const { wallet, payment, ordinals } = await connected()
    const index = createDevUtxoIndex()
    const funding = index.utxos(payment.address)[0]!
    // First move 0.1 BTC to the ordinals address, then spend both addresses' outputs in one PSBT.
    const first = buildTransferPsbt({ from: devBitcoinAccounts()[0]!.payment, utxos: [funding], recipientScript: bitcoin.address.toOutputScript(ordinals.address, devWalletNetwork), amount: 10_000_000n, feeRate: 2 }).psbt
    const signed = bitcoin.Psbt.fromBase64((await wallet.features['bitcoin:signTransaction'].signTransaction({ psbt: first.toBase64(), inputsToSign: [{ account: payment, signingIndexes: [0] }] })).psbt)
    expect(signed.data.inputs[0]?.partialSig).toHaveLength(1)
    index.broadcast(signed.finalizeAllInputs().extractTransaction().toHex())

    const [ordinal] = index.utxos(ordinals.address)
    const [change] = index.utxos(payment.address)
    const both = new bitcoin.Psbt({ network: devWalletNetwork })
    both.addInput({ hash: ordinal!.txid, index: ordinal!.vout, witnessUtxo: { script: bitcoin.address.toOutputScript(ordinals.address, devWalletNetwork), value: ordinal!.value } })
    both.addInput({ hash: change!.txid, index: change!.vout, witnessUtxo: { script: bitcoin.address.toOutputScript(payment.address, devWalletNetwork), value: change!.value } })
    both.addOutput({ address: DEV_BITCOIN_PAYMENT_ADDRESSES[1], value: ordinal!.value + change!.value - 1_000n })
    const answer = await wallet.features['bitcoin:signTransaction'].signTransaction({
      psbt: both.toBase64(),
      inputsToSign: [
        { account: ordinals, signingIndexes: [0] },
        { account: payment, signingIndexes: [1] },
      ],
    })
    const done = bitcoin.Psbt.fromBase64(answer.psbt)
    expect(done.data.inputs[0]?.tapKeySig).toHaveLength(64)
    index.broadcast(done.finalizeAllInputs().extractTransaction().toHex())
    expect(index.balance(DEV_BITCOIN_PAYMENT_ADDRESSES[1]).balance).toBe(100_000_000n + ordinal!.value + change!.value - 1_000n)
  })

  test('behavior: signTransaction refuses what it cannot sign — not a PSBT, an index out of range, an input of another address', async () => {
    const { wallet, payment } = await connected()
    const sign = wallet.features['bitcoin:signTransaction'].signTransaction
    expect((await rejection(sign({ psbt: 'bm90IGEgcHNidA==', inputsToSign: [{ account: payment, signingIndexes: [0] }] }))).code).toBe(-32602)
    const index = createDevUtxoIndex()
    const bobUtxo = index.utxos(DEV_BITCOIN_PAYMENT_ADDRESSES[1])[0]!
    const psbt = buildTransferPsbt({
      from: devBitcoinAccounts()[1]!.payment,
      utxos: [bobUtxo],
      recipientScript: bitcoin.address.toOutputScript(payment.address, devWalletNetwork),
      amount: 1_000n,
      feeRate: 1,
    }).psbt.toBase64()
    expect((await rejection(sign({ psbt, inputsToSign: [{ account: payment, signingIndexes: [3] }] }))).message).toBe(
      'Invalid params: signingIndexes of bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw must be input indexes of the PSBT (0..0).',
    )
    expect((await rejection(sign({ psbt, inputsToSign: [{ account: payment, signingIndexes: [0] }] }))).message).toBe(`Invalid params: Input 0 does not spend an output of ${payment.address}`)
  })

  test('behavior: the misbehaviour switches answer an unsigned, altered or badly signed PSBT, or reject everything', async () => {
    const { wallet, payment } = await connected()
    const index = createDevUtxoIndex()
    const original = buildTransferPsbt({
      from: devBitcoinAccounts()[0]!.payment,
      utxos: index.utxos(payment.address),
      recipientScript: bitcoin.address.toOutputScript(DEV_BITCOIN_PAYMENT_ADDRESSES[1], devWalletNetwork),
      amount: 5_000n,
      feeRate: 1,
    }).psbt
    const ask = async () => bitcoin.Psbt.fromBase64((await wallet.features['bitcoin:signTransaction'].signTransaction({ psbt: original.toBase64(), inputsToSign: [{ account: payment, signingIndexes: [0] }] })).psbt)

    wallet.misbehave = { psbt: 'unsigned' }
    expect((await ask()).toBase64()).toBe(original.toBase64())
    wallet.misbehave = { psbt: 'alteredOutputs' }
    const altered = await ask()
    expect(altered.txOutputs[0]?.value).toBe(4_000n)
    expect(altered.data.inputs[0]?.partialSig).toHaveLength(1)
    wallet.misbehave = { psbt: 'alteredInputs' }
    expect((await ask()).txInputs[0]?.sequence).toBe(0xfffffff0)
    wallet.misbehave = { psbt: 'badSignature' }
    const bad = await ask()
    expect(() => index.broadcast(bad.finalizeAllInputs().extractTransaction().toHex())).toThrow(/no valid signature|not DER/)
    wallet.misbehave = { rejectAll: true }
    expect((await rejection(ask())).code).toBe(4001)
    expect(wallet.pending).toEqual([])
  })

  test('behavior: sendTransfer builds, signs and broadcasts through the API — both balances change', async () => {
    const { wallet, payment } = await connected({ accounts: [devBitcoinAccounts()[2]!] })
    const receiver = DEV_BITCOIN_PAYMENT_ADDRESSES[4]
    const before = [await balanceOf(payment.address), await balanceOf(receiver)]
    const { txid } = await wallet.features['bitcoin:sendTransfer'].sendTransfer({ account: payment, recipient: receiver, amount: '12345678' })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    const tx = await (await fetch(`${apiUrl}/v1/bitcoin/tx/${txid}?st=t&sv=t&projectId=t`)).json()
    expect(await balanceOf(receiver)).toBe(before[1]! + 12_345_678)
    expect(await balanceOf(payment.address)).toBe(before[0]! - 12_345_678 - tx.fee)
    expect(tx.fee).toBeGreaterThan(0)
  })

  test('behavior: sendTransfer refuses a recipient of another network, a bad amount, the ordinals account, and more than the balance', async () => {
    const { wallet, payment, ordinals } = await connected({ accounts: [devBitcoinAccounts()[3]!] })
    const send = wallet.features['bitcoin:sendTransfer'].sendTransfer
    expect((await rejection(send({ account: payment, recipient: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: '1000' }))).message).toBe(
      "Invalid params: recipient 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' is not a Bitcoin Regtest address.",
    )
    for (const amount of ['0', '-5', '1.5', '']) expect((await rejection(send({ account: payment, recipient: DEV_BITCOIN_PAYMENT_ADDRESSES[0], amount }))).code).toBe(-32602)
    expect((await rejection(send({ account: ordinals, recipient: DEV_BITCOIN_PAYMENT_ADDRESSES[0], amount: '1000' }))).code).toBe(-32602)
    const tooMuch = await rejection(send({ account: payment, recipient: DEV_BITCOIN_PAYMENT_ADDRESSES[0], amount: '100000000' }))
    expect(tooMuch.code).toBe(-32603)
    expect(tooMuch.message).toMatch(/^Insufficient funds: \d+ sat available/)
  })
})

test('registerBitcoinWallet: without a window (Node) it is a TestWalletError that says what to do instead', () => {
  const register = () => registerBitcoinWallet(new BitcoinDevWallet({ apiUrl: 'http://127.0.0.1:1' }))
  expect(register).toThrow(TestWalletError)
  expect(register).toThrow(expect.objectContaining({ shortMessage: 'Registering a Wallet Standard wallet needs a window', details: 'In Node, call getWallets().register(wallet) of @wallet-standard/app instead.' }))
})
