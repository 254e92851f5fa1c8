import { SolanaSignAndSendTransaction, SolanaSignMessage, SolanaSignTransaction } from '@solana/wallet-standard-features'
import { StandardConnect, StandardDisconnect } from '@wallet-standard/features'
import { SOLANA_LOCALNET_CAIP_NETWORK_ID, SOLANA_LOCALNET_STANDARD_CHAIN } from '../solana/network.ts'
import { lazyRememberingWallet, mountLazyWalletPanel, type LazyWallet, type LazyWalletSpec, type RegistrableLazyWallet } from '../lazyWallet.ts'
import { DEV_SOLANA_WALLET_NAME, DEV_SOLANA_WALLET_STORAGE_KEY, devSolanaWalletIcon } from './identity.ts'
import { mountSolanaWalletPanel, solanaPanelFrameStyle } from './panel.ts'
import type { DevSolanaWallet, DevSolanaWalletOptions } from './wallet.ts'

/** What the development Solana wallet (default options) shows before it loads; `lazy.test.ts` compares it with the wallet. */
export const devSolanaWalletSpec: LazyWalletSpec = {
  name: DEV_SOLANA_WALLET_NAME,
  icon: devSolanaWalletIcon,
  chains: [SOLANA_LOCALNET_STANDARD_CHAIN, SOLANA_LOCALNET_CAIP_NETWORK_ID],
  features: {
    [StandardConnect]: { props: { version: '1.0.0' }, methods: ['connect'] },
    [StandardDisconnect]: { props: { version: '1.0.0' }, methods: ['disconnect'] },
    [SolanaSignMessage]: { props: { version: '1.1.0' }, methods: ['signMessage'] },
    [SolanaSignTransaction]: { props: { version: '1.0.0', supportedTransactionVersions: ['legacy', 0] }, methods: ['signTransaction'] },
    [SolanaSignAndSendTransaction]: { props: { version: '1.0.0', supportedTransactionVersions: ['legacy', 0] }, methods: ['signAndSendTransaction'] },
  },
}

/**
 * The development Solana wallet as a page loads it: a stand-in with its name, icon, chains and features, whose code
 * (web3.js, about 330 kB) loads on the first call of a feature or a click on its panel's "Open wallet"; at once when
 * the page's storage says a site is authorised (the app will reconnect it): `ready` resolves when the stand-in may be
 * registered, then with that wallet behind it, so the app sees the authorised accounts at registration. Options as {@link DevSolanaWallet}'s, the
 * defaults only for name and chains (the stand-in shows those).
 */
export function lazyDevSolanaWallet(options: Pick<DevSolanaWalletOptions, 'rpcUrl' | 'storage'>): RegistrableLazyWallet<DevSolanaWallet> {
  return lazyRememberingWallet(devSolanaWalletSpec, options.storage, DEV_SOLANA_WALLET_STORAGE_KEY, async () => {
    const { DevSolanaWallet } = await import('./wallet.ts')
    return new DevSolanaWallet(options)
  })
}

/** The dock panel of {@link lazyDevSolanaWallet}: a placeholder until the wallet loads, then its own panel. */
export function mountLazySolanaWalletPanel(lazy: LazyWallet<DevSolanaWallet>, container: HTMLElement): () => void {
  return mountLazyWalletPanel(lazy, container, { testId: 'dev-solana-wallet', title: 'Dev Solana Wallet', frameStyle: solanaPanelFrameStyle, mount: mountSolanaWalletPanel })
}
