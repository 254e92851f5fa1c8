/**
 * The ids of the local Solana network of the dev stack (LiteSVM behind `dev/solana/server.ts`), the test Solana
 * wallet's default chains. Its genesis hash is fixed, so its CAIP-2 id is the same on every machine and every start.
 */

/** The genesis hash the local RPC answers to `getGenesisHash`: base58 of SHA-256("latchkey solana localnet genesis"). */
export const SOLANA_LOCALNET_GENESIS_HASH = 'AK7zphcMpwwaFXRuPquNGSMjWsVvhFPZxtA3jyyEkZwQ'
/** The CAIP-2 reference of the local network: the first 32 characters of the genesis hash (CAIP-30). */
export const SOLANA_LOCALNET_REFERENCE = SOLANA_LOCALNET_GENESIS_HASH.slice(0, 32)
/** `solana:AK7zphcMpwwaFXRuPquNGSMjWsVvhFPZ`. */
export const SOLANA_LOCALNET_CAIP_NETWORK_ID = `solana:${SOLANA_LOCALNET_REFERENCE}` as const
/** The Wallet Standard's own id for a local cluster; the dev wallet lists it beside the CAIP-2 id. */
export const SOLANA_LOCALNET_STANDARD_CHAIN = 'solana:localnet' as const
/** Default port of the local RPC (`npm start`, env SOLANA_PORT), the one `solana-test-validator` uses. */
export const SOLANA_DEFAULT_PORT = 8899
