import { createModal, mainnet, solana } from 'latchkey'

export const modal = createModal({
  projectId: 'your-project-id',
  networks: [mainnet, solana],
  // The secure site's own origin, http(s): its frame holds the session and approves what signs or sends.
  embeddedWallet: { secureSiteUrl: 'https://secure.example.org' },
  // email and socials are on by default (remote-controllable); the list sets the social providers and their order.
  features: { email: true, socials: ['google', 'github', 'farcaster'] },
})
