import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SendTransactionError, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import type { TransactionInstruction } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { base58Encode } from '../../adapters/solana.base58.ts'
import { associatedTokenAddress, splTokenProgramId, splTransferInstructions, tokenAmountOf } from '../../adapters/solana.spl.ts'
import { DEV_SOLANA_ACCOUNT_LAMPORTS, DEV_SOLANA_ADDRESSES, devSolanaKeypairs, exchangeSolanaKeypair } from './accounts.ts'
import { describeTransactionError, toTransactionErrorJson } from './errors.ts'
import { kitTransactionOf } from './ledger.ts'
import { SOLANA_LOCALNET_CAIP_NETWORK_ID, SOLANA_LOCALNET_GENESIS_HASH, SOLANA_LOCALNET_REFERENCE, solanaLocalnet } from './network.ts'
import { maxRequestBytes, startSolanaRpc } from './server.ts'
import type { SolanaRpcServer } from './server.ts'
import { DEV_SPL_DECIMALS, DEV_SPL_MINT_ADDRESS } from './tokens.ts'
import { TestFailure } from '../../tests/harness/failures.ts'

/**
 * The local Solana RPC through an unmodified web3.js `Connection` (and raw HTTP for what a Connection never
 * sends). One server for the file; each test that moves funds uses fresh keypairs funded by the faucet, so tests
 * do not depend on each other's balances.
 */
let rpc: SolanaRpcServer
let connection: Connection

beforeAll(async () => {
  rpc = await startSolanaRpc({ port: 0 })
  connection = new Connection(rpc.url, 'confirmed')
})
afterAll(async () => {
  await rpc.stop()
})

/** A fresh keypair holding `sol` SOL from the faucet. */
function funded(sol = 10): Keypair {
  const keypair = Keypair.generate()
  rpc.airdrop(keypair.publicKey.toBase58(), BigInt(sol * LAMPORTS_PER_SOL))
  return keypair
}

function transfer(from: Keypair, to: PublicKey, lamports: number | bigint): TransactionInstruction {
  return SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports })
}

/** A signed legacy transaction of `instructions` paid by `payer`, with the latest (or the given) blockhash. */
async function signed(payer: Keypair, instructions: TransactionInstruction[], blockhash?: string): Promise<VersionedTransaction> {
  const recentBlockhash = blockhash ?? (await connection.getLatestBlockhash()).blockhash
  const message = new TransactionMessage({ payerKey: payer.publicKey, recentBlockhash, instructions }).compileToLegacyMessage()
  const transaction = new VersionedTransaction(message)
  transaction.sign([payer])
  return transaction
}

/** The dUSDC `owner`'s associated token account holds (base units; 0 without one). */
async function tokensOf(owner: PublicKey): Promise<bigint> {
  const account = await connection.getAccountInfo(new PublicKey(await associatedTokenAddress(owner.toBase58(), DEV_SPL_MINT_ADDRESS)))
  return (account && tokenAmountOf(account.data)) ?? 0n
}

/** Polls getSignatureStatuses until the signature has a status (the server has no websocket subscriptions). */
async function confirmed(signature: string): Promise<{ slot: number; err: unknown; confirmationStatus?: string }> {
  for (let i = 0; i < 50; i++) {
    const { value } = await connection.getSignatureStatuses([signature])
    if (value[0]) return value[0]
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new TestFailure(`no status for ${signature}`)
}

/** One raw JSON-RPC POST; returns the HTTP status and the parsed body. */
async function post(body: string, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
  const response = await fetch(rpc.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
  const text = await response.text()
  return { status: response.status, json: text ? JSON.parse(text) : undefined }
}

const call = (method: string, params?: unknown, id: unknown = 1) => post(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }))

describe('network facts and dev accounts', () => {
  test('behavior: the local network is solana:<first 32 characters of the genesis hash>, SOL with 9 decimals', async () => {
    expect(SOLANA_LOCALNET_REFERENCE).toHaveLength(32)
    expect(SOLANA_LOCALNET_GENESIS_HASH.startsWith(SOLANA_LOCALNET_REFERENCE)).toBe(true)
    expect(await connection.getGenesisHash()).toBe(SOLANA_LOCALNET_GENESIS_HASH)
    expect(solanaLocalnet).toMatchObject({
      id: SOLANA_LOCALNET_REFERENCE,
      name: 'Solana Localnet',
      chainNamespace: 'solana',
      caipNetworkId: SOLANA_LOCALNET_CAIP_NETWORK_ID,
      nativeCurrency: { symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
    })
    expect(rpc.network.rpcUrls.default.http).toEqual([rpc.url])
  })

  test('behavior: the five dev keypairs come from the documented seeds and start with 100 SOL each', async () => {
    expect(devSolanaKeypairs().map((k) => k.publicKey.toBase58())).toEqual(DEV_SOLANA_ADDRESSES)
    const balances = await Promise.all(DEV_SOLANA_ADDRESSES.map((a) => connection.getBalance(new PublicKey(a))))
    expect(balances).toEqual(DEV_SOLANA_ADDRESSES.map(() => Number(DEV_SOLANA_ACCOUNT_LAMPORTS)))
  })

  test('behavior: `fund` gives extra accounts their lamports at start; servers share no state', async () => {
    const extra = Keypair.generate().publicKey.toBase58()
    const other = await startSolanaRpc({ port: 0, fundDevAccounts: false, fund: [{ address: extra, lamports: 2_000_000n }] })
    try {
      expect(other.url).not.toBe(rpc.url)
      const c = new Connection(other.url)
      expect(await c.getBalance(new PublicKey(extra))).toBe(2_000_000)
      expect(await c.getBalance(new PublicKey(DEV_SOLANA_ADDRESSES[0] as string))).toBe(0)
      expect(await connection.getBalance(new PublicKey(extra))).toBe(0)
    } finally {
      await other.stop()
    }
  })
})

describe('reads', () => {
  test('behavior: getBalance is 0 and getAccountInfo null for an address that never received anything', async () => {
    const nobody = Keypair.generate().publicKey
    expect(await connection.getBalance(nobody)).toBe(0)
    expect(await connection.getAccountInfo(nobody)).toBeNull()
  })

  test('behavior: getAccountInfo answers a system account in base64 with its owner and lamports', async () => {
    const owner = funded(3)
    const info = await connection.getAccountInfo(owner.publicKey)
    expect(info).toMatchObject({ lamports: 3 * LAMPORTS_PER_SOL, executable: false, space: 0 })
    expect(info?.owner.toBase58()).toBe(SystemProgram.programId.toBase58())
    expect(info?.data.length).toBe(0)
  })

  test('behavior: rent exemption, version, slot, block height and health answer like a node', async () => {
    expect(await connection.getMinimumBalanceForRentExemption(0)).toBe(890_880)
    expect(await connection.getMinimumBalanceForRentExemption(165)).toBe(2_039_280)
    expect((await connection.getVersion())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/)
    const slot = await connection.getSlot()
    expect(await connection.getBlockHeight()).toBe(slot)
    expect((await call('getHealth')).json.result).toBe('ok')
    const health = await fetch(`${rpc.url}/health`)
    expect([health.status, await health.text()]).toEqual([200, 'ok'])
  })

  test('behavior: every landed transaction is a new block with a new latest blockhash; the old one stays valid', async () => {
    const before = await connection.getLatestBlockhash()
    const slot = await connection.getSlot()
    funded(1)
    const after = await connection.getLatestBlockhash()
    expect(await connection.getSlot()).toBe(slot + 1)
    expect(after.blockhash).not.toBe(before.blockhash)
    expect(after.lastValidBlockHeight).toBe(before.lastValidBlockHeight + 1)
    expect((await connection.isBlockhashValid(before.blockhash)).value).toBe(true)
    expect((await connection.isBlockhashValid(base58Encode(new Uint8Array(32).fill(7)))).value).toBe(false)
  })

  test('behavior: getFeeForMessage is 5000 lamports a signature, null for an unknown blockhash', async () => {
    const payer = Keypair.generate()
    const build = (recentBlockhash: string) => new TransactionMessage({ payerKey: payer.publicKey, recentBlockhash, instructions: [transfer(payer, Keypair.generate().publicKey, 1)] }).compileToV0Message()
    const { blockhash } = await connection.getLatestBlockhash()
    expect((await connection.getFeeForMessage(build(blockhash))).value).toBe(5000)
    expect((await connection.getFeeForMessage(build(base58Encode(new Uint8Array(32).fill(9))))).value).toBeNull()
  })
})

describe('airdrops', () => {
  test('behavior: requestAirdrop credits the account and its signature is finalized without error', async () => {
    const to = Keypair.generate().publicKey
    const signature = await connection.requestAirdrop(to, 2 * LAMPORTS_PER_SOL)
    expect(await confirmed(signature)).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect(await connection.getBalance(to)).toBe(2 * LAMPORTS_PER_SOL)
    // The same airdrop twice is two transfers (each block has a new blockhash), not a duplicate.
    await connection.requestAirdrop(to, 2 * LAMPORTS_PER_SOL)
    expect(await connection.getBalance(to)).toBe(4 * LAMPORTS_PER_SOL)
  })

  test('behavior: an airdrop below the rent-exempt minimum to a new account fails in plain words', async () => {
    await expect(connection.requestAirdrop(Keypair.generate().publicKey, 1000)).rejects.toThrow(/insufficient funds for rent/)
  })
})

describe('sending', () => {
  test('behavior: a transfer lands, is finalized, and moves the amount plus a 5000-lamport fee', async () => {
    const sender = funded(10)
    const receiver = Keypair.generate().publicKey
    const signature = await connection.sendRawTransaction((await signed(sender, [transfer(sender, receiver, LAMPORTS_PER_SOL)])).serialize())
    expect(await confirmed(signature)).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect(await connection.getBalance(receiver)).toBe(LAMPORTS_PER_SOL)
    expect(await connection.getBalance(sender.publicKey)).toBe(9 * LAMPORTS_PER_SOL - 5000)
  })

  test('behavior: Connection.sendTransaction (legacy Transaction signed by web3.js) works end to end', async () => {
    const sender = funded(2)
    const receiver = Keypair.generate().publicKey
    const tx = new Transaction().add(transfer(sender, receiver, LAMPORTS_PER_SOL / 2))
    const signature = await connection.sendTransaction(tx, [sender])
    expect((await confirmed(signature)).err).toBeNull()
    expect(await connection.getBalance(receiver)).toBe(LAMPORTS_PER_SOL / 2)
  })

  test("behavior: a base58 wire transaction (a node's default encoding) is accepted too", async () => {
    const sender = funded(1)
    const receiver = Keypair.generate().publicKey
    const tx = await signed(sender, [transfer(sender, receiver, 1_000_000)])
    const { json } = await call('sendTransaction', [base58Encode(tx.serialize())])
    expect(json.result).toBe(base58Encode(tx.signatures[0] as Uint8Array))
    expect(await connection.getBalance(receiver)).toBe(1_000_000)
  })

  test('behavior: a v0 transaction lands; getTransaction asks for maxSupportedTransactionVersion like a node', async () => {
    const sender = funded(1)
    const receiver = Keypair.generate().publicKey
    const { blockhash } = await connection.getLatestBlockhash()
    const message = new TransactionMessage({ payerKey: sender.publicKey, recentBlockhash: blockhash, instructions: [transfer(sender, receiver, 1_000_000)] }).compileToV0Message()
    const tx = new VersionedTransaction(message)
    tx.sign([sender])
    const signature = await connection.sendTransaction(tx)
    expect((await confirmed(signature)).err).toBeNull()
    await expect(connection.getTransaction(signature, {} as never)).rejects.toThrow(/maxSupportedTransactionVersion/)
    expect((await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))?.version).toBe(0)
  })

  test("behavior: a transfer below rent to a new account fails preflight with the runtime's words and logs; nothing is charged", async () => {
    const sender = funded(1)
    const receiver = Keypair.generate().publicKey
    const error = await connection.sendRawTransaction((await signed(sender, [transfer(sender, receiver, 1000)])).serialize()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SendTransactionError)
    const sendError = error as SendTransactionError
    expect(sendError.transactionError.message).toBe('Transaction simulation failed: Transaction results in an account (1) with insufficient funds for rent')
    expect(sendError.transactionError.logs).toEqual(['Program 11111111111111111111111111111111 invoke [1]', 'Program 11111111111111111111111111111111 success'])
    expect(await connection.getBalance(sender.publicKey)).toBe(LAMPORTS_PER_SOL)
    expect(await connection.getBalance(receiver)).toBe(0)
  })

  test('behavior: the preflight error carries the JSON-RPC code -32002 and the runtime error as data', async () => {
    const sender = funded(1)
    const wire = (await signed(sender, [transfer(sender, Keypair.generate().publicKey, 5 * LAMPORTS_PER_SOL)])).serialize()
    const { json } = await call('sendTransaction', [Buffer.from(wire).toString('base64'), { encoding: 'base64' }])
    expect(json.error.code).toBe(-32002)
    expect(json.error.message).toBe('Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1')
    expect(json.error.data.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(json.error.data.logs).toContain(`Transfer: insufficient lamports ${LAMPORTS_PER_SOL - 5000}, need ${5 * LAMPORTS_PER_SOL}`)
  })

  test('behavior: a payer that never received lamports gets the runtime\'s "no record of a prior credit"', async () => {
    const nobody = Keypair.generate()
    const error = await connection.sendRawTransaction((await signed(nobody, [transfer(nobody, Keypair.generate().publicKey, 1)])).serialize()).catch((e: SendTransactionError) => e)
    expect((error as SendTransactionError).transactionError.message).toBe('Transaction simulation failed: Attempt to debit an account but found no record of a prior credit.')
  })

  test('behavior: with skipPreflight a failing transfer lands as failed, pays its fee, and its status carries the error', async () => {
    const sender = funded(1)
    const receiver = Keypair.generate().publicKey
    const signature = await connection.sendRawTransaction((await signed(sender, [transfer(sender, receiver, 1000)])).serialize(), { skipPreflight: true })
    expect(await confirmed(signature)).toMatchObject({ err: { InsufficientFundsForRent: { account_index: 1 } } })
    expect(await connection.getBalance(sender.publicKey)).toBe(LAMPORTS_PER_SOL - 5000)
    expect(await connection.getBalance(receiver)).toBe(0)
    const tx = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 })
    expect(tx?.meta).toMatchObject({ err: { InsufficientFundsForRent: { account_index: 1 } }, fee: 5000 })
  })

  test('behavior: getTransaction fills pre/postTokenBalances like a node: each token account among the keys by owner and mint; an account the transaction made is in the post balances only', async () => {
    const [giver] = devSolanaKeypairs()
    const receiver = Keypair.generate().publicKey
    const mint = new PublicKey(DEV_SPL_MINT_ADDRESS)
    const instructions = await splTransferInstructions({ owner: giver!.publicKey, recipient: receiver, mint, amount: 2_500_000n, decimals: DEV_SPL_DECIMALS, tokenProgram: new PublicKey(splTokenProgramId) })
    const before = await tokensOf(giver!.publicKey)
    const signature = await connection.sendRawTransaction((await signed(giver!, instructions)).serialize())
    await confirmed(signature)
    const meta = (await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))?.meta
    const balance = (owner: PublicKey, amount: bigint, uiAmountString: string) =>
      expect.objectContaining({
        mint: DEV_SPL_MINT_ADDRESS,
        owner: owner.toBase58(),
        programId: splTokenProgramId,
        uiTokenAmount: { amount: String(amount), decimals: 6, uiAmount: Number(uiAmountString), uiAmountString },
      })
    expect(meta?.preTokenBalances).toEqual([balance(giver!.publicKey, before, String(Number(before) / 1e6))])
    expect(meta?.postTokenBalances).toEqual(expect.arrayContaining([balance(giver!.publicKey, before - 2_500_000n, String(Number(before - 2_500_000n) / 1e6)), balance(receiver, 2_500_000n, '2.5')]))
    expect(meta?.postTokenBalances).toHaveLength(2)
    // A plain SOL transfer touches no token account.
    const sender = funded(1)
    const plain = await connection.sendRawTransaction((await signed(sender, [transfer(sender, Keypair.generate().publicKey, LAMPORTS_PER_SOL / 10)])).serialize())
    await confirmed(plain)
    expect((await connection.getTransaction(plain, { maxSupportedTransactionVersion: 0 }))?.meta).toMatchObject({ preTokenBalances: [], postTokenBalances: [] })
  })

  test("behavior: the reference exchange's Solana hot wallet starts funded like a dev account (SOL and dUSDC)", async () => {
    const hot = exchangeSolanaKeypair().publicKey
    expect(BigInt(await connection.getBalance(hot))).toBe(DEV_SOLANA_ACCOUNT_LAMPORTS)
    expect(await tokensOf(hot)).toBe(1_000_000_000n)
  })

  test('behavior: a wrong signature is refused by preflight with -32003 and dropped with skipPreflight', async () => {
    const sender = funded(1)
    const tx = await signed(sender, [transfer(sender, Keypair.generate().publicKey, 1_000_000)])
    tx.signatures[0] = new Uint8Array(64).fill(1)
    const { json } = await call('sendTransaction', [Buffer.from(tx.serialize()).toString('base64'), { encoding: 'base64' }])
    expect(json.error).toMatchObject({ code: -32003, message: 'Transaction signature verification failure' })
    const signature = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true })
    expect((await connection.getSignatureStatuses([signature])).value).toEqual([null])
    expect(await connection.getBalance(sender.publicKey)).toBe(LAMPORTS_PER_SOL)
  })

  test('behavior: an unknown blockhash fails preflight with "Blockhash not found"', async () => {
    const sender = funded(1)
    const tx = await signed(sender, [transfer(sender, Keypair.generate().publicKey, 1_000_000)], base58Encode(new Uint8Array(32).fill(3)))
    await expect(connection.sendRawTransaction(tx.serialize())).rejects.toThrow('Transaction simulation failed: Blockhash not found')
  })

  test('behavior: the same transaction twice is "already processed"', async () => {
    const sender = funded(1)
    const wire = (await signed(sender, [transfer(sender, Keypair.generate().publicKey, 1_000_000)])).serialize()
    await connection.sendRawTransaction(wire)
    await expect(connection.sendRawTransaction(wire)).rejects.toThrow('This transaction has already been processed')
  })

  test('behavior: simulateTransaction runs without signatures and changes nothing', async () => {
    const sender = funded(1)
    const receiver = Keypair.generate().publicKey
    const { blockhash } = await connection.getLatestBlockhash()
    const message = new TransactionMessage({ payerKey: sender.publicKey, recentBlockhash: blockhash, instructions: [transfer(sender, receiver, 1_000_000)] }).compileToV0Message()
    const ok = await connection.simulateTransaction(new VersionedTransaction(message), { sigVerify: false })
    expect(ok.value).toMatchObject({ err: null, unitsConsumed: 150 })
    const tooSmall = new TransactionMessage({ payerKey: sender.publicKey, recentBlockhash: blockhash, instructions: [transfer(sender, receiver, 1)] }).compileToV0Message()
    expect((await connection.simulateTransaction(new VersionedTransaction(tooSmall))).value.err).toEqual({ InsufficientFundsForRent: { account_index: 1 } })
    expect(await connection.getBalance(receiver)).toBe(0)
  })

  test('behavior: minContextSlot ahead of the ledger is refused with -32016', async () => {
    const { json } = await call('getLatestBlockhash', [{ minContextSlot: 1_000_000 }])
    expect(json.error).toMatchObject({ code: -32016, message: 'Minimum context slot has not been reached' })
  })
})

describe('history', () => {
  test('behavior: getSignaturesForAddress lists both sides of transfers newest first, with limit and before', async () => {
    const a = funded(5)
    const b = Keypair.generate()
    const sigs: string[] = []
    for (const lamports of [1_000_000_000, 2_000_000_000]) {
      sigs.push(await connection.sendRawTransaction((await signed(a, [transfer(a, b.publicKey, lamports)])).serialize()))
    }
    const forB = await connection.getSignaturesForAddress(b.publicKey)
    expect(forB.map((s) => s.signature)).toEqual([sigs[1], sigs[0]])
    const forA = await connection.getSignaturesForAddress(a.publicKey)
    expect(forA).toHaveLength(3) // the faucet's airdrop, then the two transfers
    expect(forA[0]).toMatchObject({ signature: sigs[1], err: null, confirmationStatus: 'finalized' })
    expect((await connection.getSignaturesForAddress(a.publicKey, { limit: 1 })).map((s) => s.signature)).toEqual([sigs[1]])
    expect((await connection.getSignaturesForAddress(a.publicKey, { before: sigs[1] as string, limit: 1 })).map((s) => s.signature)).toEqual([sigs[0]])
    expect(typeof forA[0]?.blockTime).toBe('number')
  })

  test('behavior: getParsedTransaction shows a System transfer with source, destination and lamports, and both balances', async () => {
    const a = funded(2)
    const b = Keypair.generate().publicKey
    const signature = await connection.sendRawTransaction((await signed(a, [transfer(a, b, LAMPORTS_PER_SOL)])).serialize())
    const parsed = await connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 })
    expect(parsed?.transaction.message.instructions[0]).toMatchObject({
      program: 'system',
      parsed: { type: 'transfer', info: { source: a.publicKey.toBase58(), destination: b.toBase58(), lamports: LAMPORTS_PER_SOL } },
    })
    expect(parsed?.meta).toMatchObject({ err: null, fee: 5000, preBalances: [2 * LAMPORTS_PER_SOL, 0, 1], postBalances: [LAMPORTS_PER_SOL - 5000, LAMPORTS_PER_SOL, 1] })
    expect(await connection.getTransaction(base58Encode(new Uint8Array(64).fill(5)), { maxSupportedTransactionVersion: 0 })).toBeNull()
  })
})

describe('the JSON-RPC envelope and bad input', () => {
  test('behavior: malformed JSON gets -32700 with id null', async () => {
    expect(await post('{"jsonrpc":"2.0","id":1,"method":')).toEqual({ status: 200, json: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } } })
  })

  test('behavior: an unknown method gets -32601 with the request id', async () => {
    expect((await call('getTheMoon', [], 'abc')).json).toEqual({ jsonrpc: '2.0', id: 'abc', error: { code: -32601, message: 'Method not found' } })
  })

  test('behavior: a batch is answered in order, each request on its own; an empty batch is invalid', async () => {
    const { json } = await post(
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getBalance', params: [DEV_SOLANA_ADDRESSES[1]] },
        { jsonrpc: '2.0', id: 2, method: 'nope' },
        { jsonrpc: '2.0', method: 'getSlot' },
        { jsonrpc: '2.0', id: 3, method: 'getGenesisHash' },
        42,
      ]),
    )
    expect(json).toHaveLength(4)
    expect(json[0]).toMatchObject({ id: 1, result: { value: Number(DEV_SOLANA_ACCOUNT_LAMPORTS) } })
    expect(json[1]).toMatchObject({ id: 2, error: { code: -32601 } })
    expect(json[2]).toEqual({ jsonrpc: '2.0', id: 3, result: SOLANA_LOCALNET_GENESIS_HASH })
    expect(json[3]).toMatchObject({ id: null, error: { code: -32600 } })
    expect((await post('[]')).json).toMatchObject({ id: null, error: { code: -32600 } })
  })

  test('behavior: a notification (no id) is run and not answered', async () => {
    const to = Keypair.generate().publicKey
    const { status, json } = await post(JSON.stringify({ jsonrpc: '2.0', method: 'requestAirdrop', params: [to.toBase58(), LAMPORTS_PER_SOL] }))
    expect([status, json]).toEqual([204, undefined])
    expect(await connection.getBalance(to)).toBe(LAMPORTS_PER_SOL)
  })

  test('behavior: bad params get -32602 naming the problem, and the server keeps answering', async () => {
    const cases: Array<[string, unknown]> = [
      ['getBalance', ['not-an-address']],
      ['getBalance', ['0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl']],
      ['getBalance', { address: DEV_SOLANA_ADDRESSES[0] }],
      ['getBalance', [DEV_SOLANA_ADDRESSES[0], 'confirmed']],
      ['sendTransaction', ['%%%', { encoding: 'base64' }]],
      ['sendTransaction', [Buffer.from('garbage that is no transaction').toString('base64'), { encoding: 'base64' }]],
      ['sendTransaction', [Buffer.alloc(2000).toString('base64'), { encoding: 'base64' }]],
      ['sendTransaction', ['abc', { encoding: 'hex' }]],
      ['sendTransaction', [42]],
      ['getSignatureStatuses', [['short']]],
      ['getSignatureStatuses', ['not an array']],
      ['requestAirdrop', [DEV_SOLANA_ADDRESSES[0], -5]],
      ['getMinimumBalanceForRentExemption', ['ten']],
      ['getSignaturesForAddress', [DEV_SOLANA_ADDRESSES[0], { limit: 0 }]],
      ['getTransaction', ['x'.repeat(10)]],
      ['getFeeForMessage', ['AAAA']],
    ]
    for (const [method, params] of cases) {
      const { json } = await call(method, params)
      expect(json.error, `${method} ${JSON.stringify(params)}`).toMatchObject({ code: -32602 })
      expect(json.error.message).toMatch(/^Invalid params: /)
    }
    expect((await call('getSlot')).json.result).toBeTypeOf('number')
  })

  test('behavior: requests that are not JSON-RPC 2.0 objects get -32600', async () => {
    expect((await post('"hello"')).json).toMatchObject({ id: null, error: { code: -32600 } })
    expect((await post(JSON.stringify({ id: 1, method: 'getSlot' }))).json).toMatchObject({ id: 1, error: { code: -32600 } })
    expect((await post(JSON.stringify({ jsonrpc: '2.0', id: { x: 1 }, method: 'getSlot' }))).json).toMatchObject({ id: null, error: { code: -32600 } })
    expect((await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'toString' }))).json).toMatchObject({ error: { code: -32601 } })
  })

  test('behavior: a body over the limit gets 413, other HTTP methods 405, CORS preflights 204', async () => {
    expect((await fetch(rpc.url, { method: 'POST', body: 'x'.repeat(maxRequestBytes + 1) })).status).toBe(413)
    expect((await fetch(rpc.url, { method: 'PUT', body: '{}' })).status).toBe(405)
    const preflight = await fetch(rpc.url, { method: 'OPTIONS', headers: { Origin: 'http://127.0.0.1:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,solana-client' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,solana-client')
    expect((await call('getSlot')).json.result).toBeTypeOf('number')
  })

  test('behavior: stop() closes the server (a Connection then fails) and is idempotent', async () => {
    const other = await startSolanaRpc({ port: 0, fundDevAccounts: false })
    const c = new Connection(other.url)
    expect(await c.getSlot()).toBe(0)
    await Promise.all([other.stop(), other.stop()])
    await expect(fetch(`${other.url}/health`)).rejects.toThrow()
  })

  test('behavior: only loopback hosts and valid ports are accepted', async () => {
    await expect(startSolanaRpc({ host: '0.0.0.0' })).rejects.toThrow(RangeError)
    await expect(startSolanaRpc({ port: 70_000 })).rejects.toThrow('Invalid port: 70000')
  })
})

describe('runtime errors', () => {
  test("behavior: LiteSVM's error numbers map to the runtime's names (AccountNotFound 2, AlreadyProcessed 6, SignatureFailure 11)", async () => {
    const { svm } = rpc.ledger
    const nobody = Keypair.generate()
    const fromNobody = await signed(nobody, [transfer(nobody, Keypair.generate().publicKey, 1)])
    expect(toTransactionErrorJson((svm.sendTransaction(kitTransactionOf(fromNobody)) as { err(): unknown }).err())).toBe('AccountNotFound')
    const sender = funded(1)
    const tx = await signed(sender, [transfer(sender, Keypair.generate().publicKey, 1_000_000)])
    svm.sendTransaction(kitTransactionOf(tx))
    expect(toTransactionErrorJson((svm.sendTransaction(kitTransactionOf(tx)) as { err(): unknown }).err())).toBe('AlreadyProcessed')
    const forged = await signed(sender, [transfer(sender, Keypair.generate().publicKey, 2_000_000)])
    forged.signatures[0] = new Uint8Array(64).fill(2)
    expect(toTransactionErrorJson((svm.sendTransaction(kitTransactionOf(forged)) as { err(): unknown }).err())).toBe('SignatureFailure')
  })

  test("behavior: describeTransactionError gives the runtime's sentences", () => {
    expect(describeTransactionError('AccountNotFound')).toBe('Attempt to debit an account but found no record of a prior credit.')
    expect(describeTransactionError({ InsufficientFundsForRent: { account_index: 1 } })).toBe('Transaction results in an account (1) with insufficient funds for rent')
    expect(describeTransactionError({ InstructionError: [0, { Custom: 1 }] })).toBe('Error processing Instruction 0: custom program error: 0x1')
    expect(describeTransactionError({ InstructionError: [2, 'MissingRequiredSignature'] })).toBe('Error processing Instruction 2: missing required signature for instruction')
  })
})
