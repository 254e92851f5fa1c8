/**
 * The package build's first-open group (vite.lib.config.ts; spec §1 lazy rule, §2 "Opening the modal"): the modules
 * that the first opening of Connect reaches statically from `ui/firstOpen.ts` (and the core and the shell, when no
 * entry imports them), minus every module a public entry reaches statically, go into one chunk of dist/lib instead of
 * a chunk per dynamic import and per shared module. A dapp's bundler cannot split a file of the package, so the cold
 * path after a tap fetches a handful of chunks in one round trip rather than about twenty in waves. Modules only
 * `import()`ed (other features' views, WalletConnect's loader) are not reached statically and keep their own chunks;
 * nothing of an entry's static graph moves, so the initial JS is the same.
 */
import type { Plugin } from 'vite'

/** The group's plugin (computes the members once the module graph is built) and its `codeSplitting` test. */
export type FirstOpenGroup = { plugin: Plugin; test: (id: string) => boolean }

/**
 * @param root the repository's folder, ending in a slash: only modules under it are walked (bare imports are external).
 * @param starts absolute paths of the first opening's modules (`ui/firstOpen.ts`, `ui/core.ts`, `ui/Modal.tsx`).
 * @param entries absolute paths of the public entries, whose static graphs stay where they are.
 * @example const group = firstOpenGroup(root, [`${root}ui/firstOpen.ts`], Object.values(libEntries))
 */
export function firstOpenGroup(root: string, starts: string[], entries: string[]): FirstOpenGroup {
  const members = new Set<string>()
  const plugin: Plugin = {
    name: 'latchkey:first-open-group',
    apply: 'build',
    buildEnd() {
      const walk = (from: string[]) => {
        const seen = new Set<string>()
        const queue = [...from]
        while (queue.length) {
          const id = queue.pop()!
          if (seen.has(id)) continue
          seen.add(id)
          const info = this.getModuleInfo(id)
          if (info) queue.push(...info.importedIds.filter((dependency) => dependency.startsWith(root)))
        }
        return seen
      }
      const initial = walk(entries)
      members.clear()
      for (const id of walk(starts)) if (!initial.has(id)) members.add(id)
    },
  }
  return { plugin, test: (id) => members.has(id) }
}
