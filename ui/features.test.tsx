// @vitest-environment happy-dom
import { waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, inject, test, vi, type MockInstance } from 'vitest'
import { mainnet } from '../adapters/networks.ts'
import { MemoryKeyValueStorage } from '../testing/walletConnect/storage.ts'
import { views } from '../machines/views.ts'
import { defaultFeatures, type Features } from '../services/features.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { onHeld, renderApp, WALLET_NAME, type App } from '../tests/model/app.tsx'
import { createModal } from './createModal.ts'
import { featureAssemblies } from './assemble/index.ts'
import { FeatureDisabledError } from './errors.ts'
import { featureRegistry, isViewOn, nextViewsOf, prefetchIntent, prefetchView, viewCode, viewFlags, viewRegistration } from './features.ts'
import { FeatureDisabledError as PublicFeatureDisabledError } from './index.ts'
import { en } from './locales/en.ts'

/**
 * Feature flags decide what exists (spec §6, §9): each flag through the public API (createModal, the
 * real modal in happy-dom with the development wallet on anvil and the reference server), off hides its entry point
 * and fetches nothing of it, on shows it; the project's remote config arriving while the modal is open updates the
 * views without a reload.
 */
let app: App | undefined
const others: Array<{ destroy(): void }> = []
let fetchSpy: MockInstance<typeof fetch>
beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch')
})
afterEach(async () => {
  fetchSpy.mockRestore()
  await app?.dispose()
  app = undefined
  others.splice(0).forEach((m) => m.destroy())
})

/** The URLs the modal fetched (the reference server's API; view chunks are not fetched in happy-dom). */
const fetched = () => fetchSpy.mock.calls.map(([input]) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url))
const dialog = () => within(app!.dialog()!)
const button = (name: string) => dialog().queryByRole('button', { name })
const tab = (name: string) => dialog().queryByRole('tab', { name })
const featureRefs = () => app!.modal.actor.getSnapshot().context.features
const branding = () => app!.dialog()!.parentElement?.querySelector('[data-testid="branding-footer"]')?.textContent ?? null

/** A restored connection, Account open (its tabs shown: the view has asked for its data). */
async function openAccount(fixture: Parameters<typeof renderApp>[0] = {}) {
  app = await renderApp({ stored: true, authorised: true, api: true, ...fixture })
  await app.get('button', /0x/)
  await app.ensureOpen()
  await app.get('tablist', en.accountTabs)
  return app
}

/** Disconnected, Connect open. */
async function openConnect(fixture: Parameters<typeof renderApp>[0] = {}) {
  app = await renderApp(fixture)
  await app.ensureOpen()
  await app.get('dialog', en.titles.Connect)
  await dialog().findAllByRole('button', { name: WALLET_NAME })
  return app
}

describe('the feature registry', () => {
  test('behavior: every view of this build is owned by exactly one feature; flags are keys of the feature set', () => {
    const owners = views.map((v) =>
      Object.values(featureRegistry)
        .filter((f) => v in f.views)
        .map((f) => f.id),
    )
    expect(owners.every((o) => o.length === 1)).toBe(true)
    for (const v of views) expect(viewRegistration(v)).toBeDefined()
    for (const f of Object.values(featureRegistry)) {
      for (const flag of [f.flag, ...Object.values(f.views).map((v) => v!.flag), ...Object.values(f.parts ?? {})]) {
        if (flag !== undefined) expect(Object.keys(defaultFeatures)).toContain(flag)
      }
    }
  })

  test('behavior: no view is in the initial JS: every view, Connect and Account included, has a chunk loader', () => {
    for (const v of views) expect(typeof viewRegistration(v)!.view.load).toBe('function')
  })

  test('behavior: viewCode wraps each view once; prefetchView fetches the chunk and loaded() is then the component', async () => {
    const code = viewCode('Connect')!
    expect(viewCode('Connect')).toBe(code)
    prefetchView('Connect')
    const component = await code.preload()
    expect(code.loaded()).toBe(component)
    expect(component.name).toBe('Connect')
  })

  test('behavior: the intent to open a view fetches its chunk and its feature machines (Connect: catalogue; Account: account; both: the remote config), nothing else', async () => {
    const spies = (Object.keys(featureAssemblies) as Array<keyof typeof featureAssemblies>).map((id) => [id, vi.spyOn(featureAssemblies, id)] as const)
    try {
      prefetchIntent('Connect')
      const called = () =>
        spies
          .filter(([, spy]) => spy.mock.calls.length > 0)
          .map(([id]) => id)
          .sort()
      expect(called()).toEqual(['catalogue', 'remoteConfig'])
      prefetchIntent('Account')
      expect(called()).toEqual(['account', 'catalogue', 'remoteConfig'])
      // The modules arrive (each import() once, whatever the number of intents); nothing is spawned by a prefetch.
      await expect(featureAssemblies.catalogue()).resolves.toHaveProperty('assemble')
      expect(called()).not.toContain('send')
    } finally {
      for (const [, spy] of spies) spy.mockRestore()
    }
  })

  test('behavior: a view needs its feature flag and its own (Send: send; AllWallets: allWallets; Account: none)', () => {
    expect(viewFlags('Send')).toEqual(['send'])
    expect(viewFlags('SendPreview')).toEqual(['send'])
    expect(viewFlags('Receive')).toEqual(['receive'])
    expect(viewFlags('AllWallets')).toEqual(['allWallets'])
    expect(viewFlags('Account')).toEqual([])
    expect(isViewOn('Send', { ...defaultFeatures, send: false })).toBe(false)
    expect(isViewOn('Receive', { ...defaultFeatures, send: false })).toBe(true)
  })

  test('behavior: the prefetch skips the views of a feature that is off', () => {
    expect(nextViewsOf('Account', defaultFeatures)).toEqual(['SwitchNetwork', 'Receive', 'Send', 'Swap'])
    expect(nextViewsOf('Account', { ...defaultFeatures, send: false, receive: false })).toEqual(['SwitchNetwork', 'Swap'])
    expect(nextViewsOf('Account', { ...defaultFeatures, send: false, receive: false, swaps: false })).toEqual(['SwitchNetwork'])
    expect(nextViewsOf('Connect', { ...defaultFeatures, allWallets: false })).toEqual(['ConnectingExternal', 'ConnectingWalletConnect'])
  })

  test('behavior: the prefetch skips views the dapp configured no way to reach (SIWX without siwx, SwitchActiveChain with one namespace)', () => {
    const none = { option: () => false, otherNamespace: false }
    expect(nextViewsOf('ConnectingExternal', defaultFeatures, none)).toEqual([])
    expect(nextViewsOf('ConnectingExternal', defaultFeatures, { ...none, option: (key: string) => key === 'siwx' })).toEqual(['SIWXSignMessage'])
    expect(nextViewsOf('SwitchNetwork', defaultFeatures, none)).toEqual([])
    expect(nextViewsOf('SwitchNetwork', defaultFeatures, { ...none, otherNamespace: true })).toEqual(['SwitchActiveChain'])
  })
})

describe('features through the public API', () => {
  test('behavior: getState().features is the resolved set: the defaults of spec §9 with the local options', () => {
    const modal = createModal({ projectId: 'p', networks: [mainnet], storage: createMemoryStorage(), features: { send: false, activity: false } })
    others.push(modal)
    const features: Features = modal.getState().features
    expect(features).toEqual({ ...defaultFeatures, send: false, activity: false })
    const basic = createModal({ projectId: 'p', networks: [mainnet], storage: createMemoryStorage(), basic: true })
    others.push(basic)
    expect(basic.getState().features).toMatchObject({ activity: false, reownBranding: false, email: false, swaps: false, send: true, receive: true, allWallets: true })
  })

  describe('send', () => {
    test('behavior: off, Account has no Send button (Receive stays) and open({ view: "Send" }) throws FeatureDisabledError', async () => {
      await openAccount({ features: { send: false } })
      expect(button(en.send)).toBeNull()
      expect(button(en.receive)).not.toBeNull()
      let error: unknown
      try {
        app!.modal.open({ view: 'Send' })
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(FeatureDisabledError)
      expect(error).toBeInstanceOf(PublicFeatureDisabledError)
      expect(error).toMatchObject({ name: 'FeatureDisabledError', feature: 'send', option: 'features.send', view: 'Send' })
      expect((error as Error).message).toMatchInlineSnapshot(`
        "The send feature is off: the Send view cannot open.
        Turn it on with the \`features.send\` option of createModal.
        Docs: https://latchkey.example/errors/FeatureDisabledError"
      `)
      expect(() => app!.modal.open({ view: 'SendPreview' })).toThrow(FeatureDisabledError)
      // Nothing moved: Account is still shown.
      expect(app!.modal.getState().view).toBe('Account')
    }, 30_000)

    test('behavior: on (the default), Account shows Send and it opens the send form', async () => {
      await openAccount()
      expect(button(en.send)).not.toBeNull()
      await app!.clickInDialog('button', en.send)
      await app!.get('dialog', en.titles.Send)
    }, 30_000)
  })

  describe('receive', () => {
    test('behavior: off, Account has no Receive button and open({ view: "Receive" }) throws', async () => {
      await openAccount({ features: { receive: false } })
      expect(button(en.receive)).toBeNull()
      expect(button(en.send)).not.toBeNull()
      expect(() => app!.modal.open({ view: 'Receive' })).toThrowErrorMatchingInlineSnapshot(`
        [FeatureDisabledError: The receive feature is off: the Receive view cannot open.
        Turn it on with the \`features.receive\` option of createModal.
        Docs: https://latchkey.example/errors/FeatureDisabledError]
      `)
    }, 30_000)

    test('behavior: send, receive, onramp and swaps off: no action row at all', async () => {
      await openAccount({ features: { receive: false, send: false, onramp: false, swaps: false } })
      expect(app!.dialog()!.querySelector('.lk-actions')).toBeNull()
    }, 30_000)

    test("behavior: swaps on (the default) shows Account's Swap button; off hides it", async () => {
      await openAccount({ features: { receive: false, send: false, onramp: false } })
      expect([...app!.dialog()!.querySelectorAll('.lk-actions button')].map((b) => b.textContent)).toEqual([en.swap.start])
    }, 30_000)

    test('behavior: on (the default), Account shows Receive and it opens the Receive view', async () => {
      await openAccount()
      await app!.clickInDialog('button', en.receive)
      await app!.get('dialog', en.titles.Receive)
    }, 30_000)
  })

  describe('onramp', () => {
    test('behavior: off, Account has no Buy button and open({ view: "OnRamp" }) throws FeatureDisabledError', async () => {
      await openAccount({ features: { onramp: false } })
      expect(button(en.buy)).toBeNull()
      expect(button(en.send)).not.toBeNull()
      expect(() => app!.modal.open({ view: 'OnRamp' })).toThrow(/The onramp feature is off/)
      expect(featureRefs().onramp).toBeUndefined()
    }, 30_000)

    test('behavior: on (the default), Account shows Buy and it opens the buy form', async () => {
      await openAccount()
      expect(featureRefs().onramp).toBeUndefined()
      await app!.clickInDialog('button', en.buy)
      await app!.get('dialog', en.titles.OnRamp)
      await waitFor(() => expect(featureRefs().onramp).toBeDefined())
    }, 30_000)
  })

  describe('allWallets', () => {
    test('behavior: off, Connect has no All Wallets entry, the catalogue page of 40 is not requested, open({ view: "AllWallets" }) throws', async () => {
      await openConnect({ directory: true, features: { allWallets: false } })
      await waitFor(() => expect(fetched().some((u) => u.includes('/directory/getWallets') && u.includes('entries=4'))).toBe(true))
      expect(button(en.allWallets)).toBeNull()
      expect(fetched().filter((u) => u.includes('/directory/getWallets') && u.includes('entries=40'))).toEqual([])
      expect(() => app!.modal.open({ view: 'AllWallets' })).toThrow(/The allWallets feature is off/)
    }, 30_000)

    test('behavior: on (the default), Connect has the All Wallets entry and it opens the catalogue', async () => {
      await openConnect({ directory: true })
      await waitFor(() => expect(button(en.allWallets)).not.toBeNull())
      await waitFor(() => expect(fetched().some((u) => u.includes('/directory/getWallets') && u.includes('entries=40'))).toBe(true))
      await app!.clickInDialog('button', en.allWallets)
      await app!.get('searchbox', en.searchWallet)
    }, 30_000)

    test('behavior: off, the manual-WalletConnect rule on a phone opens the plain WalletConnect view instead of AllWallets', () => {
      const wc = { relayUrl: inject('relayUrl'), storage: new MemoryKeyValueStorage() as never, storagePrefix: `ft-${Math.random().toString(36).slice(2, 9)}` }
      const modal = createModal({ projectId: 'p', networks: [mainnet], storage: createMemoryStorage(), walletConnect: wc, manualWalletConnect: true, platform: 'mobile', features: { allWallets: false } })
      others.push(modal)
      modal.open()
      expect(modal.getState().view).toBe('ConnectingWalletConnectBasic')
    })

    test('behavior: a view of a feature that is off is never shown: pushed anyway, the modal goes back', async () => {
      await openConnect({ features: { allWallets: false } })
      app!.modal.actor.send({ type: 'app.push', view: 'AllWallets' })
      await app!.settle()
      await waitFor(() => expect(app!.modal.getState().view).toBe('Connect'))
      expect(app!.find('searchbox', en.searchWallet)).toBeNull()
    }, 30_000)
  })

  describe('activity', () => {
    test('behavior: off, Account has no Activity tab and the history is never requested', async () => {
      await openAccount({ features: { activity: false } })
      expect(tab(en.tabs.tokens)).not.toBeNull()
      expect(tab(en.tabs.activity)).toBeNull()
      // Shown again and the data read again (what a send does): still no history request.
      app!.modal.refreshBalance()
      await app!.close()
      await app!.ensureOpen()
      await app!.get('tablist', en.accountTabs)
      await app!.settle()
      expect(fetched().some((u) => u.includes('/balance'))).toBe(true)
      expect(fetched().filter((u) => u.includes('/history'))).toEqual([])
    }, 30_000)

    test('behavior: on (the default), the Activity tab shows and requests the history', async () => {
      await openAccount()
      await app!.clickInDialog('tab', en.tabs.activity)
      await waitFor(() => expect(fetched().some((u) => u.includes('/history'))).toBe(true))
    }, 30_000)
  })

  describe('reownBranding', () => {
    test('behavior: on (the default), the footer "UX by latchkey" is at the bottom of Connect and Account', async () => {
      await openAccount()
      expect(branding()).toBe(en.branding(en.brandingName))
      await app!.clickInDialog('button', en.receive)
      await app!.get('dialog', en.titles.Receive)
      expect(branding()).toBeNull()
    }, 30_000)

    test('behavior: off, no footer', async () => {
      await openConnect({ features: { reownBranding: false } })
      expect(branding()).toBeNull()
    }, 30_000)
  })

  test('behavior: basic mode turns the remote features off (no Activity tab, no footer) and keeps Send and Receive', async () => {
    await openAccount({ basic: true })
    expect(tab(en.tabs.activity)).toBeNull()
    expect(branding()).toBeNull()
    expect(button(en.send)).not.toBeNull()
    expect(button(en.receive)).not.toBeNull()
  }, 30_000)
})

describe('the remote config arrives while the modal is open', () => {
  const CONFIG = 'api:/directory/appkit/v1/config'
  /** The reference server's `/appkit/v1/config` of a project of this file (its own id: the shared server stays as it is for the others). */
  async function projectConfig(projectId: string, features: Record<string, unknown>) {
    const response = await fetch(`${inject('apiUrl')}/__control/features`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectId, features }),
    })
    expect(response.ok).toBe(true)
  }

  test('behavior: /appkit/v1/config answers activity:false and reownBranding:false: the tab and the footer go, no reload', async () => {
    const projectId = `features-remote-${Math.random().toString(36).slice(2, 9)}`
    await projectConfig(projectId, { activity: false, reownBranding: false })
    await openAccount({ directory: true, projectId, hold: [CONFIG] })
    const states: Features[] = []
    const unsubscribe = app!.modal.subscribe((s) => states.push(s.features))
    // Before the answer: the local options (the defaults).
    await app!.clickInDialog('tab', en.tabs.activity)
    expect(branding()).not.toBeNull()
    const requests = () => fetched().filter((u) => u.includes('/history')).length
    await waitFor(() => expect(requests()).toBe(1))
    // The server's answer arrives while Account shows the Activity tab.
    await onHeld(app!, CONFIG, () => app!.gates.release(CONFIG))
    await waitFor(() => expect(tab(en.tabs.activity)).toBeNull())
    expect(dialog().getByRole('tab', { selected: true }).textContent).toBe(en.tabs.tokens)
    expect(branding()).toBeNull()
    expect(app!.modal.getState().features).toMatchObject({ activity: false, reownBranding: false, send: true })
    expect(states.at(-1)).toMatchObject({ activity: false })
    unsubscribe()
    // Read again (a send would do the same): the history is not requested again.
    app!.modal.refreshBalance()
    await app!.settle()
    expect(requests()).toBe(1)
  }, 30_000)

  test('behavior: a remote activity:true turns on the Activity tab the local option turned off (the notice names it)', async () => {
    const projectId = `features-remote-${Math.random().toString(36).slice(2, 9)}`
    await projectConfig(projectId, { activity: true })
    await openAccount({ directory: true, projectId, hold: [CONFIG], features: { activity: false } })
    expect(tab(en.tabs.activity)).toBeNull()
    await onHeld(app!, CONFIG, () => app!.gates.release(CONFIG))
    await waitFor(() => expect(tab(en.tabs.activity)).not.toBeNull())
    // The remote config machine arrived with the first opening.
    const remote = app!.modal.actor.getSnapshot().context.features.remoteConfig!.getSnapshot().context
    expect(remote.ignored).toEqual(['activity'])
    await app!.clickInDialog('tab', en.tabs.activity)
    await waitFor(() => expect(fetched().some((u) => u.includes('/history'))).toBe(true))
  }, 30_000)
})
