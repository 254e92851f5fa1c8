// app/layout.tsx and app/page.tsx: server components
import { AccountButton, ConnectButton, NetworkButton } from 'latchkey/react'
import type { ReactNode } from 'react'
import { Providers } from './next-providers.tsx'

export function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  )
}

// latchkey/react starts with 'use client': a server component uses its buttons directly.
export function Home() {
  return (
    <main>
      <ConnectButton />
      <AccountButton />
      <NetworkButton />
    </main>
  )
}
