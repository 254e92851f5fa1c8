import { installTestWallet } from 'latchkey/testing'

export async function refusedConnect(anvilUrl: string) {
  const { wallet, uninstall } = installTestWallet({ rpcUrl: anvilUrl, chains: [31337], answer: 'approve' })
  // … render your app with createModal(…); the modal finds 'Test Wallet' over EIP-6963
  wallet.answerNext('reject', 'connect')
  await wallet.provider.request({ method: 'eth_requestAccounts' }) // rejects with code 4001
  uninstall()
}
