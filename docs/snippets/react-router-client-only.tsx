// app/routes/wallet.tsx (its component): the panel loads after hydration, in its own chunk.
import { useHydrated } from 'latchkey/react'
import { lazy, type ReactNode, Suspense } from 'react'

// `import('./wallet.client')` in your app; the chunk is fetched on the first render in the browser.
const WalletPanel = lazy(() => import('./react-router-wallet.client.tsx'))

/** Renders `children` in the browser once hydrated; `fallback` on the server and during hydration. */
export function ClientOnly({ children, fallback = null }: { children: () => ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children() : fallback
}

const placeholder = (
  <button type="button" disabled>
    Connect Wallet
  </button>
)

export default function WalletRoute() {
  return (
    <main>
      <ClientOnly fallback={placeholder}>
        {() => (
          <Suspense fallback={placeholder}>
            <WalletPanel />
          </Suspense>
        )}
      </ClientOnly>
    </main>
  )
}
