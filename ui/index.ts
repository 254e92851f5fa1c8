/**
 * latchkey: a statechart-driven wallet-connection modal.
 *
 * @example
 * import { createModal, mainnet } from 'latchkey'
 * import { ModalProvider, ConnectButton } from 'latchkey/react'
 * const modal = createModal({ projectId: 'my-project', networks: [mainnet] })
 */
import { enShell } from './locales/en.shell.ts'

export { createModal, InvalidOptionsError, type ModalInstance, type ModalOptions, type ModalState, type Metadata } from './createModal.ts'
export { ConnectionNotFoundError, FeatureDisabledError, type ConnectionNotFoundErrorParameters, type FeatureDisabledErrorParameters } from './errors.ts'
export type { ConnectionView } from '../machines/multiWallet.connect.ts'
export type { SwitchConnectionParameters, DeleteConnectionParameters } from './core/connectionCommands.ts'
export type { SendCallsParameters, SendCallsReturnType, SendCallsErrorType, GetCallsStatusReturnType } from './core/callsCommands.ts'
export type { PayParameters, PayReturnType, PayErrorType } from './core/payCommands.ts'
export type { BatchCallParameter } from '../machines/batch.calls.ts'
export type { ModalLocale } from './i18n/state.ts'
export type { SupportedLocale } from './i18n/tags.ts'
export type { Copy, CopyKey, CopyOverrides } from './locales/en.ts'
// The errors of the batched-calls API, for `instanceof` (a module of their own: none of the batch code comes with them).
export {
  InvalidCallsError,
  CallsChainNotConfiguredError,
  AtomicCallsUnsupportedError,
  BatchFailedError,
  UnknownBatchError,
  CallsStatusUnknownError,
  CallsUnavailableError,
} from '../machines/batch.errors.ts'
export type { Features, FeatureFlag, LocalFeatureFlags, RemoteFeatureFlags } from '../services/features.ts'
export * from '../adapters/networks.ts'
export {
  BaseError,
  UserRejectedRequestError,
  UnrecognizedChainError,
  ProviderRpcError,
  UnknownProviderError,
  InvalidProviderResponseError,
  InvalidCallbackResponseError,
  RequestTimeoutError,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
  ProviderDisconnectedError,
  ChainDisconnectedError,
  JsonRpcError,
  type BaseErrorParameters,
} from '../adapters/errors.ts'
// The error classes a dapp can meet (from its own calls: createModal, open, signMessage, getAdapter's
// Bitcoin calls, WalletConnect), for `instanceof`. Each lives in a small module; an unused one is tree-shaken away
// (package.json sideEffects), so none of them adds to a dapp's first JS unless the dapp uses it.
export { MissingPeerDependencyError, optionalPeers, type OptionalPeerFeature } from '../adapters/peers.ts'
export { WalletConnectInitError, NoWalletConnectSessionError, InvalidRelayUrlError } from '../adapters/walletconnect.ts'
export { InvalidPairingUriError } from '../adapters/links.ts'
export { InvalidChainIdError } from '../adapters/coinType.ts'
export { ApiError, InvalidResponseError } from '../services/api.ts'
export {
  InvalidBitcoinAddressError,
  UnsupportedBitcoinChainError,
  InvalidSignedPsbtError,
  InvalidBitcoinRequestError,
  BitcoinBroadcastError,
  type BitcoinWallet,
} from '../adapters/bip122.standard.ts'
// Types only: the adapters a dapp passes (`adapter`, `transferAdapter`) or gets (`getAdapter`, `getProvider`).
export type {
  ChainAdapter,
  ConnectorType,
  Account,
  AccountType,
  WalletSession,
  WalletEvent,
  NativeBalance,
  SignMessageParameters,
  SignMessageReturnType,
  Eip1193Provider,
} from '../adapters/types.ts'
export type { Bip122Adapter, Bip122Account, SignPsbtParameters, SignPsbtReturnType, SendTransferParameters, SendTransferReturnType } from '../adapters/bip122.ts'
export type { CreateEip155AdapterParameters } from '../adapters/eip155.ts'
export type { Wallet as WalletStandardWallet } from '@wallet-standard/base'
export { InvalidUrlError } from '../kernel/urls.ts'
export { InvalidAddressError } from '../adapters/address.ts'
export { InvalidWalletLinkError } from '../adapters/links.ts'
export { NotConnectedError, ConnectorNotFoundError } from '../adapters/eip155.ts'
export { AdapterNotFoundError } from '../adapters/actors.ts'
export type { Connector, TransferAdapter, TransferRequest, TransferEstimate, TransferReceipt } from '../adapters/types.ts'
/** The send form's messages in English (the spec's §5 strings word for word): the catalogue's words, by key. */
export const sendMessages = enShell.sendMessages
export type { SendMessage, SendMessageKey, SendMessageValues } from '../machines/send.messages.ts'
export type { ViewName, ViewData } from '../machines/views.ts'
export { lightTheme, darkTheme, type ThemeMode, type ThemeVariables } from './theme.ts'
export { createSiwx, defaultSiwxExpiry, SiwxNonceError, type CreateSiwxParameters } from '../services/siwxSessions.ts'
export {
  formatCaip122Message,
  formatEip155Message,
  InvalidSiwxMessageError,
  toSiwxMessage,
  type SiwxConfig,
  type SiwxFormatter,
  type SiwxMessage,
  type SiwxMessageInput,
  type SiwxSignMessageInput,
  type SiwxSession,
} from '../kernel/siwx.ts'
export { siwxMessages } from '../machines/siwx.messages.ts'
