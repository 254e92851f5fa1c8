// The modal instance the other snippets use: one per page, created once at module level (outside render).
import { createModal, mainnet } from 'latchkey'

export const projectId = 'your-project-id'

export const modal = createModal({ projectId, networks: [mainnet] })
