/**
 * The SPL token of the local Solana chain: a dev USDC-like mint with 6 decimals whose mint authority is the faucet,
 * created at the ledger's start with a balance in each dev account's associated token account. Its address is fixed
 * (the public key of a documented seed), so the demo and the tests name it without asking the chain. Browser-safe.
 */

/** The mint's ed25519 seed: UTF-8 `latchkey/solana/dev-mint/dUSDC` padded with '.' to 32 bytes (anyone can derive it). */
export const devSplMintSeed = new TextEncoder().encode('latchkey/solana/dev-mint/dUSDC'.padEnd(32, '.'))
/** The mint's address: the public key of {@link devSplMintSeed} (checked by `ledger.test.ts`). */
export const DEV_SPL_MINT_ADDRESS = '4oYp8nTG8Jr1Auvs4EJeNPLasZ8gFkyt4JBRcBco74a8'
/** The dev token's name, symbol (in its Token Metadata account) and decimals. */
export const DEV_SPL_NAME = 'Dev USD Coin'
export const DEV_SPL_SYMBOL = 'dUSDC'
export const DEV_SPL_DECIMALS = 6
/** What each dev account holds at start: 1 000 dUSDC, in base units. */
export const DEV_SPL_PER_ACCOUNT = 1_000_000_000n
