/** The indefinite article before a chain family's name as it is said: 'an EVM', 'a Solana', 'a Bitcoin'. */
const article = (family: string) => (family === 'EVM' ? 'an' : 'a')

/** Pay's English words (spec §1 Pay): what is asked, how it is paid (each connected wallet, the exchanges), and each end. */
export const enPay = {
  asked: 'This site asks you to pay',
  recipient: 'To',
  network: 'Network',
  memo: 'Note from the site',
  payWith: 'Pay with',
  walletBalance: (wallet: string, balance: string) => `Wallet ${wallet} · balance ${balance}`,
  /** Why a connected wallet cannot pay, under its row among several. */
  walletShortOfAsset: (symbol: string) => `Not enough ${symbol}`,
  walletShortOfFee: (symbol: string) => `Not enough ${symbol} for the network fee`,
  walletUnreadable: 'Its balance could not be read',
  /** A connected wallet other than the site's active one pays: said on the Pay view. */
  heldWalletPays: (wallet: string) => `${wallet} pays. The site stays connected to your active wallet.`,
  networkFee: 'Network fee',
  copyRecipient: 'Copy the recipient address',
  recipientCopied: 'Recipient address copied',
  loading: 'Reading your balance…',
  shortOfAsset: (symbol: string) => `Not enough ${symbol} in this wallet to pay this amount. Add ${symbol} to the wallet, or cancel.`,
  shortOfFee: (symbol: string) => `Not enough ${symbol} in this wallet to pay the network fee. Add ${symbol} to the wallet, or cancel.`,
  payButton: (amount: string, symbol: string) => `Pay ${amount} ${symbol}`,
  cancel: 'Cancel',
  switching: (network: string) => `Switch your wallet to ${network} to pay…`,
  prompting: 'Confirm the payment in your wallet',
  confirming: 'Payment sent. Waiting for the network to confirm it…',
  succeeded: 'Payment complete',
  /** The recipient's slot holds its short address. */
  succeededBody: (amount: string, symbol: string, recipient: string) => `You paid ${amount} ${symbol} to ${recipient}.`,
  succeededConfirmed: 'The network confirmed it.',
  failed: 'The payment did not go through',
  done: 'Done',
  close: 'Close',
  transaction: 'Transaction',
  orExchange: 'Or pay from an exchange account',
  payWithExchange: (exchange: string) => `Pay with ${exchange}`,
  exchangeOpening: (exchange: string) => `Opening ${exchange}…`,
  exchangeWaiting: (exchange: string) => `Approve the payment on ${exchange}'s page. This view follows it and ends by itself.`,
  exchangeReopen: (exchange: string) => `Open ${exchange} again`,
  expired: 'The payment expired',
  tryAgain: 'Try again',
  chooseAnother: 'Choose another way',
  noWallet: 'No wallet connected',
  noWalletHint: (hasExchanges: boolean, family: string) =>
    hasExchanges ? `To pay from a wallet, connect one on ${article(family)} ${family} network. Or pay from an exchange account below.` : `Connect a wallet on ${article(family)} ${family} network to pay.`,
} as const
