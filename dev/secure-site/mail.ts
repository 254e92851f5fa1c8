/**
 * Real mail on loopback for the secure site: an SMTP server (`smtp-server`) receives, every message is
 * parsed with `mailparser` and kept in memory (the mailbox); the secure site sends with `nodemailer` over SMTP to it.
 * Dev-only: no TLS, no authentication, loopback only.
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { simpleParser } from 'mailparser'
import { createTransport } from 'nodemailer'
import { asError } from '../../kernel/errors.ts'

/** A received message as the mailbox keeps it. */
export type MailMessage = {
  /** Sequential id, from 1. */
  id: number
  /** The recipients' addresses (lower-case), from the SMTP envelope. */
  to: string[]
  from: string
  subject: string
  text: string
  /** Unix ms when the server received it. */
  receivedAt: number
  /** The six-digit code the text carries (an OTP mail), or `null`. */
  code: string | null
  /** The device verification link the text carries, or `null`. */
  link: string | null
}

/** A running SMTP server and its mailbox. */
export type MailServer = {
  /** The TCP port the server listens on (127.0.0.1). */
  port: number
  /** Messages received, newest first; only those to `to` (case-insensitive) when given. */
  messages(to?: string): MailMessage[]
  /** Forgets every message. */
  clear(): void
  /** Calls `listener` for every message received; returns the unsubscribe function. */
  subscribe(listener: (message: MailMessage) => void): () => void
  /** Closes the server. Idempotent. */
  stop(): Promise<void>
}

/** The largest message the server accepts, in bytes. */
export const maxMailBytes = 256 * 1024

const codePattern = /\b(\d{6})\b/
const linkPattern = /https?:\/\/[^\s<>"]+\/verify-device\?token=[A-Za-z0-9_-]+/

/**
 * Starts the loopback SMTP server with its in-memory mailbox.
 *
 * @param options `port` (0 picks a free one).
 * @returns the {@link MailServer}.
 * @throws Error (`EADDRINUSE`) when the port is taken.
 * @example
 * const mail = await startMailServer({ port: 0 })
 * const mailer = createMailer({ port: mail.port })
 * await mailer.send({ to: 'ada@example.com', subject: 'Hi', text: 'Your code is 123456' })
 * mail.messages('ada@example.com')[0]?.code // '123456'
 */
export async function startMailServer(options: { port: number }): Promise<MailServer> {
  let inbox: MailMessage[] = []
  let nextId = 1
  const listeners = new Set<(message: MailMessage) => void>()
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxMailBytes,
    logger: false,
    banner: 'latchkey dev mail',
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? ''
          const message: MailMessage = {
            id: nextId++,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text,
            receivedAt: Date.now(),
            code: codePattern.exec(text)?.[1] ?? null,
            link: linkPattern.exec(text)?.[0] ?? null,
          }
          inbox.push(message)
          for (const listener of listeners) listener(message)
          callback()
        })
        .catch((error: unknown) => callback(asError(error)))
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  server.on('error', (error) => console.error('  dev mail server:', error))
  const port = (server.server.address() as AddressInfo).port
  let stopping: Promise<void> | undefined
  return {
    port,
    messages(to) {
      const wanted = to?.trim().toLowerCase()
      return inbox.filter((m) => wanted === undefined || m.to.includes(wanted)).reverse()
    },
    clear() {
      inbox = []
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stop() {
      stopping ??= new Promise<void>((resolve) => server.close(() => resolve()))
      return stopping
    },
  }
}

/** What the secure site sends. */
export type OutgoingMail = { to: string; subject: string; text: string; html?: string }

/** Sends mail over SMTP. */
export type Mailer = {
  /** Sends one message; resolves once the SMTP server accepted it (it is then in the mailbox). */
  send(mail: OutgoingMail): Promise<void>
}

/** The sender of the secure site's mail. */
export const mailFrom = 'Latchkey secure site <no-reply@secure.latchkey.test>'

/**
 * A nodemailer SMTP transport to the loopback server on `port` (no TLS).
 *
 * @example createMailer({ port: 2525 }).send({ to: 'ada@example.com', subject: 'Code', text: '123456' })
 */
export function createMailer(options: { port: number; host?: string }): Mailer {
  const transport = createTransport({ host: options.host ?? '127.0.0.1', port: options.port, secure: false, ignoreTLS: true })
  return {
    async send(mail) {
      await transport.sendMail({ from: mailFrom, ...mail })
    },
  }
}
