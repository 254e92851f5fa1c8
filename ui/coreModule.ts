/**
 * The core's module (`ui/core.ts`: the root actor, its machines, xstate, the eip155 adapter, the view registry), once
 * per page: fetched with a facade's first intent, or handed over by an entry that imports it statically. Its own
 * module, so the entries below the facade (the wagmi and ethers bridges, the custom element) hand it over without
 * importing the facade.
 */

/** The core's module. */
export type CoreModule = typeof import('./core.ts')
/** The core's module once fetched (or handed over by {@link provideCore}): later modals create their core at once. */
let coreModule: CoreModule | undefined
let coreLoading: Promise<CoreModule> | undefined

/** The core's module if it is in (fetched or handed over), else undefined: a facade then creates its core at once. */
export function loadedCoreModule(): CoreModule | undefined {
  return coreModule
}

/**
 * Fetches the core's module (`ui/core.ts`), once per page; a failed fetch is tried again at the next call.
 * @example await loadCoreModule() // the chunk with the root actor is in
 */
export function loadCoreModule(): Promise<CoreModule> {
  if (coreModule) return Promise.resolve(coreModule)
  return (coreLoading ??= import('./core.ts').then(
    (m) => (coreModule ??= m),
    (error: unknown) => {
      coreLoading = undefined
      throw error
    },
  ))
}

/**
 * Hands over the core's module to an entry that imports it statically (the wagmi and ethers bridges, the custom
 * element, the unit tests' setup): modals created afterwards create their core synchronously, and a facade whose core
 * is not in yet creates it the moment one of those entries needs its actors.
 * @example import * as core from './core.ts'; provideCore(core)
 */
export function provideCore(m: CoreModule): void {
  coreModule ??= m
}

/**
 * Tests only: forgets the core's module, so that the next `createModal` sees a page where it was never fetched (the
 * unit tests' setup hands it over; `createModal.facade.test.ts` needs a page without it).
 */
export function forgetCoreForTests(): void {
  coreModule = undefined
  coreLoading = undefined
}
