/**
 * The WalletConnect v2 relay on loopback: `startRelay` and the auth helpers for raw-socket tools.
 * Dev and test only (Node); never part of the library bundle.
 */
export { defaultPingInterval, maxFrameBytes, maxTtlSeconds, RelayErrorCode, sessionTags, startRelay } from '../../testing/node/relay/server.ts'
export type { Relay, RelayStats, StartRelayOptions } from '../../testing/node/relay/server.ts'
export { createRelayClientIdentity, RelayAuthError, verifyRelayAuth } from '../../testing/node/relay/auth.ts'
export type { RelayAuthClaims, RelayAuthFailure, RelayClientIdentity } from '../../testing/node/relay/auth.ts'
