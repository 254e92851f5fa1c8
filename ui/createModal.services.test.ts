import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { mainnet } from '../adapters/networks.ts'
import { startApiServer } from '../dev/api/server.ts'
import { timing } from '../machines/timing.ts'
import { createMemoryStorage, createStorage } from '../services/storage.ts'
import { createInstanceServices } from './createModal.services.ts'
import type { ModalOptions } from './types.ts'
import { ForeignError } from '../tests/harness/failures.ts'

/**
 * A catalogue page's image preload (spec §9 "images fetched for the first 20", "Image preload timeout 2000 ms") on the
 * reference directory. Node has no image loading: `Image` is a recorder standing in for the browser's (what it is asked
 * to load, and whether a load ever finishes); the directory, its pages and its image URLs are the real server's.
 */
let server: Awaited<ReturnType<typeof startApiServer>>
beforeAll(async () => {
  server = await startApiServer({ port: 0, chains: [] })
})
afterAll(() => server.stop())

const realImage = (globalThis as { Image?: unknown }).Image
afterEach(() => {
  ;(globalThis as { Image?: unknown }).Image = realImage
})

/** Installs a stand-in `Image` that records each `src` and finishes its load at once, or never. */
function recordImages(loads: boolean): string[] {
  const requested: string[] = []
  ;(globalThis as { Image?: unknown }).Image = class {
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    set src(url: string) {
      requested.push(url)
      if (loads) queueMicrotask(() => this.onload?.())
    }
  }
  return requested
}

function services() {
  return createInstanceServices({
    options: { projectId: 'p-images', networks: [mainnet], api: { directoryUrl: `${server.url}/directory` } } as ModalOptions,
    storage: createStorage({ storage: createMemoryStorage() }),
    adapter: createEip155Adapter({ window: undefined as never }),
    solanaNetworks: [],
    solanaAdapterFor: () => {
      throw new ForeignError('no Solana here')
    },
    isNetworkSupported: () => true,
    isAnalyticsEnabled: () => false,
    onInvalidAppConfiguration: () => {},
  })
}

describe('catalogue image preload (spec §9)', () => {
  test('spec §9: images are fetched for the first 20 of a page, in its order, before the page is handed over', async () => {
    const requested = recordImages(true)
    const page = await services().fetchWallets({ page: 1, entries: 40 }, 20)
    expect(page.data.length).toBeGreaterThan(20)
    expect(requested).toEqual(page.data.slice(0, 20).map((w) => (w as { imageUrl?: string }).imageUrl))
    expect(requested.every((url) => url.startsWith(`${server.url}/directory/getWalletImage/`))).toBe(true)
  })

  test('spec §9: image preload timeout 2000 ms: images that never load hold the page until the timeout, then it is handed over', async () => {
    const requested = recordImages(false)
    const started = performance.now()
    const page = await services().fetchWallets({ page: 1, entries: 40 }, 20)
    const waited = performance.now() - started
    expect(requested).toHaveLength(20)
    expect(page.data.length).toBeGreaterThan(20)
    // Only the lower bound is asserted: the page waited out the preload's timeout, then was handed over anyway.
    expect(waited).toBeGreaterThanOrEqual(timing.imagePreloadTimeout - 5)
    expect(timing.imagePreloadTimeout).toBe(2000)
  }, 20_000)

  test('bad input: a page asked with no images to preload waits for none', async () => {
    const requested = recordImages(false)
    const page = await services().fetchWallets({ page: 1, entries: 4 }, 0)
    expect(page.data).toHaveLength(4)
    expect(requested).toEqual([])
  })
})
