/**
 * The WalletConnect connector and the errors its session throws: shared by the light module (walletconnect.ts, loaded
 * with the page) and the lazily loaded SDK client (walletconnect.client.ts), so that neither imports the other back.
 */
import { BaseError } from './errors.ts'
import type { Connector } from './types.ts'

/** The connector id of WalletConnect (spec §3 connector type WALLET_CONNECT). */
export const walletConnectConnectorId = 'walletConnect'

/** The WalletConnect connector as the catalogue lists it. */
export const walletConnectConnector: Connector = {
  id: walletConnectConnectorId,
  name: 'WalletConnect',
  type: 'WALLET_CONNECT',
  chain: 'eip155',
}

/** Thrown when the WalletConnect provider cannot be loaded or initialised (bad relay URL, storage refused). */
export class WalletConnectInitError extends BaseError {
  override name = 'WalletConnectInitError'
  constructor(cause: unknown) {
    super('WalletConnect could not start.', { cause })
  }
}
/** Thrown by session methods when no WalletConnect session exists (never paired, or the wallet ended it). */
export class NoWalletConnectSessionError extends BaseError {
  override name = 'NoWalletConnectSessionError'
  constructor() {
    super('No WalletConnect session.', { details: 'Pair a wallet first.' })
  }
}
