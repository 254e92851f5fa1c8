// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ed25519 } from '@noble/curves/ed25519'
import { Connection, Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js'
import type { Wallet } from '@wallet-standard/base'
import { getWallets } from '@wallet-standard/app'
import { afterEach, beforeAll, describe, expect, inject, test, vi } from 'vitest'
import { DevSolanaWallet } from '../dev/solana-wallet/wallet.ts'
import type { DevSolanaWalletOptions } from '../dev/solana-wallet/wallet.ts'
import { registerDevSolanaWallet } from '../dev/solana-wallet/register.ts'
import { SOLANA_LOCALNET_REFERENCE, solanaLocalnetAt } from '../dev/solana/network.ts'
import { createManualClock } from '../tests/harness/clock.ts'
import { ConnectorNotFoundError, NotConnectedError } from './eip155.ts'
import { BaseError, InvalidProviderResponseError, UnauthorizedProviderError, UnsupportedProviderMethodError, UserRejectedRequestError } from './errors.ts'
import { solana as solanaMainnet, solanaDevnet } from './networks.ts'
import type { CaipNetwork } from './networks.ts'
import { createSolanaAdapter, InvalidSolanaAddressError, isSolanaWallet, SolanaChainNotSupportedError, SolanaRpcRequestError } from './solana.ts'
import { base58Decode, base58Encode, isSolanaAddress } from './solana.base58.ts'
import type { WalletEvent } from './types.ts'
import { waitFor } from '../tests/harness/waitFor.ts'
import { ForeignError, TestFailure } from '../tests/harness/failures.ts'

/**
 * The Solana adapter against real parts: the dev Solana wallet registered through the Wallet Standard's window
 * events (the app side is `getWallets()` of `@wallet-standard/app`, on happy-dom's window) and the shared local
 * Solana RPC (LiteSVM) of the test global setup. Each test registers a wallet of its own name (= connector id)
 * over fresh keypairs funded by airdrop.
 */
const rpcUrl = inject('solanaRpc')
const localnet = solanaLocalnetAt(rpcUrl)
const connection = new Connection(rpcUrl, 'confirmed')

let funded: Keypair[]
beforeAll(async () => {
  funded = [Keypair.generate(), Keypair.generate()]
  for (const keypair of funded) await connection.requestAirdrop(keypair.publicKey, 5 * LAMPORTS_PER_SOL)
})

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

let walletCount = 0
/** Registers a fresh dev wallet (its own name) with the page; unregistered after the test. */
function registered(options: Partial<DevSolanaWalletOptions> = {}): DevSolanaWallet {
  const wallet = new DevSolanaWallet({ rpcUrl, keypairs: funded, name: `Test Solana Wallet ${++walletCount}`, ...options })
  cleanups.push(registerDevSolanaWallet(wallet, window))
  return wallet
}

function adapter(networks: readonly CaipNetwork[] = [localnet]) {
  return createSolanaAdapter({ networks })
}

async function nextPending(wallet: DevSolanaWallet) {
  for (let i = 0; i < 200; i++) {
    const [request] = wallet.pending
    if (request) return request
    await new Promise((r) => setTimeout(r, 5))
  }
  throw new TestFailure('no pending request')
}

/** A wallet the adapter connected to (auto-approving), and the adapter. */
async function connected(options: Partial<DevSolanaWalletOptions> = {}) {
  const wallet = registered({ autoApprove: true, ...options })
  const solana = adapter()
  const session = await solana.connect({ connectorId: wallet.name })
  return { wallet, solana, session, address: session.accounts[0] as string }
}

describe('discovery through the Wallet Standard', () => {
  test('behavior: a registered Solana wallet is a connector named by the wallet, with its icon', () => {
    const wallet = registered()
    const connector = adapter()
      .getConnectors()
      .find((c) => c.id === wallet.name)
    expect(connector).toEqual({ id: wallet.name, name: wallet.name, type: 'ANNOUNCED', chain: 'solana', imageUrl: wallet.icon })
  })

  test('behavior: watchConnectors answers at once and again when a wallet registers or leaves', () => {
    const solana = adapter()
    const seen: string[][] = []
    const stop = solana.watchConnectors((connectors) => seen.push(connectors.map((c) => c.id)))
    const wallet = registered()
    cleanups.splice(0).forEach((cleanup) => cleanup())
    stop()
    registered()
    expect(seen.length).toBe(3)
    expect(seen[1]).toContain(wallet.name)
    expect(seen[2]).not.toContain(wallet.name)
  })

  test('behavior: wallets without solana:signMessage, standard:connect or a solana chain are not connectors', () => {
    const base = registered()
    const without = (name: string, changes: Partial<Wallet>): Wallet => ({ version: '1.0.0', name, icon: base.icon, chains: base.chains, accounts: [], features: base.features, ...changes })
    const { 'solana:signMessage': _sign, ...noSign } = base.features
    const { 'standard:connect': _connect, ...noConnect } = base.features
    const others = [without('No Sign', { features: noSign }), without('No Connect', { features: noConnect }), without('EVM Only', { chains: ['eip155:1'] })]
    for (const w of others) cleanups.push(registerDevSolanaWallet(w, window))
    expect(others.map(isSolanaWallet)).toEqual([false, false, false])
    const ids = adapter()
      .getConnectors()
      .map((c) => c.id)
    expect(ids).toContain(base.name)
    expect(ids).not.toContain('No Sign')
    expect(ids).not.toContain('No Connect')
    expect(ids).not.toContain('EVM Only')
  })
})

describe('connect, reconnect, disconnect', () => {
  test('behavior: connect asks the wallet and answers its account and the configured network it supports', async () => {
    const wallet = registered()
    const connecting = adapter().connect({ connectorId: wallet.name })
    wallet.approve((await nextPending(wallet)).id)
    expect(await connecting).toEqual({ accounts: [funded[0]?.publicKey.toBase58()], chainId: SOLANA_LOCALNET_REFERENCE })
  })

  test('spec §3: Account entity: a connection gives solana accounts (namespace, address, type eoa, publicKey the ed25519 key in hex)', async () => {
    const wallet = registered()
    const solana = adapter()
    const connecting = solana.connect({ connectorId: wallet.name })
    wallet.approve((await nextPending(wallet)).id)
    await connecting
    const key = funded[0]!.publicKey
    expect(solana.getAccounts({ connectorId: wallet.name })).toEqual([{ namespace: 'solana', address: key.toBase58(), type: 'eoa', publicKey: Buffer.from(key.toBytes()).toString('hex') }])
    expect(solana.getAccounts({ connectorId: 'no such wallet' })).toEqual([])
  })

  test("behavior: a wallet supporting none of the dapp's networks reports its own first chain (the machine shows it unsupported)", async () => {
    const wallet = registered({ autoApprove: true, chains: [{ id: 'solana:devnet', rpcUrl }] })
    const session = await createSolanaAdapter({ networks: [localnet, solanaMainnet] }).connect({ connectorId: wallet.name })
    expect(session.chainId).toBe(solanaDevnet.id)
  })

  test('behavior: a rejection in the wallet is UserRejectedRequestError (4001)', async () => {
    const wallet = registered()
    const connecting = adapter().connect({ connectorId: wallet.name })
    wallet.reject((await nextPending(wallet)).id)
    await expect(connecting).rejects.toBeInstanceOf(UserRejectedRequestError)
  })

  test('behavior: a wallet that says "User rejected the request." as a plain string is a rejection too', async () => {
    const wallet = registered({ misbehave: { throwString: 'User rejected the request.' } })
    await expect(adapter().connect({ connectorId: wallet.name })).rejects.toBeInstanceOf(UserRejectedRequestError)
  })

  test('behavior: an unknown connector id is ConnectorNotFoundError', async () => {
    await expect(adapter().connect({ connectorId: 'Nobody' })).rejects.toBeInstanceOf(ConnectorNotFoundError)
  })

  test('behavior: reconnect is silent: NotConnectedError before the site was approved, the account after', async () => {
    const wallet = registered()
    const solana = adapter()
    await expect(solana.reconnect({ connectorId: wallet.name })).rejects.toBeInstanceOf(NotConnectedError)
    expect(wallet.pending).toEqual([])
    wallet.setAutoApprove(true)
    await solana.connect({ connectorId: wallet.name })
    expect((await solana.reconnect({ connectorId: wallet.name })).accounts).toEqual([funded[0]?.publicKey.toBase58()])
  })

  test('behavior: reconnect waits for a wallet that registers late (an extension loading after the page)', async () => {
    const wallet = new DevSolanaWallet({ rpcUrl, keypairs: funded, name: `Late Wallet ${++walletCount}`, autoApprove: true })
    await wallet.features['standard:connect'].connect()
    const reconnecting = adapter().reconnect({ connectorId: wallet.name })
    setTimeout(() => cleanups.push(registerDevSolanaWallet(wallet, window)), 50)
    expect((await reconnecting).accounts).toEqual([funded[0]?.publicKey.toBase58()])
  })

  test("behavior: a wallet answering an account whose address is not Solana's is an invalid response", async () => {
    const wallet = registered({ autoApprove: true })
    const bad = {
      ...wallet,
      name: `Bad Wallet ${++walletCount}`,
      chains: wallet.chains,
      icon: wallet.icon,
      version: wallet.version,
      accounts: [],
      features: {
        ...wallet.features,
        'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [{ address: '0xNotSolana', publicKey: new Uint8Array(32), chains: ['solana:localnet'], features: [] }] }) },
      },
    } as Wallet
    cleanups.push(registerDevSolanaWallet(bad, window))
    await expect(adapter().connect({ connectorId: bad.name })).rejects.toBeInstanceOf(InvalidProviderResponseError)
  })

  test('behavior: disconnect calls standard:disconnect; the watcher hears it; the wallet leaves the site', async () => {
    const { wallet, solana } = await connected()
    const events: WalletEvent[] = []
    cleanups.push(solana.watchWallet({ connectorId: wallet.name }, (e) => events.push(e)))
    await solana.disconnect({ connectorId: wallet.name })
    expect(wallet.accounts).toEqual([])
    expect(events).toEqual([{ type: 'disconnect' }])
    await expect(solana.disconnect({ connectorId: 'Nobody' })).resolves.toBeUndefined()
  })
})

describe('watchWallet', () => {
  test('behavior: an account switch in the wallet is accountsChanged; the wallet leaving the page is disconnect', async () => {
    const { wallet, solana } = await connected()
    const events: WalletEvent[] = []
    const stop = solana.watchWallet({ connectorId: wallet.name }, (e) => events.push(e))
    wallet.setAccount(1)
    cleanups.splice(0).forEach((cleanup) => cleanup()) // unregisters the wallet
    stop()
    wallet.setAccount(0)
    expect(events).toEqual([{ type: 'accountsChanged', accounts: [funded[1]?.publicKey.toBase58()] }, { type: 'disconnect' }])
  })
})

describe('getBalance', () => {
  test("behavior: reads lamports from the network's RPC with web3.js: 9 decimals, SOL", async () => {
    const { solana, wallet, address } = await connected()
    expect(await solana.getBalance({ connectorId: wallet.name, address, network: localnet })).toEqual({ value: BigInt(await connection.getBalance(funded[0]!.publicKey)), decimals: 9, symbol: 'SOL' })
    const fresh = Keypair.generate().publicKey.toBase58()
    expect((await solana.getBalance({ connectorId: wallet.name, address: fresh, network: localnet })).value).toBe(0n)
  })

  test('behavior: a malformed address is refused before any call; an RPC that answers 503 is asked 4 times, 1 s apart (spec §9), then SolanaRpcRequestError', async () => {
    const solana = adapter()
    for (const address of ['0OIl', 'not base58 at all!', base58Encode(new Uint8Array(31).fill(9)), '']) {
      await expect(solana.getBalance({ connectorId: 'x', address, network: localnet })).rejects.toBeInstanceOf(InvalidSolanaAddressError)
    }
    // An RPC that answers 503 to everything.
    let posts = 0
    const down = createServer((request, response) => {
      const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' }
      if (request.method === 'POST') posts++
      response.writeHead(request.method === 'OPTIONS' ? 204 : 503, cors).end(request.method === 'OPTIONS' ? undefined : 'unavailable')
    })
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve))
    try {
      const network = solanaLocalnetAt(`http://127.0.0.1:${(down.address() as AddressInfo).port}`)
      // The transport's retry waits run on the adapter's clock: moved here as soon as each is set.
      const clock = createManualClock()
      const pending = createSolanaAdapter({ networks: [network], rpc: { clock } })
        .getBalance({ connectorId: 'x', address: funded[0]!.publicKey.toBase58(), network })
        .catch((e: unknown) => e)
      for (let wait = 0; wait < 3; wait++) {
        await waitFor(() => expect(clock.pending()).toEqual([1_000]))
        clock.advance(1_000)
      }
      const error = await pending
      expect(posts).toBe(4)
      expect(error).toBeInstanceOf(SolanaRpcRequestError)
      expect((error as SolanaRpcRequestError).details).toMatch(/503/)
    } finally {
      await new Promise((resolve) => down.close(resolve))
    }
  })
})

describe('switchChain and addChain', () => {
  test('behavior: switchChain resolves for a network the wallet supports (CAIP-2 or cluster alias), else a typed error', async () => {
    const wallet = registered({
      chains: [
        { id: 'solana:mainnet', rpcUrl },
        { id: localnet.caipNetworkId, rpcUrl },
      ],
    })
    const solana = adapter()
    await expect(solana.switchChain({ connectorId: wallet.name, network: localnet })).resolves.toBeUndefined()
    await expect(solana.switchChain({ connectorId: wallet.name, network: solanaMainnet })).resolves.toBeUndefined()
    const error = await solana.switchChain({ connectorId: wallet.name, network: solanaDevnet }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SolanaChainNotSupportedError)
    expect((error as SolanaChainNotSupportedError).shortMessage).toBe(`${wallet.name} does not support Solana Devnet`)
    await expect(solana.switchChain({ connectorId: 'Nobody', network: localnet })).rejects.toBeInstanceOf(ConnectorNotFoundError)
  })

  test('behavior: addChain is unsupported (4200): Solana wallets add no networks', async () => {
    const wallet = registered()
    const error = await adapter()
      .addChain({ connectorId: wallet.name, network: solanaDevnet })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnsupportedProviderMethodError)
    expect((error as UnsupportedProviderMethodError).code).toBe(4200)
  })
})

describe('signMessage', () => {
  test('behavior: answers the base58 ed25519 signature of the UTF-8 message, verifiable with the address', async () => {
    const { solana, wallet, address } = await connected()
    const message = 'localhost wants you to sign in with your Solana account:\nNonce: 1234'
    const signature = await solana.signMessage({ connectorId: wallet.name, address, message })
    const bytes = base58Decode(signature)
    expect(bytes).toHaveLength(64)
    expect(ed25519.verify(bytes, new TextEncoder().encode(message), base58Decode(address))).toBe(true)
  })

  test('behavior: a rejection is UserRejectedRequestError; an address the wallet did not connect is 4100', async () => {
    const { solana, wallet, address } = await connected()
    wallet.setAutoApprove(false)
    const signing = solana.signMessage({ connectorId: wallet.name, address, message: 'hi' })
    wallet.reject((await nextPending(wallet)).id)
    await expect(signing).rejects.toBeInstanceOf(UserRejectedRequestError)
    await expect(solana.signMessage({ connectorId: wallet.name, address: funded[1]!.publicKey.toBase58(), message: 'hi' })).rejects.toBeInstanceOf(UnauthorizedProviderError)
  })

  test('behavior: a 63-byte signature or one that does not verify is an invalid response, not a signature', async () => {
    const { solana, wallet, address } = await connected()
    wallet.misbehave = { shortSignature: true }
    await expect(solana.signMessage({ connectorId: wallet.name, address, message: 'hi' })).rejects.toThrow(InvalidProviderResponseError)
    wallet.misbehave = { wrongSignature: true }
    const error = await solana.signMessage({ connectorId: wallet.name, address, message: 'hi' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidProviderResponseError)
    expect((error as InvalidProviderResponseError).details).toBe('Received: "a signature that does not verify with the account key"')
  })
})

describe('addresses and the lazy rule', () => {
  test('behavior: a Solana address is 32–44 base58 characters that decode to exactly 32 bytes', () => {
    expect(isSolanaAddress(funded[0]!.publicKey.toBase58())).toBe(true)
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true)
    expect(isSolanaAddress(base58Encode(new Uint8Array(33).fill(200)))).toBe(false)
    expect(isSolanaAddress('1111111111111111111111111111111111')).toBe(false)
    expect(isSolanaAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false)
    expect(isSolanaAddress(42)).toBe(false)
  })

  test('behavior: nothing the Solana adapters import statically loads @solana/web3.js (only import type and import())', () => {
    const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
    const seen = new Set<string>()
    const offenders: string[] = []
    const visit = (file: string): void => {
      if (seen.has(file)) return
      seen.add(file)
      const source = readFileSync(file, 'utf8')
      for (const match of source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)) {
        const specifier = match[1] as string
        if (specifier === '@solana/web3.js' || specifier === 'litesvm') offenders.push(`${file.slice(root.length + 1)} imports ${specifier}`)
        if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier))
      }
    }
    for (const entry of ['adapters/solana.ts', 'adapters/solana.transfer.ts', 'adapters/eip155.ts', 'ui/createModal.ts']) visit(resolve(root, entry))
    expect(seen.size).toBeGreaterThan(5)
    expect(offenders).toEqual([])
  })
})

describe('malformed and hostile wallets', () => {
  const icon = 'data:image/svg+xml,%3Csvg%3E' as const
  const features = (extra: Record<string, unknown> = {}) => ({
    'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) },
    'solana:signMessage': { version: '1.0.0', signMessage: async () => [] },
    ...extra,
  })
  const wallet = (overrides: Record<string, unknown>) => ({ version: '1.0.0', name: 'Hostile', icon, chains: ['solana:devnet'], accounts: [], features: features(), ...overrides }) as unknown as Wallet

  test('behavior: a wallet whose name, chains, accounts or features are malformed (or whose getters throw) is not listed; the others still are', () => {
    const good = registered()
    const malformed = [
      wallet({ name: 42 }),
      wallet({ name: '' }),
      wallet({ name: 'Hostile chains', chains: 'solana:devnet' }),
      wallet({ name: 'Hostile accounts', accounts: null }),
      wallet({ name: 'Hostile features', features: null }),
      Object.defineProperty(wallet({ name: 'x' }), 'name', {
        get: () => {
          throw new ForeignError('getter')
        },
      }),
      Object.defineProperty(wallet({ name: 'Hostile getter features' }), 'features', {
        get: () => {
          throw new ForeignError('getter')
        },
      }),
    ]
    for (const w of malformed) cleanups.push(getWallets().register(w))
    const solana = adapter()
    const seen: string[][] = []
    cleanups.push(solana.watchConnectors((list) => seen.push(list.map((c) => c.id))))
    expect(
      solana
        .getConnectors()
        .map((c) => c.id)
        .filter((id) => id === good.name || id.startsWith('Hostile')),
    ).toEqual([good.name])
    expect(seen.at(-1)).toContain(good.name)
    expect(isSolanaWallet(malformed[0]!)).toBe(false)
  })

  test('behavior: an icon that is not an image data URI is dropped, the wallet kept', () => {
    cleanups.push(getWallets().register(wallet({ name: 'Hostile icon', icon: 'https://evil.example/pixel.png' })))
    expect(
      adapter()
        .getConnectors()
        .find((c) => c.id === 'Hostile icon'),
    ).toEqual({ id: 'Hostile icon', name: 'Hostile icon', type: 'ANNOUNCED', chain: 'solana' })
  })

  test("behavior: the wallet's events.on() throwing: watchWallet throws a typed error; its off() throwing is dropped", () => {
    vi.spyOn(console, 'debug').mockImplementation(() => {})
    const throwingOn = wallet({
      name: 'Hostile events',
      features: features({
        'standard:events': {
          version: '1.0.0',
          on: () => {
            throw 'events are broken'
          },
        },
      }),
    })
    const throwingOff = wallet({
      name: 'Hostile off',
      features: features({
        'standard:events': {
          version: '1.0.0',
          on: () => () => {
            throw new ForeignError('off exploded')
          },
        },
      }),
    })
    cleanups.push(getWallets().register(throwingOn), getWallets().register(throwingOff))
    const solana = adapter()
    const error = (() => {
      try {
        solana.watchWallet({ connectorId: 'Hostile events' }, () => {})
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(BaseError)
    expect((error as BaseError).shortMessage).toBe('events are broken')
    const off = solana.watchWallet({ connectorId: 'Hostile off' }, () => {})
    expect(off).not.toThrow()
    vi.restoreAllMocks()
  })

  test('behavior: a change event that is hostile (a throwing getter) is ignored', () => {
    let emit!: (properties: unknown) => void
    cleanups.push(getWallets().register(wallet({ name: 'Hostile change', features: features({ 'standard:events': { version: '1.0.0', on: (_: string, l: (p: unknown) => void) => ((emit = l), () => {}) } }) })))
    const events: WalletEvent[] = []
    cleanups.push(adapter().watchWallet({ connectorId: 'Hostile change' }, (e) => events.push(e)))
    expect(() =>
      emit({
        get accounts(): unknown {
          throw new ForeignError('getter')
        },
      }),
    ).not.toThrow()
    expect(() =>
      emit(
        new Proxy(
          {},
          {
            has: () => {
              throw new ForeignError('trap')
            },
          },
        ),
      ),
    ).not.toThrow()
    expect(events).toEqual([])
  })
})
