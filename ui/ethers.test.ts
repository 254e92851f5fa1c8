// @vitest-environment happy-dom
import { parseEther, verifyMessage, type JsonRpcSigner } from 'ethers'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { solanaDevnet } from '../adapters/networks.ts'
import { freshAddress, makeBridgeFixture, type BridgeFixture } from './bridge.fixtures.ts'
import { getEthersProvider, getEthersSigner, NoConnectedWalletError, watchEthersSigner } from './ethers.ts'
import { waitFor } from '../tests/harness/waitFor.ts'

const rpc: [string, string] = [inject('anvilRpc1'), inject('anvilRpc2')]
const fixtures: BridgeFixture[] = []
afterEach(() => fixtures.splice(0).forEach((f) => f.destroy()))
function fixture(...args: Parameters<typeof makeBridgeFixture> extends [unknown, ...infer rest] ? rest : never) {
  const [options = {}] = args
  // Account 7 of the dev mnemonic: wagmi.test.ts spends from 6, the other test files from 0 to 4.
  const f = makeBridgeFixture(rpc, { addressIndex: 7, ...options })
  fixtures.push(f)
  return f
}

describe('latchkey/ethers', () => {
  test('behavior: with no wallet connected, the provider and the signer are refused with NoConnectedWalletError', async () => {
    const { modal } = fixture()
    await expect(getEthersProvider(modal)).rejects.toThrowErrorMatchingInlineSnapshot(`
      [NoConnectedWalletError: No wallet is connected in the eip155 namespace.
      Docs: https://latchkey.example/errors/NoConnectedWalletError
      Details: Connect one first: modal.open() shows Connect.]
    `)
    await expect(getEthersSigner(modal)).rejects.toBeInstanceOf(NoConnectedWalletError)
  })

  test('behavior: a modal on Solana only has no eip155 wallet to give: NoConnectedWalletError', async () => {
    const { modal } = fixture({ options: { networks: [solanaDevnet] } })
    expect(modal.getState().activeNamespace).toBe('solana')
    await expect(getEthersSigner(modal)).rejects.toBeInstanceOf(NoConnectedWalletError)
  })

  test('behavior: something that is not a modal is refused with InvalidOptionsError naming the call', async () => {
    await expect(getEthersSigner(undefined as never)).rejects.toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: getEthersSigner(modal): Expected the instance createModal returns
      Docs: https://latchkey.example/errors/InvalidOptionsError
      Details: Received: undefined]
    `)
    await expect(getEthersProvider({} as never)).rejects.toThrow('getEthersProvider(modal): Expected the instance createModal returns')
    expect(() => watchEthersSigner(null as never, () => {})).toThrow('watchEthersSigner(modal): Expected the instance createModal returns')
  })

  test("behavior: the signer is the connected account on the wallet's chain; signMessage verifies with ethers.verifyMessage", async () => {
    const f = fixture()
    await f.connect()
    const signer = await getEthersSigner(f.modal)
    expect(signer.address).toBe(f.wallet.state.address)
    expect((await signer.provider.getNetwork()).chainId).toBe(31337n)
    const signature = await signer.signMessage('Hello from ethers')
    expect(verifyMessage('Hello from ethers', signature)).toBe(f.wallet.state.address)
  })

  test("behavior: a transfer sent with the signer mines on anvil and the modal's balance follows", async () => {
    const f = fixture()
    await f.connect()
    await waitFor(() => expect(f.modalBalance()).toBeDefined())
    const to = freshAddress()
    const signer = await getEthersSigner(f.modal)
    const tx = await signer.sendTransaction({ to, value: parseEther('1.25') })
    const receipt = await tx.wait()
    expect(receipt?.status).toBe(1)
    expect(await f.chain(0).getBalance({ address: to })).toBe(parseEther('1.25'))
    const onChain = await f.chain(0).getBalance({ address: f.wallet.state.address })
    await waitFor(() => expect(f.modalBalance()).toBe(onChain), { timeout: 10_000 })
  })

  test('behavior: watchEthersSigner gives a signer of the new chain after a switch, and undefined after a disconnect', async () => {
    const f = fixture({ options: { ignoreSwitchConfirmation: true } })
    const seen: Array<JsonRpcSigner | undefined> = []
    const stop = watchEthersSigner(f.modal, (s) => seen.push(s))
    expect(seen).toEqual([undefined])
    await f.connect()
    await waitFor(() => expect(seen.at(-1)).toBeDefined())
    expect((await seen.at(-1)!.provider.getNetwork()).chainId).toBe(31337n)
    f.modal.switchNetwork('eip155:31338')
    await waitFor(async () => expect((await seen.at(-1)?.provider.getNetwork())?.chainId).toBe(31338n), { timeout: 10_000 })
    expect(f.wallet.state.chainId).toBe(31338)
    f.modal.disconnect()
    await waitFor(() => expect(seen.at(-1)).toBeUndefined())
    stop()
  })
})
