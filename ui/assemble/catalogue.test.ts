import { createActor, waitFor } from 'xstate'
import { describe, expect, test } from 'vitest'
import type { CatalogueOptions } from '../../machines/catalogue.ts'
import type { GetWalletsParameters } from '../../services/directory.ts'
import { defaultFeatures } from '../../services/features.ts'
import { assemble } from './catalogue.ts'
import type { FeatureHost } from './host.ts'

/**
 * The catalogue's directory requests (spec §9 "Wallet lists and search"), on a host whose directory is a recorder: the
 * directory service cannot run here, and what is under test is what the assembly asks of it.
 */
function recordingHost(flags = defaultFeatures) {
  const asked: Array<{ parameters: GetWalletsParameters; imagesPreloaded: number }> = []
  const host = {
    flags: () => flags,
    fetchWallets: async (parameters: GetWalletsParameters, imagesPreloaded: number) => {
      asked.push({ parameters, imagesPreloaded })
      return { data: [], count: 0 }
    },
  } as unknown as FeatureHost
  return { host, asked }
}

async function firstLoad(host: FeatureHost, input: CatalogueOptions) {
  const actor = createActor(assemble(host), { input }).start()
  actor.send({ type: 'catalogue.load' })
  await waitFor(actor, (s) => !s.matches({ list: 'loadingInitial' }))
  actor.stop()
}

describe('catalogue assembly: the first load (spec §9)', () => {
  test('spec §9: featured page size is the number of ids, recommended loads 4, the paged load 40; images for the first 20 of each', async () => {
    const { host, asked } = recordingHost()
    const featuredWalletIds = ['a', 'b', 'c', 'd', 'e', 'f']
    await firstLoad(host, { featuredWalletIds, chains: ['eip155:1'] })
    expect(asked.map((a) => [a.parameters.entries, a.parameters.page, a.imagesPreloaded])).toEqual([
      [6, 1, 20],
      [4, 1, 20],
      [40, 1, 20],
    ])
    expect(asked[0]!.parameters.include).toEqual(featuredWalletIds)
    // The featured wallets are left out of the recommended and the paged lists.
    expect(asked[1]!.parameters.exclude).toEqual(featuredWalletIds)
    expect(asked[2]!.parameters.exclude).toEqual(featuredWalletIds)
  })

  test('behavior: without featured ids no featured request is made; with allWallets off no paged request', async () => {
    const { host, asked } = recordingHost({ ...defaultFeatures, allWallets: false })
    await firstLoad(host, { chains: ['eip155:1'] })
    expect(asked.map((a) => a.parameters.entries)).toEqual([4])
  })
})
