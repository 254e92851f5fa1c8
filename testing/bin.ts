/** The `latchkey-testing` bin (package.json "bin", dist/lib/testing-bin.js): runs the command of testing/cli.ts. */
import { main } from './cli.ts'

process.exitCode = main(process.argv.slice(2))
