import { describe, expect, inject, it, vi } from 'vitest'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPublicClient, createWalletClient, http, parseEther, toHex, verifyMessage, verifyTypedData } from 'viem'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import type { Address, EIP1193Provider, Hex } from 'viem'
import { DEV_ACCOUNT_BALANCE, DEV_ADDRESSES, DEV_MNEMONIC } from './accounts.ts'
import { UnknownAccountError } from '../errors.ts'
import { DevWallet, DevWalletRpcError } from './provider.ts'
import { devWalletPoints } from './calls.ts'
import type { DevWalletOptions, PendingRequest, WalletStorage } from './provider.ts'
import { ForeignError, TestFailure } from '../../tests/harness/failures.ts'
import { findFreePort, startAnvil } from '../../dev/anvil.ts'

const rpc1 = inject('anvilRpc1')
const rpc2 = inject('anvilRpc2')
const chains = [
  { chainId: 31337, name: 'Anvil Local', rpcUrl: rpc1 },
  { chainId: 31338, name: 'Anvil Local 2', rpcUrl: rpc2 },
]
const [addr0, addr1, addr2, addr3, addr4] = DEV_ADDRESSES

/** A Web Storage stand-in. */
class MemoryStorage implements WalletStorage {
  readonly items = new Map<string, string>()
  getItem(key: string): string | null {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value)
  }
  removeItem(key: string): void {
    this.items.delete(key)
  }
}

const makeWallet = (options: Partial<DevWalletOptions> = {}): DevWallet => new DevWallet({ chains, ...options })

/** Resolves with the next pending request (or the oldest one already waiting). */
function nextPending(wallet: DevWallet): Promise<PendingRequest> {
  return new Promise((resolve) => {
    const check = (): boolean => {
      const [first] = wallet.pending
      if (!first) return false
      resolve(first)
      return true
    }
    if (check()) return
    const unsubscribe = wallet.subscribe(() => {
      if (check()) unsubscribe()
    })
  })
}

/** Records every EIP-1193 event the wallet emits. */
function recordEvents(wallet: DevWallet): Array<[string, unknown]> {
  const events: Array<[string, unknown]> = []
  for (const name of ['connect', 'disconnect', 'accountsChanged', 'chainChanged']) {
    wallet.on(name, (payload: unknown) => events.push([name, payload]))
  }
  return events
}

async function expectRpcError(promise: Promise<unknown>, code: number): Promise<DevWalletRpcError> {
  const error = await promise.then(
    () => {
      throw new TestFailure(`expected a ${code} error, got a result`)
    },
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(DevWalletRpcError)
  expect(error).toBeInstanceOf(Error)
  expect((error as DevWalletRpcError).code).toBe(code)
  return error as DevWalletRpcError
}

/** Settles with 'pending' if `promise` has not settled after `ms`. */
function settledWithin(promise: Promise<unknown>, ms: number): Promise<'settled' | 'pending'> {
  return Promise.race([
    promise.then(
      () => 'settled' as const,
      () => 'settled' as const,
    ),
    new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms)),
  ])
}

async function connected(options: Partial<DevWalletOptions> = {}): Promise<DevWallet> {
  const wallet = makeWallet({ autoApprove: true, ...options })
  await wallet.request({ method: 'eth_requestAccounts' })
  return wallet
}

describe('DevWallet', () => {
  it('is a viem / mipd EIP1193Provider', () => {
    const provider: EIP1193Provider = makeWallet()
    expect(typeof provider.request).toBe('function')
  })

  it('rejects construction without chains or accounts', () => {
    expect(() => new DevWallet({ chains: [] })).toThrow(/chain/)
    expect(() => new DevWallet({ chains, accounts: [] })).toThrow(/account/)
  })

  describe('connect', () => {
    it('asks for approval and, once approved, returns the account and emits connect + accountsChanged', async () => {
      const wallet = makeWallet({ origin: 'http://localhost:5173' })
      const events = recordEvents(wallet)
      expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])

      const result = wallet.request({ method: 'eth_requestAccounts' })
      const pending = await nextPending(wallet)
      expect(pending).toMatchObject({ kind: 'connect', method: 'eth_requestAccounts', origin: 'http://localhost:5173' })
      expect(events).toEqual([])
      expect(wallet.approve(pending.id)).toBe(true)

      expect(await result).toEqual([addr0])
      expect(wallet.pending).toEqual([])
      expect(events).toEqual([
        ['connect', { chainId: '0x7a69' }],
        ['accountsChanged', [addr0]],
      ])
      expect(await wallet.request({ method: 'eth_accounts' })).toEqual([addr0])
      expect(wallet.state).toMatchObject({ authorised: true, address: addr0, accountIndex: 0 })
      // Already authorised: no second prompt.
      expect(await wallet.request({ method: 'eth_requestAccounts' })).toEqual([addr0])
      expect(wallet.pending).toEqual([])
    })

    it('throws 4001 when the user rejects, and stays unauthorised', async () => {
      const wallet = makeWallet()
      const events = recordEvents(wallet)
      const result = wallet.request({ method: 'eth_requestAccounts' })
      wallet.reject((await nextPending(wallet)).id)
      const error = await expectRpcError(result, 4001)
      expect(error.message).toBe('User rejected the request.')
      expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])
      expect(events).toEqual([])
      expect(wallet.approve(12345)).toBe(false)
      expect(wallet.reject(12345)).toBe(false)
    })

    it('shares one approval between concurrent connect requests', async () => {
      const wallet = makeWallet()
      const a = wallet.request({ method: 'eth_requestAccounts' })
      const b = wallet.request({ method: 'eth_requestAccounts' })
      await nextPending(wallet)
      expect(wallet.pending).toHaveLength(1)
      wallet.approve((await nextPending(wallet)).id)
      expect(await Promise.all([a, b])).toEqual([[addr0], [addr0]])
    })

    it('supports wallet_requestPermissions / wallet_getPermissions', async () => {
      const wallet = makeWallet({ autoApprove: true })
      expect(await wallet.request({ method: 'wallet_getPermissions' })).toEqual([])
      const permissions = await wallet.request({ method: 'wallet_requestPermissions', params: [{ eth_accounts: {} }] })
      expect(permissions).toMatchObject([{ parentCapability: 'eth_accounts' }])
      expect(await wallet.request({ method: 'eth_accounts' })).toEqual([addr0])
      await expectRpcError(wallet.request({ method: 'wallet_requestPermissions', params: [{}] }), -32602)
    })

    it('revokes on wallet_revokePermissions and disconnect(), emitting accountsChanged [] and disconnect 4900', async () => {
      const wallet = await connected()
      const events = recordEvents(wallet)
      expect(await wallet.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).toBeNull()
      expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])
      expect(events.map(([name]) => name)).toEqual(['accountsChanged', 'disconnect'])
      expect(events[0]?.[1]).toEqual([])
      expect(events[1]?.[1]).toBeInstanceOf(DevWalletRpcError)
      expect(events[1]?.[1]).toMatchObject({ code: 4900 })

      await wallet.request({ method: 'eth_requestAccounts' })
      wallet.disconnect()
      expect(wallet.state.authorised).toBe(false)
      expect(events.filter(([name]) => name === 'disconnect')).toHaveLength(2)
      wallet.disconnect() // no-op when not connected
      expect(events.filter(([name]) => name === 'disconnect')).toHaveLength(2)
    })
  })

  describe('tabs', () => {
    it("behavior: reload() adopts another tab's persisted state (authorised, chain, account) silently, and notifies the panel", async () => {
      const shared = new Map<string, string>()
      const storage = { getItem: (k: string) => shared.get(k) ?? null, setItem: (k: string, value: string) => void shared.set(k, value), removeItem: (k: string) => void shared.delete(k) }
      const tabB = makeWallet({ storage })
      const tabA = await connected({ storage })
      tabA.setAccount(1)
      await tabA.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
      const events = recordEvents(tabB)
      let notified = 0
      tabB.subscribe(() => notified++)
      expect(await tabB.request({ method: 'eth_accounts' })).toEqual([])
      tabB.reload()
      expect(await tabB.request({ method: 'eth_accounts' })).toEqual([addr1])
      expect(await tabB.request({ method: 'eth_chainId' })).toBe('0x7a6a')
      expect(events).toEqual([])
      expect(notified).toBe(1)
      expect(tabB.storageKey).toBe('latchkey-dev-wallet')
    })
  })

  describe('chains', () => {
    it('answers eth_chainId and net_version for the current chain', async () => {
      const wallet = makeWallet()
      expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x7a69')
      expect(await wallet.request({ method: 'net_version' })).toBe('31337')
    })

    it('switches to a known chain after approval, emits chainChanged and forwards to the new RPC', async () => {
      const wallet = makeWallet()
      const events = recordEvents(wallet)
      const result = wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
      const pending = await nextPending(wallet)
      expect(pending.kind).toBe('switchChain')
      wallet.approve(pending.id)
      expect(await result).toBeNull()
      expect(events).toEqual([['chainChanged', '0x7a6a']])
      expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x7a6a')
      expect(await wallet.request({ method: 'net_version' })).toBe('31338')
      const info = (await wallet.request({ method: 'anvil_nodeInfo' })) as { environment: { chainId: number } }
      expect(info.environment.chainId).toBe(31338)

      // Switching to the current chain is a no-op without a prompt.
      expect(await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })).toBeNull()
      expect(wallet.pending).toEqual([])
    })

    it('throws 4902 for an unknown chain and 4001 when the user rejects the switch', async () => {
      const wallet = makeWallet()
      await expectRpcError(wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }), 4902)
      expect(wallet.pending).toEqual([])

      const result = wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
      wallet.reject((await nextPending(wallet)).id)
      await expectRpcError(result, 4001)
      expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x7a69')
    })

    it('throws -32602 for malformed switch params', async () => {
      const wallet = makeWallet()
      await expectRpcError(wallet.request({ method: 'wallet_switchEthereumChain' }), -32602)
      await expectRpcError(wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 31338 }] }), -32602)
      await expectRpcError(wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 'abc' }] }), -32602)
      await expectRpcError(wallet.request({ method: 'wallet_switchEthereumChain', params: { chainId: '0x7a6a' } }), -32602)
    })

    it('adds a chain after approval and switches to it', async () => {
      const wallet = makeWallet()
      const events = recordEvents(wallet)
      const params = [
        {
          chainId: '0x7a6b',
          chainName: 'Anvil Extra',
          rpcUrls: [rpc1],
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
      ]
      const result = wallet.request({ method: 'wallet_addEthereumChain', params })
      const pending = await nextPending(wallet)
      expect(pending).toMatchObject({ kind: 'addChain', method: 'wallet_addEthereumChain', params })
      wallet.approve(pending.id)
      expect(await result).toBeNull()
      expect(events).toEqual([['chainChanged', '0x7a6b']])
      expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x7a6b')
      expect(wallet.chains.map((c) => c.chainId)).toEqual([31337, 31338, 31339])

      // Now known: switching back and forth needs no add.
      wallet.setChain(31337)
      const again = wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6b' }] })
      wallet.approve((await nextPending(wallet)).id)
      expect(await again).toBeNull()
      expect(wallet.state.chainId).toBe(31339)
    })

    it('treats adding a known chain as a switch, and rejects bad or refused additions', async () => {
      const wallet = makeWallet()
      const add = (chainId: string, extra: Record<string, unknown> = {}): Promise<unknown> =>
        wallet.request({
          method: 'wallet_addEthereumChain',
          params: [{ chainId, chainName: 'X', rpcUrls: [rpc2], ...extra }],
        })

      const known = add('0x7a6a')
      const pending = await nextPending(wallet)
      expect(pending.kind).toBe('switchChain')
      wallet.approve(pending.id)
      expect(await known).toBeNull()
      expect(wallet.state.chainId).toBe(31338)
      expect(wallet.chains).toHaveLength(2)

      const refused = add('0x7a6c')
      wallet.reject((await nextPending(wallet)).id)
      await expectRpcError(refused, 4001)
      expect(wallet.chains).toHaveLength(2)

      await expectRpcError(add('0x7a6c', { rpcUrls: [] }), -32602)
      await expectRpcError(add('0x7a6c', { chainName: 7 }), -32602)
      await expectRpcError(add('0x7a6c', { nativeCurrency: { name: 'X' } }), -32602)
      await expectRpcError(wallet.request({ method: 'wallet_addEthereumChain', params: [] }), -32602)
    })

    it('setChain switches wallet-side and emits chainChanged; unknown chains throw', () => {
      const wallet = makeWallet()
      const events = recordEvents(wallet)
      wallet.setChain(31338)
      expect(events).toEqual([['chainChanged', '0x7a6a']])
      expect(() => wallet.setChain(1)).toThrow(/chain 1/)
    })
  })

  describe('accounts', () => {
    it('setAccount emits accountsChanged when connected', async () => {
      const wallet = await connected()
      const events = recordEvents(wallet)
      wallet.setAccount(1)
      expect(events).toEqual([['accountsChanged', [addr1]]])
      expect(await wallet.request({ method: 'eth_accounts' })).toEqual([addr1])
      expect(wallet.state.address).toBe(addr1)
      wallet.setAccount(1) // unchanged: no event
      expect(events).toHaveLength(1)
      expect(() => wallet.setAccount(5)).toThrow(UnknownAccountError)
      expect(() => wallet.setAccount(-1)).toThrow(UnknownAccountError)
    })

    it('setAccount does not emit while not connected', async () => {
      const wallet = makeWallet()
      const events = recordEvents(wallet)
      wallet.setAccount(2)
      expect(events).toEqual([])
      expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])
      expect(wallet.addresses).toEqual(DEV_ADDRESSES)
    })
  })

  describe('signing', () => {
    it('personal_sign signs with the selected account after approval (utf-8 and hex messages)', async () => {
      const wallet = await connected()
      wallet.setAutoApprove(false)
      const message = 'Sign in to Latchkey'
      const result = wallet.request({ method: 'personal_sign', params: [message, addr0] })
      const pending = await nextPending(wallet)
      expect(pending).toMatchObject({ kind: 'sign', method: 'personal_sign' })
      wallet.approve(pending.id)
      const signature = (await result) as Hex
      expect(await verifyMessage({ address: addr0, message, signature })).toBe(true)

      wallet.setAutoApprove(true)
      const raw = toHex('bytes \u00e9')
      const rawSignature = (await wallet.request({ method: 'personal_sign', params: [raw, addr0.toLowerCase()] })) as Hex
      expect(await verifyMessage({ address: addr0, message: { raw }, signature: rawSignature })).toBe(true)
    })

    it('personal_sign throws 4100 for another account or when not connected, 4001 when rejected', async () => {
      const wallet = makeWallet()
      await expectRpcError(wallet.request({ method: 'personal_sign', params: ['hi', addr0] }), 4100)
      wallet.setAutoApprove(true)
      await wallet.request({ method: 'eth_requestAccounts' })
      await expectRpcError(wallet.request({ method: 'personal_sign', params: ['hi', addr1] }), 4100)
      await expectRpcError(wallet.request({ method: 'personal_sign', params: ['hi'] }), -32602)
      await expectRpcError(wallet.request({ method: 'personal_sign', params: ['hi', 'not an address'] }), -32602)

      wallet.setAutoApprove(false)
      const result = wallet.request({ method: 'personal_sign', params: ['hi', addr0] })
      wallet.reject((await nextPending(wallet)).id)
      await expectRpcError(result, 4001)
    })

    it('eth_signTypedData_v4 signs typed data (JSON string or object)', async () => {
      const wallet = await connected()
      wallet.setAccount(2)
      const typedData = {
        domain: { name: 'Latchkey', version: '1', chainId: 31337 },
        types: {
          Login: [
            { name: 'user', type: 'address' },
            { name: 'nonce', type: 'uint256' },
          ],
        },
        primaryType: 'Login' as const,
        message: { user: addr2, nonce: 7n },
      }
      const json = JSON.stringify(typedData, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))
      const signature = (await wallet.request({ method: 'eth_signTypedData_v4', params: [addr2, json] })) as Hex
      expect(await verifyTypedData({ address: addr2, signature, ...typedData })).toBe(true)

      await expectRpcError(wallet.request({ method: 'eth_signTypedData_v4', params: [addr2, '{not json'] }), -32602)
      await expectRpcError(wallet.request({ method: 'eth_signTypedData_v4', params: [addr2, { types: {} }] }), -32602)
      await expectRpcError(wallet.request({ method: 'eth_signTypedData_v4', params: [addr0, json] }), 4100)
    })

    it('refuses signing methods it does not implement instead of forwarding them to anvil', async () => {
      const wallet = await connected()
      await expectRpcError(wallet.request({ method: 'eth_sign', params: [addr0, '0x00'] }), 4200)
      await expectRpcError(wallet.request({ method: 'eth_signTransaction', params: [{}] }), 4200)
      await expectRpcError(wallet.request({ method: 'wallet_grantPermissions', params: [] }), 4200)
    })
  })

  describe('transactions', () => {
    const client1 = createPublicClient({ transport: http(rpc1) })
    const client2 = createPublicClient({ transport: http(rpc2) })

    /** Balance change of `address` in the block that mined `blockNumber` (one tx per block: anvil automines). */
    async function deltaInBlock(client: typeof client1, address: Address, blockNumber: bigint): Promise<bigint> {
      const [before, after] = await Promise.all([client.getBalance({ address, blockNumber: blockNumber - 1n }), client.getBalance({ address, blockNumber })])
      return after - before
    }

    it('eth_sendTransaction sends from the selected account and moves the funds on anvil', async () => {
      const wallet = await connected()
      wallet.setAccount(4)
      wallet.setAutoApprove(false)
      const value = parseEther('1.5')
      const result = wallet.request({
        method: 'eth_sendTransaction',
        params: [{ from: addr4, to: addr3, value: toHex(value) }],
      })
      const pending = await nextPending(wallet)
      expect(pending.kind).toBe('sendTransaction')
      wallet.approve(pending.id)
      const hash = (await result) as Hex
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/)

      const receipt = await client1.waitForTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
      expect(receipt.from.toLowerCase()).toBe(addr4.toLowerCase())
      expect(await deltaInBlock(client1, addr3, receipt.blockNumber)).toBe(value)
      const fee = receipt.gasUsed * receipt.effectiveGasPrice
      expect(await deltaInBlock(client1, addr4, receipt.blockNumber)).toBe(-(value + fee))
    })

    it('sends on the current chain (after a switch) and accepts a transaction without from', async () => {
      const wallet = await connected()
      wallet.setAccount(4)
      wallet.setChain(31338)
      const value = parseEther('0.25')
      const hash = (await wallet.request({ method: 'eth_sendTransaction', params: [{ to: addr3, value: toHex(value) }] })) as Hex
      const receipt = await client2.waitForTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
      expect(await deltaInBlock(client2, addr3, receipt.blockNumber)).toBe(value)
    })

    it('sends approved at once go out one after the other: each lands exactly once, none refused for its nonce', async () => {
      // A chain of its own: the count of the key's transactions is exact only where nobody else sends.
      const anvil = await startAnvil({ port: await findFreePort(), chainId: 31337 })
      try {
        const wallet = await connected({ chains: [{ chainId: 31337, name: 'Anvil Local', rpcUrl: anvil.url }] })
        const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => wallet.request({ method: 'eth_sendTransaction', params: [{ to: addr3, value: toHex(i + 1) }] }) as Promise<Hex>))
        const chain = createPublicClient({ transport: http(anvil.url) })
        const sent = await Promise.all(hashes.map((hash) => chain.getTransaction({ hash })))
        expect(sent.map((tx) => tx.nonce).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5])
        expect(await chain.getTransactionCount({ address: addr0! })).toBe(6)
      } finally {
        await anvil.stop()
      }
    })

    it('another holder of the key (a tab, a test worker on the same anvil) sends between the nonce read and the send: signed again with the next nonce, sent once; a nonce the site chose is kept and its error comes back', async () => {
      const anvil = await startAnvil({ port: await findFreePort(), chainId: 31337 })
      // The other holder, as a node proxy: just before the wallet's first raw transaction reaches anvil, the same key
      // sends one of its own straight to anvil with the nonce the wallet signed.
      const other = createWalletClient({ account: mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 0 }), transport: http(anvil.url) })
      let intercepted = 0
      const proxy = createServer(async (req, res) => {
        const chunks: Buffer[] = []
        for await (const chunk of req) chunks.push(chunk as Buffer)
        const body = Buffer.concat(chunks).toString()
        if (body.includes('eth_sendRawTransaction') && intercepted++ === 0) await other.sendTransaction({ to: addr2!, value: 7n, chain: null })
        const answer = await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text())
      })
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
      try {
        const rpcUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
        const wallet = await connected({ chains: [{ chainId: 31337, name: 'Anvil Local', rpcUrl }] })
        const hash = (await wallet.request({ method: 'eth_sendTransaction', params: [{ to: addr3, value: '0x2a' }] })) as Hex
        const chain = createPublicClient({ transport: http(anvil.url) })
        // The other holder's transaction took nonce 0; the wallet's went out once, as nonce 1, after a second signing.
        expect(intercepted).toBe(2)
        expect(await chain.getTransaction({ hash })).toMatchObject({ nonce: 1, value: 42n })
        expect(await chain.getTransactionCount({ address: addr0! })).toBe(2)
        // The site's own nonce (0, used): the node's "nonce too low" reaches the site, nothing is sent in its place.
        const pinned = await expectRpcError(wallet.request({ method: 'eth_sendTransaction', params: [{ to: addr3, value: '0x1', nonce: '0x0' }] }), -32003)
        expect(pinned.message).toMatch(/nonce too low/i)
        expect(await chain.getTransactionCount({ address: addr0! })).toBe(2)
      } finally {
        proxy.close()
        await anvil.stop()
      }
    })

    it('throws 4100 / 4001 / -32602 / a node error as wallets do', async () => {
      const wallet = makeWallet()
      await expectRpcError(wallet.request({ method: 'eth_sendTransaction', params: [{ to: addr3, value: '0x1' }] }), 4100)
      wallet.setAutoApprove(true)
      await wallet.request({ method: 'eth_requestAccounts' })
      wallet.setAccount(4)
      await expectRpcError(wallet.request({ method: 'eth_sendTransaction', params: [{ from: addr3, to: addr3 }] }), 4100)
      await expectRpcError(wallet.request({ method: 'eth_sendTransaction', params: [{ to: addr3, value: 5 }] }), -32602)
      await expectRpcError(wallet.request({ method: 'eth_sendTransaction', params: [{ to: '0x12' }] }), -32602)
      await expectRpcError(wallet.request({ method: 'eth_sendTransaction', params: [] }), -32602)

      const tooMuch = wallet.request({
        method: 'eth_sendTransaction',
        params: [{ from: addr4, to: addr3, value: toHex(parseEther('100000000')) }],
      })
      const error = await tooMuch.catch((e: unknown) => e)
      expect(error).toBeInstanceOf(DevWalletRpcError)
      expect(typeof (error as DevWalletRpcError).code).toBe('number')
      expect((error as DevWalletRpcError).message).toMatch(/fund/i)

      wallet.setAutoApprove(false)
      const rejected = wallet.request({ method: 'eth_sendTransaction', params: [{ to: addr3, value: '0x1' }] })
      wallet.reject((await nextPending(wallet)).id)
      await expectRpcError(rejected, 4001)
    })
  })

  describe('forwarding', () => {
    it('forwards reads to the current chain: eth_getBalance shows the funded balance', async () => {
      const wallet = makeWallet()
      // At genesis every dev account holds exactly 10000 ETH (later blocks depend on other tests).
      const genesis = await wallet.request({ method: 'eth_getBalance', params: [addr0, '0x0'] })
      expect(BigInt(genesis as string)).toBe(DEV_ACCOUNT_BALANCE)
      const latest = await wallet.request({ method: 'eth_getBalance', params: [addr0, 'latest'] })
      const expected = await createPublicClient({ transport: http(rpc1) }).getBalance({ address: addr0 })
      expect(BigInt(latest as string)).toBe(expected)
      expect(await wallet.request({ method: 'eth_blockNumber' })).toMatch(/^0x[0-9a-f]+$/)
    })

    it('rethrows JSON-RPC errors with their code and message', async () => {
      const wallet = makeWallet()
      const error = await expectRpcError(wallet.request({ method: 'eth_noSuchMethod', params: [] }), -32601)
      expect(error.message).toMatch(/not found/i)
    })

    it('reports an unreachable RPC as -32603', async () => {
      const wallet = new DevWallet({ chains: [{ chainId: 1, name: 'Nowhere', rpcUrl: 'http://127.0.0.1:9/' }] })
      await expectRpcError(wallet.request({ method: 'eth_blockNumber' }), -32603)
    })

    it('rejects malformed request arguments with -32600', async () => {
      const wallet = makeWallet()
      await expectRpcError(wallet.request(null as unknown as { method: string }), -32600)
      await expectRpcError(wallet.request({ method: 42 } as unknown as { method: string }), -32600)
    })
  })

  describe('approval queue', () => {
    it('notifies subscribers of every change and approves everything when auto-approve turns on', async () => {
      const wallet = makeWallet()
      let calls = 0
      const unsubscribe = wallet.subscribe(() => calls++)
      const connect = wallet.request({ method: 'eth_requestAccounts' })
      await nextPending(wallet)
      expect(calls).toBe(1)
      wallet.setAutoApprove(true)
      expect(await connect).toEqual([addr0])
      expect(wallet.pending).toEqual([])
      expect(calls).toBeGreaterThanOrEqual(3) // pending removed, auto-approve, authorised
      const before = calls
      wallet.setAccount(3)
      expect(calls).toBe(before + 1)
      unsubscribe()
      wallet.setAccount(1)
      expect(calls).toBe(before + 1)
    })

    it('keeps pending requests in order with unique ids', async () => {
      const wallet = makeWallet()
      void wallet.request({ method: 'eth_requestAccounts' }).catch(() => {})
      void wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }).catch(() => {})
      await nextPending(wallet)
      await new Promise((r) => setTimeout(r, 0))
      const kinds = wallet.pending.map((p) => p.kind)
      expect(kinds).toEqual(['connect', 'switchChain'])
      const ids = wallet.pending.map((p) => p.id)
      expect(new Set(ids).size).toBe(2)
      for (const id of ids) wallet.reject(id)
      expect(wallet.pending).toEqual([])
    })
  })

  describe('persistence', () => {
    it('restores authorisation, account, chain, added chains and auto-approve from storage', async () => {
      const storage = new MemoryStorage()
      const first = makeWallet({ storage, autoApprove: true })
      await first.request({ method: 'eth_requestAccounts' })
      first.setAccount(2)
      await first.request({
        method: 'wallet_addEthereumChain',
        params: [{ chainId: '0x7a6b', chainName: 'Anvil Extra', rpcUrls: [rpc2] }],
      })
      expect(storage.items.has('latchkey-dev-wallet')).toBe(true)

      const second = makeWallet({ storage })
      expect(second.state).toEqual({ authorised: true, accountIndex: 2, address: addr2, chainId: 31339, autoApprove: true })
      expect(await second.request({ method: 'eth_accounts' })).toEqual([addr2])
      expect(await second.request({ method: 'eth_chainId' })).toBe('0x7a6b')
      expect(second.chains.map((c) => c.name)).toEqual(['Anvil Local', 'Anvil Local 2', 'Anvil Extra'])

      // An explicit autoApprove option wins over the stored one.
      expect(makeWallet({ storage, autoApprove: false }).state.autoApprove).toBe(false)
      // Another storage key is another wallet.
      expect(makeWallet({ storage, storageKey: 'other' }).state.authorised).toBe(false)
    })

    it('ignores malformed or invalid stored state', async () => {
      const storage = new MemoryStorage()
      storage.setItem('latchkey-dev-wallet', '{not json')
      const wallet = makeWallet({ storage })
      expect(wallet.state).toEqual({ authorised: false, accountIndex: 0, address: addr0, chainId: 31337, autoApprove: false })
      expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])

      for (const text of ['[]', 'null', '42', '"x"']) {
        storage.setItem('latchkey-dev-wallet', text)
        expect(makeWallet({ storage }).state.authorised).toBe(false)
      }

      storage.setItem('latchkey-dev-wallet', JSON.stringify({ authorised: 'yes', accountIndex: 99, chainId: 1, addedChains: [{ chainId: 'x' }, 5], autoApprove: 1 }))
      const invalid = makeWallet({ storage })
      expect(invalid.state).toEqual({ authorised: false, accountIndex: 0, address: addr0, chainId: 31337, autoApprove: false })
      expect(invalid.chains).toHaveLength(2)
    })

    it('keeps working when the storage throws', async () => {
      const broken: WalletStorage = {
        getItem: () => {
          throw new ForeignError('denied')
        },
        setItem: () => {
          throw new ForeignError('quota')
        },
        removeItem: () => {},
      }
      const wallet = makeWallet({ storage: broken, autoApprove: true })
      expect(await wallet.request({ method: 'eth_requestAccounts' })).toEqual([addr0])
    })
  })

  describe('test hooks', () => {
    it('hang: listed methods never settle, others still answer', async () => {
      const wallet = makeWallet({ autoApprove: true, hang: new Set(['eth_requestAccounts']) })
      expect(await settledWithin(wallet.request({ method: 'eth_requestAccounts' }), 200)).toBe('pending')
      expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x7a69')
      wallet.hang = new Set(['eth_chainId'])
      expect(await settledWithin(wallet.request({ method: 'eth_chainId' }), 100)).toBe('pending')
      expect(await wallet.request({ method: 'eth_requestAccounts' })).toEqual([addr0])
    })

    it('misbehave.accounts / chainId: returns the given non-address / non-hex values', async () => {
      const wallet = makeWallet({ autoApprove: true, misbehave: { accounts: ['not-an-address'], chainId: 'mainnet' } })
      const events = recordEvents(wallet)
      expect(await wallet.request({ method: 'eth_requestAccounts' })).toEqual(['not-an-address'])
      expect(await wallet.request({ method: 'eth_accounts' })).toEqual(['not-an-address'])
      expect(await wallet.request({ method: 'eth_chainId' })).toBe('mainnet')
      expect(events).toEqual([
        ['connect', { chainId: 'mainnet' }],
        ['accountsChanged', ['not-an-address']],
      ])
      wallet.misbehave = { accounts: null }
      expect(await wallet.request({ method: 'eth_accounts' })).toBeNull()
      expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x7a69')
    })

    it('misbehave.throwString: every request rejects with a plain string', async () => {
      const wallet = makeWallet({ misbehave: { throwString: 'wallet exploded' } })
      for (const method of ['eth_requestAccounts', 'eth_chainId', 'eth_getBalance']) {
        const error = await wallet.request({ method, params: [addr0, 'latest'] }).catch((e: unknown) => e)
        expect(error).toBe('wallet exploded')
      }
      wallet.misbehave = {}
      expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x7a69')
    })

    it('misbehave.onThrows / removeListenerThrows: the event API throws synchronously', () => {
      const wallet = makeWallet({ misbehave: { onThrows: new TypeError('on is broken') } })
      const listener = () => {}
      expect(() => wallet.on('accountsChanged', listener)).toThrow('on is broken')
      wallet.misbehave = { removeListenerThrows: 'removeListener is broken' }
      wallet.on('accountsChanged', listener)
      expect(() => wallet.removeListener('accountsChanged', listener)).toThrow('removeListener is broken')
      wallet.misbehave = {}
      expect(wallet.removeListener('accountsChanged', listener)).toBe(wallet)
    })
  })

  describe('batched calls', () => {
    /** Sends two 1-wei transfers as one batch on the wallet's chain and waits for its end; resolves with its status. */
    async function partialBatch(wallet: DevWallet, chainId: number, to: Address): Promise<number> {
      const { id } = (await wallet.request({
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: toHex(chainId),
            from: addr0,
            atomicRequired: false,
            calls: [
              { to, value: '0x1' },
              { to, value: '0x1' },
            ],
          },
        ],
      })) as { id: Hex }
      for (;;) {
        const status = (await wallet.request({ method: 'wallet_getCallsStatus', params: [id] })) as { status: number }
        if (status.status !== 100) return status.status
      }
    }

    it("reverts the second call of a partial batch on each chain with that chain's own reverting contract: 600 on both, one transfer each", async () => {
      const wallet = await connected()
      wallet.calls.mode = 'partial'
      const to = privateKeyToAccount(generatePrivateKey()).address
      expect(await partialBatch(wallet, 31337, to)).toBe(600)
      await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
      expect(await partialBatch(wallet, 31338, to)).toBe(600)
      for (const rpcUrl of [rpc1, rpc2]) expect(await createPublicClient({ transport: http(rpcUrl) }).getBalance({ address: to })).toBe(1n)
    })

    /** Sends two 1-wei transfers as one batch in `mode`; resolves with its id and the first status answer (or error). */
    async function batchIn(wallet: DevWallet, mode: DevWallet['calls']['mode'], to: Address) {
      wallet.calls.mode = mode
      const { id } = (await wallet.request({
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: toHex(31337),
            from: addr0,
            atomicRequired: false,
            calls: [
              { to, value: '0x1' },
              { to, value: '0x1' },
            ],
          },
        ],
      })) as { id: Hex }
      return { id, status: () => wallet.request({ method: 'wallet_getCallsStatus', params: [id] }) as Promise<Record<string, unknown>> }
    }

    it('offchain: the batch is accepted, nothing is sent, and its status answers 400 without receipts', async () => {
      const wallet = await connected()
      const to = privateKeyToAccount(generatePrivateKey()).address
      const nonce = await createPublicClient({ transport: http(rpc1) }).getTransactionCount({ address: addr0 })
      const batch = await batchIn(wallet, 'offchain', to)
      expect(await batch.status()).toMatchObject({ id: batch.id, chainId: '0x7a69', status: 400, receipts: [] })
      expect(await createPublicClient({ transport: http(rpc1) }).getTransactionCount({ address: addr0 })).toBe(nonce)
    })

    it('pending: the status answers 100 at every ask, and a batch keeps its mode when the panel switches', async () => {
      const wallet = await connected()
      const batch = await batchIn(wallet, 'pending', privateKeyToAccount(generatePrivateKey()).address)
      wallet.calls.mode = 'sequential'
      for (let i = 0; i < 3; i++) expect(await batch.status()).toMatchObject({ id: batch.id, status: 100, receipts: [] })
    })

    it("wallet_getAssets (EIP-7811): off by default (4200, not in the capabilities); on, advertised and the account's native balance with the wallet-only asset; garbled, a list that is not EIP-7811's", async () => {
      const wallet = await connected()
      const capabilities = () => wallet.request({ method: 'wallet_getCapabilities', params: [addr0, ['0x7a69']] }) as Promise<Record<string, Record<string, unknown>>>
      const assets = () => wallet.request({ method: 'wallet_getAssets', params: [{ account: addr0, chainFilter: ['0x7a69'] }] })
      expect((await capabilities())['0x7a69']).not.toHaveProperty('assetDiscovery')
      await expectRpcError(assets(), 4200)
      wallet.calls.assets = 'on'
      expect((await capabilities())['0x7a69']).toMatchObject({ assetDiscovery: { supported: true } })
      const balance = await createPublicClient({ transport: http(rpc1) }).getBalance({ address: addr0 })
      expect(await assets()).toEqual({ '0x7a69': [{ address: 'native', balance: toHex(balance), type: 'native' }, devWalletPoints] })
      await expectRpcError(wallet.request({ method: 'wallet_getAssets', params: [{ account: addr1 }] }), 4100)
      wallet.calls.assets = 'garbled'
      expect(await assets()).toEqual({ '0x7a69': [{ address: 'native', balance: 'a lot', type: 'native' }] })
    })

    it('a batch is kept in the storage: a wallet loaded again on it (a reload) answers its status and numbers the next one after it; a malformed store is dropped', async () => {
      const storage = new MemoryStorage()
      const wallet = await connected({ storage })
      const first = await batchIn(wallet, 'pending', privateKeyToAccount(generatePrivateKey()).address)
      const again = makeWallet({ storage })
      expect(await again.request({ method: 'wallet_getCallsStatus', params: [first.id] })).toMatchObject({ id: first.id, status: 100 })
      const second = await batchIn(again, 'offchain', privateKeyToAccount(generatePrivateKey()).address)
      expect(BigInt(second.id)).toBe(BigInt(first.id) + 1n)
      for (const junk of ['not json', '{"a":1}', JSON.stringify([{ id: 'x', chainId: 1, hashes: [], atomic: false, mode: 'pending' }])]) {
        storage.setItem('latchkey-dev-wallet-batches', junk)
        await expectRpcError(makeWallet({ storage }).request({ method: 'wallet_getCallsStatus', params: [first.id] }), 5730)
      }
    })

    it('garbled, foreign, statusFails: the calls land one by one, but the status is unreadable, about another batch, or fails', async () => {
      const wallet = await connected()
      const to = privateKeyToAccount(generatePrivateKey()).address
      expect(await (await batchIn(wallet, 'garbled', to)).status()).toEqual({ status: 'done', receipts: 'none' })
      const foreign = await batchIn(wallet, 'foreign', to)
      expect((await foreign.status())['id']).not.toBe(foreign.id)
      const failing = await batchIn(wallet, 'statusFails', to)
      await expectRpcError(failing.status(), -32603)
      // Each call is sent once the one before was accepted, not mined: the last lands a block later on a busy node.
      const chain = createPublicClient({ transport: http(rpc1) })
      await vi.waitFor(async () => expect(await chain.getBalance({ address: to })).toBe(6n), { timeout: 15_000, interval: 100 })
    })
  })
})
