/**
 * The wallet methods of batched calls (EIP-5792; spec §7 `wallet_sendCalls`, `wallet_getCallsStatus`,
 * `wallet_getCapabilities`), in one place: the WalletConnect session proposal asks for them on eip155, and the
 * development mobile wallet approves and answers them.
 *
 * @example [...eip155SessionBase, ...eip5792Methods]
 */
export const eip5792Methods = ['wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_showCallsStatus'] as const
