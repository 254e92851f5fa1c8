import * as bitcoin from 'bitcoinjs-lib'
import { describe, expect, test } from 'vitest'
import { DEV_BITCOIN_BALANCE, DEV_BITCOIN_ORDINALS_ADDRESSES, DEV_BITCOIN_PAYMENT_ADDRESSES, devBitcoinAccounts } from './accounts.ts'
import {
  BadSignatureError,
  createDevUtxoIndex,
  createUtxoIndex,
  DoubleSpendError,
  fromHex,
  InvalidBitcoinAddressError,
  MalformedTransactionError,
  MissingInputError,
  OutputsExceedInputsError,
  UnsupportedScriptError,
} from './utxoIndex.ts'
import type { UtxoIndex, Utxo } from './utxoIndex.ts'
import { rawTransfer } from './testing.ts'
import { TestFailure } from '../../tests/harness/failures.ts'

const network = bitcoin.networks.regtest
const [alice, bob] = devBitcoinAccounts() as [ReturnType<typeof devBitcoinAccounts>[number], ReturnType<typeof devBitcoinAccounts>[number]]

function firstUtxo(index: UtxoIndex, address: string): Utxo {
  const [utxo] = index.utxos(address)
  if (!utxo) throw new TestFailure(`no utxo for ${address}`)
  return utxo
}

describe('dev accounts', () => {
  test('behavior: the literal addresses are what the mnemonic derives (BIP-84 / BIP-86 regtest paths)', () => {
    const accounts = devBitcoinAccounts()
    expect(accounts.map((a) => a.payment.address)).toEqual([...DEV_BITCOIN_PAYMENT_ADDRESSES])
    expect(accounts.map((a) => a.ordinals.address)).toEqual([...DEV_BITCOIN_ORDINALS_ADDRESSES])
    expect(accounts[2]?.payment.path).toBe("m/84'/1'/0'/0/2")
    expect(accounts[2]?.ordinals.path).toBe("m/86'/1'/0'/0/2")
  })
})

describe('createUtxoIndex', () => {
  test('behavior: every dev payment address is funded with 1 BTC by its own genesis transaction', () => {
    const index = createDevUtxoIndex()
    for (const address of DEV_BITCOIN_PAYMENT_ADDRESSES) {
      const [utxo, ...rest] = index.utxos(address)
      expect(rest).toEqual([])
      expect(utxo).toMatchObject({ vout: 0, value: DEV_BITCOIN_BALANCE, address, status: { height: 0 } })
      expect(index.balance(address)).toMatchObject({ fundedCount: 1, fundedSum: DEV_BITCOIN_BALANCE, spentSum: 0n, balance: DEV_BITCOIN_BALANCE, txCount: 1 })
      const [funding] = index.history(address)
      expect(funding?.inputs[0]?.coinbase).toBe(true)
      expect(index.getTx(utxo!.txid)?.outputs[0]?.value).toBe(DEV_BITCOIN_BALANCE)
    }
    const txids = new Set(DEV_BITCOIN_PAYMENT_ADDRESSES.map((a) => index.utxos(a)[0]?.txid))
    expect(txids.size).toBe(5)
    expect(index.balance(DEV_BITCOIN_ORDINALS_ADDRESSES[0]).balance).toBe(0n)
  })

  test('behavior: funding an address of another network or a non-positive amount is refused', () => {
    expect(() => createUtxoIndex({ funded: [{ address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', sats: 1n }] })).toThrow(InvalidBitcoinAddressError)
    expect(() => createUtxoIndex({ funded: [{ address: DEV_BITCOIN_PAYMENT_ADDRESSES[0], sats: 0n }] })).toThrow(RangeError)
  })

  test('behavior: a valid P2WPKH transfer is applied — both balances change, the fee is what is left, history and height move', () => {
    let clock = 1_700_000_000_000
    const index = createDevUtxoIndex({ now: () => clock })
    const utxo = firstUtxo(index, alice.payment.address)
    clock += 60_000
    const hex = rawTransfer(
      [{ utxo, key: alice.payment }],
      [
        { address: bob.payment.address, value: 25_000_000n },
        { address: alice.payment.address, value: 74_999_000n },
      ],
    )
    const { txid } = index.broadcast(hex)

    expect(index.balance(alice.payment.address)).toMatchObject({ balance: 74_999_000n, fundedSum: 174_999_000n, spentSum: DEV_BITCOIN_BALANCE, txCount: 2 })
    expect(index.balance(bob.payment.address).balance).toBe(125_000_000n)
    expect(index.utxos(alice.payment.address).map((u) => `${u.txid}:${u.vout}`)).toEqual([`${txid}:1`])
    const tx = index.getTx(txid)!
    expect(tx).toMatchObject({ fee: 1_000n, status: { height: 1, time: 1_700_000_060 } })
    expect(tx.inputs[0]?.prevout?.address).toBe(alice.payment.address)
    expect(index.history(bob.payment.address).map((t) => t.txid)[0]).toBe(txid)
    expect(index.tip().height).toBe(1)
  })

  test('behavior: a P2TR key-path spend verifies (Schnorr, BIP-341 sighash) and applies', () => {
    const index = createDevUtxoIndex()
    const funding = firstUtxo(index, alice.payment.address)
    const { txid } = index.broadcast(
      rawTransfer(
        [{ utxo: funding, key: alice.payment }],
        [
          { address: alice.ordinals.address, value: 10_000_000n },
          { address: alice.payment.address, value: 89_999_000n },
        ],
      ),
    )
    const ordinal = index.utxos(alice.ordinals.address)[0]!
    expect(ordinal.txid).toBe(txid)
    index.broadcast(rawTransfer([{ utxo: ordinal, key: alice.ordinals }], [{ address: bob.payment.address, value: 9_999_000n }]))
    expect(index.balance(alice.ordinals.address).balance).toBe(0n)
    expect(index.balance(bob.payment.address).balance).toBe(109_999_000n)
  })

  test('behavior: a double spend is refused — the same output again, or twice in one transaction — and nothing changes', () => {
    const index = createDevUtxoIndex()
    const utxo = firstUtxo(index, alice.payment.address)
    const { txid } = index.broadcast(rawTransfer([{ utxo, key: alice.payment }], [{ address: bob.payment.address, value: 99_000_000n }]))
    const again = rawTransfer([{ utxo, key: alice.payment }], [{ address: alice.ordinals.address, value: 99_000_000n }])
    const error = catchError(() => index.broadcast(again))
    expect(error).toBeInstanceOf(DoubleSpendError)
    expect(error).toMatchObject({ code: 'DOUBLE_SPEND', inputIndex: 0, shortMessage: `Input 0 spends ${utxo.txid}:0, which is already spent by ${txid}` })
    expect(index.balance(alice.ordinals.address).balance).toBe(0n)

    const bobUtxos = index.utxos(bob.payment.address)
    const twice = rawTransfer(
      [
        { utxo: bobUtxos[0]!, key: bob.payment },
        { utxo: bobUtxos[0]!, key: bob.payment },
      ],
      [{ address: alice.payment.address, value: 1_000n }],
    )
    expect(catchError(() => index.broadcast(twice))).toMatchObject({ code: 'DOUBLE_SPEND', inputIndex: 1 })
  })

  test('behavior: an input spending an unknown output is refused as missing', () => {
    const index = createDevUtxoIndex()
    const utxo = { ...firstUtxo(index, alice.payment.address), txid: 'ab'.repeat(32) }
    const error = catchError(() => index.broadcast(rawTransfer([{ utxo, key: alice.payment }], [{ address: bob.payment.address, value: 1_000n }])))
    expect(error).toBeInstanceOf(MissingInputError)
    expect((error as MissingInputError).shortMessage).toBe(`Input 0 spends ${'ab'.repeat(32)}:0, which is not an output of any known transaction`)
  })

  test('behavior: bad signatures are refused — another key, a signature of other bytes, a missing witness — and nothing changes', () => {
    const index = createDevUtxoIndex()
    const utxo = firstUtxo(index, alice.payment.address)
    const outputs = [{ address: bob.payment.address, value: 99_000_000n }]
    const byBob = catchError(() => index.broadcast(rawTransfer([{ utxo, key: bob.payment }], outputs)))
    expect(byBob).toBeInstanceOf(BadSignatureError)
    expect((byBob as BadSignatureError).shortMessage).toBe('Input 0 has no valid signature: the public key does not match the output it spends')

    // Signed for 99 000 000 sat to Bob, then the output is raised: the signature no longer covers the transaction.
    const altered = rawTransfer([{ utxo, key: alice.payment }], outputs, (tx) => {
      tx.outs[0]!.value = 99_500_000n
    })
    expect(catchError(() => index.broadcast(altered))).toMatchObject({ code: 'BAD_SIGNATURE', shortMessage: 'Input 0 has no valid signature: the ECDSA signature does not verify' })

    const unsigned = rawTransfer([{ utxo, key: alice.payment }], outputs, (tx) => tx.setWitness(0, []))
    expect(catchError(() => index.broadcast(unsigned))).toMatchObject({ code: 'BAD_SIGNATURE', shortMessage: 'Input 0 has no valid signature: a P2WPKH witness has 2 items (signature, public key), this one has 0' })
    expect(index.balance(alice.payment.address).balance).toBe(DEV_BITCOIN_BALANCE)
    expect(index.tip().height).toBe(0)
  })

  test('behavior: a taproot signature of another transaction is refused', () => {
    const index = createDevUtxoIndex()
    index.broadcast(rawTransfer([{ utxo: firstUtxo(index, alice.payment.address), key: alice.payment }], [{ address: alice.ordinals.address, value: 50_000_000n }]))
    const ordinal = firstUtxo(index, alice.ordinals.address)
    const bad = rawTransfer([{ utxo: ordinal, key: alice.ordinals }], [{ address: bob.payment.address, value: 1_000n }], (tx) => {
      tx.locktime = 5
    })
    expect(catchError(() => index.broadcast(bad))).toMatchObject({ code: 'BAD_SIGNATURE', shortMessage: 'Input 0 has no valid signature: the Schnorr signature does not verify' })
  })

  test('behavior: outputs above inputs are refused with both sums', () => {
    const index = createDevUtxoIndex()
    const utxo = firstUtxo(index, alice.payment.address)
    const error = catchError(() => index.broadcast(rawTransfer([{ utxo, key: alice.payment }], [{ address: bob.payment.address, value: 100_000_001n }])))
    expect(error).toBeInstanceOf(OutputsExceedInputsError)
    expect((error as OutputsExceedInputsError).shortMessage).toBe('Outputs (100000001 sat) exceed inputs (100000000 sat)')
  })

  test('behavior: malformed hex is refused with what is wrong', () => {
    const index = createDevUtxoIndex()
    const cases: Array<[unknown, string]> = [
      ['', 'Malformed transaction: expected the raw transaction as a hex string'],
      ['xyz0', 'Malformed transaction: not hex (expected an even number of 0-9, a-f digits)'],
      ['abc', 'Malformed transaction: not hex (expected an even number of 0-9, a-f digits)'],
      ['0200000001', 'Malformed transaction: the bytes do not decode to a transaction'],
      [index.getTx(firstUtxo(index, alice.payment.address).txid)!.hex, 'Malformed transaction: coinbase transactions are made by the index only'],
    ]
    for (const [hex, message] of cases) {
      const error = catchError(() => index.broadcast(hex as string))
      expect(error).toBeInstanceOf(MalformedTransactionError)
      expect((error as MalformedTransactionError).shortMessage).toBe(message)
    }
  })

  test('behavior: spending an output the index cannot verify (legacy P2PKH) is refused as unsupported', () => {
    const legacy = bitcoin.payments.p2pkh({ pubkey: alice.payment.publicKey, network }).address!
    const index = createUtxoIndex({ funded: [{ address: legacy, sats: 1_000_000n }] })
    const utxo = firstUtxo(index, legacy)
    const tx = new bitcoin.Transaction()
    tx.addInput(fromHex(utxo.txid).reverse(), 0)
    tx.addOutput(bitcoin.address.toOutputScript(bob.payment.address, network), 1_000n)
    tx.setInputScript(0, bitcoin.script.compile([new Uint8Array(72), alice.payment.publicKey]))
    expect(catchError(() => index.broadcast(tx.toHex()))).toBeInstanceOf(UnsupportedScriptError)
  })

  test('behavior: reads refuse an address of another network with a clear message', () => {
    const index = createDevUtxoIndex()
    const error = catchError(() => index.utxos('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'))
    expect(error).toBeInstanceOf(InvalidBitcoinAddressError)
    expect((error as InvalidBitcoinAddressError).message).toMatchInlineSnapshot(`
      "'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' is not a Bitcoin Regtest address
      Details: It looks like a Bitcoin testnet address."
    `)
    expect(() => index.balance('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toThrow("'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' is not a Bitcoin Regtest address")
    expect(() => index.history('not an address')).toThrow(InvalidBitcoinAddressError)
  })
})

function catchError(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new TestFailure('expected an error')
}
