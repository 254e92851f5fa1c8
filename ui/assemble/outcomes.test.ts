import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { featureAssemblies, type FeatureMachineId as FeatureId } from './index.ts'

describe('the hooks that arrive with a feature', () => {
  test('behavior: every machines/<feature>.outcomes.ts is what its assembly module brings as `on`, and the page registration does not import it', async () => {
    const withOutcomes = readdirSync(new URL('../../machines/', import.meta.url))
      .filter((f) => f.endsWith('.outcomes.ts'))
      .map((f) => f.replace('.outcomes.ts', ''))
    // The features whose rules are not yet transitions of their own machines (the list only shrinks).
    expect(withOutcomes).toEqual([])
    for (const id of withOutcomes) {
      const outcomes = (await import(`../../machines/${id}.outcomes.ts`)) as Record<string, unknown>
      const assembly = await featureAssemblies[id as FeatureId]()
      expect(assembly.on, id).toBe(outcomes[`${id}Outcomes`])
    }
    // The page's side (the registrations, their list) never imports the hooks: they would load with the page.
    for (const file of [...withOutcomes.map((id) => `../../machines/${id}.feature.ts`), './index.ts']) {
      expect(readFileSync(new URL(file, import.meta.url), 'utf8'), file).not.toMatch(/from '[^']*\.outcomes\.ts'/)
    }
  })
})
