/**
 * The English copy catalogue (STYLE.md rule 12): every string the UI shows. The spec's user-visible
 * strings (§8) appear here word for word. Other locales would load lazily with the same keys.
 */
export const en = {
  titles: {
    Connect: 'Connect Wallet',
    Account: 'Account',
    AllWallets: 'All Wallets',
    ConnectingExternal: 'Connecting',
    SwitchNetwork: 'Switch Network',
    UnsupportedChain: 'Unsupported Network',
  },
  connectButton: 'Connect Wallet',
  connecting: 'Connecting…',
  back: 'Back',
  close: 'Close',
  disconnect: 'Disconnect',
  allWallets: 'All Wallets',
  recent: 'Recent',
  featured: 'Featured',
  installed: 'Installed',
  noWallets: 'No browser wallet found. Install one, or open this page in a wallet app.',
  searchWallet: 'Search wallet',
  searching: 'Searching…',
  noMatch: 'No wallet matches',
  continueIn: (name: string) => `Continue in ${name}`,
  acceptRequest: 'Accept the connection request in the wallet',
  declined: 'Connection declined',
  declinedHint: 'The connection was declined in the wallet.',
  failed: 'Connection failed',
  tryAgain: 'Try again',
  copyAddress: 'Copy address',
  copied: 'Address copied',
  switchNetworkLabel: (name: string) => `Switch network (${name})`,
  wrongNetwork: 'Wrong network',
  unsupportedHint: 'The wallet is on a network this app does not support. Switch to a supported network to continue.',
  approveSwitch: 'Approve the network switch in your wallet',
  switchFailed: 'Switching network failed',
  activeNetwork: 'Active',
  balanceUnavailable: 'Token Balance Unavailable',
  loading: 'Loading…',
  walletIcon: (name: string) => `${name} icon`,
  unknownError: 'Unknown error',
} as const

export type Copy = typeof en
