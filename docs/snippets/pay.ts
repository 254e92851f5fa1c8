import { createModal, defineEvmNetwork, solana } from 'latchkey'

const base = defineEvmNetwork({ id: 8453, name: 'Base', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'https://mainnet.base.org' })
// #region enable
const modal = createModal({ projectId: 'your-project-id', networks: [base, solana], features: { pay: true } })
// #endregion enable

export async function payForOrder() {
  // #region pay
  const result = await modal.pay({
    recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', // EIP-55 checksum when mixed case; or a name ('alice.reown.id')
    amount: '12.5', // a decimal string in the asset's units, never a number
    asset: 'eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', // CAIP-19
    memo: 'Order #1042', // optional, at most 140 characters, shown to the visitor
    confirmations: 3, // optional, eip155: the blocks that must hold the transfer before success (1 to 64, default 1)
  })
  if (result.status === 'success') console.log(result.txHash, result.chainId, result.paidAmount)
  else console.log(result.status, result.reason) // 'failed' | 'cancelled' | 'expired' (an exchange's deadline passed)
  // #endregion pay
}

export async function payOnSolana(recipient: string) {
  // #region solana
  const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' // the genesis hash, or its first 32 characters (CAIP-30)
  await modal.pay({ recipient: 'HPRrGFaH1GeKXeURURykoaHz1ejDuRbyEJXdcNq6FjhV', amount: '0.25', asset: `${SOLANA}/slip44:501` })
  await modal.pay({ recipient, amount: '12.5', asset: `${SOLANA}/token:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v` })
  // or asset: { chainId: SOLANA, address: '<mint>' }; or asset: 'native' with chainId: SOLANA
  // #endregion solana
}

export async function afterReload(showReceipt: (txHash: string) => void) {
  // #region resume
  const resumed = await modal.getPayResult() // undefined when no payment was under way at the page's start
  if (resumed?.status === 'success') showReceipt(resumed.txHash)
  // #endregion resume
}
