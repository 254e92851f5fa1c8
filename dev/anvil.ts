import { fileURLToPath } from 'node:url'
import { startAnvil as startNode, type AnvilInstance, type StartAnvilOptions } from '../testing/node/anvil.ts'

export { anvilNetwork, devChains } from './chains.ts'
export { DEV_ACCOUNT_BALANCE, DEV_ADDRESSES, DEV_MNEMONIC, devAccounts } from './accounts.ts'
export { AnvilStartError, findFreePort, isPortFree } from '../testing/node/anvil.ts'
export type { AnvilInstance, StartAnvilOptions } from '../testing/node/anvil.ts'

/** Absolute path of the repository root (the folder holding package.json). */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url))

/** Absolute path of the anvil launcher installed by `@foundry-rs/anvil` (a Node script that runs the native binary). */
export const anvilBin = fileURLToPath(new URL('../node_modules/.bin/anvil', import.meta.url))

/**
 * The repository's anvil (testing/node/anvil.ts `startAnvil`, shared with `latchkey/testing/playwright`) run with the
 * repository's own launcher ({@link anvilBin}), whatever the working directory.
 * @throws as testing/node/anvil.ts `startAnvil`.
 */
export function startAnvil(options: StartAnvilOptions): Promise<AnvilInstance> {
  return startNode({ command: [process.execPath, anvilBin], ...options })
}
