import { describe, expect, test } from 'vitest'
import { manifests } from '../machines/manifests.ts'
import { defaultFeatures } from '../services/features.ts'
import { en } from './locales/en.ts'
import type { EntrySpec } from '../machines/features.ts'
import type { WalletFeaturesOrderItem } from './slots.order.ts'
import { connectFoot } from './slots.connect.ts'
import { ComponentModuleMissingError, EntryKindError, EntryLabelMissingError, EntryViewUnknownError, entryLabel, resolveEntries, slotComponents, slotEntries } from './slots.ts'

const labels = (namespace: string | undefined, features = defaultFeatures, order?: readonly WalletFeaturesOrderItem[]) => slotEntries('account.actions', { features, namespace, order }).map((e) => entryLabel(en, e.label))

describe('slotEntries: Account actions from the manifests', () => {
  test('spec §9 walletFeaturesOrder: on an EVM account with every feature on, Buy, Swap, Receive, Send by default (onramp, swaps, receive, send)', () => {
    expect(labels('eip155')).toEqual(['Buy', 'Swap', 'Receive', 'Send'])
  })

  test('spec §9 walletFeaturesOrder: the option reorders the buttons; a feature it leaves out follows the listed ones', () => {
    expect(labels('eip155', defaultFeatures, ['send', 'receive', 'swaps', 'onramp'])).toEqual(['Send', 'Receive', 'Swap', 'Buy'])
    expect(labels('eip155', defaultFeatures, ['send'])).toEqual(['Send', 'Buy', 'Receive', 'Swap'])
    expect(labels('eip155', defaultFeatures, [])).toEqual(['Buy', 'Receive', 'Send', 'Swap'])
    // The order never shows a button its flag or namespace hides.
    expect(labels('solana', { ...defaultFeatures, onramp: false }, ['swaps', 'send', 'onramp', 'receive'])).toEqual(['Send', 'Receive'])
  })

  test('behavior: on Solana Send stays and Swap is absent (spec §6 namespaces)', () => {
    expect(labels('solana')).toEqual(['Buy', 'Receive', 'Send'])
  })

  test('behavior: on Bitcoin neither Send nor Swap (no namespace support)', () => {
    expect(labels('bip122')).toEqual(['Buy', 'Receive'])
  })

  test('behavior: a flag off hides its entry (swaps and onramp off)', () => {
    expect(labels('eip155', { ...defaultFeatures, swaps: false, onramp: false })).toEqual(['Receive', 'Send'])
    expect(labels('eip155', { ...defaultFeatures, send: false, receive: false })).toEqual(['Buy', 'Swap'])
  })

  test('behavior: a press delivers the manifest gesture to its feature, or pushes the view', () => {
    expect(slotEntries('account.actions', { features: defaultFeatures, namespace: 'eip155' }).map((e) => e.press)).toEqual([
      { type: 'feature.deliver', feature: 'onramp', event: { type: 'onramp.start' } },
      { type: 'feature.deliver', feature: 'swap', event: { type: 'swap.start' } },
      { type: 'app.push', view: 'Receive' },
      { type: 'feature.deliver', feature: 'send', event: { type: 'send.start' } },
    ])
  })

  test('behavior: every entry of every manifest has a label in the English catalogue', () => {
    const entries = manifests.flatMap((m) => ('entries' in m && m.entries ? m.entries : [])).flatMap((e) => ('label' in e ? [e] : []))
    expect(entries.length).toBeGreaterThan(0)
    for (const entry of entries) expect(typeof entryLabel(en, entry.label)).toBe('string')
  })

  test('bad input: a label key that leads to no string throws EntryLabelMissingError', () => {
    expect(() => entryLabel(en, 'swap')).toThrow(EntryLabelMissingError)
    expect(() => entryLabel(en, 'no.such.key')).toThrowErrorMatchingInlineSnapshot(
      `
      [EntryLabelMissingError: The entry label "no.such.key" is not a string of the copy catalogue: add it to ui/locales/en.ts (a dotted key such as "swap.start").
      Docs: https://latchkey.example/errors/EntryLabelMissingError]
    `,
    )
  })
})

const keys = (slot: Parameters<typeof slotComponents>[0], namespace: string | undefined, features = defaultFeatures) => slotComponents(slot, { features, namespace }).map((e) => e.key)

describe('slotComponents: Account entries the features render themselves', () => {
  test('behavior: under the address, in order: the account-type badge, the social username, register a name, the email row, your wallets, sessions, the switch', () => {
    expect(keys('account.identity', 'eip155')).toEqual(['accountType:10', 'socialLogin:20', 'names:30', 'emailLogin:40', 'profileWallets:50', 'sessions:55', 'accountType:60'])
    for (const { Component } of slotComponents('account.identity', { features: defaultFeatures, namespace: 'eip155' })) expect(typeof Component).toBe('function')
  })

  test('behavior: off EVM no name registration (spec §6 namespaces); the registered name still answers on the address line', () => {
    expect(keys('account.identity', 'solana')).toEqual(['accountType:10', 'socialLogin:20', 'emailLogin:40', 'profileWallets:50', 'sessions:55', 'accountType:60'])
    expect(keys('account.name', 'solana')).toEqual(['names:10'])
  })

  test('behavior: with the email flag off the email row stays (flag null) but its edit button and your wallets go', () => {
    const features = { ...defaultFeatures, email: false }
    expect(keys('account.identity', 'eip155', features)).toEqual(['accountType:10', 'socialLogin:20', 'names:30', 'emailLogin:40', 'sessions:55', 'accountType:60'])
    expect(keys('account.email', 'eip155', features)).toEqual([])
    expect(keys('account.email', 'eip155')).toEqual(['updateEmail:10'])
  })

  test('behavior: the button slot lists no component, the component slots no button', () => {
    expect(keys('account.identity', 'eip155').some((k) => k.startsWith('send:'))).toBe(false)
    expect(slotEntries('account.identity', { features: defaultFeatures, namespace: 'eip155' })).toEqual([])
  })
})

describe('resolveEntries: every entry checked when the slots load', () => {
  function Row() {
    return null
  }
  const modules = { './entries/demo.tsx': { Row } }
  const resolve = (entry: EntrySpec, flag?: 'send') => resolveEntries([{ id: 'demo', ...(flag ? { flag } : {}), entries: [entry] }], modules)

  test('behavior: a component entry resolves to its export, gated by its feature flag unless it says null', () => {
    const [withFlag] = resolve({ slot: 'account.identity', order: 1, component: 'demo', export: 'Row' }, 'send')
    expect(withFlag).toMatchObject({ feature: 'demo', slot: 'account.identity', kind: 'component', component: Row, flag: 'send' })
    expect(resolve({ slot: 'account.identity', order: 1, component: 'demo', export: 'Row', flag: null }, 'send')[0]!.flag).toBeUndefined()
  })

  test('behavior: entries come out by ascending order whatever the manifests order', () => {
    const out = resolveEntries(
      [
        { id: 'b', entries: [{ slot: 'account.identity', order: 20, component: 'demo', export: 'Row' }] },
        { id: 'a', entries: [{ slot: 'account.identity', order: 10, component: 'demo', export: 'Row' }] },
      ],
      modules,
    )
    expect(out.map((e) => e.feature)).toEqual(['a', 'b'])
  })

  test('bad input: a component whose file is not in ui/entries/ throws ComponentModuleMissingError', () => {
    expect(() => resolve({ slot: 'account.identity', order: 1, component: 'nowhere', export: 'Row' })).toThrowErrorMatchingInlineSnapshot(
      `
      [ComponentModuleMissingError: The demo entry has no module: add ui/entries/nowhere.tsx (its component as the export Row).
      Docs: https://latchkey.example/errors/ComponentModuleMissingError]
    `,
    )
  })

  test('bad input: a component the file does not export throws ComponentModuleMissingError', () => {
    expect(() => resolve({ slot: 'account.identity', order: 1, component: 'demo', export: 'Column' })).toThrow(ComponentModuleMissingError)
    expect(() => resolve({ slot: 'account.identity', order: 1, component: 'demo', export: 'Column' })).toThrowErrorMatchingInlineSnapshot(
      `
      [ComponentModuleMissingError: The demo entry's module ui/entries/demo.tsx has no component exported as Column.
      Docs: https://latchkey.example/errors/ComponentModuleMissingError]
    `,
    )
  })

  test('bad input: a button pushing a view no manifest declares throws EntryViewUnknownError', () => {
    expect(() => resolve({ slot: 'account.actions', order: 1, label: 'send', gesture: { view: 'NoSuchView' } })).toThrow(EntryViewUnknownError)
    expect(() => resolve({ slot: 'account.actions', order: 1, label: 'send', gesture: { view: 'NoSuchView' } })).toThrowErrorMatchingInlineSnapshot(
      `
      [EntryViewUnknownError: The entry's view "NoSuchView" is not a view of any manifest: declare it in its feature's manifest (machines/<id>.feature.ts).
      Docs: https://latchkey.example/errors/EntryViewUnknownError]
    `,
    )
  })

  test('bad input: a button in a component slot, or a component in the button slot, throws EntryKindError', () => {
    expect(() => resolve({ slot: 'account.identity', order: 1, label: 'send', gesture: { event: { type: 'demo.start' } } })).toThrowErrorMatchingInlineSnapshot(
      `
      [EntryKindError: The demo entry in "account.identity" is a button (label and gesture), but that slot renders the features' components: give it a component and an export.
      Docs: https://latchkey.example/errors/EntryKindError]
    `,
    )
    expect(() => resolve({ slot: 'account.actions', order: 1, component: 'demo', export: 'Row' })).toThrow(EntryKindError)
  })
})

describe("Connect's foot (connect.foot)", () => {
  test("behavior: the features' links under the ways of connecting: onboarding's 'New to wallets?' pushes What is a wallet?", () => {
    expect(connectFoot(defaultFeatures).map((e) => [e.feature, entryLabel(en, e.label), e.view])).toEqual([['onboarding', 'New to wallets?', 'WhatIsAWallet']])
  })
})
