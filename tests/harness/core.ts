/**
 * Unit tests' setup: hands the core's module to `createModal` (`provideCore`), so a modal created in a test has its core
 * at once and answers synchronously, as the tests written before the facade expect; and the modal shell's
 * module (`provideModalShell`), so a `<ModalProvider>` renders it at once. The facade's own tests
 * (`ui/createModal.facade.test.tsx`) forget the core (`forgetCoreForTests`) to see a page where it is not in yet.
 */
import * as core from '../../ui/core.ts'
import { provideCore } from '../../ui/createModal.ts'
import * as shell from '../../ui/Modal.tsx'
import { provideModalShell } from '../../ui/react.tsx'

provideCore(core)
provideModalShell(shell)
