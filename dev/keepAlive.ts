import type { Server } from 'node:http'

/**
 * How long the reference servers keep an idle keep-alive connection open: longer than any client of theirs keeps one
 * (Node's and Playwright's agents drop an idle socket after a few seconds), so the client always closes first.
 * With Node's default of 5 s both ends could close at the same moment, and a request sent on the socket the server
 * was closing failed with ECONNRESET ("socket hang up"). `stop()` still ends at once: `server.close()` closes idle
 * connections and the servers call `closeAllConnections()`.
 */
export const SERVER_KEEP_ALIVE_MS = 65_000

/** Applies {@link SERVER_KEEP_ALIVE_MS} to `server` (its headers timeout kept above it, as Node requires); returns it. */
export function keepAliveLonger<T extends Server>(server: T): T {
  server.keepAliveTimeout = SERVER_KEEP_ALIVE_MS
  server.headersTimeout = SERVER_KEEP_ALIVE_MS + 1_000
  return server
}
