// @vitest-environment happy-dom
import { fireEvent, within } from '@testing-library/react'
import { waitFor } from './until.ts'
import { describe, expect, test } from 'vitest'
import { createActor } from 'xstate'
import { legalMachine } from '../../machines/legal.ts'
import { en } from '../../ui/locales/en.ts'
import { renderApp, WALLET_NAME } from './app.tsx'
import { buildModelPaths, coverageReport, formatCoverage, type ModelPath } from './coverage.ts'

/**
 * Model-based test of the legal checkbox: the chart's paths (every state, every transition), each walked
 * in the real Connect view with the `legalCheckbox` feature on: `legal.accept` is ticking the box, `legal.withdraw`
 * unticking it; after each step the dev wallet's row is disabled exactly while the chart is `unaccepted`.
 */
const events = () => [{ type: 'legal.accept' }, { type: 'legal.withdraw' }]
const run = buildModelPaths(legalMachine, { events })

test('coverage: every state and every transition of the legal chart', () => {
  const report = coverageReport(legalMachine, [run])
  console.log(formatCoverage('legal', report))
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})

async function walk(path: ModelPath) {
  const app = await renderApp({ features: { legalCheckbox: true } })
  try {
    await app.ensureOpen()
    await app.get('button', WALLET_NAME)
    const expected = createActor(legalMachine).start()
    const dialog = () => within(app.dialog()!)
    for (const step of path.steps) {
      const box = dialog().getByRole('checkbox') as HTMLInputElement
      // One gesture per event: a tick accepts, an untick withdraws (an event the chart ignores is no gesture).
      if ((step.event.type === 'legal.accept') !== box.checked) fireEvent.click(box)
      expected.send(step.event as never)
      await waitFor(() => {
        const unaccepted = expected.getSnapshot().matches('unaccepted')
        expect((dialog().getByRole('checkbox') as HTMLInputElement).checked).toBe(!unaccepted)
        expect(dialog().getByRole('button', { name: WALLET_NAME }).getAttribute('aria-disabled')).toBe(unaccepted ? 'true' : null)
        expect(dialog().queryByText(en.legalRequired) !== null).toBe(unaccepted)
      })
    }
  } finally {
    await app.dispose()
  }
}

describe('legal model: walked in Connect', () => {
  for (const path of run.paths) {
    const name = path.steps.map((s) => s.event.type).join(' → ') || '(initial)'
    test(`walk: ${name} ⇒ ${path.target}`, () => walk(path), 20_000)
  }
})
