import type { Widen } from '../i18n/keys.ts'
import type { MessageKey } from '../../machines/messages.ts'
import type { SendMessageKey } from '../../machines/send.messages.ts'

/**
 * The shell's English words: what the page buttons, the modal's frame (header, back, close, the
 * loading skeleton, the branding footer) and the toasts show. They ship in the page's initial JS; every other word
 * is in `en.ts`, which loads with the views' chunk. The full catalogue is `en` (`en.ts`), shell words included.
 */
export const enShell = {
  titles: {
    Connect: 'Connect Wallet',
    Account: 'Account',
    AllWallets: 'All Wallets',
    ConnectingExternal: 'Connecting',
    ConnectingWalletConnect: 'WalletConnect',
    ConnectingWalletConnectBasic: 'WalletConnect',
    SwitchNetwork: 'Switch Network',
    SwitchActiveChain: 'Switch Network',
    UnsupportedChain: 'Unsupported Network',
    Receive: 'Receive',
    Send: 'Send',
    SendSelectToken: 'Select Token',
    SendPreview: 'Review Send',
    Swap: 'Swap',
    SwapSelectToken: 'Select Token',
    SwapPreview: 'Review Swap',
    SIWXSignMessage: 'Sign In',
    ApproveTransaction: 'Approve Transaction',
    WhatIsAWallet: 'What is a wallet?',
    GetWallet: 'Get a wallet',
    RegisterAccountName: 'Choose your name',
    RegisterAccountNameSuccess: 'Name registered',
    OnRamp: 'Buy crypto',
    OnRampProviders: 'Choose a provider',
    OnRampCheckout: 'Complete your purchase',
    UpdateEmailWallet: 'Change your email',
    ProfileWallets: 'Your wallets',
    ConnectingFarcaster: 'Farcaster',
    Pay: 'Pay',
    CallsStatus: 'Batched Calls',
    Sessions: 'Sessions',
  },
  /** A toast's button that opens the view it is about (a batch of calls: CallsStatus). */
  toastDetails: 'Details',
  /** ConnectingExternal's title by the connection's phase (the view's body says what to do next). */
  connectingTitles: { declined: 'Connection declined', error: 'Connection failed', connected: 'Connected' } as Partial<Record<'waiting' | 'declined' | 'error' | 'connected' | 'idle', string>>,
  connectButton: 'Connect Wallet',
  connecting: 'Connecting…',
  back: 'Back',
  close: 'Close',
  switchNetworkLabel: (name: string) => `Switch network (${name})`,
  wrongNetwork: 'Wrong network',
  /** The page's account button when the wallet's balance could not be read: the retry beside it. */
  retryBalance: 'Balance unavailable. Try again',
  loading: 'Loading…',
  /** The branding footer of Connect and Account (the `reownBranding` feature): "UX by latchkey", the slot `brandingName`. */
  branding: (name: string) => `UX by ${name}`,
  brandingName: 'latchkey',
  unknownError: 'Unknown error',
  /** The debug-mode alert of a switch to a network the dapp does not configure (spec §8 SWITCH_NETWORK_NOT_FOUND). */
  networkNotFound: 'Network Not Found',
  /**
   * The send form's messages by key (`machines/send.messages.ts`; worded by `ui/errorSentence.ts` `sendMessageText`): the
   * spec's §5 strings word for word, and this build's own for the amount and receiver. In the shell because the public
   * entry re-exports them (`sendMessages`) and a send's failure can reach a toast.
   */
  sendMessages: {
    required: 'An amount and receiver address are required',
    tokenRequired: 'A token is required',
    unsupportedChain: 'Unsupported chain',
    invalidAmount: 'Enter a valid amount',
    notPositive: 'The amount must be greater than 0',
    tooManyDecimals: (symbol: string, decimals: number) => `Too many decimals: ${symbol} allows ${decimals}`,
    insufficient: (symbol: string) => `Insufficient ${symbol} balance`,
    insufficientForFee: (symbol: string) => `Not enough ${symbol} to pay the network fee`,
    invalidReceiver: 'Invalid receiver address',
    invalidCaipAddress: 'Invalid CAIP-10 address',
    receiverOnOtherNetwork: (caipNetworkId: string) => `This address is on another network (${caipNetworkId})`,
    nameNotFound: 'No address found for this name',
    nameResolveFailed: 'Error resolving name',
    nameResolving: 'Looking up the name, try again in a moment',
    reverted: 'The transaction failed on chain',
  } satisfies Record<SendMessageKey, string | ((...values: never[]) => string)>,
  /** The words of the machines' message keys (`machines/messages.ts`); a `failure` is worded by `errors`. */
  messages: {
    sendSubmitted: 'Waiting for the transaction…',
    sendSent: 'Transaction sent',
    swapSubmitted: 'Waiting for the swap…',
    swapSent: 'Swap confirmed',
    transactionStackFull: 'Too many pending transactions',
    siwxSignFailed: 'Error signing message',
    siwxInitFailed: 'A problem occurred while trying initialize authentication',
    featureLoadFailed: 'Could not load this part of the modal. Check your connection and try again.',
    invalidAppConfiguration: 'Invalid App Configuration',
    actionNotAllowed: 'Action not allowed',
    accountTypeSmartAccount: 'Switched to your smart account',
    accountTypeEoa: 'Switched to your EOA',
    emailUpdated: (email: string) => `Your email is now ${email}`,
    batchSubmitted: 'Waiting for the calls…',
    batchProgress: (index: number, total: number) => `Call ${index} of ${total}…`,
    batchConfirmed: 'Calls confirmed',
    batchFailed: 'The wallet could not run the calls',
    batchReverted: 'The calls failed on chain',
    batchPartial: 'Only some of the calls went through',
    batchAtomicUnsupported: 'This wallet cannot run these calls together',
    batchUnknown: 'Calls sent, status unknown',
    batchRejected: 'You declined the calls in your wallet',
  } satisfies Record<Exclude<MessageKey, 'failure'>, string | ((email: string) => string) | ((index: number, total: number) => string)>,
  /**
   * What a visitor reads when something fails: one plain sentence per error the machines carry, keyed by
   * the error's name (`ErrorSummary.name`) or, for a wallet's EIP-1193 / JSON-RPC answer, by its code. Internal names
   * ('Connector not found', 'execution reverted') never reach the page; `ui/errorSentence.ts` picks the sentence.
   */
  errors: {
    byName: {
      ConnectorNotFoundError: 'This wallet is no longer available. Reload the page or choose another wallet.',
      UserRejectedRequestError: 'You declined the request in your wallet.',
      UnauthorizedProviderError: 'Your wallet has not allowed this site yet. Unlock it and try again.',
      UnsupportedProviderMethodError: 'Your wallet cannot do this.',
      ProviderDisconnectedError: 'Your wallet is disconnected. Unlock it and try again.',
      ChainDisconnectedError: 'Your wallet is not connected to this network. Try again in a moment.',
      UnrecognizedChainError: 'Your wallet does not know this network. Add it in your wallet, then try again.',
      ChainNotSupportedError: 'Your wallet could not add this network.',
      ChainMismatchError: 'Your wallet is on another network than the one chosen here.',
      InvalidProviderResponseError: 'Your wallet answered with something unexpected. Try again, or choose another wallet.',
      RequestTimeoutError: 'Your wallet did not answer in time. Check that it is open and unlocked, then try again.',
      NoConnectedWalletError: 'No wallet is connected. Connect one and try again.',
      NotConnectedError: 'No wallet is connected. Connect one and try again.',
      WalletConnectInitError: 'WalletConnect could not start. Check your internet connection and try again.',
      PairingTimeoutError: 'The connection service did not answer in time. Check your internet connection and try again.',
      WalletConnectDisabledError: 'Connecting a phone wallet is not available on this site.',
      NoWalletConnectSessionError: 'The connection to your phone wallet has ended. Connect again.',
      InvalidPairingUriError: 'The connection code is not valid. Try again.',
      InvalidWalletLinkError: 'This wallet link cannot be opened.',
      InvalidRelayUrlError: 'Connecting a phone wallet is not set up correctly on this site.',
      TransferWouldFailError: 'This transfer would fail. Check the amount, the address and your balance.',
      TransactionStatusUnknownError: 'The transaction was sent. We could not confirm it yet: check your wallet or the explorer before sending again.',
      TransactionReplacedError: 'Your wallet replaced this transaction with another one: this transfer was not made.',
      TransactionRevertedError: 'The transaction failed on chain.',
      InsufficientFundsError: 'Not enough funds to pay for this transaction and its network fee.',
      InvalidTransferError: 'This transfer cannot be made. Check the amount and the address.',
      SolanaRpcRequestError: 'The network could not be reached. Try again.',
      BitcoinBroadcastError: 'The network did not accept the transaction. Try again.',
      InvalidSignedTransactionError: 'Your wallet returned a transaction that cannot be sent.',
      InvalidSignedPsbtError: 'Your wallet returned a transaction that cannot be sent.',
      SolanaChainNotSupportedError: 'Your wallet does not support this network.',
      UnsupportedBitcoinChainError: 'Your wallet does not support this network.',
      AdapterNotFoundError: 'This network is not available on this site.',
      FeatureDisabledError: 'This is not available on this site.',
      ApiError: 'The service could not be reached. Try again.',
      ApiTimeoutError: 'The service did not answer in time. Try again.',
    } as Record<string, string>,
    byCode: {
      4001: 'You declined the request in your wallet.',
      4100: 'Your wallet has not allowed this site yet. Unlock it and try again.',
      4200: 'Your wallet cannot do this.',
      4900: 'Your wallet is disconnected. Unlock it and try again.',
      4901: 'Your wallet is not connected to this network. Try again in a moment.',
      4902: 'Your wallet does not know this network. Add it in your wallet, then try again.',
      [-32002]: 'A request is already waiting in your wallet. Open your wallet to answer it.',
      [-32603]: 'Your wallet could not complete the request. Try again.',
    } as Record<number, string>,
    /** Any other failure, with no words of its own. */
    fallback: 'Something went wrong. Try again.',
  },
} as const

/** The shell's words: the part of {@link Copy} the initial JS holds. */
/** The shell's part of a catalogue (English's words widened to `string`). */
export type ShellCopy = Widen<typeof enShell>
