/**
 * Inspector sessions as files: reading one back (an exported recording attached to a bug report, or a test run's
 * coverage), merging coverage, and the coverage of a chart in numbers. A file is foreign input: it is checked whole
 * (valibot) before anything of it is used, and a bad one is refused with {@link InspectorSessionError}, never half read.
 */
import * as v from 'valibot'
import { BaseError } from '../kernel/errors.ts'
import type { MachineGraph } from './graph.ts'
import { toPlain } from './plain.ts'
import type { Coverage, InspectorSession } from './recorder.ts'

/**
 * An inspector session file that is not one: not JSON, another format or version, or a field of the wrong shape.
 * `details` names the first field that is wrong.
 * @example new InspectorSessionError('Not an inspector session', { details: 'format: expected "latchkey-inspect"' })
 */
export class InspectorSessionError extends BaseError {
  static override docsPath = '/errors/InspectorSessionError'
  override name = 'InspectorSessionError'
}

const counts = v.record(v.string(), v.pipe(v.number(), v.integer(), v.minValue(0)))
const coverageSchema = v.record(v.string(), v.object({ states: counts, transitions: counts }))
const actorSchema = v.object({ sessionId: v.string(), name: v.string(), machineId: v.nullable(v.string()), parent: v.nullable(v.string()) })
const timing = { seq: v.pipe(v.number(), v.integer(), v.minValue(1)), at: v.pipe(v.number(), v.minValue(0)) }
const entrySchema = v.variant('kind', [
  v.object({ ...timing, kind: v.literal('actor'), actor: v.string() }),
  v.object({ ...timing, kind: v.literal('event'), actor: v.string(), source: v.nullable(v.string()), event: v.looseObject({ type: v.string() }) }),
  v.object({
    ...timing,
    kind: v.literal('snapshot'),
    actor: v.string(),
    event: v.string(),
    status: v.string(),
    value: v.unknown(),
    context: v.unknown(),
    error: v.optional(v.unknown()),
    output: v.optional(v.unknown()),
  }),
])
const nodeSchema = v.looseObject({ id: v.string(), key: v.string(), parent: v.nullable(v.string()), type: v.picklist(['atomic', 'compound', 'parallel', 'final', 'history']) })
const edgeSchema = v.looseObject({ id: v.string(), source: v.string(), targets: v.array(v.string()), event: v.string() })
const graphSchema = v.looseObject({ id: v.string(), nodes: v.array(nodeSchema), edges: v.array(edgeSchema) })
const sessionSchema = v.object({
  format: v.literal('latchkey-inspect'),
  version: v.literal(1),
  startedAt: v.string(),
  url: v.nullable(v.string()),
  actors: v.array(actorSchema),
  entries: v.array(entrySchema),
  coverage: coverageSchema,
  machines: v.record(v.string(), graphSchema),
})

/**
 * Reads an exported session (its JSON text or the parsed value). Everything in it passes {@link toPlain} again, so
 * a hand-edited file cannot bring a secret back into view.
 * @throws InspectorSessionError when it is not JSON or not a format-1 session.
 * @example parseSession(await file.text()).entries.length
 */
export function parseSession(input: unknown): InspectorSession {
  let data = input
  if (typeof input === 'string') {
    try {
      data = JSON.parse(input)
    } catch (error) {
      throw new InspectorSessionError('Not an inspector session: the file is not JSON', { cause: error })
    }
  }
  const parsed = v.safeParse(sessionSchema, data)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    const path = issue.path?.map((p) => String(p.key)).join('.') ?? ''
    throw new InspectorSessionError('Not an inspector session', { details: `${path || '(root)'}: ${issue.message}` })
  }
  return toPlain(parsed.output, { maxDepth: 40, maxArray: Number.MAX_SAFE_INTEGER, maxString: 100_000 }) as InspectorSession
}

/**
 * The sum of two coverages (a live session's and a test run's): counts added per machine, state and transition.
 * @example mergeCoverage(live, suite).send.transitions['send.form --send.review[0]'] // 3
 */
export function mergeCoverage(a: Coverage, b: Coverage): Coverage {
  const out: Coverage = structuredClone(a)
  for (const [machineId, part] of Object.entries(b)) {
    out[machineId] ??= { states: {}, transitions: {} }
    for (const kind of ['states', 'transitions'] as const) {
      for (const [id, n] of Object.entries(part[kind])) out[machineId][kind][id] = (out[machineId][kind][id] ?? 0) + n
    }
  }
  return out
}

/** A chart's coverage in numbers: states (root excluded) and transitions visited out of all, and the ones never visited. */
export type CoverageSummary = { states: { visited: number; total: number; missed: string[] }; transitions: { visited: number; total: number; missed: string[] } }

/**
 * How much of `graph` the counts of its machine cover (the root state is not counted, as in the model walks).
 * @example coverageSummary(graph, coverage[graph.id]).transitions // { visited: 12, total: 20, missed: [...] }
 */
export function coverageSummary(graph: MachineGraph, counts: Coverage[string] | undefined): CoverageSummary {
  const states = graph.nodes.filter((n) => n.parent !== null).map((n) => n.id)
  const transitions = graph.edges.map((e) => e.id)
  const part = (ids: string[], seen: Record<string, number> | undefined) => {
    const missed = ids.filter((id) => !seen?.[id])
    return { visited: ids.length - missed.length, total: ids.length, missed }
  }
  return { states: part(states, counts?.states), transitions: part(transitions, counts?.transitions) }
}
