// app/providers.tsx (examples/next-app)
'use client'
import { createModal, mainnet } from 'latchkey'
import { ModalProvider } from 'latchkey/react'
import { type ReactNode, useState } from 'react'

export function Providers({ children }: { children: ReactNode }) {
  // One instance per rendered tree: two requests never share one.
  const [modal] = useState(() => createModal({ projectId: 'your-project-id', networks: [mainnet] }))
  return <ModalProvider modal={modal}>{children}</ModalProvider>
}
