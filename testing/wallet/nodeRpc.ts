/**
 * The dev wallet's reads: a JSON-RPC request forwarded to the current chain's node as the wallet received it, with
 * the node's answer or error passed back as an EIP-1193 error ({@link DevWalletRpcError}).
 */
import { DevWalletRpcError } from './rpcParams.ts'

/** Forwards JSON-RPC requests to a node over HTTP and keeps those in flight, so that they can be abandoned. */
export class NodeRpc {
  #rpcId = 1
  /** The requests in flight: each one's abort and its fetch settling ({@link NodeRpc.abandon}). */
  readonly #inflight = new Map<AbortController, Promise<unknown>>()

  /**
   * Sends `{ method, params }` to `rpcUrl` (HTTP POST, JSON-RPC 2.0).
   *
   * @returns the node's `result` (`null` when it has none).
   * @throws DevWalletRpcError -32603 when the node cannot be reached, answers what is not JSON-RPC or an HTTP error;
   *   the node's own code and message when it answers an error; 4900 when abandoned ({@link NodeRpc.abandon}).
   */
  async forward(rpcUrl: string, method: string, params: unknown): Promise<unknown> {
    let response: Response
    const controller = new AbortController()
    const fetched = fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: this.#rpcId++, method, params: params ?? [] }),
      signal: controller.signal,
    }).then((r) =>
      r.json().then(
        (json: unknown) => ({ response: r, json }),
        () => ({ response: r, json: undefined }),
      ),
    )
    this.#inflight.set(controller, fetched)
    let body: { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } }
    try {
      let json: unknown
      try {
        ;({ response, json } = await fetched)
      } catch (error) {
        if (controller.signal.aborted) throw controller.signal.reason
        throw new DevWalletRpcError(-32603, `Could not reach ${rpcUrl}: ${error instanceof Error ? error.message : String(error)}`)
      }
      if (controller.signal.aborted) throw controller.signal.reason
      if (json === undefined || json === null || typeof json !== 'object') throw new DevWalletRpcError(-32603, `Invalid JSON-RPC response from ${rpcUrl} (HTTP ${response.status}).`)
      body = json as typeof body
    } finally {
      this.#inflight.delete(controller)
    }
    if (body.error) {
      const { code, message, data } = body.error
      throw new DevWalletRpcError(typeof code === 'number' ? code : -32603, typeof message === 'string' ? message : 'JSON-RPC error', data)
    }
    if (!response.ok) throw new DevWalletRpcError(-32603, `HTTP ${response.status} from ${rpcUrl}.`)
    return body.result ?? null
  }

  /**
   * Abandons every request in flight: each rejects with a 4900 error. Resolves once each fetch has settled (a fetch
   * that does not honour its abort signal at that moment ends with the node's answer). Later requests go as before.
   */
  async abandon(): Promise<void> {
    const settling = [...this.#inflight.entries()].map(([controller, fetched]) => {
      controller.abort(new DevWalletRpcError(4900, 'The wallet left the page.'))
      return fetched.catch(() => undefined)
    })
    await Promise.all(settling)
  }
}
