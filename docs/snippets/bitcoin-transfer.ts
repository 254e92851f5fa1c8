import type { Bip122Adapter } from 'latchkey' // the adapter and connector types are exported
import { modal } from './modal.ts'

export async function sendSatoshis(recipient: string) {
  const { account, network } = modal.getState()
  const btc = (await modal.getAdapter('bip122')) as Bip122Adapter
  const { txid } = await btc.sendTransfer({ connectorId: account.connectorId!, network, recipient, amount: 10_000n }) // satoshis
  modal.refreshBalance() // the balance and Account data again, caches bypassed
  // btc.signPSBT({ connectorId, network, psbt, signInputs, broadcast }) signs (and broadcasts) a PSBT, checked on its way back
  return txid
}
