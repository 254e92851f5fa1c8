import { createElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react'
import { BaseError } from '../../kernel/errors.ts'

/**
 * Messages with slots (spec §1 copy): a sentence that holds a link, an address or a name is one message of the
 * catalogue, `(terms, privacy) => \`I agree to the ${terms} and ${privacy}\``, so each language puts the slots where its
 * word order wants them; the view fills the slots with elements. Never a sentence glued from pieces in English's order.
 */

/** A slot's marker in the message's text: private-use characters, which no message has and every value loses. */
const markerOf = (index: number) => `\uE000${index}\uE001`
const markerPattern = /\uE000(\d+)\uE001/g
const markerChars = /[\uE000\uE001]/g

/** A message does not place each of its slots exactly once, or a slot's value is neither text nor an element. */
export class MessageSlotsError extends BaseError {
  static override docsPath = '/errors/MessageSlotsError'
  override name = 'MessageSlotsError'
  constructor(details: string) {
    super('A message does not place each of its slots exactly once', { details })
  }
}

/** A message's values, any of them an element (a slot) in place of its text. */
type SlotValues<A extends readonly unknown[]> = { readonly [K in keyof A]: A[K] | ReactElement }

/** How {@link fillSlots} renders: the message to use if `message` misplaces a slot (English's), and its text parts. */
type FillSlotsOptions<A extends readonly unknown[]> = {
  /** Used in place of a message that drops a slot or places one twice (a broken translation or override). */
  fallback?: ((...values: A) => string) | undefined
  /** Renders a part of text between the slots (default: the text itself), e.g. words said to a screen reader only. */
  text?: ((part: string, index: number) => ReactNode) | undefined
}

/**
 * A message's sentence as nodes, its slots filled: each element among `values` takes its place where the message puts
 * its value; text values (amounts, symbols, counts) are passed as they are, less the private-use characters that mark
 * slots (a value cannot forge one).
 *
 * @param message the catalogue's message, a function of its values returning a string.
 * @param values the message's values, in order; an element in place of a value is a slot.
 * @param options `fallback` (English's message) used when `message` misplaces a slot; `text` renders the text parts.
 * @returns the text parts and the slots' elements, in the message's order.
 * @throws {MessageSlotsError} a value is neither text, a number nor an element; or the message (and the fallback, if
 *   given) drops a slot, places one twice or returns something other than a string.
 * @example fillSlots(copy.legalAgree, [<a href={terms}>{copy.legalTerms}</a>, <a href={privacy}>{copy.legalPrivacy}</a>])
 */
export function fillSlots<A extends readonly unknown[]>(message: (...values: A) => string, values: SlotValues<A>, options: FillSlotsOptions<A> = {}): ReactNode[] {
  try {
    return fill(message, values, options.text)
  } catch (error) {
    if (!(error instanceof MessageSlotsError) || !options.fallback || options.fallback === message) throw error
    return fill(options.fallback, values, options.text)
  }
}

function fill<A extends readonly unknown[]>(message: (...values: A) => string, values: SlotValues<A>, text: FillSlotsOptions<A>['text']): ReactNode[] {
  const slots = new Set<number>()
  const args = values.map((value, index) => {
    if (isValidElement(value)) {
      slots.add(index)
      return markerOf(index)
    }
    if (typeof value === 'string') return value.replace(markerChars, '')
    if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return value
    throw new MessageSlotsError(`Value ${index} is neither text, a number nor an element: received ${value === null ? 'null' : typeof value}.`)
  }) as unknown as A
  const sentence: unknown = message(...args)
  if (typeof sentence !== 'string') throw new MessageSlotsError(`The message returned a ${typeof sentence}, not a string.`)
  const parts: ReactNode[] = []
  const placed = new Set<number>()
  const pushText = (part: string) => {
    if (part) parts.push(text ? createElement(Fragment, { key: `text${parts.length}` }, text(part, parts.length)) : part)
  }
  let last = 0
  for (const match of sentence.matchAll(markerPattern)) {
    const index = Number(match[1])
    if (!slots.has(index) || placed.has(index)) throw new MessageSlotsError(`Slot ${index} is placed ${placed.has(index) ? 'twice' : 'but is no slot'} in: ${sentence}`)
    placed.add(index)
    pushText(sentence.slice(last, match.index))
    parts.push(createElement(Fragment, { key: `slot${index}` }, values[index] as ReactElement))
    last = match.index + match[0].length
  }
  pushText(sentence.slice(last))
  const missing = [...slots].filter((index) => !placed.has(index))
  if (missing.length) throw new MessageSlotsError(`Slot ${missing.join(', ')} is missing from: ${sentence.replace(markerPattern, '{$1}')}`)
  return parts
}
