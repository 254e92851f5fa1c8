/**
 * The demo's payment request (spec §1 Pay): the dapp asks the visitor to pay an amount of ETH, SOL or a dev token to a
 * recipient with `usePay()` (`modal.pay`), and shows how it ended. On with `?features=pay:on` (pay is off by default,
 * spec §8).
 */
import { useState } from 'react'
import { DEV_TETHER_ADDRESS, DEV_TOKEN_ADDRESS } from '../dev/tokens/tokens.ts'
import { SOLANA_LOCALNET_CAIP_NETWORK_ID } from '../dev/solana/network.ts'
import { DEV_SPL_MINT_ADDRESS } from '../dev/solana/tokens.ts'
import { usePay } from '../ui/react.tsx'

/** The assets the demo can ask for, on the first dev chain (anvil 31337) and the local Solana chain, as CAIP-19 ids. */
const assets = [
  { label: 'ETH', id: 'eip155:31337/slip44:60' },
  { label: 'dUSDT (6 decimals)', id: `eip155:31337/erc20:${DEV_TETHER_ADDRESS}` },
  { label: 'DEV (18 decimals)', id: `eip155:31337/erc20:${DEV_TOKEN_ADDRESS}` },
  { label: 'SOL (Solana Localnet)', id: `${SOLANA_LOCALNET_CAIP_NETWORK_ID}/slip44:501` },
  { label: 'dUSDC (SPL, Solana Localnet)', id: `${SOLANA_LOCALNET_CAIP_NETWORK_ID}/token:${DEV_SPL_MINT_ADDRESS}` },
] as const

/** Asks for a payment and shows its result (`data-testid="pay-result"`: the status and the whole result). */
export function PayRequest() {
  const { pay, status, result, error, reset } = usePay()
  const [recipient, setRecipient] = useState('')
  const [amount, setAmount] = useState('0.01')
  const [asset, setAsset] = useState<string>(assets[0].id)
  const [memo, setMemo] = useState('Order #1042')
  return (
    <>
      <h3>Ask for a payment</h3>
      <p className="muted">The modal shows the request, the wallet’s balance, and ends with how the payment went (`usePay`).</p>
      <div className="row">
        <div className="field">
          <label htmlFor="pay-to">Pay to</label>
          <input id="pay-to" value={recipient} placeholder="0x…, a name or a Solana address" autoComplete="off" spellCheck={false} onChange={(e) => setRecipient(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="pay-amount">Pay amount</label>
          <input id="pay-amount" value={amount} inputMode="decimal" autoComplete="off" onChange={(e) => setAmount(e.target.value)} />
        </div>
      </div>
      <div className="row">
        <div className="field">
          <label htmlFor="pay-asset">Pay in</label>
          <select id="pay-asset" value={asset} onChange={(e) => setAsset(e.target.value)}>
            {assets.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="pay-memo">Note</label>
          <input id="pay-memo" value={memo} autoComplete="off" onChange={(e) => setMemo(e.target.value)} />
        </div>
      </div>
      <button type="button" className="btn" disabled={status === 'pending'} onClick={() => void pay({ recipient, amount, asset, memo: memo || undefined }).catch(() => {})}>
        Ask for payment
      </button>
      {status !== 'idle' && (
        <p className="result">
          Payment: <code data-testid="pay-status">{status}</code> {result && <code data-testid="pay-result">{JSON.stringify(result)}</code>}
          {error && <code data-testid="pay-error">{(error as Error & { shortMessage?: string }).shortMessage ?? error.message}</code>}{' '}
          {status !== 'pending' && (
            <button type="button" className="btn" onClick={reset}>
              Clear
            </button>
          )}
        </p>
      )}
    </>
  )
}
