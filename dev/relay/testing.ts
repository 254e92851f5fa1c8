/**
 * Test helpers around the loopback relay: a dapp-side `SignClient` with its own in-memory storage and storage
 * prefix (two SDK clients in one realm must not share a Core), and a clean way to stop an SDK client.
 * Dev and test only (Node).
 */
import { SignClient } from '@walletconnect/sign-client'
import { MemoryKeyValueStorage } from '../../testing/walletConnect/storage.ts'

/** The SDK client type (`SignClient` is exported as a value). */
export type SignClientInstance = InstanceType<typeof SignClient>

let dapps = 0

/**
 * Starts a dapp-side `SignClient` on `relayUrl` with a fresh {@link MemoryKeyValueStorage}, a unique
 * `customStoragePrefix`, telemetry off and the SDK logger at `logLevel` (default 'silent': the dapp SDK logs every error answer).
 *
 * @example
 * const dapp = await startTestDapp(relay.url)
 * const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [] } } })
 */
export async function startTestDapp(relayUrl: string, logLevel = 'silent'): Promise<SignClientInstance> {
  dapps++
  return SignClient.init({
    projectId: '0123456789abcdef0123456789abcdef',
    relayUrl,
    storage: new MemoryKeyValueStorage() as never,
    customStoragePrefix: `latchkey-test-dapp-${dapps}-${Math.random().toString(36).slice(2, 8)}`,
    metadata: { name: 'Latchkey test dapp', description: 'A dapp in a unit test', url: 'http://127.0.0.1:5173', icons: [] },
    logger: logLevel,
    telemetryEnabled: false,
  })
}

/** Closes an SDK client's relay socket and stops its heartbeat (its timers), so a test leaves nothing running. */
export async function stopSignClient(client: SignClientInstance): Promise<void> {
  try {
    await client.core.relayer.transportClose()
  } catch {
    // already closed
  }
  client.core.heartbeat.stop()
  const key = `_walletConnectCore_${client.core.customStoragePrefix.replace(/^:/, '')}`
  Reflect.deleteProperty(globalThis, key)
  Reflect.deleteProperty(globalThis, `${key}_count`)
}
