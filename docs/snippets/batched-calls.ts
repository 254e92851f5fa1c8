import { encodeFunctionData, erc20Abi, type Hex } from 'viem'
import { modal } from './modal.ts'

export async function approveAndSwap(token: Hex, router: Hex, swapData: Hex) {
  const approveData = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, 10n ** 18n] })
  // #region send
  const { id } = await modal.sendCalls({
    calls: [
      { to: token, data: approveData }, // data: 0x and whole bytes of hex
      { to: router, data: swapData, value: 0n }, // value: wei, a bigint or a hex quantity ('0x2386f26fc10000')
    ],
    chainId: 1, // optional: a configured network (number or 'eip155:1'); default the wallet's chain
    atomicRequired: false, // optional: true = all or nothing
    capabilities: {}, // optional: passed to the wallet as given
  })
  const { status, receipts } = await modal.getCallsStatus(id) // 100 pending, 200, 400, 500, 600
  const { atomic } = await modal.getCapabilities({ chainId: 1 }) // { status: 'supported' | 'ready' | 'unsupported' }
  // #endregion send
  return { status, receipts, atomic }
}
