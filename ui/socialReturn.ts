/**
 * A social login's return in a page address (spec §2 "a Telegram mini-app social-login return reads a
 * result_uri query parameter from the page address and removes it afterwards"). Tiny and dependency-free: `createModal`
 * reads the page's address with it at start; the social login's actors build the return address with it.
 */

/** The query parameters a social login's return carries: the result, the refusal's message, the popup's marker. */
export const socialReturnParams = { result: 'result_uri', error: 'social_error', popupMarker: 'latchkey_social' } as const

/**
 * What a page address says about a social login's return: `undefined` when it carries none.
 * @example socialReturnOf('https://dapp.example/?result_uri=https%3A%2F%2Fsecure%2Fsocial%2Fresult%3Ftoken%3Dt') // { resultUri: 'https://secure/social/result?token=t' }
 */
export function socialReturnOf(href: string): { resultUri: string } | { error: string } | undefined {
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return undefined
  }
  const resultUri = url.searchParams.get(socialReturnParams.result)
  if (resultUri) return { resultUri }
  const error = url.searchParams.get(socialReturnParams.error)
  return error ? { error } : undefined
}

/** `href` without the social login's return parameters (and the popup marker). */
export function withoutSocialReturn(href: string): string {
  const url = new URL(href)
  for (const key of Object.values(socialReturnParams)) url.searchParams.delete(key)
  return url.href
}

/**
 * Reads a redirect login's return from the page address and removes it (`history.replaceState`): the event for the
 * social login machine, or `undefined`. A page loaded inside the login's popup (marked `latchkey_social`) leaves the
 * address alone: the opener reads it.
 */
export function takeSocialReturn(
  win: { location: { href: string }; history: { state: unknown; replaceState(data: unknown, unused: string, url?: string): void } } | undefined,
): { type: 'socialLogin.returned'; resultUri: string } | { type: 'socialLogin.refused'; message: string } | undefined {
  const href = win?.location.href
  if (!href) return undefined
  const back = socialReturnOf(href)
  if (!back || new URL(href).searchParams.has(socialReturnParams.popupMarker)) return undefined
  win.history.replaceState(win.history.state, '', withoutSocialReturn(href))
  return 'resultUri' in back ? { type: 'socialLogin.returned', resultUri: back.resultUri } : { type: 'socialLogin.refused', message: back.error }
}
