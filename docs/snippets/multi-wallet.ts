import { createModal, mainnet } from 'latchkey'

const modal = createModal({ projectId: 'your-project-id', networks: [mainnet], features: { multiWallet: true } })

export async function tour() {
  // #region calls
  modal.getConnections('eip155') // [{ id: 'eip155:io.metamask', connectorId, address, accounts, caipNetworkId, active: true, lastUsed }, …]
  await modal.switchConnection({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }) // any account a held wallet gave (or { connectionId }); restored silently, state.connections.isSwitching meanwhile
  await modal.deleteConnection({ connectionId: 'eip155:io.metamask' }) // the active one: the most recently used other one follows
  // #endregion calls
}
