import { describe, expect, test } from 'vitest'
import { ComponentModuleMissingError } from './componentErrors.ts'

describe('ComponentModuleMissingError: one error for a view and a slot entry whose component is not there', () => {
  test('bad input: a view without its module says which file to add and that it holds the default export', () => {
    expect(new ComponentModuleMissingError({ kind: 'view', name: 'Send', file: 'ui/views/Send.tsx', exported: 'default' }).message).toMatchInlineSnapshot(
      `
      "The Send view has no module: add ui/views/Send.tsx (its component as the default export).
      Docs: https://latchkey.example/errors/ComponentModuleMissingError"
    `,
    )
  })

  test('bad input: a view whose module lacks the export the manifest names', () => {
    expect(new ComponentModuleMissingError({ kind: 'view', name: 'Connect', file: 'ui/views/Connect.tsx', exported: 'Connect', missingExport: true }).message).toMatchInlineSnapshot(
      `
      "The Connect view's module ui/views/Connect.tsx has no component exported as Connect.
      Docs: https://latchkey.example/errors/ComponentModuleMissingError"
    `,
    )
  })

  test('bad input: an entry without its module names the feature, the file and the export', () => {
    expect(new ComponentModuleMissingError({ kind: 'entry', name: 'names', file: 'ui/entries/names.tsx', exported: 'RegisterName' }).message).toMatchInlineSnapshot(
      `
      "The names entry has no module: add ui/entries/names.tsx (its component as the export RegisterName).
      Docs: https://latchkey.example/errors/ComponentModuleMissingError"
    `,
    )
  })
})
