import { getEthersSigner, watchEthersSigner } from 'latchkey/ethers'
import { type JsonRpcSigner, parseEther } from 'ethers'
import { modal } from './modal.ts'

export async function tip() {
  let signer: JsonRpcSigner | undefined = await getEthersSigner(modal) // throws NoConnectedWalletError when no eip155 wallet is connected
  await signer.signMessage('Hello') // EIP-191; ethers.verifyMessage gives signer.address back
  await (await signer.sendTransaction({ to: '0x000000000000000000000000000000000000dEaD', value: parseEther('0.01') })).wait()
  const stop = watchEthersSigner(modal, (next) => (signer = next)) // a new signer per account and chain; undefined on disconnect
  return { stop, signer }
}
