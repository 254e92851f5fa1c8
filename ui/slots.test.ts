import { describe, expect, test } from 'vitest'
import { manifests } from '../machines/manifests.ts'
import { defaultFeatures } from '../services/features.ts'
import { en } from './locales/en.ts'
import { EntryLabelMissingError, entryLabel, slotEntries } from './slots.ts'

const labels = (namespace: string | undefined, features = defaultFeatures) => slotEntries('account.actions', { features, namespace }).map((e) => entryLabel(en, e.label))

describe('slotEntries: Account actions from the manifests', () => {
  test('behavior: on an EVM account with every feature on, Buy, Receive, Send, Swap in that order', () => {
    expect(labels('eip155')).toEqual(['Buy', 'Receive', 'Send', 'Swap'])
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
      { type: 'app.push', view: 'Receive' },
      { type: 'feature.deliver', feature: 'send', event: { type: 'send.start' } },
      { type: 'feature.deliver', feature: 'swap', event: { type: 'swap.start' } },
    ])
  })

  test('behavior: every entry of every manifest has a label in the English catalogue', () => {
    const entries = manifests.flatMap((m) => ('entries' in m && m.entries ? m.entries : []))
    expect(entries.length).toBeGreaterThan(0)
    for (const entry of entries) expect(typeof entryLabel(en, entry.label)).toBe('string')
  })

  test('bad input: a label key that leads to no string throws EntryLabelMissingError', () => {
    expect(() => entryLabel(en, 'swap')).toThrow(EntryLabelMissingError)
    expect(() => entryLabel(en, 'no.such.key')).toThrowErrorMatchingInlineSnapshot(
      `[EntryLabelMissingError: The entry label "no.such.key" is not a string of the copy catalogue: add it to ui/locales/en.ts (a dotted key such as "swap.start").]`,
    )
  })
})
