import type { TestProject } from 'vitest/node'
import { AnvilStartError, findFreePort, startAnvil } from '../../dev/anvil.ts'
import type { AnvilInstance } from '../../dev/anvil.ts'

/** Preferred ports of the two test anvils (chain ids 31337 and 31338). */
export const testAnvils = [
  { port: 18545, chainId: 31337, key: 'anvilRpc1' },
  { port: 18546, chainId: 31338, key: 'anvilRpc2' },
] as const

/**
 * Vitest global setup: starts two anvil nodes for the unit tests and provides their URLs as
 * `anvilRpc1` (chain 31337, port 18545) and `anvilRpc2` (chain 31338, port 18546); tests read them
 * with `inject('anvilRpc1')`. When a preferred port is busy (say another test run is going), a free
 * ephemeral port is used instead and a note is printed.
 *
 * @returns the teardown, which stops both nodes.
 * @throws AnvilStartError when a node cannot be started.
 */
export default async function setup({ provide }: TestProject): Promise<() => Promise<void>> {
  const started: AnvilInstance[] = []
  const teardown = async (): Promise<void> => {
    await Promise.all(started.map((anvil) => anvil.stop()))
  }
  try {
    for (const { port, chainId, key } of testAnvils) {
      const anvil = await startOnPreferredPort(port, chainId)
      started.push(anvil)
      provide(key, anvil.url)
    }
  } catch (error) {
    await teardown()
    throw error
  }
  return teardown
}

async function startOnPreferredPort(port: number, chainId: number): Promise<AnvilInstance> {
  try {
    return await startAnvil({ port, chainId })
  } catch (error) {
    if (!(error instanceof AnvilStartError) || error.reason !== 'port-in-use') throw error
    const fallback = await findFreePort()
    console.warn(`[global-setup] port ${port} is busy; test anvil for chain ${chainId} uses port ${fallback} instead.`)
    return startAnvil({ port: fallback, chainId })
  }
}
