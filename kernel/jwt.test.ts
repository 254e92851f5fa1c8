import { decodeJwt as joseDecodeJwt, decodeProtectedHeader, SignJWT } from 'jose'
import { describe, expect, test } from 'vitest'
import { decodeJwt, InvalidJwtError } from './jwt.ts'

/** A JWT as the secure site issues its session tokens (HS256, jose). */
async function sessionToken(claims: Record<string, unknown>) {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(1_764_000_000).setExpirationTime(1_764_003_600).sign(new TextEncoder().encode('a secret of at least thirty-two bytes!'))
}

describe('decodeJwt', () => {
  test('spec §3: a decoded JWT is read as header or payload JSON, as jose reads it (UTF-8 claims included)', async () => {
    const token = await sessionToken({ sid: 's1', did: 'device', name: 'Adèle 🦊' })
    expect(decodeJwt({ token, part: 'header' })).toEqual({ alg: 'HS256', typ: 'JWT' })
    expect(decodeJwt({ token, part: 'header' })).toEqual(decodeProtectedHeader(token))
    expect(decodeJwt({ token, part: 'payload' })).toEqual({ sid: 's1', did: 'device', name: 'Adèle 🦊', iat: 1_764_000_000, exp: 1_764_003_600 })
    expect(decodeJwt({ token, part: 'payload' })).toEqual(joseDecodeJwt(token))
  })

  test('bad input: a malformed token is a typed InvalidJwtError saying which rule it broke, never the token', async () => {
    const token = await sessionToken({ sid: 's1' })
    const [header, payload, signature] = token.split('.')
    const b64 = (text: string) => btoa(text).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
    const cases: Array<[unknown, 'header' | 'payload', string]> = [
      [42, 'payload', 'Invalid JWT: not a string'],
      ['', 'payload', 'Invalid JWT: not three parts'],
      [`${header}.${payload}`, 'payload', 'Invalid JWT: not three parts'],
      [`${token}.extra`, 'payload', 'Invalid JWT: not three parts'],
      [`.${payload}.${signature}`, 'header', 'Invalid JWT: not three parts'],
      [`${header}.${'a'.repeat(20_000)}.${signature}`, 'payload', 'Invalid JWT: not three parts'],
      [`${header}.${payload}+/.${signature}`, 'payload', 'Invalid JWT: its payload is not base64url'],
      [`${header}.abcde.${signature}`, 'payload', 'Invalid JWT: its payload is not base64url'],
      [`${header}.${b64('\xff\xfe')}.${signature}`, 'payload', 'Invalid JWT: its payload is not JSON'],
      [`${header}.${b64('{"sid":')}.${signature}`, 'payload', 'Invalid JWT: its payload is not JSON'],
      [`${header}.${b64('[1,2]')}.${signature}`, 'payload', 'Invalid JWT: its payload is not a JSON object'],
      [`${b64('"HS256"')}.${payload}.${signature}`, 'header', 'Invalid JWT: its header is not a JSON object'],
      [`${b64('null')}.${payload}.${signature}`, 'header', 'Invalid JWT: its header is not a JSON object'],
    ]
    for (const [bad, part, message] of cases) {
      const error = (() => {
        try {
          decodeJwt({ token: bad as string, part })
        } catch (e) {
          return e
        }
      })()
      expect(error).toBeInstanceOf(InvalidJwtError)
      expect((error as InvalidJwtError).shortMessage).toBe(message)
      expect((error as InvalidJwtError).message).not.toContain(String(bad).slice(0, 40) || '\u0000')
    }
  })
})
