/**
 * The local Solana network of the dev stack (LiteSVM behind `dev/solana/server.ts`): its fixed genesis hash, its
 * CAIP-2 id and its network facts. Browser-safe (no Node modules): the demo page and the dev wallet import it.
 */
import { defineSolanaNetwork } from '../../adapters/networks.ts'
import type { CaipNetwork } from '../../adapters/networks.ts'
import { SOLANA_DEFAULT_PORT, SOLANA_LOCALNET_REFERENCE } from '../../testing/solana/localnet.ts'

export { SOLANA_LOCALNET_CAIP_NETWORK_ID, SOLANA_LOCALNET_GENESIS_HASH, SOLANA_LOCALNET_REFERENCE, SOLANA_LOCALNET_STANDARD_CHAIN } from '../../testing/solana/localnet.ts'
/** The local network's image id, served by the reference API's `/public/getAssetImage/{id}`. */
export const SOLANA_LOCALNET_IMAGE_ID = '6abe1392-a5c8-4212-a36d-9e29fb706956'
export { SOLANA_DEFAULT_PORT } from '../../testing/solana/localnet.ts'

/**
 * The local network as the modal takes it (`CaipNetwork`): id = the CAIP-2 reference, name 'Solana Localnet',
 * SOL with 9 decimals, testnet.
 *
 * @param rpcUrl the local RPC's URL (what `startSolanaRpc` returned); default `http://127.0.0.1:8899`.
 * @example createModal({ networks: [mainnet, solanaLocalnetAt(import.meta.env.VITE_SOLANA_RPC)] })
 */
export function solanaLocalnetAt(rpcUrl = `http://127.0.0.1:${SOLANA_DEFAULT_PORT}`): CaipNetwork {
  return defineSolanaNetwork({ reference: SOLANA_LOCALNET_REFERENCE, name: 'Solana Localnet', rpcUrl, testnet: true, imageId: SOLANA_LOCALNET_IMAGE_ID })
}

/** The local network at the default URL (`http://127.0.0.1:8899`); use {@link solanaLocalnetAt} for another port. */
export const solanaLocalnet: CaipNetwork = solanaLocalnetAt()
