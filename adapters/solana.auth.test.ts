import { describe, expect, it, vi } from 'vitest'
import { createAuthSolanaWallet, type EmbeddedSolanaBackend } from './solana.auth.ts'
import { createSolanaAdapter } from './solana.ts'
import { base58Decode, base58Encode } from './solana.base58.ts'
import { InvalidProviderResponseError, UserRejectedRequestError } from './errors.ts'
import { solanaLocalnet } from '../dev/solana/network.ts'

/** The auth connector on solana over a fake embedded wallet: what it asks the frame, what it answers. */
const ADDRESS = 'HPRrGFaH1GeKXeURURykoaHz1ejDuRbyEJXdcNq6FjhV'
const chain = solanaLocalnet.caipNetworkId
const sig = base58Encode(new Uint8Array(64).fill(7))

function backend(answers: Record<string, unknown> = {}, session = true) {
  const signOut = new Set<() => void>()
  const b = {
    connect: vi.fn(async (_chain: string, { silent }: { silent: boolean }): Promise<string | undefined> => (silent && !session ? undefined : ADDRESS)),
    request: vi.fn(async (method: string) => {
      const a = answers[method]
      if (a instanceof Error) throw a
      return a
    }),
    disconnect: vi.fn(async () => {
      for (const l of signOut) l()
    }),
    onSignOut: (l: () => void) => {
      signOut.add(l)
      return () => signOut.delete(l)
    },
    signOut: () => {
      for (const l of signOut) l()
    },
  } satisfies EmbeddedSolanaBackend & { signOut(): void }
  return b
}
const feature = <T>(wallet: ReturnType<typeof createAuthSolanaWallet>, name: string) => wallet.features[name as `${string}:${string}`] as T

describe('the auth Solana wallet', () => {
  it('behavior: connect asks the frame for the user on the first Solana network and answers its account (public key = the address bytes)', async () => {
    const b = backend()
    const wallet = createAuthSolanaWallet({ chains: ['eip155:1', chain], load: async () => b })
    expect(wallet.chains).toEqual([chain])
    const { accounts } = await feature<{ connect(i?: object): Promise<{ accounts: Array<{ address: string; publicKey: Uint8Array }> }> }>(wallet, 'standard:connect').connect()
    expect(b.connect).toHaveBeenCalledWith(chain, { silent: false })
    expect(accounts[0]!.address).toBe(ADDRESS)
    expect(accounts[0]!.publicKey).toEqual(base58Decode(ADDRESS))
    expect(wallet.accounts).toHaveLength(1)
  })

  it('behavior: a silent connect without a session answers no accounts; a sign-out empties the accounts and tells the change listeners', async () => {
    const none = createAuthSolanaWallet({ chains: [chain], load: async () => backend({}, false) })
    expect((await feature<{ connect(i?: object): Promise<{ accounts: unknown[] }> }>(none, 'standard:connect').connect({ silent: true })).accounts).toEqual([])
    const b = backend()
    const wallet = createAuthSolanaWallet({ chains: [chain], load: async () => b })
    await feature<{ connect(): Promise<unknown> }>(wallet, 'standard:connect').connect()
    const changes: unknown[] = []
    feature<{ on(e: string, l: (p: unknown) => void): () => void }>(wallet, 'standard:events').on('change', (p) => changes.push(p))
    b.signOut()
    expect(wallet.accounts).toEqual([])
    expect(changes).toEqual([{ accounts: [] }])
  })

  it('bad input: an address that is not a Solana address is refused', async () => {
    const b = backend()
    b.connect.mockResolvedValueOnce('0x1111111111111111111111111111111111111111')
    const wallet = createAuthSolanaWallet({ chains: [chain], load: async () => b })
    await expect(feature<{ connect(): Promise<unknown> }>(wallet, 'standard:connect').connect()).rejects.toBeInstanceOf(InvalidProviderResponseError)
  })

  it('behavior: signMessage sends the bytes base58 with the pubkey and returns the 64-byte signature of those bytes', async () => {
    const b = backend({ solana_signMessage: { signature: sig } })
    const wallet = createAuthSolanaWallet({ chains: [chain], load: async () => b })
    const message = new TextEncoder().encode('hello')
    const [out] = await feature<{ signMessage(...i: unknown[]): Promise<Array<{ signature: Uint8Array; signedMessage: Uint8Array }>> }>(wallet, 'solana:signMessage').signMessage({
      account: { address: ADDRESS },
      message,
    })
    expect(b.request).toHaveBeenCalledWith('solana_signMessage', { message: base58Encode(message), pubkey: ADDRESS }, chain)
    expect(out!.signature).toEqual(new Uint8Array(64).fill(7))
    expect(out!.signedMessage).toEqual(message)
  })

  it('bad input: a signature that is not 64 bytes of base58 is InvalidProviderResponseError; the frame’s rejection passes as it is', async () => {
    for (const answer of [{ signature: base58Encode(new Uint8Array(10)) }, { signature: '0OIl' }, null]) {
      const wallet = createAuthSolanaWallet({ chains: [chain], load: async () => backend({ solana_signMessage: answer }) })
      await expect(feature<{ signMessage(...i: unknown[]): Promise<unknown> }>(wallet, 'solana:signMessage').signMessage({ account: { address: ADDRESS }, message: new Uint8Array([1]) })).rejects.toBeInstanceOf(
        InvalidProviderResponseError,
      )
    }
    const rejected = createAuthSolanaWallet({ chains: [chain], load: async () => backend({ solana_signMessage: new UserRejectedRequestError() }) })
    await expect(feature<{ signMessage(...i: unknown[]): Promise<unknown> }>(rejected, 'solana:signMessage').signMessage({ account: { address: ADDRESS }, message: new Uint8Array([1]) })).rejects.toBeInstanceOf(
      UserRejectedRequestError,
    )
  })

  it('behavior: one transaction → solana_signTransaction, several → one solana_signAllTransactions; signAndSend passes the send options without commitment', async () => {
    const b = backend({
      solana_signTransaction: { signature: sig, transaction: btoa('\x01\x02') },
      solana_signAllTransactions: { transactions: [btoa('\x03'), btoa('\x04')] },
      solana_signAndSendTransaction: { signature: sig },
    })
    const wallet = createAuthSolanaWallet({ chains: [chain], load: async () => b })
    const sign = feature<{ signTransaction(...i: unknown[]): Promise<Array<{ signedTransaction: Uint8Array }>> }>(wallet, 'solana:signTransaction')
    expect(await sign.signTransaction({ account: { address: ADDRESS }, chain, transaction: new Uint8Array([9]) })).toEqual([{ signedTransaction: new Uint8Array([1, 2]) }])
    expect(b.request).toHaveBeenLastCalledWith('solana_signTransaction', { transaction: btoa('\x09') }, chain)
    expect(await sign.signTransaction({ account: {}, chain, transaction: new Uint8Array([5]) }, { account: {}, chain, transaction: new Uint8Array([6]) })).toEqual([
      { signedTransaction: new Uint8Array([3]) },
      { signedTransaction: new Uint8Array([4]) },
    ])
    expect(b.request).toHaveBeenLastCalledWith('solana_signAllTransactions', { transactions: [btoa('\x05'), btoa('\x06')] }, chain)
    const send = feature<{ signAndSendTransaction(...i: unknown[]): Promise<Array<{ signature: Uint8Array }>> }>(wallet, 'solana:signAndSendTransaction')
    const [out] = await send.signAndSendTransaction({ account: {}, chain, transaction: new Uint8Array([8]), options: { commitment: 'confirmed', skipPreflight: true } })
    expect(out!.signature).toHaveLength(64)
    expect(b.request).toHaveBeenLastCalledWith('solana_signAndSendTransaction', { transaction: btoa('\x08'), sendOptions: { skipPreflight: true } }, chain)
  })

  it('behavior: the Solana adapter serves it as the connector `auth` (not listed), and without the option there is none', async () => {
    const wallets = { get: () => [], on: () => () => {} }
    const adapter = createSolanaAdapter({ networks: [solanaLocalnet], wallets, auth: { load: async () => backend() } })
    expect(adapter.getConnectors()).toEqual([])
    expect(await adapter.connect({ connectorId: 'auth' })).toEqual({ accounts: [ADDRESS], chainId: String(solanaLocalnet.id) })
    expect(adapter.getAccount('auth', ADDRESS)?.address).toBe(ADDRESS)
    expect(adapter.walletChainFor('auth', solanaLocalnet)).toBe(chain)
    await expect(createSolanaAdapter({ networks: [solanaLocalnet], wallets }).connect({ connectorId: 'auth' })).rejects.toThrow()
  })
})
