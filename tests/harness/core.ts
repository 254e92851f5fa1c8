/**
 * Unit tests' setup: hands the core's module to `createModal` (`provideCore`), so a modal created in a test has its core
 * at once and answers synchronously, as the tests written before the facade (issue 15 §4) expect. The facade's own
 * tests (`ui/createModal.facade.test.ts`) reset the modules to see a page where the core is not in yet.
 */
import * as core from '../../ui/core.ts'
import { provideCore } from '../../ui/createModal.ts'

provideCore(core)
