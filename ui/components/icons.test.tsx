// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/react'
import jsQR from 'jsqr'
import { afterEach, describe, expect, test } from 'vitest'
import { mainnet, solana, bitcoin, type CaipNetwork } from '../../adapters/networks.ts'
import { networkImageUrl } from './NetworkIcon.tsx'
import { QrCode, qrLayout } from './QrCode.tsx'
import { WalletIcon } from './WalletIcon.tsx'
import { SocialGlyph } from './glyphs.connect.tsx'

afterEach(cleanup)

const dappIcon = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='
const uri = 'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1767225600'

/** Renders a layout as a grey-scale RGBA bitmap (`scale` px per module), the plate's area left white as drawn. */
function rasterise(layout: ReturnType<typeof qrLayout>, scale = 4): { data: Uint8ClampedArray; width: number } {
  const width = layout.modules * scale
  const data = new Uint8ClampedArray(width * width * 4).fill(255)
  for (let py = 0; py < width; py++) {
    for (let px = 0; px < width; px++) {
      const x = px / scale
      const y = py / scale
      const onPlate = layout.plate && x >= layout.plate.x && x < layout.plate.x + layout.plate.size && y >= layout.plate.x && y < layout.plate.x + layout.plate.size
      if (!onPlate && layout.data[Math.floor(y)]?.[Math.floor(x)]) data.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3)
    }
  }
  return { data, width }
}

describe('QrCode (the dapp icon in the centre)', () => {
  test('behavior: with an icon the code is level H, the icon is drawn on a plate in the centre, and it still decodes', () => {
    const { getByTestId } = render(<QrCode value={uri} label="QR" testId="pairing-qr" icon={dappIcon} />)
    expect(getByTestId('pairing-qr').getAttribute('data-ecc')).toBe('H')
    expect(getByTestId('pairing-qr-icon').querySelector('image')?.getAttribute('href')).toBe(dappIcon)
    const layout = qrLayout(uri, true)
    const { data, width } = rasterise(layout)
    expect(jsQR(data, width, width)?.data).toBe(uri)
  })

  test('behavior: without an icon (or with an unsafe one) no plate, level M', () => {
    const { getByTestId, queryByTestId, rerender } = render(<QrCode value={uri} label="QR" testId="pairing-qr" />)
    expect(getByTestId('pairing-qr').getAttribute('data-ecc')).toBe('M')
    rerender(<QrCode value={uri} label="QR" testId="pairing-qr" icon="javascript:alert(1)" />)
    expect(queryByTestId('pairing-qr-icon')).toBeNull()
  })
})

describe('WalletIcon (glyphs, never a letter)', () => {
  test('behavior: without an image a wallet, a token and WalletConnect show a drawn glyph, not a letter monogram', () => {
    for (const glyph of ['wallet', 'token', 'walletConnect'] as const) {
      const { container, unmount } = render(<WalletIcon name="Dev Token" glyph={glyph} />)
      expect(container.textContent).toBe('')
      expect(container.querySelector('svg')).not.toBeNull()
      expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull()
      unmount()
    }
  })

  test('behavior: an image has a fixed size and alt="", and falls back to the glyph when it fails to load', () => {
    const { container } = render(<WalletIcon src="https://example.com/dev.png" name="DEV" glyph="token" lazy />)
    const img = container.querySelector('img')!
    expect([img.getAttribute('alt'), img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading')]).toEqual(['', '32', '32', 'lazy'])
    fireEvent.error(img)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('[data-fallback="true"] svg')).not.toBeNull()
  })
})

describe('networkImageUrl (spec §7 /public/getAssetImage/{id})', () => {
  const source = { directoryUrl: 'http://127.0.0.1:8600/directory/', projectId: 'p', clientId: 'c' }
  test('behavior: a network imageId goes through the directory asset image route with the common query', () => {
    const url = new URL(networkImageUrl(mainnet, source)!)
    expect(url.pathname).toBe(`/directory/public/getAssetImage/${mainnet.imageId}`)
    expect(Object.fromEntries(url.searchParams)).toEqual({ projectId: 'p', st: 'appkit', sv: 'latchkey-0.1.0', clientId: 'c' })
  })
  test('behavior: an explicit imageUrl wins; without a directory or an imageId there is no URL (the glyph shows)', () => {
    const custom: CaipNetwork = { ...mainnet, imageUrl: 'https://example.com/eth.png' }
    expect(networkImageUrl(custom, source)).toBe('https://example.com/eth.png')
    expect(networkImageUrl(mainnet, { projectId: 'p' })).toBeUndefined()
    const { imageId: _, ...noId } = mainnet
    expect(networkImageUrl(noId, source)).toBeUndefined()
  })
  test('behavior: every built-in network has an imageId', () => {
    for (const n of [mainnet, solana, bitcoin]) expect(n.imageId, n.name).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('SocialGlyph (drawn marks, not letter tiles)', () => {
  const providers = ['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster']

  test('behavior: each default social provider has a drawn mark of its own in the text colour, with no letter and no brand colour', () => {
    const drawings = providers.map((provider) => {
      const { container, unmount } = render(<SocialGlyph provider={provider} />)
      const svg = container.querySelector('svg')!
      expect(svg.getAttribute('aria-hidden'), provider).toBe('true')
      expect(svg.querySelector('text'), provider).toBeNull()
      const colours = [...svg.querySelectorAll('*')].flatMap((el) => [el.getAttribute('fill'), el.getAttribute('stroke')]).filter((c) => c && c !== 'none')
      expect(new Set([svg.getAttribute('fill'), ...colours]), provider).toEqual(new Set(['currentColor']))
      const drawing = svg.innerHTML
      unmount()
      return drawing
    })
    // Google and GitHub (both a "G" as letters) are told apart: every mark differs.
    expect(new Set(drawings).size).toBe(providers.length)
  })

  test('behavior: a provider without a mark gets its initial in a ring, at the size asked', () => {
    const { container } = render(<SocialGlyph provider="telegram" size={20} />)
    const svg = container.querySelector('svg')!
    expect(svg.querySelector('text')?.textContent).toBe('T')
    expect(svg.getAttribute('width')).toBe('20')
  })
})
