import { useSelector } from '../useSelector.ts'
import { useId, useRef } from 'react'
import { connectEmailLogin, type EmailLoginView } from '../../machines/emailLogin.connect.ts'
import { useConnectCopy } from '../copy.connect.ts'
import { useDeliver, useFeatureActor } from '../hooks.ts'

const notLoaded = connectEmailLogin(undefined)
const same = (a: EmailLoginView, b: EmailLoginView) => JSON.stringify(a) === JSON.stringify(b)

/**
 * EmailLogin (spec §2): the email section of Connect and its steps, rendered from `connectEmailLogin`.
 * - The email field and Continue (a valid email only; the 30 s throttle's message with its seconds).
 * - VERIFY_OTP: the six-digit code field, Confirm, "Resend code" once the cooldown passed.
 * - VERIFY_DEVICE: "Approve this device": the link sent by mail, waited for.
 * - Sending, checking and connecting show their progress; "Use another email" returns to the field with the email kept.
 * The email machine is fetched with the first keystroke (nothing before); keystrokes typed meanwhile are kept in order.
 */
export function EmailLogin() {
  const copy = useConnectCopy()
  const deliver = useDeliver('emailLogin')
  const view = useSelector(useFeatureActor('emailLogin'), (s) => (s ? connectEmailLogin(s) : notLoaded), same)
  const emailId = useId()
  const errorId = useId()
  const otpRef = useRef<HTMLInputElement>(null)
  const errorText =
    view.error?.kind === 'throttled' ? copy.emailThrottled(view.error.seconds) : view.error?.kind === 'invalidEmail' ? copy.emailInvalid : view.error?.kind === 'invalidOtp' ? copy.emailOtpInvalid : view.error?.message
  const error = errorText ? (
    <p className="lk-error" id={errorId} role="alert">
      {errorText}
    </p>
  ) : null
  const useAnother = (
    <button type="button" className="lk-link" onClick={() => deliver({ type: 'emailLogin.reset' })}>
      {copy.emailUseAnother}
    </button>
  )

  if (view.step === 'device') {
    return (
      <section className="lk-email" aria-live="polite">
        <p className="lk-email-heading">
          <span className="lk-spinner" aria-hidden="true" />
          {copy.emailDeviceTitle}
        </p>
        <p className="lk-muted">{copy.emailDeviceBody(view.email.trim())}</p>
        {error}
        {useAnother}
      </section>
    )
  }
  if (view.step === 'otp' || view.step === 'checking') {
    return (
      <form
        key="otp"
        className="lk-email"
        onSubmit={(e) => {
          e.preventDefault()
          deliver({ type: 'emailLogin.submitOtp', otp: (otpRef.current?.value ?? '').trim() })
        }}
      >
        <label htmlFor={emailId}>{copy.emailOtpLabel(view.email.trim())}</label>
        <div className="lk-input-row">
          <input
            key="otp"
            ref={otpRef}
            id={emailId}
            className="lk-search lk-otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-label={copy.emailOtpField}
            {...(errorText ? { 'aria-describedby': errorId, 'aria-invalid': true } : {})}
          />
          <button type="submit" className="lk-primary" disabled={view.busy}>
            {copy.emailOtpSubmit}
          </button>
        </div>
        {error}
        <div className="lk-actions">
          <button type="button" className="lk-secondary" disabled={!view.canResend} onClick={() => deliver({ type: 'emailLogin.resend' })}>
            {copy.emailResend}
          </button>
        </div>
        {useAnother}
      </form>
    )
  }
  if (view.step === 'connecting' || view.step === 'connected') {
    return (
      <section className="lk-email" aria-live="polite">
        <p className="lk-muted">{copy.emailConnecting}</p>
      </section>
    )
  }
  return (
    <form
      key="email"
      className="lk-email"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        deliver({ type: 'emailLogin.submit' })
      }}
    >
      <label htmlFor={emailId} className="lk-sr-only">
        {copy.emailLabel}
      </label>
      <div className="lk-input-row">
        <input
          key="email"
          id={emailId}
          className="lk-search"
          type="email"
          autoComplete="email"
          placeholder={copy.emailPlaceholder}
          defaultValue={view.email}
          onChange={(e) => deliver({ type: 'emailLogin.setEmail', email: e.currentTarget.value })}
          {...(errorText ? { 'aria-describedby': errorId, 'aria-invalid': true } : {})}
        />
        <button type="submit" className="lk-primary" disabled={view.busy}>
          {view.step === 'sending' ? copy.emailSending : copy.emailContinue}
        </button>
      </div>
      {error}
    </form>
  )
}
