import { Fragment, useId } from 'react'
import { useCopy } from '../copy.ts'
import { fillSlots } from '../i18n/slots.ts'
import { en } from '../locales/en.ts'
import { errorSentence } from '../errorSentence.ts'
import { useShellCopy } from '../context.ts'
import { swapMessageText, useSwapFlow } from '../hooks/swap.ts'
import { WalletIcon } from '../components/WalletIcon.tsx'
import { ChevronGlyph, SwapGlyph } from '../components/glyphs.tsx'
import type { SwapTokenRow } from '../../machines/swap.connect.ts'

/** A token button of the form: the token's icon, symbol and balance; opens the picker for its side. */
function TokenButton({ side, token, onClick }: { side: string; token: SwapTokenRow | undefined; onClick: () => void }) {
  const copy = useCopy()
  return (
    <button type="button" className="lk-secondary lk-token-button lk-swap-token" onClick={onClick}>
      {/* Named by what it shows (WCAG 2.5.3): 'You pay: ETH Balance: 1.000 ETH', the side said, not shown. */}
      {fillSlots(
        copy.swap.tokenButtonSide,
        [
          side,
          token ? (
            <Fragment key="token">
              <WalletIcon src={token.logoUri} name={token.symbol} glyph="token" />
              <span className="lk-row-name">
                {token.symbol}
                {token.balance && (
                  <>
                    <br />
                    <span className="lk-muted">{copy.balanceOf(token.balance, token.symbol)}</span>
                  </>
                )}
              </span>
            </Fragment>
          ) : (
            <span key="token" className="lk-row-name">
              {copy.swap.chooseToken}
            </span>
          ),
        ],
        { fallback: en.swap.tokenButtonSide, text: (part) => <span className="lk-sr-only">{part}</span> },
      )}
      <ChevronGlyph />
    </button>
  )
}

/**
 * The swap form: the token to pay with and its amount (text, parsed with the token's decimals by the
 * machine) with Max, a button that flips the two tokens, the token to receive and the quoted amount (read again
 * 500 ms after the last keystroke and every few seconds), and Review. 'Network not supported for Swaps' on a network
 * without swaps (Solana, Bitcoin); no liquidity; a failed quote with Try again.
 */
export default function Swap() {
  const copy = useCopy()
  const shell = useShellCopy()
  const flow = useSwapFlow()
  const amountId = useId()
  const errorId = useId()
  if (flow.phase === 'unsupported') {
    return (
      <div className="lk-center">
        <p className="lk-error" role="alert" data-testid="swap-error">
          {swapMessageText(copy, flow.error ?? { key: 'networkNotSupported' })}
        </p>
      </div>
    )
  }
  if (flow.phase === 'loading' || flow.phase === 'idle') {
    return (
      <div className="lk-center" aria-busy="true">
        <span className="lk-spinner" aria-hidden="true" />
        <p className="lk-muted">{copy.loading}</p>
      </div>
    )
  }
  if (flow.phase === 'loadFailed') {
    return (
      <div className="lk-center">
        <p className="lk-error" role="alert" data-testid="swap-error">
          {flow.error ? swapMessageText(copy, flow.error) : errorSentence(shell, flow.failure)}
        </p>
        <button type="button" className="lk-secondary" onClick={() => flow.retry()}>
          {copy.tryAgain}
        </button>
      </div>
    )
  }
  const amountInvalid = Boolean(flow.error && ['invalidAmount', 'notPositive', 'tooManyDecimals', 'insufficient'].includes(flow.error.key))
  return (
    <form
      className="lk-center lk-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        flow.review()
      }}
    >
      <div className="lk-field lk-swap-side">
        <label htmlFor={amountId}>{copy.swap.from}</label>
        <div className="lk-input-row">
          <input
            id={amountId}
            className="lk-search lk-swap-amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={flow.amount}
            data-testid="swap-amount"
            aria-invalid={amountInvalid ? true : undefined}
            aria-describedby={amountInvalid ? errorId : undefined}
            onChange={(e) => flow.setAmount(e.target.value)}
          />
          <button type="button" className="lk-secondary lk-max" disabled={!flow.from?.held} aria-label={copy.maxLabel(copy.max, flow.from?.symbol ?? '')} onClick={() => flow.setMax()}>
            {copy.max}
          </button>
        </div>
        <TokenButton side={copy.swap.from} token={flow.from} onClick={() => flow.chooseToken('from')} />
      </div>

      <button type="button" className="lk-secondary lk-swap-flip" aria-label={copy.swap.flip} title={copy.swap.flip} onClick={() => flow.flip()}>
        <SwapGlyph size={18} />
      </button>

      <div className="lk-field lk-swap-side">
        <span className="lk-label">{copy.swap.to}</span>
        {/* No quote yet: the '0' is a placeholder (drawn as the amount field's is), not an amount received. */}
        <output className="lk-swap-out" data-testid="swap-to-amount" data-placeholder={flow.phase !== 'quoting' && !flow.toAmount ? 'true' : undefined} aria-live="polite">
          {flow.phase === 'quoting' ? copy.swap.quoting : flow.toAmount || '0'}
        </output>
        <TokenButton side={copy.swap.to} token={flow.to} onClick={() => flow.chooseToken('to')} />
        {flow.rate && flow.from && flow.to && (
          <span className="lk-muted" data-testid="swap-rate">
            {copy.swap.rateOf(flow.from.symbol, flow.rate, flow.to.symbol)}
          </span>
        )}
      </div>

      <p id={errorId} className="lk-error" role="alert" data-testid="swap-error">
        {flow.error ? swapMessageText(copy, flow.error) : ''}
      </p>
      {flow.phase === 'quoteFailed' && (
        <button type="button" className="lk-secondary" onClick={() => flow.retry()}>
          {copy.tryAgain}
        </button>
      )}
      <button type="submit" className="lk-primary lk-wide" disabled={flow.phase !== 'quoted'}>
        {flow.phase === 'editing' && !flow.amount ? copy.swap.enterAmount : copy.swap.review}
      </button>
    </form>
  )
}
