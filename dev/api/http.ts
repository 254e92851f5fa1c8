/**
 * The reference server's HTTP plumbing: writing a reply (JSON, raw, empty), the CORS preflight, and reading a JSON
 * body with a size limit. Dev-only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { ApiHttpError } from './handlers.ts'
import type { Reply } from './handlers.ts'

/** Largest request body accepted, in bytes. */
const maxBodyBytes = 1_000_000

/** A reply on its way out: a handler's reply, or an error body with its status. */
export type Outgoing = Reply<unknown> | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }

export function send(response: ServerResponse, reply: Outgoing): void {
  if (reply.kind === 'empty') {
    response.writeHead(reply.status).end()
    return
  }
  if (reply.kind === 'raw') {
    response.writeHead(reply.status, { 'Content-Type': reply.contentType, ...reply.headers }).end(reply.body)
    return
  }
  sendJson(response, reply.status, reply.body, reply.headers)
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers?: Record<string, string>): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers }).end(JSON.stringify(body))
}

export function sendPreflight(request: IncomingMessage, response: ServerResponse): void {
  const headers: Record<string, string> = {
    'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? 'content-type',
    'Access-Control-Max-Age': '600',
  }
  // Chrome's Private Network Access asks before a public page calls loopback; the demo is loopback too, but say yes.
  if (request.headers['access-control-request-private-network']) headers['Access-Control-Allow-Private-Network'] = 'true'
  response.writeHead(204, headers).end()
}

export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBodyBytes) throw new ApiHttpError(413, `The request body is larger than ${maxBodyBytes} bytes`)
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new ApiHttpError(400, 'The request body is not valid JSON')
  }
}
