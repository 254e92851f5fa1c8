import { describe, expect, test, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { smartSessionRevokeMessage } from '../../kernel/smartSession.ts'
import { createBlockchainApi } from '../../services/blockchain.ts'
import { assemble, SessionNotRevokedError } from './sessions.ts'
import type { FeatureHost } from './host.ts'

const address = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
const target = { address, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'auth', supported: true, testnet: true }
const session = {
  pci: 'pci-1',
  expiry: 1_893_456_000,
  chainId: 'eip155:31337',
  signer: '0x1111111111111111111111111111111111111111',
  permissions: [{ type: 'native-token-recurring-allowance' }],
  createdAt: '2026-01-01T00:00:00.000Z',
}

/**
 * The Sessions assembly on a real blockchain client (its schema checks) whose fetch answers what the test says, and a
 * wallet that signs by echoing the text it was asked to sign.
 */
function sessions(answers: { list: unknown; revoke?: unknown; revokeStatus?: number }) {
  const requests: Array<{ method: string; url: string; body: unknown }> = []
  const fetch = vi.fn(async (input: Request) => {
    const body = input.method === 'POST' ? await input.json() : undefined
    requests.push({ method: input.method, url: input.url, body })
    const isRevoke = input.url.includes('/revoke')
    return new Response(JSON.stringify(isRevoke ? answers.revoke : answers.list), { status: isRevoke ? (answers.revokeStatus ?? 200) : 200, headers: { 'content-type': 'application/json' } })
  })
  const api = createBlockchainApi({ baseUrl: 'http://api.test/blockchain', projectId: 'p', fetch: fetch as unknown as typeof globalThis.fetch })
  const signWithWallet = vi.fn(async ({ message }: { message: string }) => `signed:${message}`)
  const host = { blockchain: async () => api, signWithWallet } as unknown as FeatureHost
  const actor = createActor(assemble(host), { input: { target } }).start()
  return { actor, requests, signWithWallet }
}

describe('Sessions assembly', () => {
  test('behavior: the list is the API’s rows, permissions by type; Revoke signs the revoke text with the wallet and posts pci and signature', async () => {
    const s = sessions({ list: { pcis: [session] }, revoke: { success: true } })
    s.actor.send({ type: 'sessions.start' })
    await waitFor(s.actor, (snap) => snap.matches('loaded'))
    expect(s.actor.getSnapshot().context.sessions).toEqual([
      { pci: 'pci-1', expiry: 1_893_456_000, chainId: 'eip155:31337', signer: session.signer, permissions: ['native-token-recurring-allowance'], createdAt: session.createdAt },
    ])
    s.actor.send({ type: 'sessions.revoke', pci: 'pci-1' })
    await waitFor(s.actor, (snap) => snap.matches('loaded') && s.requests.length === 3)
    const message = smartSessionRevokeMessage({ address, pci: 'pci-1' })
    expect(s.signWithWallet).toHaveBeenCalledWith({ connectorId: 'auth', address, namespace: 'eip155', message })
    expect(s.requests[1]).toMatchObject({ method: 'POST', body: { pci: 'pci-1', signature: `signed:${message}` } })
    expect(s.requests[1]!.url).toMatch(/\/blockchain\/v1\/sessions\/0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65\/revoke\?projectId=p/)
    s.actor.stop()
  })

  test.each([
    ['a row without an expiry', { pcis: [{ pci: 'pci-1' }] }],
    ['an expiry that is not a whole number', { pcis: [{ ...session, expiry: 'soon' }] }],
    ['a permission without a type', { pcis: [{ ...session, permissions: [{}] }] }],
    ['no list at all', { sessions: [] }],
    ['not an object', 'garbage'],
  ])('bad input: a malformed list (%s) fails the read with the contract error; no row shows', async (_, list) => {
    const s = sessions({ list })
    s.actor.send({ type: 'sessions.start' })
    await waitFor(s.actor, (snap) => snap.matches('failed'))
    expect(s.actor.getSnapshot().context).toMatchObject({ sessions: [], error: { name: 'InvalidResponseError' } })
    s.actor.stop()
  })

  test('bad input: a revocation the API answers with success false, or with an error status, keeps the row with the reason', async () => {
    for (const answer of [{ revoke: { success: false } }, { revoke: { message: 'The signature is not the account revoking this session' }, revokeStatus: 401 }]) {
      const s = sessions({ list: { pcis: [session] }, ...answer })
      s.actor.send({ type: 'sessions.start' })
      await waitFor(s.actor, (snap) => snap.matches('loaded'))
      s.actor.send({ type: 'sessions.revoke', pci: 'pci-1' })
      await waitFor(s.actor, (snap) => snap.context.revokeError !== undefined)
      const { sessions: rows, revokeError } = s.actor.getSnapshot().context
      expect(rows.map((r) => r.pci)).toEqual(['pci-1'])
      if (answer.revokeStatus) expect(revokeError?.error.name).toBe('ApiError')
      else expect(revokeError?.error).toMatchObject({ name: new SessionNotRevokedError().name, message: 'The server did not revoke it (unknown or already revoked).' })
      s.actor.stop()
    }
  })
})
