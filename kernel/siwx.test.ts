import { describe, expect, test } from 'vitest'
import { parseSiweMessage } from 'viem/siwe'
import { formatCaip122Message, InvalidSiwxMessageError, toSiwxMessage } from './siwx.ts'

const fields = {
  accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 'eip155:1',
  domain: 'example.org',
  uri: 'https://example.org/login',
  version: '1',
  nonce: 'k3Xa91bQ7',
  statement: 'Sign in to Example.',
  resources: ['https://example.org/terms', 'ipfs://bafy'],
  requestId: 'req-1',
  issuedAt: '2026-11-22T12:00:00.000Z',
  expirationTime: '2026-11-23T12:00:00.000Z',
  notBefore: '2026-11-22T11:59:00.000Z',
}

describe('SIWX messages', () => {
  test('behavior: eip155 is EIP-4361 with every field of spec §3, read back by a SIWE parser', () => {
    const m = toSiwxMessage(fields)
    expect(parseSiweMessage(m.serializedMessage)).toEqual({
      address: fields.accountAddress,
      chainId: 1,
      domain: 'example.org',
      uri: 'https://example.org/login',
      version: '1',
      nonce: 'k3Xa91bQ7',
      statement: 'Sign in to Example.',
      resources: fields.resources,
      requestId: 'req-1',
      issuedAt: new Date(fields.issuedAt),
      expirationTime: new Date(fields.expirationTime),
      notBefore: new Date(fields.notBefore),
    })
    expect(m).toMatchObject(fields)
  })

  test('behavior: other namespaces get the CAIP-122 text', () => {
    const m = toSiwxMessage({ ...fields, accountAddress: '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv', chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
    expect(m.serializedMessage).toBe(formatCaip122Message(m))
    expect(m.serializedMessage.split('\n').slice(0, 2)).toEqual(['example.org wants you to sign in with your solana account:', '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'])
    expect(m.serializedMessage).toContain('Chain ID: solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(m.serializedMessage).toContain('Resources:\n- https://example.org/terms\n- ipfs://bafy')
  })

  test('behavior: a namespace may bring its own formatter', () => {
    const m = toSiwxMessage({ ...fields, chainId: 'bip122:000000000019d6689c085ae165831e93' }, { bip122: (f) => `custom ${f.nonce}` })
    expect(m.serializedMessage).toBe('custom k3Xa91bQ7')
  })

  test('behavior: bad input is a clear InvalidSiwxMessageError', () => {
    const cases: Array<[string, Partial<typeof fields>, string]> = [
      ['no CAIP-2', { chainId: '1' }, 'Invalid CAIP-2 network id'],
      ['empty reference', { chainId: 'eip155:' }, 'Invalid CAIP-2 network id'],
      ['eip155 reference not a number', { chainId: 'eip155:abc' }, 'Invalid CAIP-2 network id'],
      ['not an address', { accountAddress: '0x123' }, 'The SIWX message cannot be made'],
      ['short nonce', { nonce: 'abc' }, 'The SIWX message cannot be made'],
      ['date that does not parse', { issuedAt: 'yesterday' }, 'Invalid issuedAt'],
      ['statement with a newline', { statement: 'two\nlines' }, 'The SIWX message cannot be made'],
    ]
    for (const [, over, short] of cases) {
      let error: unknown
      try {
        toSiwxMessage({ ...fields, ...over })
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(InvalidSiwxMessageError)
      expect((error as InvalidSiwxMessageError).shortMessage).toBe(short)
    }
  })
})
