/**
 * The reference server's JSON-RPC node route (spec §7.4 "Node RPC URL shape: {rpc host}/v1/?chainId={caip chain}&
 * projectId={id}"): `POST <url>/rpc/v1/?chainId=<CAIP-2>&projectId=<id>` with a JSON-RPC body is passed to the local
 * chain of that CAIP-2 id (an anvil for `eip155:<id>`, the LiteSVM RPC for its `solana:<ref>`), and the chain's answer
 * (status and body) comes back as it is. So the modal's `api.rpcUrl` can be `<url>/rpc`. Dev-only.
 *
 * Refusals, each `{ message }`: no or an empty `projectId` → 400; a `chainId` the server does not serve → 400 naming the
 * ones it does; another method than POST → 405; a body over {@link maxRpcBodyBytes} → 413. The chain not answering → 502.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'

/** The route's path, with or without its trailing slash. */
export const rpcRoutePath = '/rpc/v1/'

/** Largest JSON-RPC body passed on, in bytes. */
export const maxRpcBodyBytes = 1_000_000

/** Whether `pathname` is the node route. */
export function isRpcRoute(pathname: string): boolean {
  return pathname === rpcRoutePath || pathname === rpcRoutePath.slice(0, -1)
}

/**
 * Answers one request of the node route (see the file's docstring).
 * @param nodes the chains served: CAIP-2 id → the chain's own JSON-RPC URL.
 */
export async function handleRpcRoute(request: IncomingMessage, response: ServerResponse, url: URL, nodes: ReadonlyMap<string, string>): Promise<void> {
  const refuse = (status: number, message: string, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify({ message }))
  }
  if (request.method !== 'POST') return refuse(405, `${request.method} is not allowed on ${rpcRoutePath}; use POST`, { Allow: 'POST' })
  if (!url.searchParams.get('projectId')) return refuse(400, "query parameter 'projectId' is required")
  const chainId = url.searchParams.get('chainId') ?? ''
  const node = nodes.get(chainId)
  if (!node) return refuse(400, `Unknown chainId '${chainId}': this server serves ${[...nodes.keys()].join(', ') || 'no chain'}`)

  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxRpcBodyBytes) return refuse(413, `The request body is larger than ${maxRpcBodyBytes} bytes`)
    chunks.push(chunk)
  }
  let answer: Response
  try {
    answer = await fetch(node, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
  } catch (error) {
    return refuse(502, `The chain ${chainId} did not answer: ${error instanceof Error ? error.message : String(error)}`)
  }
  const body = Buffer.from(await answer.arrayBuffer())
  response.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json', 'Cache-Control': 'no-store' }).end(body)
}
