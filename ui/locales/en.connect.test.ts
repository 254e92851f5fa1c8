import { expect, test } from 'vitest'
import type { EntrySpec } from '../../machines/features.ts'
import { manifests } from '../../machines/manifests.ts'
import { entryLabel } from '../slots.labels.ts'
import { enConnect } from './en.connect.ts'
import { en } from './en.ts'

/**
 * Connect's English words come before the rest of the catalogue (a cold first tap fetches `en.connect.ts` only): the
 * whole catalogue must hold them unchanged, and every label of Connect's foot must be among them, or the foot would
 * throw `EntryLabelMissingError` in English until `en.ts` arrived.
 */
test("behavior: the whole English catalogue holds each of Connect's words unchanged", () => {
  for (const [key, value] of Object.entries(enConnect)) expect(en[key as keyof typeof en], key).toBe(value)
})

test("behavior: every label of Connect's foot (`connect.foot` entries) is one of Connect's words", () => {
  const labels = manifests.flatMap((m) => ('entries' in m ? ((m.entries ?? []) as readonly EntrySpec[]) : []).filter((e) => e.slot === 'connect.foot').map((e) => ('label' in e ? e.label : '')))
  expect(labels).toContain('newToWallets')
  for (const label of labels) expect(entryLabel(enConnect, label)).toBe(entryLabel(en, label))
  expect(() => entryLabel(enConnect, 'learnMore')).toThrow(/not a string of the copy catalogue/)
})
