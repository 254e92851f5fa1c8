import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startApiServer } from '../../dev/api/server.ts'
import { createDirectoryApi } from '../../services/directory.ts'
import type { TokenBalance } from '../../services/schemas.ts'
import { directoryTokenImages, imageDataUri, withTokenImages } from './tokenImages.ts'

/**
 * Token images from the wallet directory (spec §7 `/public/getTokenImage/{id}`) for tokens without an icon of their
 * own: the reference server (`dev/api`) and the real directory client; every request it sends is recorded.
 */
let server: Awaited<ReturnType<typeof startApiServer>>
beforeAll(async () => {
  server = await startApiServer({ port: 0, chains: [] })
})
afterAll(() => server.stop())

function host(withDirectory = true) {
  const asked: string[] = []
  const recording: typeof fetch = (input, init) => {
    asked.push(new URL(input instanceof Request ? input.url : String(input)).pathname)
    return fetch(input, init)
  }
  const directory = createDirectoryApi({ baseUrl: `${server.url}/directory`, projectId: 'p-token-images', fetch: recording })
  return { asked, host: { directory: () => (withDirectory ? Promise.resolve(directory) : undefined) } }
}

const token = (symbol: string, iconUrl?: string): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:1',
  value: 0,
  price: 0,
  ...(iconUrl ? { iconUrl } : {}),
  quantity: { decimals: '18', numeric: '1' },
})

describe('spec §7 token images', () => {
  test('behavior: a token without an icon gets the directory image of its symbol as a data: URI; a token with one keeps it; each symbol is asked once', async () => {
    const { host: h, asked } = host()
    const images = directoryTokenImages(h)
    const own = 'https://tokens.example/usdc.png'
    const [eth, usdc] = await withTokenImages([token('ETH'), token('USDC', own)], images)
    expect(eth!.iconUrl).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(atob(eth!.iconUrl!.split(',')[1]!)).toMatch(/^<svg /)
    expect(usdc).toEqual(token('USDC', own))
    await withTokenImages([token('eth'), token(' ETH ')], images)
    expect(asked).toEqual(['/directory/public/getTokenImage/ETH'])
  })

  test('bad input: a symbol the directory has no image of (404) and a blank symbol leave the token as it is; the blank one asks nothing', async () => {
    const { host: h, asked } = host()
    const images = directoryTokenImages(h)
    expect(await withTokenImages([token('NOPE-TOKEN'), token('  ')], images)).toEqual([token('NOPE-TOKEN'), token('  ')])
    expect(asked).toEqual(['/directory/public/getTokenImage/NOPE-TOKEN'])
    // A failure is not kept: the next load asks again.
    await withTokenImages([token('NOPE-TOKEN')], images)
    expect(asked).toHaveLength(2)
  })

  test('behavior: without a configured directory nothing is asked and the tokens are unchanged', async () => {
    const { host: h, asked } = host(false)
    expect(await withTokenImages([token('ETH')], directoryTokenImages(h))).toEqual([token('ETH')])
    expect(asked).toEqual([])
  })

  test('bad input: a blob that is not a shown image type (HTML, an image type with parameters aside) gives no data: URI', async () => {
    expect(await imageDataUri(new Blob(['<script>alert(1)</script>'], { type: 'text/html' }))).toBeUndefined()
    expect(await imageDataUri(new Blob(['x'], { type: 'image/tiff' }))).toBeUndefined()
    expect(await imageDataUri(new Blob(['<svg/>'], { type: 'image/svg+xml; charset=utf-8' }))).toBe('data:image/svg+xml;base64,PHN2Zy8+')
    expect(await imageDataUri(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }))).toBe('data:image/png;base64,iVBORw==')
  })
})
