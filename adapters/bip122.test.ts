import * as bitcoin from 'bitcoinjs-lib'
import { Verifier } from 'bip322-js'
import { getWallets } from '@wallet-standard/app'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { startApiServer } from '../dev/api/server.ts'
import type { ApiServer } from '../dev/api/server.ts'
import { bitcoinRegtestNetwork, DEV_BITCOIN_ORDINALS_ADDRESSES, DEV_BITCOIN_PAYMENT_ADDRESSES, devBitcoinAccounts } from '../dev/bitcoin/index.ts'
import { BitcoinDevWallet } from '../dev/bitcoin-wallet/index.ts'
import { buildTransferPsbt, devWalletNetwork } from '../dev/bitcoin-wallet/signing.ts'
import { createBitcoinApi } from '../services/bitcoin.ts'
import { docsBaseUrl } from '../kernel/errors.ts'
import { BitcoinBroadcastError, createBip122Adapter, InvalidBitcoinAddressError, InvalidBitcoinRequestError, InvalidSignedPsbtError, UnsupportedBitcoinChainError } from './bip122.ts'
import type { Bip122Adapter } from './bip122.ts'
import { NotConnectedError } from './eip155.ts'
import { BaseError, UserRejectedRequestError } from './errors.ts'
import { bitcoin as bitcoinMainnet, bitcoinTestnet } from './networks.ts'
import type { CaipNetwork } from './networks.ts'
import type { Account, Connector, WalletEvent } from './types.ts'
import { ForeignError } from '../tests/harness/failures.ts'

/**
 * The Bitcoin adapter against the real pieces: the dev wallet registered in the Wallet Standard registry
 * (`getWallets()` of `@wallet-standard/app`, where the adapter discovers it; the window-event registration is tested in
 * `dev/bitcoin-wallet/register.test.ts`), balances and broadcasts on a reference API server of its own (port 0)
 * holding the regtest UTXO index. Node environment: the reference server does not run under happy-dom.
 */
const registerBitcoinWallet = (wallet: BitcoinDevWallet) => getWallets().register(wallet)
let server: ApiServer
let regtest: CaipNetwork
beforeAll(async () => {
  server = await startApiServer({ port: 0, chains: [] })
  regtest = bitcoinRegtestNetwork(server.url)
})
afterAll(() => server.stop())

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})

let walletCount = 0
/** A dev wallet (own name, so that tests never share one in the page-wide registry) over account `account`, registered. */
function setup(options: Partial<ConstructorParameters<typeof BitcoinDevWallet>[0]> & { account?: number } = {}) {
  const { account = 0, ...rest } = options
  const wallet = new BitcoinDevWallet({ apiUrl: `${server.url}/blockchain`, name: `Bitcoin Test Wallet ${++walletCount}`, accounts: [devBitcoinAccounts()[account]!], ...rest })
  cleanups.push(registerBitcoinWallet(wallet))
  const adapter = createBip122Adapter({ source: createBitcoinApi({ projectId: 'bip122-tests' }) })
  cleanups.push(() => adapter.destroy())
  return { wallet, adapter, connectorId: wallet.name }
}

async function connect(options: Parameters<typeof setup>[0] = {}) {
  const context = setup({ autoApprove: true, ...options })
  const session = await context.adapter.connect({ connectorId: context.connectorId })
  const [payment, ordinals] = session.accounts as [string, string]
  return { ...context, session, payment, ordinals }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(Error)
  return error as Error
}

async function utxosOf(address: string): Promise<Array<{ txid: string; vout: number; value: bigint }>> {
  const body = (await (await fetch(`${server.url}/blockchain/v1/bitcoin/address/${address}/utxo?st=t&sv=t&projectId=t`)).json()) as Array<{ txid: string; vout: number; value: number }>
  return body.map((u) => ({ txid: u.txid, vout: u.vout, value: BigInt(u.value) }))
}
/** A PSBT paying `amount` from dev account `account`'s payment address to `to`, change back. */
async function transferPsbt(account: number, to: string, amount: bigint): Promise<bitcoin.Psbt> {
  const from = devBitcoinAccounts()[account]!.payment
  return buildTransferPsbt({ from, utxos: await utxosOf(from.address), recipientScript: bitcoin.address.toOutputScript(to, devWalletNetwork), amount, feeRate: 2 }).psbt
}

describe('discovery', () => {
  test('behavior: a registered Bitcoin wallet is a connector; unregistering removes it; wallets without bitcoin:connect are not listed', () => {
    const adapter = createBip122Adapter({ source: createBitcoinApi({ projectId: 'p' }) })
    cleanups.push(() => adapter.destroy())
    const seen: Array<readonly Connector[]> = []
    cleanups.push(adapter.watchConnectors((connectors) => seen.push(connectors.filter((c) => c.name.startsWith('Discovery')))))
    const wallet = new BitcoinDevWallet({ apiUrl: 'http://127.0.0.1:1', name: 'Discovery Wallet' })
    const unregister = registerBitcoinWallet(wallet)
    const other = getWallets().register({
      version: '1.0.0',
      name: 'Discovery EVM-only',
      icon: wallet.icon,
      chains: ['solana:mainnet'],
      features: { 'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) } },
      accounts: [],
    })
    expect(adapter.getConnectors().filter((c) => c.name.startsWith('Discovery'))).toEqual([{ id: 'Discovery Wallet', name: 'Discovery Wallet', type: 'ANNOUNCED', chain: 'bip122', imageUrl: wallet.icon }])
    unregister()
    other()
    expect(seen.at(-1)).toEqual([])
    expect(seen.some((list) => list.length === 1)).toBe(true)
  })
})

describe('discovery: malformed and hostile wallets', () => {
  const icon = 'data:image/svg+xml,%3Csvg%3E'
  const connectFeature = { 'bitcoin:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) } }
  const wallet = (overrides: Record<string, unknown>) => ({ version: '1.0.0', name: 'Hostile BTC', icon, chains: ['bitcoin:regtest'], accounts: [], features: connectFeature, ...overrides }) as never

  test('behavior: malformed wallets are not listed and do not break the list; an icon that is not an image data URI is dropped', () => {
    const adapter = createBip122Adapter({ source: createBitcoinApi({ projectId: 'p' }) })
    cleanups.push(() => adapter.destroy())
    const good = new BitcoinDevWallet({ apiUrl: 'http://127.0.0.1:1', name: 'Hostile-proof Wallet' })
    cleanups.push(registerBitcoinWallet(good))
    const malformed = [
      wallet({ name: 42 }),
      wallet({ name: 'Hostile BTC chains', chains: null }),
      wallet({ name: 'Hostile BTC accounts', accounts: 'none' }),
      wallet({ name: 'Hostile BTC features', features: null }),
      Object.defineProperty(wallet({}), 'features', {
        get: () => {
          throw new ForeignError('getter')
        },
      }),
    ]
    for (const w of malformed) cleanups.push(getWallets().register(w))
    cleanups.push(getWallets().register(wallet({ name: 'Hostile BTC icon', icon: 'javascript:alert(1)' })))
    const names = adapter
      .getConnectors()
      .map((c) => c.name)
      .filter((n) => n.startsWith('Hostile'))
    expect(names).toEqual(['Hostile-proof Wallet', 'Hostile BTC icon'])
    expect(adapter.getConnectors().find((c) => c.name === 'Hostile BTC icon')).toEqual({ id: 'Hostile BTC icon', name: 'Hostile BTC icon', type: 'ANNOUNCED', chain: 'bip122' })
  })

  test("behavior: the wallet's events.on() throwing: watchWallet throws a typed error and keeps no listener; off() throwing is dropped", () => {
    vi.spyOn(console, 'debug').mockImplementation(() => {})
    const adapter = createBip122Adapter({ source: createBitcoinApi({ projectId: 'p' }) })
    cleanups.push(() => adapter.destroy())
    cleanups.push(
      getWallets().register(
        wallet({
          name: 'Hostile BTC events',
          features: {
            ...connectFeature,
            'standard:events': {
              version: '1.0.0',
              on: () => {
                throw new ForeignError('events are broken')
              },
            },
          },
        }),
      ),
    )
    cleanups.push(
      getWallets().register(
        wallet({
          name: 'Hostile BTC off',
          features: {
            ...connectFeature,
            'standard:events': {
              version: '1.0.0',
              on: () => () => {
                throw new ForeignError('off exploded')
              },
            },
          },
        }),
      ),
    )
    expect(() => adapter.watchWallet({ connectorId: 'Hostile BTC events' }, () => {})).toThrow(BaseError)
    const off = adapter.watchWallet({ connectorId: 'Hostile BTC off' }, () => {})
    expect(off).not.toThrow()
    vi.restoreAllMocks()
  })
})

describe('connection', () => {
  test('spec §3: Account entity: connect asks the wallet, answers payment then ordinals on regtest, keeps type, public key and path', async () => {
    const { wallet, adapter, connectorId } = setup({ account: 1 })
    const pending = adapter.connect({ connectorId })
    await flush()
    expect(wallet.pending.map((r) => r.kind)).toEqual(['connect'])
    wallet.approve(wallet.pending[0]!.id)
    expect(await pending).toEqual({ accounts: [DEV_BITCOIN_PAYMENT_ADDRESSES[1], DEV_BITCOIN_ORDINALS_ADDRESSES[1]], chainId: '0f9188f13cb7b2c71f2a335e3a4fc328' })
    const accounts: readonly Account[] = adapter.getAccounts({ connectorId })
    expect(accounts.every((a) => a.namespace === 'bip122')).toBe(true)
    expect(accounts.map((a) => [a.type, a.address, a.path, a.publicKey?.length])).toEqual([
      ['payment', DEV_BITCOIN_PAYMENT_ADDRESSES[1], "m/84'/1'/0'/0/1", 66],
      ['ordinals', DEV_BITCOIN_ORDINALS_ADDRESSES[1], "m/86'/1'/0'/0/1", 64],
    ])
  })

  test('behavior: a rejected connect is the user rejection (4001); an unknown connector is refused', async () => {
    const { wallet, adapter, connectorId } = setup()
    const pending = adapter.connect({ connectorId })
    await flush()
    wallet.reject(wallet.pending[0]!.id)
    expect(await failure(pending)).toBeInstanceOf(UserRejectedRequestError)
    expect((await failure(adapter.connect({ connectorId: 'No Such Wallet' }))).message).toContain('No wallet with id "No Such Wallet"')
  })

  test('behavior: reconnect is silent — NotConnectedError without a grant, the session with one, and it waits for a wallet that registers late', async () => {
    const { wallet, adapter, connectorId } = setup()
    expect(await failure(adapter.reconnect({ connectorId }))).toBeInstanceOf(NotConnectedError)
    expect(wallet.pending).toEqual([])
    wallet.setAutoApprove(true)
    await adapter.connect({ connectorId })
    expect((await adapter.reconnect({ connectorId })).accounts).toEqual([DEV_BITCOIN_PAYMENT_ADDRESSES[0], DEV_BITCOIN_ORDINALS_ADDRESSES[0]])

    const late = new BitcoinDevWallet({ apiUrl: `${server.url}/blockchain`, name: 'Late Wallet', autoApprove: true })
    await late.features['bitcoin:connect'].connect({ purposes: ['payment'] })
    const restoring = adapter.reconnect({ connectorId: 'Late Wallet' })
    setTimeout(() => cleanups.push(registerBitcoinWallet(late)), 50)
    expect((await restoring).accounts).toEqual([DEV_BITCOIN_PAYMENT_ADDRESSES[0], DEV_BITCOIN_ORDINALS_ADDRESSES[0]])
  })

  test('behavior: watchWallet reports an account change and the wallet-side disconnect; disconnect() revokes in the wallet', async () => {
    const { wallet, adapter, connectorId } = await connect({ accounts: devBitcoinAccounts() })
    const events: WalletEvent[] = []
    cleanups.push(adapter.watchWallet({ connectorId }, (event) => events.push(event)))
    wallet.setAccount(2)
    wallet.disconnect()
    expect(events).toEqual([{ type: 'accountsChanged', accounts: [DEV_BITCOIN_PAYMENT_ADDRESSES[2], DEV_BITCOIN_ORDINALS_ADDRESSES[2]] }, { type: 'disconnect' }])

    await adapter.connect({ connectorId })
    await adapter.disconnect({ connectorId })
    expect(wallet.state.authorised).toBe(false)
    expect(adapter.getAccounts({ connectorId })).toEqual([])
  })

  test("behavior: switchChain accepts the wallet's chain, refuses another with a typed error; addChain is unsupported", async () => {
    const { adapter, connectorId } = await connect()
    await adapter.switchChain({ connectorId, network: regtest })
    const error = await failure(adapter.switchChain({ connectorId, network: bitcoinMainnet }))
    expect(error).toBeInstanceOf(UnsupportedBitcoinChainError)
    expect(error.message).toBe(`The wallet does not support Bitcoin.\nDocs: ${docsBaseUrl}/errors/UnsupportedBitcoinChainError`)
    expect(await failure(adapter.addChain({ connectorId, network: bitcoinTestnet }))).toBeInstanceOf(UnsupportedBitcoinChainError)
  })
})

describe('balance', () => {
  test("behavior: the balance is the UTXO index's funded − spent, in satoshis with 8 decimals", async () => {
    const { adapter, connectorId, payment, ordinals } = await connect({ account: 3 })
    expect(await adapter.getBalance({ connectorId, address: payment, network: regtest })).toEqual({ value: 100_000_000n, decimals: 8, symbol: 'BTC' })
    expect((await adapter.getBalance({ connectorId, address: ordinals, network: regtest })).value).toBe(0n)
  })

  test('behavior: an address of another network is refused before any call', async () => {
    const adapter = createBip122Adapter({ source: createBitcoinApi({ projectId: 'p', fetch: () => Promise.reject(new ForeignError('no call expected')) }) })
    const error = await failure(adapter.getBalance({ connectorId: 'x', address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', network: regtest }))
    expect(error).toBeInstanceOf(InvalidBitcoinAddressError)
    expect(error.message).toMatchInlineSnapshot(`
      "'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' is not a Bitcoin Regtest address
      Docs: https://latchkey.example/errors/InvalidBitcoinAddressError
      Details: It looks like a Bitcoin testnet address."
    `)
  })
})

describe('signMessage', () => {
  test('behavior: BIP-322 by default, base64, verified by bip322-js for the payment and the ordinals address', async () => {
    const { adapter, connectorId, payment, ordinals } = await connect()
    for (const address of [payment, ordinals]) {
      const signature = await adapter.signMessage({ connectorId, address, message: 'Sign in to latchkey' })
      expect(signature).toMatch(/^[A-Za-z0-9+/]+=*$/)
      expect(Verifier.verifySignature(address, 'Sign in to latchkey', signature)).toBe(true)
    }
  })

  test('behavior: a wallet without BIP-322 signs the legacy ECDSA way, and that verifies too', async () => {
    const { adapter, connectorId, payment } = await connect({ messageProtocols: ['ecdsa'] })
    const signature = await adapter.signMessage({ connectorId, address: payment, message: 'legacy please' })
    expect(atob(signature)).toHaveLength(65)
    expect(Verifier.verifySignature(payment, 'legacy please', signature)).toBe(true)
  })

  test('behavior: a rejection in the wallet is the user rejection; an address not connected is refused', async () => {
    const { wallet, adapter, connectorId, payment } = await connect()
    wallet.setAutoApprove(false)
    const pending = adapter.signMessage({ connectorId, address: payment, message: 'no' })
    await flush()
    wallet.reject(wallet.pending[0]!.id)
    expect(await failure(pending)).toBeInstanceOf(UserRejectedRequestError)
    expect(await failure(adapter.signMessage({ connectorId, address: DEV_BITCOIN_PAYMENT_ADDRESSES[4], message: 'x' }))).toBeInstanceOf(InvalidBitcoinRequestError)
  })
})

describe('sendTransfer', () => {
  test('behavior: the wallet builds, signs and broadcasts; both balances change by the amount (and the sender pays the fee)', async () => {
    const { adapter, connectorId, payment } = await connect({ account: 2 })
    const receiver = DEV_BITCOIN_ORDINALS_ADDRESSES[2]
    const { txid } = await adapter.sendTransfer({ connectorId, network: regtest, recipient: receiver, amount: 25_000_000n })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    const fee = BigInt((await (await fetch(`${server.url}/blockchain/v1/bitcoin/tx/${txid}?st=t&sv=t&projectId=t`)).json()).fee)
    expect((await adapter.getBalance({ connectorId, address: receiver, network: regtest })).value).toBe(25_000_000n)
    expect((await adapter.getBalance({ connectorId, address: payment, network: regtest })).value).toBe(75_000_000n - fee)
  })

  test('behavior: a recipient of another network or no amount is refused before the wallet is asked', async () => {
    const { wallet, adapter, connectorId } = await connect()
    wallet.setAutoApprove(false)
    for (const recipient of ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'bcrt1qnotanaddress']) {
      const error = await failure(adapter.sendTransfer({ connectorId, network: regtest, recipient, amount: 1_000n }))
      expect(error).toBeInstanceOf(InvalidBitcoinAddressError)
      expect((error as InvalidBitcoinAddressError).shortMessage).toBe(`'${recipient}' is not a Bitcoin Regtest address`)
    }
    expect(await failure(adapter.sendTransfer({ connectorId, network: regtest, recipient: DEV_BITCOIN_PAYMENT_ADDRESSES[1], amount: 0n }))).toBeInstanceOf(InvalidBitcoinRequestError)
    expect(await failure(adapter.sendTransfer({ connectorId, network: bitcoinTestnet, recipient: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', amount: 1_000n }))).toBeInstanceOf(UnsupportedBitcoinChainError)
    expect(wallet.pending).toEqual([])
  })

  test('behavior: a rejection in the wallet is the user rejection', async () => {
    const { wallet, adapter, connectorId } = await connect()
    wallet.misbehave = { rejectAll: true }
    expect(await failure(adapter.sendTransfer({ connectorId, network: regtest, recipient: DEV_BITCOIN_PAYMENT_ADDRESSES[1], amount: 1_000n }))).toBeInstanceOf(UserRejectedRequestError)
  })
})

describe('signPSBT', () => {
  test('behavior: the wallet signs the asked input; the signed PSBT is returned, and with broadcast the transfer is applied', async () => {
    const { adapter, connectorId, payment } = await connect({ account: 4 })
    const receiver = DEV_BITCOIN_PAYMENT_ADDRESSES[3]
    const before = (await adapter.getBalance({ connectorId, address: receiver, network: regtest })).value
    const psbt = await transferPsbt(4, receiver, 1_500_000n)

    const signed = await adapter.signPSBT({ connectorId, network: regtest, psbt: psbt.toBase64(), signInputs: [{ address: payment, index: 0 }] })
    expect(signed.txid).toBeUndefined()
    expect(bitcoin.Psbt.fromBase64(signed.psbt).data.inputs[0]?.partialSig).toHaveLength(1)

    const sent = await adapter.signPSBT({ connectorId, network: regtest, psbt: psbt.toBase64(), signInputs: [{ address: payment, index: 0 }], broadcast: true })
    expect(sent.txid).toMatch(/^[0-9a-f]{64}$/)
    expect((await adapter.getBalance({ connectorId, address: receiver, network: regtest })).value).toBe(before + 1_500_000n)

    // The same PSBT again spends an output that is gone: the API's refusal reaches the caller with its code.
    const again = await failure(adapter.signPSBT({ connectorId, network: regtest, psbt: psbt.toBase64(), signInputs: [{ address: payment, index: 0 }], broadcast: true }))
    expect(again).toBeInstanceOf(BitcoinBroadcastError)
    expect((again as BitcoinBroadcastError).code).toBe('DOUBLE_SPEND')
  })

  test('behavior: a PSBT the wallet returns unsigned, altered or badly signed is refused with the reason', async () => {
    const { wallet, adapter, connectorId, payment } = await connect({ account: 1 })
    const psbt = (await transferPsbt(1, DEV_BITCOIN_PAYMENT_ADDRESSES[0], 10_000n)).toBase64()
    const ask = () => adapter.signPSBT({ connectorId, network: regtest, psbt, signInputs: [{ address: payment, index: 0 }], broadcast: true })
    const cases = [
      ['unsigned', 'unsigned', `The wallet returned the transaction without signing it.\nDocs: ${docsBaseUrl}/errors/InvalidSignedPsbtError\nDetails: Input 0 (${payment}) has no signature.`],
      [
        'alteredOutputs',
        'altered',
        `The wallet returned a different transaction than the one it was asked to sign.\nDocs: ${docsBaseUrl}/errors/InvalidSignedPsbtError\nDetails: Output 0's amount changed from 10000 to 9000 sat.`,
      ],
      [
        'alteredInputs',
        'altered',
        `The wallet returned a different transaction than the one it was asked to sign.\nDocs: ${docsBaseUrl}/errors/InvalidSignedPsbtError\nDetails: Input 0's sequence changed from 4294967293 to 4294967280.`,
      ],
      [
        'badSignature',
        'badSignature',
        /^The wallet returned a signature that does not verify\.\nDocs: [^\n]+\/errors\/InvalidSignedPsbtError\nDetails: Input 0 \(bcrt1q\w+\): the (ECDSA signature does not verify|signature is not a DER signature with a sighash type)\.$/,
      ],
    ] as const
    for (const [mode, reason, message] of cases) {
      wallet.misbehave = { psbt: mode }
      const error = await failure(ask())
      expect(error).toBeInstanceOf(InvalidSignedPsbtError)
      expect((error as InvalidSignedPsbtError).reason).toBe(reason)
      expect(error.message).toMatch(message)
    }
    // Nothing was broadcast: the UTXO is still there.
    expect((await utxosOf(payment)).length).toBe(1)
  })

  test('behavior: a rejection in the wallet is the user rejection', async () => {
    const { wallet, adapter, connectorId, payment } = await connect({ account: 1 })
    wallet.setAutoApprove(false)
    const pending = adapter.signPSBT({ connectorId, network: regtest, psbt: (await transferPsbt(1, DEV_BITCOIN_PAYMENT_ADDRESSES[0], 10_000n)).toBase64(), signInputs: [{ address: payment, index: 0 }] })
    await new Promise((resolve) => setTimeout(resolve, 50))
    wallet.reject(wallet.pending[0]!.id)
    expect(await failure(pending)).toBeInstanceOf(UserRejectedRequestError)
  })

  test('behavior: bad requests are refused before the wallet is asked — not a PSBT, an input out of range or of another address, an address of another network', async () => {
    const { wallet, adapter, connectorId, payment, ordinals } = await connect({ account: 1 })
    wallet.setAutoApprove(false)
    const psbt = (await transferPsbt(1, DEV_BITCOIN_PAYMENT_ADDRESSES[0], 10_000n)).toBase64()
    const sign = (p: string, signInputs: Array<{ address: string; index: number }>) => failure(adapter.signPSBT({ connectorId, network: regtest, psbt: p, signInputs }))
    expect((await sign('bm90IGEgcHNidA==', [{ address: payment, index: 0 }])).message).toMatch(/^The transaction to sign is not a base64 PSBT\./)
    expect((await sign(psbt, [{ address: payment, index: 2 }])).message).toBe(`The PSBT has no input 2.\nDocs: ${docsBaseUrl}/errors/InvalidBitcoinRequestError\nDetails: It has 1 input(s).`)
    expect((await sign(psbt, [{ address: ordinals, index: 0 }])).message).toBe(`Input 0 does not spend an output of ${ordinals}.\nDocs: ${docsBaseUrl}/errors/InvalidBitcoinRequestError`)
    expect(await sign(psbt, [{ address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', index: 0 }])).toBeInstanceOf(InvalidBitcoinAddressError)
    expect(wallet.pending).toEqual([])
  })
})

test('types: the adapter satisfies the ChainAdapter contract for bip122', () => {
  const adapter: Bip122Adapter = createBip122Adapter({ source: createBitcoinApi({ projectId: 'p' }) })
  expect(adapter.namespace).toBe('bip122')
  adapter.destroy()
})
