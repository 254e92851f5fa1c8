// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { fromPromise } from 'xstate'
import { accountMachine } from '../machines/account.ts'
import { catalogueMachine } from '../machines/catalogue.ts'
import { connectAccount, connectConnecting } from '../machines/connection.connect.ts'
import { connectModal } from '../machines/modal.connect.ts'
import { connectNetwork } from '../machines/network.connect.ts'
import { sendMachine } from '../machines/send.ts'
import { deferred } from '../tests/harness/deferred.ts'
import { createRootHarness } from '../tests/harness/root.ts'
import { ModalContext } from './context.ts'
import type { ModalInstance } from './createModal.ts'
import { useFeatures } from './hooks.ts'
import { en } from './locales/en.ts'
import { AccountTabs } from './views/AccountTabs.tsx'
import AllWallets from './views/AllWallets.tsx'
import Send from './views/Send.tsx'

/**
 * The hooks with feature machines that arrive on intent: the real root (its wallet side played by the
 * test harness) with each feature's module held by the test, the real views. Before the feature is there a view shows
 * its not-loaded model; a gesture made meanwhile goes through the root (`feature.deliver`) and is applied, in order,
 * once the feature arrives.
 */
afterEach(cleanup)

/** Never answers: the feature's fetches stay under way (what the test looks at is the machine's state). */
const pending = () => fromPromise(() => new Promise<never>(() => {})) as never

/** The facade's locale before any catalogue: English words, numbers in en-US. */
const englishLocale = { locale: 'en', direction: 'ltr', numberLocale: 'en-US', copy: null }
function renderWith(h: ReturnType<typeof createRootHarness>, children: ReactNode) {
  // The facade's internal contract with the hooks: its core (root actor and view-model functions) is in.
  const core = { actor: h.actor, connect: { connectAccount, connectConnecting, connectModal, connectNetwork } }
  const modal = { actor: h.actor, options: {}, peekCore: () => core, subscribeCore: () => () => {}, getLocale: () => englishLocale, subscribeLocale: () => () => {} } as unknown as ModalInstance
  return render(<ModalContext.Provider value={modal}>{children}</ModalContext.Provider>)
}

describe('hooks with features loaded on intent', () => {
  test('behavior: AllWallets asks for the catalogue on mount; a search typed before it arrived is applied once it arrives', async () => {
    const load = deferred<typeof catalogueMachine>()
    let fetches = 0
    const h = createRootHarness({ loaders: { catalogue: () => (fetches++, load.promise) } })
    renderWith(h, <AllWallets />)
    // Not loaded yet: the first load's spinner, the catalogue being fetched (once).
    expect(screen.getByRole('progressbar', { name: en.loading })).toBeTruthy()
    expect(h.actor.getSnapshot().context.loading).toEqual(['catalogue'])
    expect(h.actor.getSnapshot().context.features.catalogue).toBeUndefined()
    fireEvent.change(screen.getByRole('searchbox', { name: en.searchWallet }), { target: { value: 'zz' } })
    expect(fetches).toBe(1)

    await act(async () => load.resolve(catalogueMachine.provide({ actors: { loadInitial: pending(), fetchWallets: pending() } })))
    await waitFor(() => expect(h.actor.getSnapshot().context.features.catalogue).toBeDefined())
    const catalogue = h.actor.getSnapshot().context.features.catalogue!.getSnapshot()
    expect(catalogue.matches({ list: 'loadingInitial' })).toBe(true)
    expect(catalogue.context.query).toBe('zz')
    expect((screen.getByRole('searchbox', { name: en.searchWallet }) as HTMLInputElement).value).toBe('zz')
    expect(fetches).toBe(1)
  })

  test('behavior: the Account tabs ask for the account data on mount, show Loading meanwhile, and a tab picked before it arrived is selected after', async () => {
    const load = deferred<typeof accountMachine>()
    let fetches = 0
    const h = createRootHarness({ loaders: { account: () => (fetches++, load.promise) } })
    renderWith(h, <AccountTabs />)
    const tabs = within(screen.getByRole('tablist', { name: en.accountTabs }))
    expect(tabs.getAllByRole('tab').map((t) => t.textContent)).toEqual([en.tabs.tokens, en.tabs.nfts, en.tabs.activity])
    expect(screen.getByRole('tabpanel').textContent).toBe(en.loading)
    expect(screen.getByRole('tabpanel').getAttribute('aria-busy')).toBe('true')
    fireEvent.click(tabs.getByRole('tab', { name: en.tabs.nfts }))
    expect(tabs.getByRole('tab', { selected: true }).textContent).toBe(en.tabs.tokens)
    expect(fetches).toBe(1)

    await act(async () => load.resolve(accountMachine.provide({ actors: { fetchBalances: pending(), fetchIdentity: pending(), fetchHistory: pending() } })))
    await waitFor(() => expect(tabs.getByRole('tab', { selected: true }).textContent).toBe(en.tabs.nfts))
    expect(h.actor.getSnapshot().context.features.account!.getSnapshot().context.currentTab).toBe('nfts')
    expect(fetches).toBe(1)
  })

  test('behavior: the Send form shows its not-loaded model; a receiver typed before the send machine arrived is applied once it does', async () => {
    const load = deferred<typeof sendMachine>()
    const h = createRootHarness({ loaders: { send: () => load.promise } })
    renderWith(h, <Send />)
    // Named by what it shows (WCAG 2.5.3): the word 'Token' for assistive technology, then 'Loading…'.
    const token = screen.getByRole('button', { name: en.tokenButton(en.loading) })
    expect(token.textContent).toBe(en.tokenButton(en.loading))
    const receiver = screen.getByRole('textbox', { name: en.receiver }) as HTMLInputElement
    fireEvent.change(receiver, { target: { value: 'alice.reown.id' } })
    expect(h.actor.getSnapshot().context.loading).toEqual(['send'])

    await act(async () => load.resolve(sendMachine.provide({ actors: { fetchBalances: pending(), resolveName: pending(), fetchReceiverProfile: pending() } })))
    await waitFor(() => expect(receiver.value).toBe('alice.reown.id'))
    expect(h.actor.getSnapshot().context.features.send!.getSnapshot().context.receiverAddress).toBe('alice.reown.id')
  })

  test('behavior: useFeatures reads the root flags (no remote config machine needed)', () => {
    const h = createRootHarness({ remoteConfig: { projectId: 'p', local: { activity: false, send: false } } })
    let seen: ReturnType<typeof useFeatures> | undefined
    const Probe = () => {
      seen = useFeatures()
      return null
    }
    renderWith(h, <Probe />)
    expect(h.actor.getSnapshot().context.features.remoteConfig).toBeUndefined()
    expect(seen).toMatchObject({ activity: false, send: false, receive: true })
  })
})
