import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { mainnet } from '../../adapters/networks.ts'
import { startApiServer } from '../../dev/api/server.ts'
import { createMemoryStorage, createStorage } from '../../services/storage.ts'
import type { ModalOptions } from '../types.ts'
import { createReporting, type CreateReportingParameters } from './reporting.ts'
import { createModalLog } from '../log.ts'
import { waitFor } from '../../tests/harness/waitFor.ts'

/**
 * The reporting actions against the reference API's analytics endpoint (spec §7 POST /e, §8 "Provider init failure
 * sends an internal SDK error event and is logged"). The root is a stand-in for its two flags (analytics on, network
 * supported): what is under test is what reaches the analytics server.
 */
let server: Awaited<ReturnType<typeof startApiServer>>
beforeAll(async () => {
  server = await startApiServer({ port: 0, chains: [] })
})
afterAll(() => server.stop())

type Event = { props: { type: string; event: string; errorType?: string; errorMessage?: string } }
const events = async (): Promise<Event[]> => (await fetch(`${server.url}/__control/events`)).json()

const log = createModalLog(undefined)

function reporting() {
  const root = { getSnapshot: () => ({ context: { flags: { analytics: true }, network: { getSnapshot: () => ({ hasTag: () => false }) } } }) }
  const { actions } = createReporting({
    options: { projectId: 'p-reporting', networks: [mainnet], api: { analyticsUrl: `${server.url}/analytics` } } as ModalOptions,
    storage: createStorage({ storage: createMemoryStorage() }),
    root: () => root,
    toast: () => {},
    log,
  } as unknown as CreateReportingParameters)
  return (type: 'feature.reportError' | 'connection.failed', error: { name: string; message: string }) => actions.reportError({ context: undefined, event: { type, error } } as never)
}

describe('reporting: a wallet provider that cannot start (spec §8)', () => {
  test('behavior: WalletConnect failing to start is reported as INTERNAL_SDK_ERROR and logged; a wallet failure stays WALLET_ERROR, not logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const report = reporting()
      const before = (await events()).length
      report('feature.reportError', { name: 'WalletConnectInitError', message: 'WalletConnect could not start' })
      report('connection.failed', { name: 'ProviderRpcError', message: 'The wallet returned an error.' })
      await waitFor(async () => expect((await events()).length - before).toBe(2), { timeout: 5_000 })
      const reported = (await events()).slice(before).map((e) => [e.props.type, e.props.errorType, e.props.errorMessage])
      expect(reported).toEqual(
        expect.arrayContaining([
          ['error', 'INTERNAL_SDK_ERROR', 'WalletConnect could not start'],
          ['error', 'WALLET_ERROR', 'The wallet returned an error.'],
        ]),
      )
      expect(logged.mock.calls.map((c) => c[0])).toEqual(['[latchkey] The wallet provider could not start (WalletConnectInitError): WalletConnect could not start'])
      // Kept in the instance's log buffer too (spec §9: level error by default), the wallet's failure not.
      expect(log.entries().map((e) => [e.level, e.message])).toEqual([['error', '[latchkey] The wallet provider could not start (WalletConnectInitError): WalletConnect could not start']])
    } finally {
      logged.mockRestore()
    }
  })
})
