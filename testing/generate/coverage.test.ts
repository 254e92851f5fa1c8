import { describe, expect, test } from 'vitest'
import { CoverageReportError } from '../errors.ts'
import { belowThreshold, coverageOf, formatCoverage, parseCoverageRecord, transitionIds } from './coverage.ts'
import { networkMachine } from '../../machines/network.ts'
import type { AnyStateMachine } from 'xstate'

/** Two tests' recordings as the fixture writes them: a switch approved, then one rejected. */
const approved = {
  format: 'latchkey-coverage',
  version: 1,
  test: 'network chart › approved',
  coverage: {
    network: {
      states: { 'network.supported': 2, 'network.pending': 1, 'network.pending.switching': 1, 'network.settled': 1 },
      transitions: { 'network.supported --network.switch[1]': 1, 'network.pending.switching --xstate.done.actor.switchChain[0]': 1, 'network.settled --always[1]': 1 },
    },
    router: { states: { 'router.idle': 1 }, transitions: {} },
  },
}
const rejected = {
  ...approved,
  test: 'network chart › rejected',
  coverage: {
    network: { states: { 'network.supported': 1, 'network.pending.switching': 1 }, transitions: { 'network.supported --network.switch[1]': 1, 'network.pending.switching --xstate.error.actor.switchChain[1]': 1 } },
  },
}

describe('coverage report', () => {
  test('behavior: a recorded run gives each chart its states and transitions visited, merged over the tests', () => {
    const report = coverageOf([parseCoverageRecord(approved, 'a.json'), parseCoverageRecord(rejected, 'b.json')], ['network'])
    const total = transitionIds(networkMachine as AnyStateMachine).length
    expect(report[0]!.states).toEqual({ visited: 4, total: 6, missed: ['network.unsupported', 'network.pending.addingChain'] })
    expect(report[0]!.transitions).toMatchObject({ visited: 4, total })
    expect(report[0]!.transitions.missed).not.toContain('network.supported --network.switch[1]')
    expect(formatCoverage(report, 2)).toContain(`network: states 4/6 (67%), transitions 4/${total}`)
    expect(belowThreshold(report, 100)).toBe('network below 100% of transitions')
    expect(belowThreshold(report, 1)).toBeUndefined()
  })

  test('behavior: a file that is not a recording is refused, naming it', () => {
    expect(() => parseCoverageRecord({ format: 'other' }, 'x/latchkey-coverage.json')).toThrow(CoverageReportError)
    expect(() => parseCoverageRecord({ format: 'other' }, 'x/latchkey-coverage.json')).toThrow(/x\/latchkey-coverage.json is not a latchkey coverage recording/)
  })
})
