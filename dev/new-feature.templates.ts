/**
 * The files `npm run new:feature -- <name>` writes (`dev/new-feature.ts`): a working feature with an Account entry, its
 * own view, a chart built with `setup()`, its unit test and its model walk. `id` is the lower camelCase id (`tipJar`),
 * `Name` its view's name (`TipJar`).
 */
export type FeatureNames = {
  /** The feature's id: its machine's id and systemId, its view-registry id (`tipJar`). */
  id: string
  /** Its view's name and component file (`TipJar`). */
  Name: string
  /** Its words for people (`Tip jar`). */
  words: string
}

/** The machine: idle → open (Account's entry, the view pushed by the machine) → done (the view's Confirm); done → open again. */
export const machineFile = ({ id, Name }: FeatureNames) => `import { assign, setup } from 'xstate'
import { tellAction } from './system.ts'

/** Context of ${Name}: how many times the visitor confirmed. */
export type ${Name}Context = { confirmed: number }

export type ${Name}Event =
  /** Account's entry: the view pushed, ready to confirm. */
  | { type: '${id}.start' }
  /** The view's Again: ready to confirm anew. */
  | { type: '${id}.open' }
  /** The view's Confirm. */
  | { type: '${id}.confirm' }

/**
 * ${Name}: \`idle\` until Account's entry opens it (the machine tells the router, by systemId, to push its view),
 * \`open\` while the visitor decides, \`done\` once confirmed (the count in context); Again (or the entry) opens it anew.
 * The header's Back returns to Account (the router's, not a transition).
 */
export const ${id}Machine = setup({
  types: { context: {} as ${Name}Context, events: {} as ${Name}Event },
  actions: {
    countConfirmed: assign({ confirmed: ({ context }) => context.confirmed + 1 }),
    tell: tellAction<${Name}Context, ${Name}Event>(),
  },
}).createMachine({
  id: '${id}',
  context: { confirmed: 0 },
  initial: 'idle',
  states: {
    idle: {},
    open: { on: { '${id}.confirm': { target: 'done', actions: 'countConfirmed' } } },
    done: { on: { '${id}.open': 'open' } },
  },
  on: {
    '${id}.start': { target: '.open', actions: { type: 'tell', params: { to: 'router', event: { type: 'router.push', view: '${Name}' } } } },
  },
})
`

/** The manifest: the view, the machine's registration, the Account entry. */
export const manifestFile = ({ id, Name, words }: FeatureNames) => `import type { FeatureRegistration } from './features.ts'
import { defineFeature } from './features.ts'
import type { ${id}Machine } from './${id}.ts'

/** ${Name} as a feature: Account's "${words}" (\`${id}.start\`) fetches its machine (first use), which pushes the view. */
export const ${id}Feature: FeatureRegistration = {
  id: '${id}',
  available: (facts) => facts.account !== undefined,
}

/** ${Name}: one view behind Account's "${words}" entry. */
export const ${id}Manifest = defineFeature<typeof ${id}Machine>()({
  id: '${id}',
  views: { ${Name}: { machines: ['${id}'] } },
  holdsViews: true,
  entries: [{ slot: 'account.actions', order: 100, label: '${id}.entry', gesture: { event: { type: '${id}.start' } } }],
  register: () => ${id}Feature,
})
`

/** The assembly: the machine for this instance (it needs no actors yet). */
export const assemblyFile = ({ id, Name }: FeatureNames) => `import { ${id}Machine } from '../../machines/${id}.ts'
import type { FeatureHost } from './host.ts'

/** ${Name}'s machine for this instance: it needs none of the host's actors yet. */
export function assemble(_host: FeatureHost) {
  return ${id}Machine
}
`

/** The feature's words, beside its view (no shared locale file edited): the entry's label, the title, the view's words. */
export const copyFile = ({ id, words }: FeatureNames) => `/** ${words}'s words (English), read by its view and, for the entry's label, by the Account actions slot. */
export const featureCopy = {
  ${id}: {
    entry: '${words}',
    title: '${words}',
    prompt: 'Ready when you are.',
    confirm: 'Confirm',
    done: 'Done. Thank you!',
    again: 'Again',
  },
}
`

/** The view: the prompt and Confirm while open, the thanks and Again once done. */
export const viewFile = ({ id, Name, words }: FeatureNames) => `import { useDeliver, useFeatureActor } from '../hooks.ts'
import { useSelector } from '../useSelector.ts'
import { featureCopy } from './${Name}.copy.ts'

/** The modal's title for this view (its words live beside it). */
export const title = featureCopy.${id}.title

/** ${Name}: "${words}", reached from Account's entry; Confirm while open, Again once done. */
export default function ${Name}() {
  const t = featureCopy.${id}
  const deliver = useDeliver('${id}')
  const done = useSelector(useFeatureActor('${id}'), (s) => s?.matches('done') ?? false)
  return (
    <div className="lk-center lk-form">
      {done ? (
        <>
          <p role="status">{t.done}</p>
          <button type="button" className="lk-secondary" onClick={() => deliver({ type: '${id}.open' })}>
            {t.again}
          </button>
        </>
      ) : (
        <>
          <p className="lk-muted">{t.prompt}</p>
          <button type="button" className="lk-primary" onClick={() => deliver({ type: '${id}.confirm' })}>
            {t.confirm}
          </button>
        </>
      )}
    </div>
  )
}
`

/** The unit test of the chart. */
export const unitTestFile = ({ id, Name }: FeatureNames) => `import { describe, expect, test } from 'vitest'
import { createActor } from 'xstate'
import { ${id}Machine } from './${id}.ts'

describe('${Name} machine', () => {
  test('behavior: idle until opened, done once confirmed, open again after', () => {
    const actor = createActor(${id}Machine).start()
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ type: '${id}.confirm' })
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ type: '${id}.start' })
    expect(actor.getSnapshot().value).toBe('open')
    actor.send({ type: '${id}.confirm' })
    expect(actor.getSnapshot().value).toBe('done')
    actor.send({ type: '${id}.open' })
    expect(actor.getSnapshot().value).toBe('open')
  })
})
`

/** The model walk: every path of the chart walked in the real modal, from Account's entry. */
export const modelTestFile = ({ id, Name }: FeatureNames) => `// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { ${id}Machine } from '../../machines/${id}.ts'
import { en } from '../../ui/locales/en.ts'
import { featureCopy } from '../../ui/views/${Name}.copy.ts'
import { featureOf, renderApp, type App } from './app.tsx'
import { buildModelPaths, coverageReport, formatCoverage, stateKey, type ModelPath } from './coverage.ts'

/**
 * Model-based test of ${Name}: every path of its chart walked in the real modal, connected with the dev wallet.
 * Gestures: \`${id}.start\` is Account's entry, \`${id}.open\` the view's Again, \`${id}.confirm\` its Confirm. After each
 * step the feature's actor is in the path's state and the view shows that state's words.
 */
const t = featureCopy.${id}
// Account's entry shows on Account: walked from \`idle\` (its transition is the chart's, whatever the state).
const events = (s: { matches: (value: string) => boolean }) => (s.matches('idle') ? [{ type: '${id}.start' }] : [{ type: '${id}.open' }, { type: '${id}.confirm' }])
// States by their value: the count in context would make every confirmation a new state.
const run = buildModelPaths(${id}Machine, { events, serialize: (s) => JSON.stringify(s.value) })

test('coverage: every state and every transition of the ${Name} chart', () => {
  const report = coverageReport(${id}Machine, [run])
  console.log(formatCoverage('${id}', report))
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})

const title = (app: App) => app.dialog()?.querySelector('h2')?.textContent

async function walk(path: ModelPath) {
  const app = await renderApp({ stored: true, authorised: true, api: true })
  try {
    await app.get('button', /0x/) // the stored connection restores by itself: the page's account button
    await app.ensureOpen()
    await waitFor(() => expect(title(app)).toBe(en.titles.Account))
    for (const step of path.steps) {
      if (step.event.type === '${id}.start') await app.clickInDialog('button', t.entry)
      else if (step.event.type === '${id}.open') await app.clickInDialog('button', t.again)
      else await app.clickInDialog('button', t.confirm)
      await waitFor(() => expect(stateKey(featureOf(app, '${id}')!.getSnapshot())).toBe(step.state))
      await waitFor(() => expect(title(app)).toBe(t.title))
      await app.get('button', featureOf(app, '${id}')!.getSnapshot().matches('done') ? t.again : t.confirm)
    }
  } finally {
    await app.dispose()
  }
}

describe('${Name} model: walked from Account', () => {
  for (const path of run.paths) {
    const name = path.steps.map((s) => s.event.type).join(' → ') || '(initial)'
    test(\`walk: \${name} ⇒ \${path.target}\`, () => walk(path), 30_000)
  }
})
`
