/**
 * The core's adapters in one chunk, for the package build (vite.lib.config.ts) and the bench's pages
 * (tests/bench/vite.config.ts): the eip155 adapter, its actors, and the small modules the core shares with the public
 * entries (the adapters' errors and call boundary, the wallets' links, the batched calls' errors). Every public entry
 * that imports one of them statically keeps them out of the first-open group (dev/firstOpenGroup.ts), and left to
 * itself the bundler gives each a chunk of its own (they are reached from different sets of chunks), so a cold first
 * tap fetched six files of 0.6–2.8 kB gzip beside the first-open chunk. On HTTP/1.1 a browser opens six connections to
 * a host: the first opening's ten files then took two waves of the network's latency (measured with the bench's phone
 * network: the last five files waited about half a second for a connection). The core always brings all six, so no
 * page that has the core fetches anything more with them together.
 */
export const coreAdaptersGroup = { name: 'coreAdapters', test: /[\\/](adapters[\\/](eip155|actors|boundary|links|errors)|machines[\\/]batch\.errors)\.ts$/ }
