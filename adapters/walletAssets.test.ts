import { describe, expect, test } from 'vitest'
import { getWalletAssets, hasAssetDiscovery, InvalidWalletAssetsError, readWalletAssets } from './walletAssets.ts'
import type { Eip1193Provider } from './types.ts'

const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const usdc = { address: token, balance: '0xf4240', type: 'ERC20', metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6 } }
const eth = { address: 'native', balance: '0xde0b6b3a7640000', type: 'native' }

/** The refusal of `reply`: its path and its words. */
function refusal(reply: unknown) {
  try {
    readWalletAssets(reply, 1)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidWalletAssetsError)
    const e = error as InvalidWalletAssetsError
    return { path: e.path, details: e.details }
  }
  throw new InvalidWalletAssetsError('', 'expected a refusal')
}

describe('readWalletAssets (EIP-7811 reply)', () => {
  test("behavior: the chain's native currency and ERC-20s, in the smallest unit; other chains and other types are left out", () => {
    const nft = { address: token, balance: '0x1', type: 'ERC721', metadata: { name: 'Art', symbol: 'ART' } }
    expect(readWalletAssets({ '0x1': [eth, usdc, nft], '0xa': [eth] }, 1)).toEqual([
      { address: 'native', balance: 10n ** 18n },
      { address: token, balance: 1_000_000n, metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6 } },
    ])
    expect(readWalletAssets({ '0x1': [{ ...usdc, type: 'erc20' }] }, 1)).toHaveLength(1)
    expect(readWalletAssets({ '0xa': [eth] }, 1)).toEqual([])
    expect(readWalletAssets({}, 1)).toEqual([])
  })

  test.each([
    ['not an object', 'ok', ''],
    ['an array', [eth], ''],
    ['a chain key that is not hex', { mainnet: [eth] }, 'mainnet'],
    ['a list that is not an array', { '0x1': eth }, '0x1'],
    ['an asset without a balance', { '0x1': [{ address: 'native', type: 'native' }] }, '0x1[0].balance'],
    ['a decimal balance', { '0x1': [{ ...eth, balance: '1000' }] }, '0x1[0].balance'],
    ['a numeric balance', { '0x1': [{ ...eth, balance: 1000 }] }, '0x1[0].balance'],
    ['a balance of more than 256 bits', { '0x1': [{ ...eth, balance: `0x1${'0'.repeat(64)}` }] }, '0x1[0].balance'],
    ['an address without 0x', { '0x1': [{ ...usdc, address: token.slice(2) }] }, '0x1[0].address'],
    ['a short address', { '0x1': [{ ...usdc, address: '0x123' }] }, '0x1[0].address'],
    ['no type', { '0x1': [{ address: 'native', balance: '0x1' }] }, '0x1[0].type'],
    ['an ERC-20 without metadata', { '0x1': [{ ...usdc, metadata: undefined }] }, '0x1[0].metadata'],
    ['an ERC-20 whose decimals are text', { '0x1': [{ ...usdc, metadata: { ...usdc.metadata, decimals: '6' } }] }, '0x1[0].metadata.decimals'],
    ['decimals past 255', { '0x1': [{ ...usdc, metadata: { ...usdc.metadata, decimals: 256 } }] }, '0x1[0].metadata.decimals'],
    ['an empty symbol', { '0x1': [{ ...usdc, metadata: { ...usdc.metadata, symbol: '' } }] }, '0x1[0].metadata.symbol'],
    ['a native asset with a contract address', { '0x1': [{ ...eth, address: token }] }, '0x1[0].address'],
    ['an ERC-20 at the address native', { '0x1': [{ ...usdc, address: 'native' }] }, '0x1[0].address'],
    ['a list of 501 assets', { '0x1': Array.from({ length: 501 }, () => eth) }, '0x1'],
  ])('bad input: %s is refused with InvalidWalletAssetsError naming the part', (_, reply, path) => {
    expect(refusal(reply).path).toBe(path)
  })

  test('bad input: the error says what was wrong in its details, in words', () => {
    expect(refusal({ '0x1': [{ ...eth, balance: '1000' }] }).details).toBe('0x1[0].balance: a hex quantity (0x and 1 to 64 hex digits)')
  })

  test('bad input: a malformed asset on another chain refuses the whole reply (nothing of it is used)', () => {
    expect(refusal({ '0x1': [eth], '0xa': [{ ...eth, balance: 'lots' }] }).path).toBe('0xa[0].balance')
  })
})

describe('hasAssetDiscovery (EIP-7811 capability)', () => {
  test('behavior: supported true for the chain, or for every chain (0x0); anything else is not', () => {
    expect(hasAssetDiscovery({ '0x1': { assetDiscovery: { supported: true } } }, 1)).toBe(true)
    expect(hasAssetDiscovery({ '0x0': { assetDiscovery: { supported: true } } }, 10)).toBe(true)
    expect(hasAssetDiscovery({ '0xa': { assetDiscovery: { supported: true } } }, 1)).toBe(false)
    expect(hasAssetDiscovery({ '0x1': { assetDiscovery: { supported: 'yes' } } }, 1)).toBe(false)
    expect(hasAssetDiscovery({ '0x1': { atomic: { status: 'supported' } } }, 1)).toBe(false)
    for (const garbage of [null, 'x', [], 7]) expect(hasAssetDiscovery(garbage, 1)).toBe(false)
  })
})

describe('getWalletAssets', () => {
  /** A provider answering each method with `answers[method]` (a function may throw), recording what it was asked. */
  function wallet(answers: Record<string, (params: unknown) => unknown>) {
    const asked: Array<{ method: string; params: unknown }> = []
    const provider: Eip1193Provider = {
      request: async ({ method, params }: { method: string; params?: unknown }) => {
        asked.push({ method, params })
        const answer = answers[method]
        if (!answer) throw Object.assign(new InvalidWalletAssetsError('', 'unexpected'), { code: 4200 })
        return answer(params)
      },
      on: () => {},
      removeListener: () => {},
    } as unknown as Eip1193Provider
    return { provider, asked }
  }
  const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

  test("behavior: asks the capabilities for the chain, then the chain's assets of the account", async () => {
    const w = wallet({ wallet_getCapabilities: () => ({ '0x7a69': { assetDiscovery: { supported: true } } }), wallet_getAssets: () => ({ '0x7a69': [eth] }) })
    expect(await getWalletAssets({ provider: w.provider, address, chainId: 31337 })).toEqual([{ address: 'native', balance: 10n ** 18n }])
    expect(w.asked).toEqual([
      { method: 'wallet_getCapabilities', params: [address, ['0x7a69']] },
      { method: 'wallet_getAssets', params: [{ account: address, chainFilter: ['0x7a69'] }] },
    ])
  })

  test('behavior: a wallet that does not advertise it, or fails its capabilities (4200), is not asked for assets', async () => {
    const silent = wallet({ wallet_getCapabilities: () => ({ '0x7a69': { atomic: { status: 'supported' } } }) })
    expect(await getWalletAssets({ provider: silent.provider, address, chainId: 31337 })).toBeUndefined()
    const old = wallet({})
    expect(await getWalletAssets({ provider: old.provider, address, chainId: 31337 })).toBeUndefined()
    expect([...silent.asked, ...old.asked].map((a) => a.method)).toEqual(['wallet_getCapabilities', 'wallet_getCapabilities'])
  })

  test('bad input: a garbled reply rejects with InvalidWalletAssetsError', async () => {
    const w = wallet({ wallet_getCapabilities: () => ({ '0x0': { assetDiscovery: { supported: true } } }), wallet_getAssets: () => ({ '0x7a69': [{ address: 'native', balance: 'all of it', type: 'native' }] }) })
    await expect(getWalletAssets({ provider: w.provider, address, chainId: 31337 })).rejects.toMatchObject({ name: 'InvalidWalletAssetsError', path: '0x7a69[0].balance' })
  })
})
