import { afterEach, describe, expect, test, vi } from 'vitest'
import { mainnet } from '../../adapters/networks.ts'
import type { ModalOptions } from '../types.ts'
import { createReporting, type CreateReportingParameters } from './reporting.ts'
import { createModalLog } from '../log.ts'

/**
 * The root's reporting actions on their own: no root, no services (nothing here loads them: no `api.analyticsUrl`).
 * The toast is a recorder: what is under test is what the visitor is told.
 */
function reporting(options: Partial<ModalOptions>) {
  const toasts: string[] = []
  const { actions } = createReporting({
    options: { projectId: 'p', networks: [mainnet], ...options } as ModalOptions,
    toast: (message: string) => toasts.push(message),
    log: createModalLog({ level: 'warn' }),
  } as unknown as CreateReportingParameters)
  const notFound = (caipNetworkId: string) => actions.reportNetworkNotFound({ context: undefined, event: { type: 'network.notFound', caipNetworkId } } as never)
  return { toasts, notFound }
}

afterEach(() => vi.restoreAllMocks())

describe('reporting: the SWITCH_NETWORK_NOT_FOUND alert (spec §5 "Switching to an unknown network shows a switch-network-not-found alert", §8)', () => {
  test('behavior: in debug mode a switch to an unknown network shows "Network Not Found" once, and logs each network asked for', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { toasts, notFound } = reporting({ debug: true })
    notFound('eip155:424242')
    notFound('eip155:5')
    expect(toasts).toEqual(['Network Not Found'])
    expect(warn.mock.calls.map((c) => c[0])).toEqual(['[latchkey] Network Not Found: eip155:424242', '[latchkey] Network Not Found: eip155:5'])
  })

  test('behavior: outside debug mode nothing shows and nothing is logged (alerts show only in debug mode)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { toasts, notFound } = reporting({})
    notFound('eip155:424242')
    expect(toasts).toEqual([])
    expect(warn).not.toHaveBeenCalled()
  })
})
