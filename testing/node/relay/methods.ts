/**
 * The loopback relay's methods (./server.ts): `irn_subscribe`, `irn_batchSubscribe`, `irn_unsubscribe`,
 * `irn_batchUnsubscribe`, `irn_publish`, `irn_batchPublish`, `irn_fetchMessages`, `irn_batchFetchMessages`, and the session
 * methods `wc_proposeSession` (fans the proposal out on the pairing topic and subscribes the sender to it) and
 * `wc_approveSession` (subscribes the sender to the session topic, then fans out the response and the settlement).
 * Node only.
 */
import { asParams, invalidParams, type PublishInput, readMessage, readOptionalString, readPublish, readTopic, readTopics, readTtl, type RelayRpcError, sessionTags, short, subscriptionId } from './protocol.ts'
import type { Connection } from './types.ts'

/** A method's answer: its `result`, the log line's note, and what runs once the answer is sent (the fan-out), whose words end the log line. */
export type Served = { result: unknown; note: string; after?: () => string }

/** What the methods need of the relay's mailbox (./server.ts). */
export type Mailbox = {
  /** Subscribes the socket to `topic` and delivers what the topic holds for it. */
  subscribe(connection: Connection, topic: string): { id: string; delivered: number }
  unsubscribe(connection: Connection, topic: string): boolean
  /** Stores a message and delivers it to the topic's subscribers but its sender. @returns how many it reached. */
  publish(input: PublishInput, sender: string): number
  /** What `fetchMessages` hands to the socket for `topic` (counted as acknowledged by its client). */
  fetchFor(connection: Connection, topic: string): Array<Record<string, unknown>>
}

/**
 * The relay's JSON-RPC methods over `mailbox`, by name (walletconnect-loopback-relay.md, "Methods the clients call").
 * Each reads its params (a {@link RelayRpcError} -32602 for a bad one) and answers; the session methods fan their
 * messages out after the answer.
 */
export function relayMethods({ subscribe, unsubscribe, publish, fetchFor }: Mailbox): Record<string, (connection: Connection, params: Record<string, unknown>) => Served> {
  return {
    irn_subscribe(connection, params) {
      const topic = readTopic(params.topic, 'topic')
      return {
        result: subscriptionId(connection, topic),
        note: `topic ${short(topic)}`,
        after: () => {
          const { delivered } = subscribe(connection, topic)
          return delivered ? `${delivered} kept message(s) delivered` : ''
        },
      }
    },
    irn_batchSubscribe(connection, params) {
      const topics = readTopics(params.topics, 'topics')
      return {
        result: topics.map((topic) => subscriptionId(connection, topic)),
        note: `${topics.length} topic(s)`,
        after: () => {
          const delivered = topics.reduce((sum, topic) => sum + subscribe(connection, topic).delivered, 0)
          return delivered ? `${delivered} kept message(s) delivered` : ''
        },
      }
    },
    irn_unsubscribe(connection, params) {
      const topic = readTopic(params.topic, 'topic')
      if (params.id !== undefined && typeof params.id !== 'string') throw invalidParams('id must be a string')
      unsubscribe(connection, topic)
      return { result: true, note: `topic ${short(topic)}` }
    },
    irn_batchUnsubscribe(connection, params) {
      if (!Array.isArray(params.subscriptions)) throw invalidParams('subscriptions must be an array of { topic, id }')
      const topics = params.subscriptions.map((s: unknown, i) => readTopic((s as { topic?: unknown } | null)?.topic, `subscriptions[${i}].topic`))
      for (const topic of topics) unsubscribe(connection, topic)
      return { result: true, note: `${topics.length} topic(s)` }
    },
    irn_publish(connection, params) {
      const input = readPublish(params, '')
      return {
        result: true,
        note: `topic ${short(input.topic)} tag ${input.tag} ttl ${input.ttl}s`,
        after: () => `delivered to ${publish(input, connection.clientId)}`,
      }
    },
    irn_batchPublish(connection, params) {
      if (!Array.isArray(params.messages) || params.messages.length === 0) throw invalidParams('messages must be a non-empty array')
      const inputs = params.messages.map((m: unknown, i) => readPublish(asParams(m, `messages[${i}]`), `messages[${i}].`))
      return {
        result: true,
        note: `${inputs.length} message(s)`,
        after: () => `delivered ${inputs.reduce((sum, input) => sum + publish(input, connection.clientId), 0)}`,
      }
    },
    irn_fetchMessages(connection, params) {
      const topic = readTopic(params.topic, 'topic')
      const messages = fetchFor(connection, topic)
      return { result: { messages, hasMore: false }, note: `topic ${short(topic)} → ${messages.length} message(s)` }
    },
    irn_batchFetchMessages(connection, params) {
      const topics = readTopics(params.topics, 'topics')
      const messages = topics.flatMap((topic) => fetchFor(connection, topic))
      return { result: { messages, hasMore: false }, note: `${topics.length} topic(s) → ${messages.length} message(s)` }
    },
    wc_proposeSession(connection, params) {
      const pairingTopic = readTopic(params.pairingTopic, 'pairingTopic')
      const sessionProposal = readMessage(params.sessionProposal, 'sessionProposal')
      const ttl = readTtl(params.ttl, 'ttl', 300)
      const attestation = readOptionalString(params.attestation, 'attestation')
      return {
        result: true,
        note: `pairing ${short(pairingTopic)}`,
        after: () => {
          subscribe(connection, pairingTopic)
          const count = publish({ topic: pairingTopic, message: sessionProposal, ttl, tag: sessionTags.proposal, ...(attestation !== undefined ? { attestation } : {}) }, connection.clientId)
          return `sender subscribed to the pairing topic; proposal delivered to ${count}`
        },
      }
    },
    wc_approveSession(connection, params) {
      const sessionTopic = readTopic(params.sessionTopic, 'sessionTopic')
      const pairingTopic = readTopic(params.pairingTopic, 'pairingTopic')
      const response = readMessage(params.sessionProposalResponse, 'sessionProposalResponse')
      const settlement = readMessage(params.sessionSettlementRequest, 'sessionSettlementRequest')
      const ttl = readTtl(params.ttl, 'ttl', 300)
      return {
        result: true,
        note: `pairing ${short(pairingTopic)} session ${short(sessionTopic)}`,
        after: () => {
          subscribe(connection, sessionTopic)
          const a = publish({ topic: pairingTopic, message: response, ttl, tag: sessionTags.approvalResponse }, connection.clientId)
          const b = publish({ topic: sessionTopic, message: settlement, ttl, tag: sessionTags.settlement }, connection.clientId)
          return `sender subscribed to the session topic; response delivered to ${a}, settlement to ${b}`
        },
      }
    },
  }
}
