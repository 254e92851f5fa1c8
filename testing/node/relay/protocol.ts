/**
 * The loopback relay's JSON-RPC vocabulary (./server.ts): the error codes it answers with, its limits, the tags of its
 * session methods, and the readers of a frame's params, each throwing a {@link RelayRpcError} (-32602) that names the
 * bad field. Ids above 2^53 are read with `@walletconnect/safe-json`. Node only.
 */
import { createHash } from 'node:crypto'
import { safeJsonParse } from '@walletconnect/safe-json'
import type { RawData } from 'ws'
import { BaseError } from '../../../kernel/errors.ts'
import type { Connection } from './types.ts'

/** JSON-RPC error codes the relay answers with. */
export const RelayErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const

/** Largest frame accepted, in bytes; a larger one closes the socket with 1009 (ws). */
export const maxFrameBytes = 1_048_576
/** Longest ttl accepted for a message, in seconds (30 days, as the hosted relay). */
export const maxTtlSeconds = 30 * 24 * 60 * 60
/** Default ping interval in milliseconds (the notes ask for 10–30 s). */
export const defaultPingInterval = 15_000

export const loopbackHosts = new Set(['127.0.0.1', '::1', 'localhost'])
const topicPattern = /^[0-9a-f]{64}$/i

/** Tags the relay gives the messages of its session methods. */
export const sessionTags = { proposal: 1100, approvalResponse: 1101, settlement: 1102 } as const

/** A JSON-RPC id as the relay reads it (bigint above 2^53). */
export type JsonRpcId = string | number | bigint | null

/**
 * A frame the loopback relay refuses: `code` is the JSON-RPC error code it answers with (-32602 for bad params,
 * {@link RelayErrorCode}), `shortMessage` the message of that answer. Caught by the relay, never thrown to a client.
 * @example new RelayRpcError(-32602, 'Invalid params: topic must be a topic (64 hex characters)')
 */
export class RelayRpcError extends BaseError {
  static override docsPath = '/errors/RelayRpcError'
  override name = 'RelayRpcError'
  readonly code: number
  constructor(code: number, shortMessage: string) {
    super(shortMessage)
    this.code = code
  }
}

/** What `irn_publish` (and each entry of `irn_batchPublish`) asks the relay to keep and deliver. */
export type PublishInput = { topic: string; message: string; ttl: number; tag: number; attestation?: string }

export function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8')
  return data.toString('utf8')
}

/** The frame parsed with safe-json (ids above 2^53 become bigint); `undefined` when it is not JSON. */
export function parseJson(text: string): unknown {
  const parsed: unknown = safeJsonParse(text)
  if (typeof parsed !== 'string') return parsed
  // safeJsonParse hands back the input on failure; a JSON string literal is valid JSON, though.
  try {
    JSON.parse(text)
    return parsed
  } catch {
    return undefined
  }
}

/** A valid JSON-RPC id (string, number or bigint, or null), else `undefined`. */
export function readId(value: unknown): JsonRpcId | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'bigint') return value
  if (typeof value === 'number' && Number.isFinite(value)) return value
  return undefined
}

export const invalidParams = (detail: string): RelayRpcError => new RelayRpcError(RelayErrorCode.invalidParams, `Invalid params: ${detail}`)

export function asParams(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidParams(`${name} must be an object`)
  return value as Record<string, unknown>
}

export function readTopic(value: unknown, name: string): string {
  if (typeof value !== 'string' || !topicPattern.test(value)) throw invalidParams(`${name} must be a topic (64 hex characters)`)
  return value.toLowerCase()
}

export function readTopics(value: unknown, name: string): string[] {
  if (!Array.isArray(value)) throw invalidParams(`${name} must be an array of topics`)
  return value.map((topic, i) => readTopic(topic, `${name}[${i}]`))
}

export function readMessage(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.length === 0) throw invalidParams(`${name} must be a non-empty string`)
  return value
}

export function readOptionalString(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw invalidParams(`${name} must be a string`)
  return value
}

export function readTtl(value: unknown, name: string, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback
  const ttl = typeof value === 'bigint' ? Number(value) : value
  if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl <= 0 || ttl > maxTtlSeconds) {
    throw invalidParams(`${name} must be a whole number of seconds, 1..${maxTtlSeconds}`)
  }
  return ttl
}

export function readPublish(params: Record<string, unknown>, prefix: string): PublishInput {
  const topic = readTopic(params.topic, `${prefix}topic`)
  const message = readMessage(params.message, `${prefix}message`)
  const ttl = readTtl(params.ttl, `${prefix}ttl`)
  let tag = 0
  if (params.tag !== undefined) {
    if (typeof params.tag !== 'number' || !Number.isInteger(params.tag) || params.tag < 0) throw invalidParams(`${prefix}tag must be a whole number`)
    tag = params.tag
  }
  if (params.prompt !== undefined && typeof params.prompt !== 'boolean') throw invalidParams(`${prefix}prompt must be a boolean`)
  const attestation = readOptionalString(params.attestation, `${prefix}attestation`)
  return { topic, message, ttl, tag, ...(attestation !== undefined ? { attestation } : {}) }
}

/** The SDK computes the same id itself: sha256 hex of topic + client id. */
export function subscriptionId(connection: Connection, topic: string): string {
  return (
    connection.subscriptions.get(topic) ??
    createHash('sha256')
      .update(topic + connection.clientId)
      .digest('hex')
  )
}

export function short(topic: string): string {
  return `${topic.slice(0, 8)}…`
}
