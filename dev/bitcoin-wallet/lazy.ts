import { BitcoinConnect, BitcoinSendTransfer, BitcoinSignMessage, BitcoinSignTransaction } from '../../adapters/bip122.standard.ts'
import { lazyRememberingWallet, mountLazyWalletPanel, type LazyWallet, type LazyWalletSpec, type RegistrableLazyWallet } from '../lazyWallet.ts'
import { BITCOIN_DEV_WALLET_NAME, BITCOIN_DEV_WALLET_STORAGE_KEY, bitcoinDevWalletIcon, devWalletChain } from './identity.ts'
import { bitcoinPanelFrameStyle, mountBitcoinWalletPanel } from './panel.ts'
import type { BitcoinDevWallet, BitcoinDevWalletOptions } from './wallet.ts'

/** What the development Bitcoin wallet (default options) shows before it loads; `lazy.test.ts` compares it with the wallet. */
export const bitcoinDevWalletSpec: LazyWalletSpec = {
  name: BITCOIN_DEV_WALLET_NAME,
  icon: bitcoinDevWalletIcon,
  chains: [devWalletChain],
  features: {
    [BitcoinConnect]: { props: { version: '1.0.0' }, methods: ['connect'] },
    [BitcoinSignMessage]: { props: { version: '1.0.0', protocols: ['bip322', 'ecdsa'] }, methods: ['signMessage'] },
    [BitcoinSignTransaction]: { props: { version: '1.0.0' }, methods: ['signTransaction'] },
    [BitcoinSendTransfer]: { props: { version: '1.0.0' }, methods: ['sendTransfer'] },
    'standard:disconnect': { props: { version: '1.0.0' }, methods: ['disconnect'] },
  },
}

/**
 * The development Bitcoin wallet as a page loads it: a stand-in with its name, icon, chain and features, whose code
 * (bitcoinjs-lib and secp256k1, about 360 kB) loads on the first call of a feature or a click on its panel's "Open
 * wallet"; at once when the page's storage says a site is authorised (the app will reconnect it): `ready` resolves when the
 * stand-in may be registered, then with that wallet behind it, so the app sees the authorised accounts at registration.
 */
export function lazyBitcoinDevWallet(options: Pick<BitcoinDevWalletOptions, 'apiUrl' | 'storage'>): RegistrableLazyWallet<BitcoinDevWallet> {
  return lazyRememberingWallet(bitcoinDevWalletSpec, options.storage, BITCOIN_DEV_WALLET_STORAGE_KEY, async () => {
    const { BitcoinDevWallet } = await import('./wallet.ts')
    return new BitcoinDevWallet(options)
  })
}

/** The dock panel of {@link lazyBitcoinDevWallet}: a placeholder until the wallet loads, then its own panel. */
export function mountLazyBitcoinWalletPanel(lazy: LazyWallet<BitcoinDevWallet>, container: HTMLElement): () => void {
  return mountLazyWalletPanel(lazy, container, { testId: 'bitcoin-dev-wallet', title: 'Bitcoin Dev Wallet', frameStyle: bitcoinPanelFrameStyle, mount: mountBitcoinWalletPanel })
}
