import { describe, expect, inject, it } from 'vitest'
import { AnvilStartError, DEV_ACCOUNT_BALANCE, DEV_ADDRESSES, DEV_MNEMONIC, anvilNetwork, devAccounts, devChains, findFreePort, isPortFree, startAnvil } from './anvil.ts'

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result?: unknown }).result
}

describe('dev chain facts', () => {
  it('describes the two local chains', () => {
    expect(devChains.map((c) => [c.chainId, c.defaultPort, c.name])).toEqual([
      [31337, 8545, 'Anvil Local'],
      [31338, 8546, 'Anvil Local 2'],
    ])
    for (const chain of devChains) expect(chain.nativeCurrency).toEqual({ name: 'Ether', symbol: 'ETH', decimals: 18 })
  })

  it('builds a CAIP network for an anvil chain', () => {
    expect(anvilNetwork(31337, 'Anvil Local', 'http://127.0.0.1:8545')).toEqual({
      id: 31337,
      name: 'Anvil Local',
      chainNamespace: 'eip155',
      caipNetworkId: 'eip155:31337',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
      testnet: true,
      imageId: 'dd26f775-c0b0-46c9-a8c3-7c00aefce248',
    })
  })

  it('derives the well-known anvil dev accounts from the dev mnemonic', () => {
    expect(DEV_MNEMONIC.split(' ')).toHaveLength(12)
    const accounts = devAccounts()
    expect(accounts.map((a) => a.address)).toEqual(DEV_ADDRESSES)
    expect(devAccounts()).toBe(accounts) // memoised
    expect(DEV_ACCOUNT_BALANCE).toBe(10_000n * 10n ** 18n)
  })
})

describe('startAnvil', () => {
  it('the global setup provides two running anvils with the right chain ids', async () => {
    expect(await rpc(inject('anvilRpc1'), 'eth_chainId')).toBe('0x7a69')
    expect(await rpc(inject('anvilRpc2'), 'eth_chainId')).toBe('0x7a6a')
    // Dev accounts are funded at genesis.
    expect(BigInt((await rpc(inject('anvilRpc1'), 'eth_getBalance', [DEV_ADDRESSES[4], '0x0'])) as string)).toBe(DEV_ACCOUNT_BALANCE)
  })

  it('starts a node that answers eth_chainId, and stop() frees the port', async () => {
    const port = await findFreePort()
    const anvil = await startAnvil({ port, chainId: 4242 })
    try {
      expect(anvil).toMatchObject({ url: `http://127.0.0.1:${port}`, chainId: 4242, port })
      expect(await rpc(anvil.url, 'eth_chainId')).toBe('0x1092')
      expect(await isPortFree(port)).toBe(false)
    } finally {
      await anvil.stop()
    }
    expect(await isPortFree(port)).toBe(true)
    await anvil.stop() // idempotent
  })

  it('fails clearly when the port is busy', async () => {
    const port = Number(new URL(inject('anvilRpc1')).port)
    const error = await startAnvil({ port, chainId: 31337 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AnvilStartError)
    expect(error).toMatchObject({ reason: 'port-in-use', port })
    expect((error as Error).message).toContain(String(port))
  })

  it('fails clearly when anvil exits early', async () => {
    const port = await findFreePort()
    const error = await startAnvil({ port, chainId: 31337, extraArgs: ['--no-such-flag'] }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AnvilStartError)
    expect(error).toMatchObject({ reason: 'exited', port })
    expect((error as AnvilStartError).details).toMatch(/no-such-flag/)
    expect(await isPortFree(port)).toBe(true)
  })

  it('rejects invalid ports and chain ids', async () => {
    await expect(startAnvil({ port: 0, chainId: 1 })).rejects.toBeInstanceOf(RangeError)
    await expect(startAnvil({ port: 70_000, chainId: 1 })).rejects.toBeInstanceOf(RangeError)
    await expect(startAnvil({ port: 18_999, chainId: 0 })).rejects.toBeInstanceOf(RangeError)
  })
})
