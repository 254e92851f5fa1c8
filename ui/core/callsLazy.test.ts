import { describe, expect, test } from 'vitest'
import { CallsUnavailableError } from '../../machines/batch.errors.ts'
import type { CallsCommands } from './callsLazy.ts'
import { lazyCallsCommands } from './callsLazy.ts'

/** A failed fetch as a browser reports a chunk it could not load. */
const chunkFailure = () => new TypeError('Failed to fetch dynamically imported module: /assets/callsCommands.js')

describe('lazyCallsCommands', () => {
  test.each([
    ['sendCalls', (c: CallsCommands) => c.sendCalls({ calls: [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }] })],
    ['getCallsStatus', (c: CallsCommands) => c.getCallsStatus('0xab')],
    ['getCapabilities', (c: CallsCommands) => c.getCapabilities({ chainId: 1 })],
  ])('behavior: %s rejects with CallsUnavailableError when the module cannot be fetched, the failed fetch as its cause', async (_, call) => {
    const failure = chunkFailure()
    const commands = lazyCallsCommands(() => Promise.reject(failure))
    const answer = call(commands)
    await expect(answer).rejects.toThrow(CallsUnavailableError)
    await expect(answer).rejects.toMatchObject({ shortMessage: 'Batched calls could not be loaded', cause: failure })
  })

  test('behavior: the next call fetches the module again, and works once it is in', async () => {
    let fetches = 0
    const commands = lazyCallsCommands(async () => {
      fetches++
      if (fetches === 1) throw chunkFailure()
      return { getCallsStatus: async (id: string) => ({ version: '2.0.0', id, chainId: '0x1', status: 200, atomic: false, receipts: [] }) } as unknown as CallsCommands
    })
    await expect(commands.getCallsStatus('0xab')).rejects.toThrow(CallsUnavailableError)
    await expect(commands.getCallsStatus('0xab')).resolves.toMatchObject({ status: 200 })
    expect(fetches).toBe(2)
  })
})
