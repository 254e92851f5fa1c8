import { pairingActors } from '../../adapters/actors.features.ts'
import { pairingMachine } from '../../machines/pairing.ts'
import type { FeatureHost } from './host.ts'

/** The WalletConnect pairing machine (spec §2 ConnectingWalletConnect, §9 pairing expiry) on this instance's client. */
export function assemble(host: FeatureHost) {
  return pairingMachine.provide({ actors: pairingActors(host.walletConnect) })
}
