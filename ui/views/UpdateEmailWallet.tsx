import { useId, useRef } from 'react'
import { connectUpdateEmail, type UpdateEmailView } from '../../machines/updateEmail.connect.ts'
import { useCopy } from '../copy.ts'
import { useDeliver, useFeatureActor } from '../hooks.ts'
import { useSelector } from '../useSelector.ts'

const notLoaded = connectUpdateEmail(undefined)
const same = (a: UpdateEmailView, b: UpdateEmailView) => JSON.stringify(a) === JSON.stringify(b)

/**
 * UpdateEmailWallet (spec §2): the new email, then the code mailed to the current address (step 1 of 2),
 * then the code mailed to the new address (step 2 of 2), then the change waited for. Each code can be mailed again
 * ("Resend code") 30 s after it was sent (spec §5, §9; the secure site refuses sooner with "Please try again after N
 * seconds"). Errors show on their step with what was typed kept (the new email in the machine, a code in its field);
 * "Change the new email" returns to the field.
 */
export default function UpdateEmailWallet() {
  const copy = useCopy()
  const deliver = useDeliver('updateEmail')
  const view = useSelector(useFeatureActor('updateEmail'), (s) => (s ? connectUpdateEmail(s) : notLoaded), same)
  const fieldId = useId()
  const errorId = useId()
  const otpRef = useRef<HTMLInputElement>(null)
  const t = copy.updateEmail
  const errorText =
    view.error?.kind === 'invalidEmail'
      ? t.invalid
      : view.error?.kind === 'sameEmail'
        ? t.same
        : view.error?.kind === 'invalidOtp'
          ? t.codeInvalid
          : view.error?.kind === 'throttled'
            ? t.throttled(view.error.seconds)
            : view.error?.message
  const error = errorText ? (
    <p className="lk-error" id={errorId} role="alert" data-testid="update-email-error">
      {errorText}
    </p>
  ) : null
  const describedBy = errorText ? { 'aria-describedby': errorId, 'aria-invalid': true } : {}

  if (view.step === 'awaiting' || view.step === 'updated') {
    return (
      <section className="lk-center lk-form" aria-live="polite">
        <p className="lk-muted" role="status">
          <span className="lk-spinner" aria-hidden="true" /> {t.awaiting}
        </p>
      </section>
    )
  }
  if (view.step === 'primary' || view.step === 'checkingPrimary' || view.step === 'secondary' || view.step === 'checkingSecondary') {
    const secondary = view.step === 'secondary' || view.step === 'checkingSecondary'
    const checking = view.step === 'checkingPrimary' || view.step === 'checkingSecondary'
    return (
      <form
        // One form per code: the second code's field starts empty, a refused code stays in its field.
        key={secondary ? 'secondary' : 'primary'}
        className="lk-center lk-form"
        noValidate
        aria-busy={checking ? 'true' : undefined}
        onSubmit={(e) => {
          e.preventDefault()
          deliver({ type: 'updateEmail.submitOtp', otp: (otpRef.current?.value ?? '').trim() })
        }}
      >
        <p className="lk-muted" data-testid="update-email-step">
          {secondary ? t.secondaryStep : t.primaryStep}
        </p>
        <div className="lk-field">
          <label htmlFor={fieldId} className="lk-field-sentence">
            {t.codeLabel(view.codeSentTo ?? '')}
          </label>
          <input ref={otpRef} id={fieldId} className="lk-search lk-otp" inputMode="numeric" autoComplete="one-time-code" maxLength={6} aria-label={t.codeField} {...describedBy} />
        </div>
        {error}
        <button type="submit" className="lk-primary lk-wide" disabled={view.busy}>
          {checking ? t.checking : t.confirm}
        </button>
        <div className="lk-actions">
          <button type="button" className="lk-secondary" disabled={!view.canResend} onClick={() => deliver({ type: 'updateEmail.resend' })}>
            {view.resending ? t.resending : t.resend}
          </button>
        </div>
        {!view.canResend && !view.resending && !view.busy && (
          <p className="lk-muted" data-testid="update-email-resend-wait">
            {t.resendWait}
          </p>
        )}
        <button type="button" className="lk-link" disabled={view.busy} onClick={() => deliver({ type: 'updateEmail.edit' })}>
          {t.edit}
        </button>
      </form>
    )
  }
  return (
    <form
      key="email"
      className="lk-center lk-form"
      noValidate
      aria-busy={view.step === 'sending' ? 'true' : undefined}
      onSubmit={(e) => {
        e.preventDefault()
        deliver({ type: 'updateEmail.submit' })
      }}
    >
      {view.currentEmail && <p className="lk-muted">{t.intro(view.currentEmail)}</p>}
      <div className="lk-field">
        <label htmlFor={fieldId}>{t.label}</label>
        <input
          id={fieldId}
          className="lk-search"
          type="email"
          autoComplete="email"
          placeholder={t.placeholder}
          defaultValue={view.email}
          onChange={(e) => deliver({ type: 'updateEmail.setEmail', email: e.currentTarget.value })}
          {...describedBy}
        />
      </div>
      {error}
      <button type="submit" className="lk-primary lk-wide" disabled={view.busy || !view.loaded}>
        {view.step === 'sending' ? t.sending : t.continue}
      </button>
    </form>
  )
}
