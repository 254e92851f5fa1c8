import { describe, expect, test } from 'vitest'
import { connectPairing } from './pairing.connect.ts'
import type { PairingWallet } from './pairing.ts'

/**
 * The pairing view's links (spec §5 links; issue 14 defect 5): every link of the picked wallet goes through the one
 * link policy of adapters/links.ts; a refused one is never offered, its reason shows instead.
 */
const uri = `wc:${'7f'.repeat(32)}@2?relay-protocol=irn&symKey=${'a1'.repeat(32)}`
/** A pairing showing its URI for `wallet`, and an eip155 connection that is not the relay's yet. */
function view(wallet: PairingWallet, isMobile = false) {
  const pairing = { context: { uri, wallet, uris: 1, error: undefined }, matches: (v: unknown) => JSON.stringify(v) === JSON.stringify({ proposing: 'showingUri' }) }
  const connection = { context: { connectorId: undefined }, hasTag: () => false, matches: () => false }
  return connectPairing(pairing as never, connection as never, { isMobile, walletConnectConnectorId: 'walletConnect' })
}

describe('connectPairing links', () => {
  test('behavior: good links are offered: the app on the pairing, the web app', () => {
    const v = view({ id: 'w', name: 'W', desktop_link: 'wallet://', webapp_link: 'https://app.wallet.example/' })
    expect(v).toMatchObject({ phase: 'showing', appLink: { href: `wallet://wc?uri=${encodeURIComponent(uri)}`, kind: 'native' }, webLink: 'https://app.wallet.example/', linkError: undefined })
  })

  test.each(['https://u:p@evil.example/', 'https://wallet.example@evil.example/', 'javascript:alert(1)', 'https://app.wallet.example/\nx'])(
    'bad input: a web app link %j is not offered; the reason shows',
    (webapp_link) => {
      const v = view({ id: 'w', name: 'W', desktop_link: 'wallet://', webapp_link })
      expect(v.webLink).toBeUndefined()
      expect(v.linkError).toBe('Invalid wallet link')
      expect(v.appLink?.href.startsWith('wallet://wc?uri=')).toBe(true)
    },
  )

  test('bad input: a refused app link wins the message; a native web link is simply not a web app', () => {
    expect(view({ id: 'w', name: 'W', mobile_link: 'data:text/html,x', webapp_link: 'wallet://' }, true)).toMatchObject({ appLink: undefined, webLink: undefined, linkError: 'Invalid wallet link' })
    expect(view({ id: 'w', name: 'W', webapp_link: 'wallet://' })).toMatchObject({ webLink: undefined, linkError: undefined })
  })
})

describe('connectPairing before the pairing machine arrived (issue 15 §1)', () => {
  test('behavior: no pairing snapshot: loading (the preparing spinner), no URI, no wallet, no links', () => {
    const connection = { context: { connectorId: undefined }, hasTag: () => false, matches: () => false }
    expect(connectPairing(undefined, connection as never, { isMobile: true, walletConnectConnectorId: 'walletConnect' })).toEqual({
      loaded: false,
      phase: 'loading',
      uri: undefined,
      uris: 0,
      wallet: undefined,
      appLink: undefined,
      webLink: undefined,
      linkError: undefined,
      errorMessage: undefined,
    })
    expect(view({ id: 'w', name: 'W' }).loaded).toBe(true)
  })
})
