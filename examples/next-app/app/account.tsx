'use client'

import { useAccount } from 'latchkey/react'

/** The connected account read with a hook: a client component. */
export function Account() {
  const account = useAccount()
  if (!account.isConnected) return <p>Not connected</p>
  return (
    <p>
      Connected: <output data-testid="example-address">{account.address}</output> · balance{' '}
      <output data-testid="example-balance">
        {account.balance} {account.balanceSymbol}
      </output>
    </p>
  )
}
