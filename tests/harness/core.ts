/**
 * Unit tests' setup: hands the core's module to `createModal` (`provideCore`), so a modal created in a test has its core
 * at once and answers synchronously, as the tests written before the facade expect; and the modal shell's
 * module (`provideModalShell`), so a `<ModalProvider>` renders it at once. The facade's own tests
 * (`ui/createModal.facade.test.tsx`) forget the core (`forgetCoreForTests`) to see a page where it is not in yet.
 *
 * Also bounds Testing Library's `waitFor` / `findBy…` at 10 s instead of its 1 s default, as tests/harness/waitFor.ts
 * does for `vi.waitFor`: a condition that holds returns as soon as it does, and 1 s is shorter than a lazy view's
 * import can take while CI runs every suite at once. Only where there is a DOM: the node files never load Testing Library.
 */
import { afterAll } from 'vitest'
import { codeLoadsSettled } from '../../ui/codeLoads.ts'
import * as core from '../../ui/core.ts'
import { provideCore } from '../../ui/coreModule.ts'
import * as shell from '../../ui/Modal.tsx'
import { provideModalShell } from '../../ui/react.tsx'

provideCore(core)
// A test file that ends while the modal still fetches code it asked for ahead (an intent's prefetch) waits for it: a
// module that arrives after the file's DOM is torn down fails the run (Vitest's EnvironmentTeardownError).
afterAll(codeLoadsSettled)
provideModalShell(shell)

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react')
  configure({ asyncUtilTimeout: 10_000 })
}
