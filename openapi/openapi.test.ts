import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { contracts, generate, openapiDir } from './generate.ts'

describe('openapi contracts', () => {
  for (const name of contracts) {
    test(`behavior: openapi/${name}.d.ts is what openapi-typescript generates from ${name}.yaml (run \`npm run openapi\` when this fails)`, async () => {
      const checkedIn = readFileSync(`${openapiDir}${name}.d.ts`, 'utf8')
      expect(checkedIn === (await generate(name)), `openapi/${name}.d.ts is stale: run npm run openapi`).toBe(true)
    }, 30_000)
  }
})
