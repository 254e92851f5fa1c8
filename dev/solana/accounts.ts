import { Keypair } from '@solana/web3.js'

/** The five Solana development accounts: shared with `latchkey/testing/solana`, where they live (testing/solana/accounts.ts). */
export { DEV_SOLANA_ACCOUNT_COUNT, DEV_SOLANA_ACCOUNT_LAMPORTS, DEV_SOLANA_ADDRESSES, devSolanaKeypairs, devSolanaSeed } from '../../testing/solana/accounts.ts'

/**
 * The reference exchange's Solana hot wallet (`dev/exchange/deposits.ts`: it pays the approved Solana sessions): the
 * ed25519 seed is the UTF-8 of `latchkey/solana/exchange-hot` padded with '.' to 32 bytes. The ledger funds it at start
 * as a dev account (100 SOL, 1 000 dUSDC); no dev wallet lists it, so no journey spends from it but the exchange.
 */
export const exchangeSolanaSeed = new TextEncoder().encode('latchkey/solana/exchange-hot'.padEnd(32, '.'))

/** The hot wallet's keypair ({@link exchangeSolanaSeed}), a fresh object on each call. */
export const exchangeSolanaKeypair = (): Keypair => Keypair.fromSeed(exchangeSolanaSeed)
