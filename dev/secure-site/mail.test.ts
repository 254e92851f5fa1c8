import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMailer, startMailServer } from './mail.ts'
import type { MailServer } from './mail.ts'

/** The loopback mail: nodemailer over a real SMTP socket to smtp-server, parsed with mailparser. */
let mail: MailServer
beforeAll(async () => {
  mail = await startMailServer({ port: 0 })
})
afterAll(() => mail.stop())

describe('dev mail', () => {
  it('behavior: a sent message arrives parsed, with its code or its verify link read from the text', async () => {
    const mailer = createMailer({ port: mail.port })
    await mailer.send({ to: 'Ada@Example.com', subject: '123456 is your login code', text: 'Your login code is 123456' })
    await mailer.send({ to: 'ada@example.com', subject: 'Verify this device', text: 'Approve: http://127.0.0.1:8800/verify-device?token=abc_DEF-123\n' })
    await mailer.send({ to: 'bob@example.com', subject: 'Other', text: 'no code here: 12345 or 1234567' })
    const ada = mail.messages('ADA@example.com ')
    expect(ada.map((m) => [m.subject, m.code, m.link])).toEqual([
      ['Verify this device', null, 'http://127.0.0.1:8800/verify-device?token=abc_DEF-123'],
      ['123456 is your login code', '123456', null],
    ])
    expect(ada[0]!.to).toEqual(['ada@example.com'])
    expect(ada[0]!.from).toBe('no-reply@secure.latchkey.test')
    expect(mail.messages('bob@example.com')[0]).toMatchObject({ code: null, link: null })
    expect(mail.messages().map((m) => m.subject)).toEqual(['Other', 'Verify this device', '123456 is your login code'])
    mail.clear()
    expect(mail.messages()).toEqual([])
  })

  it('behavior: subscribers hear every message once; unsubscribing stops it', async () => {
    const heard: string[] = []
    const off = mail.subscribe((m) => heard.push(m.subject))
    const mailer = createMailer({ port: mail.port })
    await mailer.send({ to: 'a@example.com', subject: 'one', text: 'x' })
    off()
    await mailer.send({ to: 'a@example.com', subject: 'two', text: 'x' })
    expect(heard).toEqual(['one'])
  })
})
