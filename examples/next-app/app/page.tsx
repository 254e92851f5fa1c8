import { AccountButton, ConnectButton, NetworkButton } from 'latchkey/react'
import { Account } from './account'

// A server component, prerendered at build time: latchkey/react's buttons are client components ('use client' in the
// package), used here directly.
export default function Home() {
  return (
    <main>
      <h1>latchkey · Next.js App Router</h1>
      <ConnectButton />
      <AccountButton />
      <NetworkButton />
      <Account />
    </main>
  )
}
