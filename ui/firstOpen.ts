/**
 * The first opening's code beside the core (spec §1 lazy rule, §2 "Opening the modal"): Connect's chunk, Connect's
 * CSS (the other views' comes with them), the first-use machines Connect needs (the catalogue; the remote config, fetched with every first opening) and the
 * service clients they are handed. The facade `import()`s this module in parallel with the core on an intent to open
 * Connect (and at idle, the `prefetch` option), so the bundler's preload list fetches all of them in the core's round
 * trip instead of one round trip after it. Nothing here runs: each part is used where it always was (the view registry,
 * the feature host) and finds its module in. `firstOpen.test.ts` keeps this list equal to Connect's registration.
 */
export * as connectView from './views/Connect.tsx'
export * as viewStyles from './styles.connect.ts'
export * as catalogueAssembly from './assemble/catalogue.ts'
export * as remoteConfigAssembly from './assemble/remoteConfig.ts'
export * as instanceServices from './createModal.services.ts'
