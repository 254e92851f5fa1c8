/**
 * What a development wallet's prompt says about a pending request (the EVM dev wallet's panel, the WalletConnect test
 * wallet's pending items): a question and a short description of the payload. Browser-safe.
 */
import { decodeFunctionData, erc20Abi, formatEther, hexToString, isHex, size, slice } from 'viem'
import type { PendingRequest } from './provider.ts'

/**
 * The question and details the panel shows for a pending request.
 *
 * @returns `question` such as 'Connect to this site?', 'Switch to chain 31338?', 'Add chain 5 (Goerli) and
 *   switch to it?', 'Sign message?', 'Sign typed data?', 'Send transaction?'; `detail` a short description
 *   of the payload, or '' when there is nothing more to say. A transaction's detail is its `to` and `value`,
 *   and for a contract call the decoded ERC-20 call ('Calls transfer(0x7099…, 1500000)', amounts in the
 *   token's smallest unit) or the selector and size of other calldata, so that the approver sees who really
 *   receives a token transfer (the transaction's `to` is the token contract).
 */
export function describeRequest(request: PendingRequest): { question: string; detail: string } {
  const params = Array.isArray(request.params) ? (request.params as unknown[]) : []
  const first = params[0] as Record<string, unknown> | undefined
  switch (request.kind) {
    case 'connect':
      return { question: 'Connect to this site?', detail: '' }
    case 'switchChain':
      return { question: `Switch to chain ${chainIdText(first?.chainId)}?`, detail: '' }
    case 'addChain': {
      const name = typeof first?.chainName === 'string' ? ` (${first.chainName})` : ''
      const rpc = Array.isArray(first?.rpcUrls) ? String(first.rpcUrls[0]) : ''
      return { question: `Add chain ${chainIdText(first?.chainId)}${name} and switch to it?`, detail: rpc && `RPC ${rpc}` }
    }
    case 'sign':
      if (request.method === 'personal_sign') return { question: 'Sign message?', detail: messageText(params[0]) }
      return { question: 'Sign typed data?', detail: typedDataText(params[1]) }
    case 'sendTransaction': {
      if (request.method === 'wallet_sendCalls') {
        const calls = Array.isArray(first?.calls) ? (first.calls as Array<{ to?: unknown }>) : []
        return { question: `Send ${calls.length} calls?`, detail: calls.map((c) => `To ${String(c.to)}`).join('\n') }
      }
      const to = typeof first?.to === 'string' ? first.to : 'new contract'
      let value = '0'
      try {
        if (typeof first?.value === 'string') value = formatEther(BigInt(first.value))
      } catch {
        value = String(first?.value)
      }
      const data = typeof first?.data === 'string' ? first.data : first?.input
      const call = callText(data)
      return { question: 'Send transaction?', detail: `To ${to}\nValue ${value} ETH${call ? `\n${call}` : ''}` }
    }
  }
}

/** An ERC-20 call decoded ('Calls transfer(<to>, <amount>)'), else the selector and size of the calldata; '' without calldata. */
function callText(data: unknown): string {
  if (typeof data !== 'string' || !isHex(data) || size(data) === 0) return ''
  try {
    const { functionName, args } = decodeFunctionData({ abi: erc20Abi, data })
    return `Calls ${functionName}(${(args ?? []).map(String).join(', ')})`
  } catch {
    return size(data) >= 4 ? `Calls ${slice(data, 0, 4)} (${size(data)} bytes of data)` : `Data ${data}`
  }
}

function chainIdText(value: unknown): string {
  if (typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value)) return String(Number.parseInt(value, 16))
  return String(value)
}

function messageText(message: unknown): string {
  if (typeof message !== 'string') return ''
  if (!isHex(message)) return message
  try {
    const text = hexToString(message)
    // Show decoded text only when it is printable.
    return /^[\P{Cc}\n\r\t]*$/u.test(text) ? text : message
  } catch {
    return message
  }
}

function typedDataText(data: unknown): string {
  try {
    const parsed = typeof data === 'string' ? (JSON.parse(data) as unknown) : data
    const primaryType = (parsed as { primaryType?: unknown } | null)?.primaryType
    return typeof primaryType === 'string' ? `Type ${primaryType}` : ''
  } catch {
    return ''
  }
}
