/**
 * `latchkey-testing generate`: the journeys of the connection, network, SIWX and send charts as Playwright specs for a
 * dapp's own page (docs/guide/testing.md, "Generating journeys"). Node-only; the files import only
 * `latchkey/testing/playwright`.
 */
import type { AnyStateMachine } from 'xstate'
import { transitionIds } from './coverage.ts'
import { connectionModel, LEFT_OUT, networkModel, siwxModel } from './charts.ts'
import type { ChartName, GenerateConfig } from './config.ts'
import { emitChart, type ChartSpec } from './emit.ts'
import { SEND_LEFT_OUT, sendModel } from './send.ts'

export { parseConfig } from './config.ts'
export type { GenerateConfig } from './config.ts'

/** One generated file: its name (`connection.spec.ts`), text and number of tests. */
export type GeneratedFile = { file: string; text: string; tests: number; fired: number; transitions: number }

function chartSpec(chart: ChartName, config: GenerateConfig): ChartSpec {
  const total = (machine: AnyStateMachine) => ({ transitions: transitionIds(machine).length })
  const siwxUrl = config.siwx === false ? config.url : (config.siwx.url ?? config.url)
  switch (chart) {
    case 'connection': {
      const model = connectionModel(config)
      return { model, start: { kind: 'fresh', url: config.url }, leftOut: LEFT_OUT.connection, total: total(model.machine) }
    }
    case 'network': {
      const model = networkModel(config)
      return { model, start: { kind: 'connected', url: config.url }, leftOut: LEFT_OUT.network, total: total(model.machine) }
    }
    case 'siwx': {
      const model = siwxModel(config)
      return { model, start: { kind: 'fresh', url: siwxUrl }, leftOut: LEFT_OUT.siwx, total: total(model.machine) }
    }
    case 'send': {
      const model = sendModel(config)
      // The send starts connected, its balances read from the kit's blockchain API (set up before the page opens).
      return { model, start: { kind: 'connected', url: config.url, fixtures: ['blockchainApi', 'wallet', 'modal', 'connected', 'chain'] }, leftOut: SEND_LEFT_OUT, total: total(model.machine) }
    }
  }
}

/**
 * The spec files of the config's charts, in the config's order.
 * @example generate(parseConfig(json)).map((f) => f.file) // ['connection.spec.ts', …]
 */
export function generate(config: GenerateConfig): GeneratedFile[] {
  return config.charts.map((chart) => {
    const spec = chartSpec(chart, config)
    const { text, tests, fired } = emitChart(spec, config)
    return { file: `${chart}.spec.ts`, text, tests, fired, transitions: spec.total.transitions }
  })
}
