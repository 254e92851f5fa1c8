/**
 * The demo's second Solana and Bitcoin development wallets (multi-wallet, spec §6): `?secondSolanaWallet=1` and
 * `?secondBitcoinWallet=1` register dev account 1 under its own Wallet Standard name ('Second Dev Solana Wallet',
 * 'Second Bitcoin Dev Wallet'), approving by itself (no panel), its state kept in the browser as an extension's is.
 * Their code loads at once, on these pages only.
 */
import { registerBitcoinWallet } from '../dev/bitcoin-wallet/register.ts'
import { registerDevSolanaWallet } from '../dev/solana-wallet/register.ts'

/** Registers the second wallets the page's query asks for (`params`), reading the dev stack at `solanaRpc` and `apiUrl`. */
export function registerSecondWallets(params: URLSearchParams, { solanaRpc, apiUrl }: { solanaRpc: string; apiUrl: string }): void {
  if (params.get('secondSolanaWallet') === '1') {
    void import('../dev/solana-wallet/wallet.ts').then(({ DevSolanaWallet }) => {
      const storageKey = 'latchkey-dev-solana-wallet-second'
      const fresh = localStorage.getItem(storageKey) === null
      const second = new DevSolanaWallet({ rpcUrl: solanaRpc, storage: localStorage, storageKey, autoApprove: true, name: 'Second Dev Solana Wallet' })
      if (fresh) second.setAccount(1)
      registerDevSolanaWallet(second)
    })
  }
  if (params.get('secondBitcoinWallet') === '1') {
    void import('../dev/bitcoin-wallet/wallet.ts').then(({ BitcoinDevWallet }) => {
      const storageKey = 'latchkey-bitcoin-dev-wallet-second'
      const fresh = localStorage.getItem(storageKey) === null
      const second = new BitcoinDevWallet({ apiUrl: `${apiUrl}/blockchain`, storage: localStorage, storageKey, autoApprove: true, name: 'Second Bitcoin Dev Wallet' })
      if (fresh) second.setAccount(1)
      registerBitcoinWallet(second)
    })
  }
}
