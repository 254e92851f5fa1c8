/**
 * Changing the email of an email user (spec §3 "update email (plus primary and secondary OTP)", §4
 * "Email update result action": VERIFY_PRIMARY_OTP or VERIFY_SECONDARY_OTP). Two codes, over the loopback SMTP server:
 *
 * 1. `start(token, { email })` (APP_UPDATE_EMAIL): a signed-in email user asks for a new address (valid, not the current
 *    one, not another user's) → a code is mailed to the **current** address → `{ action: 'VERIFY_PRIMARY_OTP' }`.
 * 2. `verifyPrimary(token, { otp })` (APP_UPDATE_EMAIL_PRIMARY_OTP): the current address's code → a code is mailed to
 *    the **new** address → `{ action: 'VERIFY_SECONDARY_OTP' }`.
 * 3. `verifySecondary(token, { otp })` (APP_UPDATE_EMAIL_SECONDARY_OTP): the new address's code → the user's email
 *    changes now, and only now → `{ email }` (the new one).
 *
 * Codes behave like the login's: 10 minutes, the 5th wrong one locks the change (start again), each works once. A new
 * `start` replaces a change under way, with two exceptions that make the resend of each code:
 * - the throttle (spec §5, §9: 30 s): a `start` within 30 s of the change's last mail is refused with 429 and
 *   "Please try again after N seconds" (`retryAfterSeconds`), nothing mailed;
 * - the same new address while the change waits for the new address's code, the current address proven less than 10
 *   minutes ago: a new code is mailed to the new address → `{ action: 'VERIFY_SECONDARY_OTP' }` (older proof: the
 *   change starts over with a code to the current address).
 * The session stays valid: it belongs to the user, not to the address.
 * HTTP-free (server.ts maps it to `/api/update-email…`); the clock is injected. Dev-only.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import type { SecureDb } from './db.ts'
import type { Mailer } from './mail.ts'
import { emailLoginCooldown, normaliseEmail, otpMaxAttempts, otpTtl, SecureSiteError, secureMessages, throttleMessage } from './service.ts'
import type { AuthenticatedSession } from './service.ts'

/** The table of email changes under way: one per user, its stage and the code of that stage (hashed). */
export const emailUpdateSchema = `
create table if not exists email_updates (
  user_id integer primary key references users(id),
  new_email text not null,
  stage text not null,
  code_hash text not null,
  created_at double precision not null,
  attempts integer not null default 0
);
alter table email_updates add column if not exists primary_at double precision;
`

/** Refusals of the email change, in the words the visitor reads. */
export const emailUpdateMessages = {
  notEmailUser: 'Only an account signed in with an email can change its email',
  sameEmail: 'This is already your email',
  emailTaken: 'This email is already used by another account',
  noChange: 'No email change is waiting for this code: start again',
} as const

/** What an email-change step answers (spec §4 "Email update result action"). */
export type EmailUpdateAction = 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'

/** Options of {@link createEmailUpdate}. */
export type EmailUpdateOptions = {
  db: SecureDb
  mailer: Mailer
  /** The clock, Unix ms. */
  now: () => number
  /** The secure service's session check (service.ts `authenticate`). */
  authenticate: (token: string | undefined) => Promise<AuthenticatedSession>
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')
const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0')

/**
 * The email change over the secure site's database and mailer.
 *
 * @example
 * const update = createEmailUpdate({ db, mailer, now: Date.now, authenticate: service.authenticate })
 * await update.start(token, { email: 'new@example.com' }) // { action: 'VERIFY_PRIMARY_OTP' }: a code to the current address
 */
export function createEmailUpdate(options: EmailUpdateOptions) {
  const { db, mailer, now } = options

  async function emailUser(token: string | undefined): Promise<{ id: number; email: string }> {
    const { user } = await options.authenticate(token)
    if (!user.email) throw new SecureSiteError(403, emailUpdateMessages.notEmailUser)
    return { id: user.id, email: user.email }
  }

  async function assertFree(email: string, userId: number): Promise<void> {
    const { rows } = await db.query<{ id: number }>('select id from users where email = $1', [email])
    if (rows[0] && rows[0].id !== userId) throw new SecureSiteError(409, emailUpdateMessages.emailTaken)
  }

  /** Checks `otp` against the change's code of `stage`; counts a wrong one, locks at the 5th. */
  async function check(userId: number, stage: 'primary' | 'secondary', otp: unknown): Promise<{ newEmail: string }> {
    const { rows } = await db.query<{ new_email: string; stage: string; code_hash: string; created_at: number; attempts: number }>(
      'select new_email, stage, code_hash, created_at, attempts from email_updates where user_id = $1',
      [userId],
    )
    const row = rows[0]
    if (!row || row.stage !== stage) throw new SecureSiteError(400, emailUpdateMessages.noChange)
    if (row.attempts >= otpMaxAttempts) throw new SecureSiteError(423, secureMessages.codeLocked)
    if (now() - row.created_at > otpTtl) throw new SecureSiteError(410, secureMessages.codeExpired)
    const given = Buffer.from(sha256(typeof otp === 'string' ? otp.trim() : ''), 'hex')
    if (!timingSafeEqual(given, Buffer.from(row.code_hash, 'hex'))) {
      await db.query('update email_updates set attempts = attempts + 1 where user_id = $1', [userId])
      if (row.attempts + 1 >= otpMaxAttempts) throw new SecureSiteError(423, secureMessages.codeLocked)
      throw new SecureSiteError(400, secureMessages.wrongCode)
    }
    return { newEmail: row.new_email }
  }

  return {
    /**
     * Starts a change to `email`: mails a code to the current address. Also the resend of each code: the same call again
     * mails a new code to the current address, or, when the change waits for the new address's code of this same email
     * (the current address proven within 10 minutes), a new code to the new address (`VERIFY_SECONDARY_OTP`).
     *
     * @throws SecureSiteError 401 (session), 403 (a social account), 400 (not an email, or the current one), 409 (another
     * account's), 429 with `retryAfterSeconds` within 30 s of the change's last mail (spec §5 throttle).
     */
    async start(token: string | undefined, input: { email: unknown }): Promise<{ action: EmailUpdateAction }> {
      const user = await emailUser(token)
      const email = normaliseEmail(input.email)
      if (email === user.email) throw new SecureSiteError(400, emailUpdateMessages.sameEmail)
      await assertFree(email, user.id)
      const t = now()
      const { rows } = await db.query<{ new_email: string; stage: string; created_at: number; primary_at: number | null }>('select new_email, stage, created_at, primary_at from email_updates where user_id = $1', [
        user.id,
      ])
      const under = rows[0]
      if (under && t - under.created_at < emailLoginCooldown && t >= under.created_at) {
        const seconds = Math.max(1, Math.ceil((emailLoginCooldown - (t - under.created_at)) / 1000))
        throw new SecureSiteError(429, throttleMessage(seconds), { retryAfterSeconds: seconds })
      }
      if (under && under.stage === 'secondary' && under.new_email === email && under.primary_at !== null && t - under.primary_at <= otpTtl) {
        // The resend of the new address's code: the current address was proven for this change moments ago.
        const code = newCode()
        await db.query('update email_updates set code_hash = $2, created_at = $3, attempts = 0 where user_id = $1', [user.id, sha256(code), t])
        await mailer.send({
          to: email,
          subject: `${code} is your code to confirm your new email`,
          text: `Your code is ${code}\n\nEnter it to make this address the email of your embedded wallet. The code expires in 10 minutes. If it was not you, ignore this mail.\n`,
        })
        return { action: 'VERIFY_SECONDARY_OTP' }
      }
      const code = newCode()
      await db.query(
        `insert into email_updates (user_id, new_email, stage, code_hash, created_at, attempts, primary_at) values ($1, $2, 'primary', $3, $4, 0, null)
         on conflict (user_id) do update set new_email = $2, stage = 'primary', code_hash = $3, created_at = $4, attempts = 0, primary_at = null`,
        [user.id, email, sha256(code), t],
      )
      await mailer.send({
        to: user.email,
        subject: `${code} is your code to change your email`,
        text: `Your code is ${code}\n\nSomeone asked to change the email of your embedded wallet to ${email}. The code expires in 10 minutes. If it was not you, ignore this mail: nothing changes without it.\n`,
      })
      return { action: 'VERIFY_PRIMARY_OTP' }
    },

    /**
     * The current address's code: mails a code to the new address.
     *
     * @throws SecureSiteError 400 (wrong code, or no change waiting for it), 410 (expired), 423 (locked), 409 (the new address was taken meanwhile).
     */
    async verifyPrimary(token: string | undefined, input: { otp: unknown }): Promise<{ action: EmailUpdateAction }> {
      const user = await emailUser(token)
      const { newEmail } = await check(user.id, 'primary', input.otp)
      await assertFree(newEmail, user.id)
      const code = newCode()
      const t = now()
      await db.query("update email_updates set stage = 'secondary', code_hash = $2, created_at = $3, attempts = 0, primary_at = $3 where user_id = $1", [user.id, sha256(code), t])
      await mailer.send({
        to: newEmail,
        subject: `${code} is your code to confirm your new email`,
        text: `Your code is ${code}\n\nEnter it to make this address the email of your embedded wallet. The code expires in 10 minutes. If it was not you, ignore this mail.\n`,
      })
      return { action: 'VERIFY_SECONDARY_OTP' }
    },

    /**
     * The new address's code: the user's email becomes the new one.
     *
     * @returns the new email.
     * @throws SecureSiteError 400 (wrong code, or no change waiting for it), 410 (expired), 423 (locked), 409 (taken meanwhile).
     */
    async verifySecondary(token: string | undefined, input: { otp: unknown }): Promise<{ email: string }> {
      const user = await emailUser(token)
      const { newEmail } = await check(user.id, 'secondary', input.otp)
      await assertFree(newEmail, user.id)
      await db.transaction(async (tx) => {
        await tx.query('update users set email = $2 where id = $1', [user.id, newEmail])
        await tx.query('delete from email_updates where user_id = $1', [user.id])
      })
      return { email: newEmail }
    },
  }
}

/** The email change's operations (see {@link createEmailUpdate}). */
export type EmailUpdate = ReturnType<typeof createEmailUpdate>
