import { describe, expect, test, vi } from 'vitest'
import { socialReturnOf, takeSocialReturn, withoutSocialReturn } from './socialReturn.ts'

const result = 'http://127.0.0.1:8800/social/result?token=abc'
const page = (search: string) => {
  const history = { state: { keep: 1 }, replaceState: vi.fn() }
  return { win: { location: { href: `http://127.0.0.1:5273/shop?item=7${search}#top` }, history }, history }
}

describe('a social login’s return in the page address (spec §2)', () => {
  test('result_uri is read and removed from the address, the rest kept', () => {
    const { win, history } = page(`&result_uri=${encodeURIComponent(result)}`)
    expect(takeSocialReturn(win)).toEqual({ type: 'socialLogin.returned', resultUri: result })
    expect(history.replaceState).toHaveBeenCalledWith({ keep: 1 }, '', 'http://127.0.0.1:5273/shop?item=7#top')
  })
  test('social_error is a refusal with its message, removed too', () => {
    const { win, history } = page('&social_error=Sign-in%20refused%3A%20nonce')
    expect(takeSocialReturn(win)).toEqual({ type: 'socialLogin.refused', message: 'Sign-in refused: nonce' })
    expect(history.replaceState).toHaveBeenCalledOnce()
  })
  test('no return: nothing read, the address untouched', () => {
    const { win, history } = page('')
    expect(takeSocialReturn(win)).toBeUndefined()
    expect(history.replaceState).not.toHaveBeenCalled()
  })
  test('the page loaded inside the popup leaves the result to its opener', () => {
    const { win, history } = page(`&latchkey_social=popup&result_uri=${encodeURIComponent(result)}`)
    expect(takeSocialReturn(win)).toBeUndefined()
    expect(history.replaceState).not.toHaveBeenCalled()
  })
  test('helpers', () => {
    expect(socialReturnOf('not a url')).toBeUndefined()
    expect(withoutSocialReturn('http://a.test/?latchkey_social=popup&x=1&result_uri=r')).toBe('http://a.test/?x=1')
  })
})
