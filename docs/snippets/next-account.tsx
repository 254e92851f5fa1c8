'use client'
import { useAccount, useHydrated } from 'latchkey/react'

export function Account() {
  const hydrated = useHydrated() // false on the server and while hydrating
  const account = useAccount()
  return <p>{hydrated && account.isConnected ? account.address : 'Not connected'}</p>
}
