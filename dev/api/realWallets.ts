/**
 * Real wallets for the reference directory's catalogue: their public names, the reverse-DNS ids they announce
 * (EIP-6963: as RainbowKit's wallet list publishes them where it lists one, else the reverse of the app's domain) and
 * the link schemes their apps register publicly. Store
 * pages are given only where their public ids are well known; everything else is null. Their images are their marks
 * from `@web3icons/core` (`marks.ts`, by rdns), a monogram where the set has none. Dev-only.
 */

/** How a real wallet enters the catalogue (turned into a directory `Wallet` by `dataset.ts`). */
export type RealWallet = {
  name: string
  rdns: string
  /** Chain families: `evm` (the six EVM networks of the catalogue), `solana`, `bitcoin`. */
  families: ReadonlyArray<'evm' | 'solana' | 'bitcoin'>
  homepage: string
  /** The app's deep link: a native scheme (`metamask://`) or a universal link (https). */
  mobile?: string
  desktop?: string
  webapp?: string
  /** The Chrome Web Store item id of its extension. */
  chrome?: string
  /** The App Store id (digits) and the Google Play package. */
  appStore?: string
  play?: string
  certified?: boolean
}

/** In catalogue order: the most used first. */
export const realWallets: readonly RealWallet[] = [
  {
    name: 'MetaMask',
    rdns: 'io.metamask',
    families: ['evm'],
    homepage: 'https://metamask.io',
    mobile: 'metamask://',
    chrome: 'nkbihfbeogaeaoehlefnkodbefgpgknn',
    appStore: '1438144202',
    play: 'io.metamask',
    certified: true,
  },
  {
    name: 'Trust Wallet',
    rdns: 'com.trustwallet.app',
    families: ['evm', 'solana', 'bitcoin'],
    homepage: 'https://trustwallet.com',
    mobile: 'trust://',
    chrome: 'egjidjbpglichdcondbcbdnbeeppgdph',
    appStore: '1288339409',
    play: 'com.wallet.crypto.trustapp',
    certified: true,
  },
  {
    name: 'Coinbase Wallet',
    rdns: 'com.coinbase.wallet',
    families: ['evm', 'solana'],
    homepage: 'https://www.coinbase.com/wallet',
    mobile: 'cbwallet://',
    chrome: 'hnfanknocfeofbddgcijnmhnfnkdnaad',
    appStore: '1278383455',
    play: 'org.toshi',
    certified: true,
  },
  {
    name: 'Phantom',
    rdns: 'app.phantom',
    families: ['solana', 'evm', 'bitcoin'],
    homepage: 'https://phantom.com',
    mobile: 'phantom://',
    chrome: 'bfnaelmomeimhlpmgjnjophhpkkoljpa',
    appStore: '1598432977',
    play: 'app.phantom',
    certified: true,
  },
  { name: 'Rainbow', rdns: 'me.rainbow', families: ['evm'], homepage: 'https://rainbow.me', mobile: 'rainbow://', chrome: 'opfgelmcmbiajamepnmloijbpoleiama', appStore: '1457119021', play: 'me.rainbow' },
  { name: 'OKX Wallet', rdns: 'com.okex.wallet', families: ['evm', 'solana', 'bitcoin'], homepage: 'https://www.okx.com/web3', mobile: 'okex://main', chrome: 'mcohilncbfahbmgdjkbpemcciiolgcge' },
  { name: 'Rabby Wallet', rdns: 'io.rabby', families: ['evm'], homepage: 'https://rabby.io', chrome: 'acmacodkjbdgmoleebolmdjonilkdbch' },
  { name: 'Zerion', rdns: 'io.zerion.wallet', families: ['evm'], homepage: 'https://zerion.io', mobile: 'zerion://', chrome: 'klghhnkeealcohjjanjjdaeeggmfmlpl' },
  { name: 'Solflare', rdns: 'com.solflare', families: ['solana'], homepage: 'https://solflare.com', mobile: 'https://solflare.com/ul/v1', chrome: 'bhhhlbepdkbapadjdnnojkbgioiodbic' },
  { name: 'Backpack', rdns: 'app.backpack', families: ['solana', 'evm'], homepage: 'https://backpack.app', chrome: 'aflkmfhebedbjioipglgcbcmnbpgliof' },
  { name: 'Ledger Live', rdns: 'com.ledger', families: ['evm', 'solana', 'bitcoin'], homepage: 'https://www.ledger.com/ledger-live', mobile: 'ledgerlive://', desktop: 'ledgerlive://' },
  { name: 'Safe', rdns: 'global.safe', families: ['evm'], homepage: 'https://safe.global', webapp: 'https://app.safe.global' },
  { name: 'imToken', rdns: 'im.token', families: ['evm', 'bitcoin'], homepage: 'https://token.im', mobile: 'imtokenv2://' },
  { name: 'TokenPocket', rdns: 'pro.tokenpocket', families: ['evm', 'solana', 'bitcoin'], homepage: 'https://www.tokenpocket.pro', mobile: 'tpoutside://', chrome: 'mfgccjchihfkkindfppnaooecgfneiii' },
  { name: 'Argent', rdns: 'xyz.argent', families: ['evm'], homepage: 'https://www.argent.xyz', mobile: 'argent://app/' },
  { name: 'Exodus', rdns: 'com.exodus', families: ['evm', 'solana', 'bitcoin'], homepage: 'https://www.exodus.com', mobile: 'exodus://', desktop: 'exodus://' },
  { name: 'Enkrypt Wallet', rdns: 'com.enkrypt', families: ['evm', 'bitcoin'], homepage: 'https://www.enkrypt.com', chrome: 'kkpllkodjeloidieedojogacfhpaihoh' },
  { name: 'Coin98 Wallet', rdns: 'com.coin98', families: ['evm', 'solana'], homepage: 'https://coin98.com', mobile: 'coin98://' },
  { name: 'Kraken Wallet', rdns: 'com.kraken.wallet', families: ['evm', 'solana', 'bitcoin'], homepage: 'https://www.kraken.com/wallet', mobile: 'krakenwallet://' },
  { name: 'Ronin Wallet', rdns: 'com.roninchain.wallet', families: ['evm'], homepage: 'https://wallet.roninchain.com', mobile: 'roninwallet://', chrome: 'fnjhmkhhmkbjkkabndcnnogagogbneec' },
  { name: 'CTRL Wallet', rdns: 'xyz.ctrl', families: ['evm', 'solana', 'bitcoin'], homepage: 'https://ctrl.xyz', chrome: 'hmeobnfnfcmdkdcmlblgagmfpfboieaf' },
  { name: 'MEW wallet', rdns: 'com.myetherwallet', families: ['evm'], homepage: 'https://www.mewwallet.com', mobile: 'mewwallet://', webapp: 'https://www.myetherwallet.com/wallet/access' },
  { name: 'AlphaWallet', rdns: 'com.alphawallet', families: ['evm'], homepage: 'https://alphawallet.com', mobile: 'awallet://' },
  { name: 'Sequence', rdns: 'xyz.sequence', families: ['evm'], homepage: 'https://sequence.xyz', webapp: 'https://sequence.app' },
  { name: 'Atomic Wallet', rdns: 'io.atomicwallet', families: ['evm', 'solana', 'bitcoin'], homepage: 'https://atomicwallet.io', desktop: 'atomic://' },
  { name: 'BlueWallet', rdns: 'io.bluewallet', families: ['bitcoin'], homepage: 'https://bluewallet.io', mobile: 'bluewallet://' },
  { name: 'BitBox', rdns: 'ch.shiftcrypto.bitbox', families: ['evm', 'bitcoin'], homepage: 'https://bitbox.swiss' },
  { name: 'Trezor Suite', rdns: 'io.trezor', families: ['evm', 'solana', 'bitcoin'], homepage: 'https://trezor.io/trezor-suite' },
  { name: 'Zengo', rdns: 'com.zengo', families: ['evm', 'bitcoin'], homepage: 'https://zengo.com', mobile: 'zengo://' },
  { name: 'Glow', rdns: 'app.glow', families: ['solana'], homepage: 'https://glow.app', chrome: 'ojbcfhjmpigfobfclfflafhblgemeidi' },
  { name: 'Uniswap Wallet', rdns: 'org.uniswap.app', families: ['evm'], homepage: 'https://wallet.uniswap.org', mobile: 'uniswap://' },
  { name: 'Bitget Wallet', rdns: 'com.bitget.web3', families: ['evm', 'solana', 'bitcoin'], homepage: 'https://web3.bitget.com', mobile: 'bitkeep://', chrome: 'jiidiaalihmmhddjgbnbgdfflelocpak' },
  { name: 'OneKey', rdns: 'so.onekey.app.wallet', families: ['evm', 'solana', 'bitcoin'], homepage: 'https://onekey.so', mobile: 'onekey-wallet://', chrome: 'jnmbobjmhlngoefaiojfljckilhhlhcj' },
  { name: 'SafePal', rdns: 'app.safepal', families: ['evm', 'solana', 'bitcoin'], homepage: 'https://www.safepal.com', mobile: 'safepalwallet://', chrome: 'lgmpcpglpngdoalbgeoldeajfclnhafa' },
  { name: 'Frame', rdns: 'sh.frame', families: ['evm'], homepage: 'https://frame.sh', desktop: 'frame://' },
  { name: 'Brave Wallet', rdns: 'com.brave.wallet', families: ['evm', 'solana'], homepage: 'https://brave.com/wallet' },
  { name: 'Taho', rdns: 'xyz.taho', families: ['evm'], homepage: 'https://taho.xyz', chrome: 'eajafomhmkipbjmfmhebemolkcicgfmd' },
  { name: 'Zeal', rdns: 'app.zeal', families: ['evm'], homepage: 'https://www.zeal.app' },
  { name: 'Frontier Wallet', rdns: 'xyz.frontier.wallet', families: ['evm', 'solana'], homepage: 'https://www.frontier.xyz', mobile: 'frontier://' },
  { name: 'Core', rdns: 'app.core.extension', families: ['evm', 'bitcoin'], homepage: 'https://core.app', chrome: 'agoakfejjabomempkjlepdflaleeobhb' },
  { name: 'Magic Eden Wallet', rdns: 'io.magiceden.wallet', families: ['evm', 'solana', 'bitcoin'], homepage: 'https://wallet.magiceden.io', chrome: 'mkpegjkblkkefacfnmkajcjmabijhclg' },
  { name: 'Bybit Wallet', rdns: 'com.bybit', families: ['evm', 'solana'], homepage: 'https://www.bybit.com/web3' },
  { name: 'Binance Wallet', rdns: 'com.binance.wallet', families: ['evm', 'solana', 'bitcoin'], homepage: 'https://www.binance.com/web3wallet', mobile: 'bnc://' },
  { name: 'Gate Wallet', rdns: 'io.gate.wallet', families: ['evm', 'solana', 'bitcoin'], homepage: 'https://www.gate.io/web3' },
  { name: 'Talisman', rdns: 'xyz.talisman', families: ['evm'], homepage: 'https://talisman.xyz' },
  { name: 'SubWallet', rdns: 'app.subwallet', families: ['evm'], homepage: 'https://www.subwallet.app' },
  { name: 'Gemini Wallet', rdns: 'com.gemini.wallet', families: ['evm'], homepage: 'https://www.gemini.com/wallet' },
  { name: 'Xverse', rdns: 'com.xverse', families: ['bitcoin'], homepage: 'https://www.xverse.app', chrome: 'idnnbdplmphpflfnlkomgpfbpcgelopg' },
  { name: 'Leather', rdns: 'io.leather', families: ['bitcoin'], homepage: 'https://leather.io', chrome: 'ldinpeekobnhjjdofggfgjlcehhmanlj' },
  { name: 'UniSat Wallet', rdns: 'io.unisat', families: ['bitcoin'], homepage: 'https://unisat.io', chrome: 'ppbibelpcjmhbdihakflkdcoccbgbkpo' },
]
