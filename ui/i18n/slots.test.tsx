// @vitest-environment happy-dom
import { render } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { fillSlots, MessageSlotsError } from './slots.ts'

const english = (terms: string, privacy: string) => `I agree to the ${terms} and ${privacy}`
const link = (text: string) => (
  <a key={text} href={`https://example.com/${text}`}>
    {text}
  </a>
)
const textOf = (parts: unknown[]) => render(<p>{parts as never}</p>).container.textContent

describe('a message with slots', () => {
  test('behavior: each element takes its place where the language puts it', () => {
    const japanese = (terms: string, privacy: string) => `${terms}および${privacy}に同意します`
    const { container } = render(<p>{fillSlots(japanese, [link('Terms'), link('Privacy')])}</p>)
    expect(container.textContent).toBe('TermsおよびPrivacyに同意します')
    expect([...container.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Terms', 'Privacy'])
  })

  test('behavior: text values pass as they are; the text parts can be rendered apart (words said, not shown)', () => {
    const paid = (amount: string, symbol: string, recipient: string) => `You paid ${amount} ${symbol} to ${recipient}.`
    const { container } = render(<p>{fillSlots(paid, ['1.5', 'ETH', <code key="r">0x12…ab</code>], { text: (part) => <i>{part}</i> })}</p>)
    expect(container.innerHTML).toBe('<p><i>You paid 1.5 ETH to </i><code>0x12…ab</code><i>.</i></p>')
  })

  test('bad input: a translation that drops a slot or places one twice shows English instead', () => {
    const dropped: typeof english = (terms) => `I agree to the ${terms}`
    const twice: typeof english = (terms) => `${terms} ${terms}`
    expect(textOf(fillSlots(dropped, [link('T'), link('P')], { fallback: english }))).toBe('I agree to the T and P')
    expect(textOf(fillSlots(twice, [link('T'), link('P')], { fallback: english }))).toBe('I agree to the T and P')
  })

  test('bad input: without a fallback, a misplaced slot is a MessageSlotsError naming it', () => {
    const dropped: typeof english = (terms) => `I agree to the ${terms}`
    expect(() => fillSlots(dropped, [link('T'), link('P')])).toThrowError(MessageSlotsError)
    expect(() => fillSlots(dropped, [link('T'), link('P')])).toThrowErrorMatchingInlineSnapshot(`
      [MessageSlotsError: A message does not place each of its slots exactly once
      Docs: https://latchkey.example/errors/MessageSlotsError
      Details: Slot 1 is missing from: I agree to the {0}]
    `)
  })

  test('bad input: a value holding the slot markers cannot forge a slot; a value that is neither text nor an element is refused', () => {
    const paid = (amount: string, recipient: string) => `Paid ${amount} to ${recipient}`
    expect(textOf(fillSlots(paid, ['\uE0001\uE001', <b key="r">R</b>]))).toBe('Paid 1 to R')
    expect(() => fillSlots(paid, [{} as unknown as string, <b key="r">R</b>])).toThrowErrorMatchingInlineSnapshot(`
      [MessageSlotsError: A message does not place each of its slots exactly once
      Docs: https://latchkey.example/errors/MessageSlotsError
      Details: Value 0 is neither text, a number nor an element: received object.]
    `)
    expect(() => fillSlots((() => 42) as unknown as typeof paid, ['1', <b key="r">R</b>])).toThrowError(/returned a number/)
  })
})
