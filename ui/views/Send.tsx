import { Fragment, useId } from 'react'
import { useCopy } from '../copy.ts'
import { fillSlots } from '../i18n/slots.ts'
import { en } from '../locales/en.ts'
import { useSendFlow } from '../hooks/send.ts'
import { safeImageUrl, WalletIcon } from '../components/WalletIcon.tsx'
import { ChevronGlyph } from '../components/glyphs.tsx'
import { truncateAddress } from '../../machines/format.ts'
import { isReceiverMessage, type SendMessage, type SendMessageKey } from '../../machines/send.messages.ts'
import { sendMessageText } from '../errorSentence.ts'

/**
 * The messages about no input ({@link isReceiverMessage} tells those about the receiver). 'required' is about
 * whichever field is empty; every other message is about the amount.
 */
const formMessages: readonly SendMessageKey[] = ['tokenRequired', 'unsupportedChain']

/** Which inputs a validation message is about, so that only those are marked invalid and described by it. */
export function invalidFields(error: SendMessage | undefined, amount: string, receiver: string): { amount: boolean; receiver: boolean } {
  if (!error || formMessages.includes(error.key)) return { amount: false, receiver: false }
  if (error.key === 'required') return { amount: amount.trim() === '', receiver: receiver.trim() === '' }
  const aboutReceiver = isReceiverMessage(error)
  return { amount: !aboutReceiver, receiver: aboutReceiver }
}

/**
 * The send form (spec §1 send, §4 Send, §5 validation): a token button that opens the picker, the amount
 * (typed as text so every input reaches the machine's validation) with a Max button and its USD value, the
 * receiver (an address or a name, resolved as the visitor types), and Review. The send machine names its messages
 * (key and values); their words are the catalogue's (the spec's strings word for word).
 */
export default function Send() {
  const copy = useCopy()
  const flow = useSendFlow()
  const amountId = useId()
  const receiverId = useId()
  const statusId = useId()
  const errorId = useId()
  const avatar = safeImageUrl(flow.receiverAvatar)
  const unavailable = flow.isBalanceUnavailable && !flow.token
  const invalid = invalidFields(flow.error, flow.amount, flow.receiver)
  // While the balances load there is no token yet: Review waits for them rather than refuse with 'A token is required'.
  const awaitingToken = flow.isLoadingBalances && !flow.token
  return (
    <form
      className="lk-center lk-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        flow.review()
      }}
    >
      <button type="button" className="lk-secondary lk-token-button" onClick={() => flow.chooseToken()}>
        {/* Named by what it shows (WCAG 2.5.3): 'Token: ETH Balance: 1.000 ETH', the word 'Token' said, not shown. */}
        {fillSlots(
          copy.tokenButton,
          [
            flow.token ? (
              <Fragment key="token">
                <WalletIcon src={flow.token.iconUrl} name={flow.token.symbol} glyph="token" />
                <span className="lk-row-name">
                  {flow.token.symbol}
                  <br />
                  <span className="lk-muted">{copy.balanceOf(flow.token.balance, flow.token.symbol)}</span>
                </span>
              </Fragment>
            ) : (
              <span key="token" className="lk-row-name">
                {flow.isLoadingBalances ? copy.loading : unavailable ? copy.balanceUnavailable : copy.chooseToken}
              </span>
            ),
          ],
          { fallback: en.tokenButton, text: (part) => <span className="lk-sr-only">{part}</span> },
        )}
        {/* The chevron says the row opens the token list, as Swap's token buttons do. */}
        <ChevronGlyph />
      </button>

      <div className="lk-field">
        <label htmlFor={amountId}>{copy.amount}</label>
        <div className="lk-input-row">
          <input
            id={amountId}
            className="lk-search"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={flow.amount}
            aria-invalid={invalid.amount ? true : undefined}
            aria-describedby={invalid.amount ? errorId : undefined}
            onChange={(e) => flow.setAmount(e.target.value)}
          />
          <button type="button" className="lk-secondary lk-max" disabled={!flow.token} aria-label={copy.maxLabel(copy.max, flow.token?.symbol ?? '')} onClick={() => flow.setMax()}>
            {copy.max}
          </button>
        </div>
        {flow.amountFiat !== undefined && (
          <span className="lk-muted" data-testid="send-amount-usd">
            {flow.amountFiat}
          </span>
        )}
      </div>

      <div className="lk-field">
        <label htmlFor={receiverId}>{copy.receiver}</label>
        <input
          id={receiverId}
          className="lk-search"
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder={copy.receiverPlaceholder}
          value={flow.receiver}
          aria-invalid={invalid.receiver ? true : undefined}
          aria-describedby={invalid.receiver ? `${statusId} ${errorId}` : statusId}
          onChange={(e) => flow.setReceiver(e.target.value)}
        />
        <span id={statusId} className="lk-muted lk-receiver" role="status" data-testid="send-receiver-status">
          {flow.receiverStatus === 'resolving' && copy.resolvingName}
          {flow.receiverStatus === 'valid' && flow.resolvedAddress && (
            <>
              {avatar && <img className="lk-avatar-sm" src={avatar} alt="" width={20} height={20} />}
              {flow.receiverName ? `${flow.receiverName} · ${truncateAddress(flow.resolvedAddress)}` : truncateAddress(flow.resolvedAddress)}
            </>
          )}
        </span>
      </div>

      <p id={errorId} className="lk-error" role="alert" data-testid="send-error">
        {flow.error ? sendMessageText(copy, flow.error) : ''}
      </p>
      <button type="submit" className="lk-primary lk-wide" disabled={awaitingToken} aria-busy={awaitingToken ? 'true' : undefined}>
        {copy.reviewSend}
      </button>
    </form>
  )
}
