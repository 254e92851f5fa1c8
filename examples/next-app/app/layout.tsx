import type { Metadata } from 'next'
import { Providers } from './providers'

export const metadata: Metadata = {
  title: 'latchkey · Next.js App Router',
  description: 'latchkey in a Next.js App Router app',
}

// A server component: the client part (the modal instance and its provider) is ./providers.tsx.
export default function RootLayout({ children }: LayoutProps<'/'>) {
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  )
}
