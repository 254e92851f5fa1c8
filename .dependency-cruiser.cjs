/**
 * The layer arrows of STYLE.md as dependency-cruiser rules (`npm run lint`, errors fail it):
 *   ui → machines → (adapters, services) → (kernel, openapi)
 * kernel/ is the shared vocabulary below adapters and services (BaseError, CAIP ids and messages, URL checks); services
 * never import adapters (an adapter's service, such as the Bitcoin adapter's UTXO source, is handed in by the assembly).
 * No import cycle in library code: library code is kernel/, machines/, adapters/, services/, openapi/ and ui/ (tests
 * beside their file excluded); dev/, demo/, tests/ and examples/ may import the library, never the other way round.
 * Cycles made of type-only imports are not counted in general: TypeScript erases them, so no module waits on another at
 * run time. In ui/ they are (no-type-cycle-in-ui): the public types live in `ui/types.ts` and `ui/instance.ts`, below the
 * facade, and nothing below the facade imports it. In machines/ one remains by design: the manifests are typed from their
 * machines, whose router events are typed with the view names the manifests declare. The facade (`ui/createModal.ts`)
 * is imported only by the public entries above it.
 */
const library = '^(kernel|machines|adapters|services|openapi|ui)/'
const test = '\\.test\\.tsx?$|\\.fixtures\\.tsx?$'
/** Services that call fetch (openapi-fetch clients): machines get them as actors, never by import. */
const fetchingServices = '^services/(api|directory|blockchain|analytics|siwx|siwxSessions|exchange)\\.ts$'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycle in library code (STYLE.md rule 17): no module waits on one that waits on it at run time.',
      from: { path: library, pathNot: test },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-type-cycle-in-ui',
      severity: 'error',
      comment: 'No import cycle in ui/, type-only imports counted: the public types have their own modules below the facade (ui/types.ts, ui/instance.ts).',
      from: { path: '^ui/', pathNot: test },
      to: { circular: true, viaOnly: { path: '^ui/', pathNot: test } },
    },
    {
      name: 'machines-not-to-ui',
      severity: 'error',
      comment: 'A machine never imports ui (STYLE.md: machines have no React, no DOM).',
      from: { path: '^machines/', pathNot: test },
      to: { path: '^ui/' },
    },
    {
      name: 'machines-not-to-react',
      severity: 'error',
      comment: 'Machines are pure statecharts: no React.',
      from: { path: '^machines/', pathNot: test },
      to: { path: 'node_modules/(react|react-dom|@xstate/react)/' },
    },
    {
      name: 'machines-not-to-fetching-services',
      severity: 'error',
      comment: "I/O comes into a machine through actors supplied where the app is assembled (STYLE.md rule 2); a machine may import a service's types only.",
      from: { path: '^machines/', pathNot: test },
      to: { path: fetchingServices, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'adapters-services-not-up',
      severity: 'error',
      comment: 'Adapters and services sit below the machines: they never import machines or ui.',
      from: { path: '^(adapters|services)/', pathNot: test },
      to: { path: '^(machines|ui)/' },
    },
    {
      name: 'services-not-to-adapters',
      severity: 'error',
      comment: 'Services are HTTP clients and storage below the machines, beside the adapters: what both need is in kernel/.',
      from: { path: '^services/', pathNot: test },
      to: { path: '^adapters/' },
    },
    {
      name: 'kernel-is-below',
      severity: 'error',
      comment: 'kernel/ is the bottom layer beside openapi/: it imports nothing of the project but itself.',
      from: { path: '^kernel/', pathNot: test },
      to: { path: '^(machines|adapters|services|ui|openapi)/' },
    },
    {
      name: 'adapters-not-to-services',
      severity: 'error',
      comment: 'An adapter is one chain family behind the adapter contract; HTTP clients are services, handed in by the assembly.',
      from: { path: '^adapters/', pathNot: test },
      to: { path: '^services/' },
    },
    {
      name: 'openapi-is-the-bottom',
      severity: 'error',
      comment: 'openapi/ holds the contracts and their generated types: it imports nothing of the project.',
      from: { path: '^openapi/', pathNot: '^openapi/(generate|openapi\\.test)\\.ts$' },
      to: { path: '^(kernel|machines|adapters|services|ui)/' },
    },
    {
      name: 'library-not-to-dev-or-tests',
      severity: 'error',
      comment: 'Library code never imports the local stack, the demo, the tests or the examples.',
      from: { path: library, pathNot: test },
      to: { path: '^(dev|demo|tests|examples)/' },
    },
    {
      name: 'library-not-to-testing',
      severity: 'error',
      comment: "The test kit (latchkey/testing) sits above the library: nothing of `latchkey` itself imports it, so it never reaches a dapp's bundle.",
      from: { path: library, pathNot: test },
      to: { path: '^testing/' },
    },
    {
      name: 'testing-not-to-dev-or-tests',
      severity: 'error',
      comment: 'The test kit ships in the package: it never imports the local stack, the demo, the tests or the examples (dev/ imports it).',
      from: { path: '^testing/', pathNot: test },
      to: { path: '^(dev|demo|tests|examples)/' },
    },
    {
      name: 'library-not-to-inspect',
      severity: 'error',
      comment: 'The inspector (latchkey/inspect) sits above the library: nothing of `latchkey` itself imports it, so it costs a dapp nothing unless imported.',
      from: { path: library, pathNot: test },
      to: { path: '^inspect/' },
    },
    {
      name: 'inspect-not-to-dev-or-tests',
      severity: 'error',
      comment: 'The inspector ships in the package: it never imports the local stack, the demo, the tests, the examples or the test kit (dev/ imports it).',
      from: { path: '^inspect/', pathNot: test },
      to: { path: '^(dev|demo|tests|examples|testing)/' },
    },
    {
      name: 'facade-only-from-entries',
      severity: 'error',
      comment: "Only the public entries import the facade (ui/createModal.ts): the files below it name the instance's type from ui/instance.ts and reach the core's module through ui/coreModule.ts.",
      from: { path: '^ui/', pathNot: `${test}|^ui/(index|wagmi|ethers|element)\\.ts$|^ui/react\\.tsx$` },
      to: { path: '^ui/createModal\\.ts$' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'Every import resolves.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|examples/[^/]+/(node_modules|dist|\\.next))/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'] },
    skipAnalysisNotInRules: true,
  },
}
