/**
 * `latchkey/ethers`: an ethers v6 `BrowserProvider` and `JsonRpcSigner` over the wallet latchkey has
 * connected in the eip155 namespace. ethers is the dapp's (an optional peer): only this module imports it.
 *
 * @example
 * import { getEthersSigner } from 'latchkey/ethers'
 * const signer = await getEthersSigner(modal)
 * await signer.sendTransaction({ to: '0x…', value: parseEther('0.01') })
 */
import { BrowserProvider, type JsonRpcSigner } from 'ethers'
import { assertModal, getEip155Provider, NoConnectedWalletError, readEip155Connection, watchEip155Connection, withBalanceRefresh } from './bridge.ts'
import type { ModalInstance } from './createModal.ts'

export { NoConnectedWalletError }

/**
 * An ethers v6 `BrowserProvider` over the connected eip155 wallet, fixed to the chain the wallet is on now (a
 * static network: no `eth_chainId` probe, no "network changed" error later). After a chain switch call it again, or
 * use {@link watchEthersSigner}, for a provider of the new chain. A transaction sent through it makes the modal read
 * its balance again once mined.
 *
 * @returns a provider whose `getNetwork()` is the wallet's chain (`chainId` a bigint, as ethers gives it).
 * @throws NoConnectedWalletError when no wallet is connected in the eip155 namespace; InvalidOptionsError when `modal`
 *   is not a modal instance.
 * @example
 * const provider = await getEthersProvider(modal)
 * const balance = await provider.getBalance(modal.getState().account.address!) // wei, bigint
 */
export async function getEthersProvider(modal: ModalInstance): Promise<BrowserProvider> {
  assertModal(modal, 'getEthersProvider')
  const { provider, connection } = getEip155Provider(modal)
  return new BrowserProvider(withBalanceRefresh(modal, provider), connection.chainId, { staticNetwork: true })
}

/**
 * An ethers v6 `JsonRpcSigner` for the connected eip155 account on its current chain (see {@link getEthersProvider}).
 * `signMessage` is EIP-191 `personal_sign`; `sendTransaction` goes to the wallet (`eth_sendTransaction`).
 *
 * @throws NoConnectedWalletError when no wallet is connected in the eip155 namespace.
 * @example
 * const signer = await getEthersSigner(modal)
 * const signature = await signer.signMessage('Hello') // verifyMessage('Hello', signature) === signer.address
 */
export async function getEthersSigner(modal: ModalInstance): Promise<JsonRpcSigner> {
  assertModal(modal, 'getEthersSigner')
  const provider = await getEthersProvider(modal)
  const connection = readEip155Connection(modal)
  if (connection.status !== 'connected') throw new NoConnectedWalletError()
  return provider.getSigner(connection.address)
}

/**
 * Calls `listener` with a new signer each time the connected account or chain changes (a new `BrowserProvider` per
 * chain), and with `undefined` when the wallet disconnects. Called once at once with the current signer (or
 * `undefined`). Returns unsubscribe.
 * @throws InvalidOptionsError when `modal` is not a modal instance.
 *
 * @example
 * const stop = watchEthersSigner(modal, (signer) => { state.signer = signer })
 */
export function watchEthersSigner(modal: ModalInstance, listener: (signer: JsonRpcSigner | undefined) => void): () => void {
  assertModal(modal, 'watchEthersSigner')
  let generation = 0
  let stopped = false
  const emit = () => {
    const mine = ++generation
    if (readEip155Connection(modal).status !== 'connected') {
      listener(undefined)
      return
    }
    getEthersSigner(modal).then(
      (signer) => {
        if (!stopped && mine === generation) listener(signer)
      },
      () => {
        if (!stopped && mine === generation) listener(undefined)
      },
    )
  }
  const stop = watchEip155Connection(modal, (next) => {
    if (next.status !== 'connecting') emit()
  })
  emit()
  return () => {
    stopped = true
    stop()
  }
}
