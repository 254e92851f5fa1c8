/**
 * latchkey: a statechart-driven wallet-connection modal.
 *
 * @example
 * import { createModal, mainnet } from 'latchkey'
 * import { ModalProvider, ConnectButton } from 'latchkey/react'
 * const modal = createModal({ projectId: 'my-project', networks: [mainnet] })
 */
export { createModal, InvalidOptionsError, type ModalInstance, type ModalOptions, type ModalState, type Metadata } from './createModal.ts'
export { FeatureDisabledError, type FeatureDisabledErrorParameters } from './features.ts'
export type { Features, FeatureFlag, LocalFeatureFlags, RemoteFeatureFlags } from '../services/features.ts'
export * from '../adapters/networks.ts'
export {
  BaseError,
  UserRejectedRequestError,
  UnrecognizedChainError,
  ProviderRpcError,
  InvalidProviderResponseError,
  InvalidCallbackResponseError,
  RequestTimeoutError,
} from '../adapters/errors.ts'
export { InvalidUrlError } from '../adapters/urls.ts'
export { InvalidAddressError } from '../adapters/address.ts'
export { InvalidWalletLinkError } from '../adapters/links.ts'
export { NotConnectedError, ConnectorNotFoundError } from '../adapters/eip155.ts'
export { AdapterNotFoundError } from '../adapters/actors.ts'
export type { Connector, TransferAdapter, TransferRequest, TransferEstimate, TransferReceipt } from '../adapters/types.ts'
export { sendMessages } from '../machines/send.messages.ts'
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
} from '../adapters/siwx.ts'
export { siwxMessages } from '../machines/siwx.messages.ts'
