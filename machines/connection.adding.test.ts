import { describe, expect, test } from 'vitest'
import { UserRejectedRequestError } from '../adapters/errors.ts'
import { flush } from '../tests/harness/deferred.ts'
import { connectionHarness } from '../tests/harness/connection.ts'
import type { ConnectionInput } from './connection.ts'
import { connectAccount, connectConnecting } from './connection.connect.ts'

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A connection connected to `first` (account A), the wallets' side played by the test; what it told so far forgotten. */
async function connected(input: Partial<ConnectionInput> = {}) {
  const h = connectionHarness(input)
  await h.connect('first')
  h.emitted.length = 0
  h.reports.length = 0
  return h
}

describe('connection: adding a wallet (multi-wallet)', () => {
  test('spec §6: a request while connected adds the wallet: the current one stays connected until the new one answers, then the new one is connected', async () => {
    const h = await connected({ multiWallet: true })
    h.actor.send({ type: 'connection.request', connectorId: 'second' })
    expect(h.actor.getSnapshot().value).toEqual({ adding: 'waiting' })
    expect(connectConnecting(h.actor.getSnapshot()).phase).toBe('waiting')
    // Still connected on the first wallet: no status change is told, the account shown is the first one.
    expect(h.status()).toBe('connected')
    expect(h.reports).toEqual([])
    expect(connectAccount(h.actor.getSnapshot())).toMatchObject({ isConnected: true, address: A })
    h.connects[1]!.resolve({ accounts: [B], chainId: 31337 })
    await flush()
    expect(h.actor.getSnapshot().context).toMatchObject({ connectorId: 'second', address: B, adding: undefined })
    expect(h.emitted).toEqual([{ type: 'connection.connected', namespace: 'eip155', connectorId: 'second', address: B, accounts: [B], chainId: 31337, restored: false }])
  })

  test('spec §6: cancelling the add leaves the current wallet connected, unchanged; the late answer is ignored', async () => {
    const h = await connected({ multiWallet: true })
    h.actor.send({ type: 'connection.request', connectorId: 'second' })
    h.actor.send({ type: 'connection.cancel' })
    expect(h.actor.getSnapshot().matches('connected')).toBe(true)
    expect(h.actor.getSnapshot().context).toMatchObject({ connectorId: 'first', address: A, adding: undefined })
    h.connects[1]!.resolve({ accounts: [B], chainId: 31337 })
    await flush()
    expect(h.actor.getSnapshot().context).toMatchObject({ connectorId: 'first', address: A })
    expect(h.emitted.filter((e) => e.type === 'connection.connected' || e.type === 'connection.disconnected')).toEqual([])
  })

  test('spec §6: the added wallet declining (4001) keeps the current one connected; retry, or cancel back to it', async () => {
    const h = await connected({ multiWallet: true })
    h.actor.send({ type: 'connection.request', connectorId: 'second' })
    h.connects[1]!.reject(new UserRejectedRequestError())
    await flush()
    expect(h.actor.getSnapshot().value).toEqual({ adding: 'rejected' })
    expect(connectConnecting(h.actor.getSnapshot()).phase).toBe('declined')
    expect(connectAccount(h.actor.getSnapshot())).toMatchObject({ isConnected: true, address: A })
    h.actor.send({ type: 'connection.request', connectorId: 'second' })
    expect(h.actor.getSnapshot().value).toEqual({ adding: 'waiting' })
    h.connects[2]!.reject(new UserRejectedRequestError())
    await flush()
    h.actor.send({ type: 'connection.cancel' })
    expect(h.actor.getSnapshot().context).toMatchObject({ connectorId: 'first', address: A })
    expect(h.reports).toEqual([])
  })

  test('spec §6: the added wallet failing is an error with retry (reported for that wallet); the current one stays', async () => {
    const h = await connected({ multiWallet: true })
    h.actor.send({ type: 'connection.request', connectorId: 'second' })
    h.connects[1]!.reject('broken')
    await flush()
    expect(connectConnecting(h.actor.getSnapshot())).toEqual({ phase: 'error', error: { name: 'BaseError', message: 'broken' } })
    expect(h.emitted).toEqual([expect.objectContaining({ type: 'connection.failed', connectorId: 'second' })])
    await h.connect('second', { accounts: [B], chainId: 31337 })
    expect(h.actor.getSnapshot().context).toMatchObject({ connectorId: 'second', address: B })
  })

  test('spec §6: picking the connected wallet itself opens no second session: it is told connected again', async () => {
    const h = await connected({ multiWallet: true })
    h.actor.send({ type: 'connection.request', connectorId: 'first' })
    expect(h.connects).toHaveLength(1)
    expect(h.actor.getSnapshot().matches('connected')).toBe(true)
    expect(h.emitted).toEqual([expect.objectContaining({ type: 'connection.connected', connectorId: 'first', address: A })])
  })

  test('behavior: with multi-wallet off a request while connected is ignored (a second wallet is not added)', async () => {
    const h = await connected()
    h.actor.send({ type: 'connection.request', connectorId: 'second' })
    expect(h.connects).toHaveLength(1)
    expect(h.actor.getSnapshot().context).toMatchObject({ connectorId: 'first', address: A })
  })

  test('spec §6: the flag follows the resolved feature set after load: turned on while connected, a request adds the wallet; turned off, a request is ignored again', async () => {
    const h = await connected()
    h.actor.send({ type: 'connection.configure', multiWallet: true })
    expect(h.actor.getSnapshot().matches('connected')).toBe(true)
    h.actor.send({ type: 'connection.request', connectorId: 'second' })
    expect(h.actor.getSnapshot().value).toEqual({ adding: 'waiting' })
    // Turned off while adding: the add under way finishes (the visitor is waiting on the wallet).
    h.actor.send({ type: 'connection.configure', multiWallet: false })
    h.connects[1]!.resolve({ accounts: [B], chainId: 31337 })
    await flush()
    expect(h.actor.getSnapshot().context).toMatchObject({ connectorId: 'second', address: B, multiWallet: false })
    h.actor.send({ type: 'connection.request', connectorId: 'first' })
    expect(h.connects).toHaveLength(2)
    expect(h.actor.getSnapshot().context).toMatchObject({ connectorId: 'second', address: B })
  })
})
