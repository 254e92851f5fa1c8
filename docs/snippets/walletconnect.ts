import { arbitrum, createModal, mainnet } from 'latchkey'

export const modal = createModal({
  projectId: 'your-project-id', // sent to the relay
  networks: [mainnet, arbitrum],
  walletConnect: { relayUrl: 'ws://127.0.0.1:8700' }, // default wss://relay.walletconnect.org; `false` turns it off
})
