'use client'

import { useAccount, useHydrated } from 'latchkey/react'

/**
 * The connected account read with a hook: a client component. Prerendered, it shows what the server knows (nobody
 * connected) until hydration ends, so a reload that restores a stored connection hydrates without a mismatch.
 */
export function Account() {
  const hydrated = useHydrated()
  const account = useAccount()
  if (!hydrated || !account.isConnected) return <p>Not connected</p>
  return (
    <p>
      Connected: <output data-testid="example-address">{account.address}</output> · balance{' '}
      <output data-testid="example-balance">
        {account.balance} {account.balanceSymbol}
      </output>
    </p>
  )
}
