import { readFileSync, readdirSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { parse } from 'yaml'
import { contracts, generate, openapiDir } from './generate.ts'

describe('openapi contracts', () => {
  for (const name of contracts) {
    test(`behavior: openapi/${name}.d.ts is what openapi-typescript generates from ${name}.yaml (run \`npm run openapi\` when this fails)`, async () => {
      const checkedIn = readFileSync(`${openapiDir}${name}.d.ts`, 'utf8')
      expect(checkedIn === (await generate(name)), `openapi/${name}.d.ts is stale: run npm run openapi`).toBe(true)
    }, 30_000)
  }

  test('behavior: blockchain.yaml mounts every path of its parts (openapi/blockchain/*.yaml), each at its own place', () => {
    const root = parse(readFileSync(`${openapiDir}blockchain.yaml`, 'utf8')) as { paths: Record<string, { $ref?: string }> }
    const declared: string[] = []
    for (const file of readdirSync(`${openapiDir}blockchain`).filter((f) => f.endsWith('.yaml'))) {
      const part = parse(readFileSync(`${openapiDir}blockchain/${file}`, 'utf8')) as { paths?: Record<string, unknown> }
      for (const path of Object.keys(part.paths ?? {})) declared.push(`${path} → blockchain/${file}#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}`)
    }
    const mounted = Object.entries(root.paths).map(([path, item]) => `${path} → ${item.$ref}`)
    expect(mounted.sort()).toEqual(declared.sort())
  })
})
