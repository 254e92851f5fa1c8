import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createPublicKey, verify } from 'node:crypto'
import { Connection, Keypair, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction, Transaction } from '@solana/web3.js'
import { base58Decode, base58Encode } from '../../adapters/solana.base58.ts'
import { DEV_SOLANA_ADDRESSES, SOLANA_LOCALNET_CAIP_NETWORK_ID } from '../solana/index.ts'
import { startMailServer } from './mail.ts'
import type { MailMessage, MailServer } from './mail.ts'
import { startSecureSite } from './server.ts'
import type { SecureSite } from './server.ts'
import { defaultSolanaFundLamports, solanaMessages } from './solana.ts'
import { describeSolanaTransaction, formatSol } from './frame/solanaTx.ts'
import { describeRequest } from './frame/approval.ts'
import en from './frame/words/en.ts'

/**
 * The embedded wallet's Solana side over HTTP with its real parts: PGlite, the loopback SMTP server, and
 * the Vitest stack's LiteSVM RPC (airdrops, sends, balances read back with an unmodified web3.js Connection).
 */
const solanaRpc = inject('solanaRpc')
const anvil = inject('anvilRpc1')
const chain = SOLANA_LOCALNET_CAIP_NETWORK_ID
const connection = new Connection(solanaRpc, 'confirmed')
let mail: MailServer
let site: SecureSite
let seq = 0
const bodies: string[] = []

beforeAll(async () => {
  mail = await startMailServer({ port: 0 })
  site = await startSecureSite({
    port: 0,
    mail,
    chains: [{ chainId: 31337, rpcUrl: anvil, name: 'Anvil Local' }],
    solanaChains: [{ caipNetworkId: chain, rpcUrl: solanaRpc, name: 'Solana Localnet' }],
    fundWei: 0n,
    allowedAncestors: ['http://127.0.0.1:5273'],
  })
}, 90_000)
afterAll(async () => {
  await site?.stop()
  await mail?.stop()
})

async function call(method: string, path: string, options: { body?: unknown; token?: string } = {}) {
  const response = await fetch(`${site.url}${path}`, {
    method,
    headers: { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  })
  const text = await response.text()
  bodies.push(text)
  return { status: response.status, json: JSON.parse(text) as Record<string, unknown> }
}

async function signUp(): Promise<{ token: string; solanaAddress: string }> {
  const email = `sol${++seq}-${Date.now()}@example.com`
  const deviceId = `device${String(seq).padStart(4, '0')}solanaabcdef`
  await call('POST', '/api/connect-email', { body: { email, deviceId } })
  const { json: box } = await call('GET', `/mailbox/messages?to=${encodeURIComponent(email)}`)
  const link = (box.messages as MailMessage[])[0]!.link!
  expect((await fetch(link)).status).toBe(200)
  const { json } = await call('POST', '/api/connect-device', { body: { email, deviceId } })
  const token = json.token as string
  const user = await call('GET', '/api/user', { token })
  return { token, solanaAddress: user.json.solanaAddress as string }
}

const rpc = (token: string, method: string, params: unknown, chainId: unknown = chain) => call('POST', '/api/rpc', { token, body: { method, params, chainId } })

async function transfer(from: string, to: string, lamports: number): Promise<string> {
  const { blockhash } = await connection.getLatestBlockhash()
  const message = new TransactionMessage({
    payerKey: new PublicKey(from),
    recentBlockhash: blockhash,
    instructions: [SystemProgram.transfer({ fromPubkey: new PublicKey(from), toPubkey: new PublicKey(to), lamports })],
  }).compileToV0Message()
  return Buffer.from(new VersionedTransaction(message).serialize()).toString('base64')
}

function verifyEd25519(address: string, message: Uint8Array, signature: Uint8Array): boolean {
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(base58Decode(address)).toString('base64url') }, format: 'jwk' })
  return verify(null, message, key, signature)
}

describe('the Solana keypair', () => {
  it('behavior: a signed-in user has a Solana address of 32 bytes, the same on every call, airdropped 10 SOL on LiteSVM', async () => {
    const { token, solanaAddress } = await signUp()
    expect(base58Decode(solanaAddress)).toHaveLength(32)
    expect((await call('GET', '/api/user', { token })).json.solanaAddress).toBe(solanaAddress)
    expect(await connection.getBalance(new PublicKey(solanaAddress))).toBe(defaultSolanaFundLamports)
    expect((await rpc(token, 'solana_getAccounts', {})).json.result).toEqual([{ pubkey: solanaAddress }])
  })

  it('behavior: two users get two different keypairs', async () => {
    const a = await signUp()
    const b = await signUp()
    expect(a.solanaAddress).not.toBe(b.solanaAddress)
  })
})

describe('solana_signMessage', () => {
  it('behavior: the 64-byte ed25519 signature of exactly the message bytes, verified with the address as the key', async () => {
    const { token, solanaAddress } = await signUp()
    const bytes = new TextEncoder().encode('Sign in to Latchkey ✓')
    const { status, json } = await rpc(token, 'solana_signMessage', { message: base58Encode(bytes), pubkey: solanaAddress })
    expect(status).toBe(200)
    const signature = base58Decode((json.result as { signature: string }).signature)
    expect(signature).toHaveLength(64)
    expect(verifyEd25519(solanaAddress, bytes, signature)).toBe(true)
    expect(verifyEd25519(solanaAddress, new TextEncoder().encode('Sign in to Latchkey ✗'), signature)).toBe(false)
  })

  it('bad input: a message that is not bytes (a number, text that is not base58, empty) is refused with -32602', async () => {
    const { token } = await signUp()
    for (const message of [42, 'not base58: 0OIl', '', null]) {
      const { status, json } = await rpc(token, 'solana_signMessage', { message })
      expect(status).toBe(400)
      expect(json).toEqual({ message: solanaMessages.invalidMessage, code: -32602 })
    }
  })

  it('bad input: another account as pubkey is refused with 4100', async () => {
    const { token } = await signUp()
    const { status, json } = await rpc(token, 'solana_signMessage', { message: base58Encode(new Uint8Array([1, 2, 3])), pubkey: DEV_SOLANA_ADDRESSES[0] })
    expect(status).toBe(400)
    expect(json.code).toBe(4100)
  })
})

describe('transactions', () => {
  it('behavior: signAndSend of a transfer lands on LiteSVM: the recipient gets exactly the lamports, the sender pays them plus the 5000-lamport fee', async () => {
    const { token, solanaAddress } = await signUp()
    const recipient = DEV_SOLANA_ADDRESSES[3]!
    const before = { from: await connection.getBalance(new PublicKey(solanaAddress)), to: await connection.getBalance(new PublicKey(recipient)) }
    const { status, json } = await rpc(token, 'solana_signAndSendTransaction', { transaction: await transfer(solanaAddress, recipient, 123_456_789) })
    expect(status).toBe(200)
    const signature = (json.result as { signature: string }).signature
    expect(base58Decode(signature)).toHaveLength(64)
    const statuses = await connection.getSignatureStatuses([signature])
    expect(statuses.value[0]?.err).toBeNull()
    expect(await connection.getBalance(new PublicKey(recipient))).toBe(before.to + 123_456_789)
    expect(await connection.getBalance(new PublicKey(solanaAddress))).toBe(before.from - 123_456_789 - 5000)
  })

  it('behavior: signTransaction returns the transaction signed by the wallet (verifies) and sends nothing', async () => {
    const { token, solanaAddress } = await signUp()
    const wire = await transfer(solanaAddress, DEV_SOLANA_ADDRESSES[2]!, 1000)
    const balance = await connection.getBalance(new PublicKey(solanaAddress))
    const { json } = await rpc(token, 'solana_signTransaction', { transaction: wire })
    const result = json.result as { signature: string; transaction: string }
    const signed = VersionedTransaction.deserialize(Buffer.from(result.transaction, 'base64'))
    expect(base58Encode(signed.signatures[0]!)).toBe(result.signature)
    expect(verifyEd25519(solanaAddress, signed.message.serialize(), signed.signatures[0]!)).toBe(true)
    expect(await connection.getBalance(new PublicKey(solanaAddress))).toBe(balance)
  })

  it('behavior: signAllTransactions signs each (a legacy one too)', async () => {
    const { token, solanaAddress } = await signUp()
    const { blockhash } = await connection.getLatestBlockhash()
    const legacy = new Transaction({ feePayer: new PublicKey(solanaAddress), recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: new PublicKey(solanaAddress), toPubkey: new PublicKey(DEV_SOLANA_ADDRESSES[1]!), lamports: 7 }),
    )
    const wires = [await transfer(solanaAddress, DEV_SOLANA_ADDRESSES[1]!, 5), legacy.serialize({ requireAllSignatures: false }).toString('base64')]
    const { json } = await rpc(token, 'solana_signAllTransactions', { transactions: wires })
    const signed = (json.result as { transactions: string[] }).transactions.map((t) => VersionedTransaction.deserialize(Buffer.from(t, 'base64')))
    expect(signed).toHaveLength(2)
    for (const tx of signed) expect(verifyEd25519(solanaAddress, tx.message.serialize(), tx.signatures[0]!)).toBe(true)
  })

  it('bad input: a malformed transaction (not base64, random bytes, a truncated one, trailing bytes) is refused with -32602 and nothing is sent', async () => {
    const { token, solanaAddress } = await signUp()
    const good = await transfer(solanaAddress, DEV_SOLANA_ADDRESSES[1]!, 1)
    const bytes = Buffer.from(good, 'base64')
    const bad = [
      '%%% not base64',
      Buffer.from(Array.from({ length: 200 }, (_, i) => (i * 37) % 256)).toString('base64'),
      bytes.subarray(0, bytes.length - 10).toString('base64'),
      Buffer.concat([bytes, Buffer.from([1, 2, 3])]).toString('base64'),
      17,
      undefined,
    ]
    const balance = await connection.getBalance(new PublicKey(solanaAddress))
    for (const transaction of bad) {
      for (const method of ['solana_signTransaction', 'solana_signAndSendTransaction']) {
        const { status, json } = await rpc(token, method, { transaction })
        expect(status).toBe(400)
        expect(json).toEqual({ message: solanaMessages.invalidTransaction, code: -32602 })
      }
    }
    expect(await connection.getBalance(new PublicKey(solanaAddress))).toBe(balance)
  })

  it('bad input: a transaction that does not ask the wallet to sign is refused', async () => {
    const { token } = await signUp()
    const other = Keypair.generate().publicKey.toBase58()
    const { json } = await rpc(token, 'solana_signTransaction', { transaction: await transfer(other, DEV_SOLANA_ADDRESSES[1]!, 1) })
    expect(json).toEqual({ message: solanaMessages.notSigner, code: -32602 })
  })

  it('bad input: the chain refuses a transfer above the balance: the runtime’s words come back, the balance stays', async () => {
    const { token, solanaAddress } = await signUp()
    const { status, json } = await rpc(token, 'solana_signAndSendTransaction', { transaction: await transfer(solanaAddress, DEV_SOLANA_ADDRESSES[1]!, defaultSolanaFundLamports * 2) })
    expect(status).toBe(400)
    expect(json.code).toBe(-32002)
    expect(String(json.message)).toMatch(/^Transaction simulation failed/)
    expect(await connection.getBalance(new PublicKey(solanaAddress))).toBe(defaultSolanaFundLamports)
  })
})

describe('networks (spec §6: the auth connector on eip155 and solana only)', () => {
  it('bad input: a request on bitcoin, on an unknown Solana network, or a solana_ method on an EVM chain is "Chain is not supported" (4901)', async () => {
    const { token } = await signUp()
    const message = base58Encode(new Uint8Array([1]))
    for (const chainId of ['bip122:000000000019d6689c085ae165831e93', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 31337, 'eip155:31337']) {
      const { status, json } = await rpc(token, 'solana_signMessage', { message }, chainId)
      expect(status).toBe(400)
      expect(json).toEqual({ message: 'Chain is not supported', code: 4901 })
    }
  })

  it('bad input: an EVM method on the Solana network is not allowed; without a session nothing is signed (401)', async () => {
    const { token } = await signUp()
    expect((await rpc(token, 'personal_sign', ['0x00'])).json.code).toBe(4100)
    const { status } = await call('POST', '/api/rpc', { body: { method: 'solana_signMessage', params: { message: base58Encode(new Uint8Array([1])) }, chainId: chain } })
    expect(status).toBe(401)
  })

  it('key custody: no response body carries a Solana seed', async () => {
    const { rows } = await site.db.query<{ seed: string }>('select seed from solana_wallets')
    expect(rows.length).toBeGreaterThan(0)
    for (const { seed } of rows) {
      const forms = [seed, Buffer.from(seed, 'hex').toString('base64'), base58Encode(Uint8Array.from(Buffer.from(seed, 'hex')))]
      for (const body of bodies) for (const form of forms) expect(body).not.toContain(form)
    }
  })
})

describe('the approval card of Solana requests (the frame page)', () => {
  it('behavior: a transfer shows its recipient, the amount in SOL and the fee payer; a message its text', async () => {
    const from = DEV_SOLANA_ADDRESSES[0]!
    const wire = await transfer(from, DEV_SOLANA_ADDRESSES[1]!, 1_500_000_000)
    expect(describeSolanaTransaction(wire)).toEqual({ version: 0, feePayer: from, instructions: [{ kind: 'transfer', from, to: DEV_SOLANA_ADDRESSES[1], lamports: 1_500_000_000n }] })
    const base = { id: '1', chainId: chain, chainName: 'Solana Localnet', dappName: 'Demo', dappOrigin: 'http://127.0.0.1:5273' }
    expect(describeRequest({ ...base, method: 'solana_signAndSendTransaction', params: { transaction: wire } }, en)).toEqual({
      title: 'Send transaction',
      rows: [
        { label: 'Requested by', value: 'Demo · http://127.0.0.1:5273' },
        { label: 'Network', value: 'Solana Localnet' },
        { label: 'To', value: DEV_SOLANA_ADDRESSES[1] },
        { label: 'Amount', value: '1.5 SOL' },
        { label: 'Fee payer', value: from },
      ],
    })
    expect(describeRequest({ ...base, method: 'solana_signMessage', params: { message: base58Encode(new TextEncoder().encode('hello solana')) } }, en).body).toBe('hello solana')
    expect(describeRequest({ ...base, method: 'solana_signTransaction', params: { transaction: 'garbage' } }, en).body).toBe('Not a readable transaction')
    expect(formatSol(1n)).toBe('0.000000001 SOL')
    expect(formatSol(2_000_000_000n)).toBe('2 SOL')
    // Through Intl in the frame's locale, to the lamport.
    expect(formatSol(1_234_500_000_001n, 'en')).toBe('1,234.500000001 SOL')
    expect(formatSol(1_234_500_000_001n, 'de')).toBe('1.234,500000001 SOL')
  })
})
