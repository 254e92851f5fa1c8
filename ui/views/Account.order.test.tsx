// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { renderApp, type App } from '../../tests/model/app.tsx'
import { en } from '../locales/en.ts'

/**
 * Account's action row in the `walletFeaturesOrder` option's order (spec §9): the real modal, dev wallet and anvil
 * chain, the buttons read from the rendered dialog.
 */
let app: App | undefined
afterEach(async () => {
  await app?.dispose()
  app = undefined
})

/** The labels of Account's action row, once Account shows. */
async function actionLabels(a: App): Promise<string[]> {
  await a.get('button', /0x/)
  await a.ensureOpen()
  let labels: string[] = []
  await waitFor(() => {
    const row = a.dialog()?.querySelector('.lk-account-actions')
    labels = [...(row?.querySelectorAll('button') ?? [])].map((b) => b.textContent ?? '')
    expect(labels.length).toBeGreaterThan(0)
  })
  return labels
}

describe('spec §9 walletFeaturesOrder on Account', () => {
  test('spec §9 walletFeaturesOrder: by default Account shows Buy, Swap, Receive, Send', async () => {
    app = await renderApp({ stored: true, authorised: true })
    expect(await actionLabels(app)).toEqual([en.buy, en.swap.start, en.receive, en.send])
  }, 30_000)

  test('spec §9 walletFeaturesOrder: the option given to the modal orders Account’s buttons', async () => {
    app = await renderApp({ stored: true, authorised: true, walletFeaturesOrder: ['send', 'receive', 'swaps', 'onramp'] })
    expect(await actionLabels(app)).toEqual([en.send, en.receive, en.swap.start, en.buy])
  }, 30_000)
})
