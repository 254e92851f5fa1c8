/** The test Bitcoin wallet's default name, its storage key and its chains' ids: light (no bitcoinjs-lib), for the connected start in `latchkey/testing`. */

/** The test Bitcoin wallet's default name: shown in Connect, and the modal's connector id for it (Wallet Standard wallets are named). */
export const TEST_BITCOIN_WALLET_NAME = 'Test Bitcoin Wallet'

/** The storage key a test Bitcoin wallet with this name keeps its state under (its authorisation of the site, its account). */
export function testBitcoinWalletStorageKey(name: string = TEST_BITCOIN_WALLET_NAME): string {
  return `latchkey-test-bitcoin-wallet:${name}`
}

/** The CAIP-2 ids of the Bitcoin networks (`bip122:` and the genesis block hash's first 32 hex digits), by Wallet Standard chain. */
export const BITCOIN_CAIP_NETWORK_IDS = {
  'bitcoin:mainnet': 'bip122:000000000019d6689c085ae165831e93',
  'bitcoin:testnet': 'bip122:000000000933ea01ad0ee984209779ba',
  'bitcoin:regtest': 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
} as const
