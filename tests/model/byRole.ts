import { getConfig, isInaccessible, queryAllByRole } from '@testing-library/react'
import { computeAccessibleName } from 'dom-accessibility-api'

/**
 * The model walks' role queries: the elements Testing Library's `queryAllByRole(root, role, { name })` returns, in the
 * same order, found for less work.
 *
 * Testing Library computes the accessible name of every element of the role in `root`: a walk of the element's
 * subtree with a computed style for each node in it, the costliest part of a walk's waits in happy-dom (whose style
 * cache a render clears). Here each candidate of the role (Testing Library's own role match, `hidden: true`, document
 * order) goes through the same three checks, cheapest first, and those after the first that fails are skipped:
 *
 * 1. a necessary condition read without styles ({@link mayBeNamed}): every character a name must have (a string name's
 *    own, a RegExp's literal characters when it has no alternative or optional part: {@link requiredCharacters}), but
 *    whitespace, occurs in some text the element's name can be made of;
 * 2. the accessible name (dom-accessibility-api, as Testing Library calls it) equals the string or matches the RegExp;
 * 3. the element is not hidden (Testing Library's `isInaccessible`, with its per-query cache of hidden subtrees).
 *
 * @param root the container (an element or a shadow root).
 * @param role the ARIA role (implicit or explicit, as Testing Library matches it).
 * @param name the accessible name (a string equal to it, or a RegExp tested on it); undefined: any name.
 * @param first stop at the first element found (`queryAllByRole(…)[0]`).
 * @returns the elements, in document order.
 */
export function queryByRoleFast(root: HTMLElement | ShadowRoot, role: string, name: string | RegExp | undefined, first: boolean): HTMLElement[] {
  const found: HTMLElement[] = []
  const candidates = queryAllByRole(root as HTMLElement, role as never, { hidden: true })
  if (candidates.length === 0) return found
  const inaccessibleSubtree = new WeakMap<Element, boolean>()
  const isSubtreeInaccessible = (element: Element): boolean => {
    let hidden = inaccessibleSubtree.get(element)
    if (hidden === undefined) {
      hidden = subtreeInaccessible(element)
      inaccessibleSubtree.set(element, hidden)
    }
    return hidden
  }
  const { computedStyleSupportsPseudoElements } = getConfig()
  const required = typeof name === 'string' ? name : name === undefined ? undefined : requiredCharacters(name)
  for (const element of candidates) {
    if (name !== undefined) {
      // CSS generated content (`::before`) can add to a name when the configuration reads it: no shortcut then.
      if (required !== undefined && !computedStyleSupportsPseudoElements && !mayBeNamed(element, required)) continue
      if (!nameMatches(computeAccessibleName(element, { computedStyleSupportsPseudoElements }), name)) continue
    }
    if ((isInaccessible as (element: Element, options: { isSubtreeInaccessible: (element: Element) => boolean }) => boolean)(element, { isSubtreeInaccessible })) continue
    found.push(element)
    if (first) break
  }
  return found
}

/** The first element `queryAllByRole(root, role, { name })` returns, or null ({@link queryByRoleFast}). */
export function firstByRole(root: HTMLElement | ShadowRoot, role: string, name?: string | RegExp): HTMLElement | null {
  return queryByRoleFast(root, role, name, true)[0] ?? null
}

/** Escapes that stand for a class of characters or an assertion, not for one character: no character is required. */
const classEscapes = new Set(['s', 'S', 'd', 'D', 'w', 'W', 'b', 'B'])

/**
 * Characters every string that `pattern` matches contains (whitespace aside, repeats allowed), or undefined when that is
 * not read simply: the literal characters of a pattern without alternatives (`|`), optional or counted parts (`?`, `*`,
 * `{`), classes (`[`), groups or lookarounds (`(`), escapes of a character by code (`\u…`, `\x…`, …), or the `i` flag.
 * `.`, `^`, `$`, `+` and the class escapes (`\s`, `\d`, `\w`, `\b` and their negations) require no character.
 *
 * @example requiredCharacters(/^Token: ETH/) // 'Token: ETH'
 */
function requiredCharacters(pattern: RegExp): string | undefined {
  if (pattern.flags.includes('i')) return undefined
  let required = ''
  const source = pattern.source
  for (let i = 0; i < source.length; i++) {
    const character = source[i]!
    if ('|?*{[('.includes(character)) return undefined
    if (character === '\\') {
      const escaped = source[++i]
      if (escaped === undefined) return undefined
      if (/[A-Za-z0-9]/.test(escaped)) {
        if (!classEscapes.has(escaped)) return undefined
      } else required += escaped
    } else if (!'.^$+'.includes(character)) required += character
  }
  return required
}

/** Elements whose accessible name comes from a value or a default text rather than from attributes and text. */
const valuedElement = 'input, select, textarea, output, meter, progress'

/**
 * Whether `element`'s accessible name can hold every character of `name` (a string name, or what a RegExp requires):
 * false only when a character of `name` (whitespace aside) occurs in none of the texts its name is computed from, so
 * that the name cannot equal or match it.
 *
 * Those texts (dom-accessibility-api's computation, CSS generated content left out): the text and every attribute
 * value of the element's subtree (aria-label, alt, title, value, …), the slots' assigned nodes, and likewise what the
 * subtree's `aria-labelledby`, `aria-owns` and `<label>`s refer to. An element with a form control in it (whose name
 * can come from its current value or a default such as "Submit") always may.
 */
function mayBeNamed(element: Element, name: string): boolean {
  let text = ''
  const seen = new Set<Node>()
  const pending: Node[] = [element]
  while (pending.length > 0) {
    const top = pending.pop()!
    if (seen.has(top)) continue
    seen.add(top)
    text += top.textContent ?? ''
    if (!(top instanceof top.ownerDocument!.defaultView!.Element)) continue
    for (const el of [top, ...Array.from(top.querySelectorAll('*'))]) {
      if (el.matches(valuedElement)) return true
      for (const attribute of Array.from(el.attributes)) text += `\n${attribute.value}`
      pending.push(...references(el, 'aria-labelledby'), ...references(el, 'aria-owns'))
      if ('labels' in el) pending.push(...Array.from((el as HTMLButtonElement).labels ?? []))
      if (el.localName === 'slot') pending.push(...(el as HTMLSlotElement).assignedNodes())
    }
  }
  for (const character of name) if (!/\s/.test(character) && !text.includes(character)) return false
  return true
}

/** The elements an ID-reference attribute of `element` names, in its root (the document or its shadow root). */
function references(element: Element, attribute: string): Element[] {
  const ids = element.getAttribute(attribute)?.trim()
  if (!ids) return []
  const root = element.getRootNode() as Document | ShadowRoot
  return ids
    .split(/\s+/)
    .map((id) => root.getElementById(id))
    .filter((el): el is HTMLElement => el !== null)
}

/** Testing Library's `isSubtreeInaccessible` (role-helpers: `hidden`, `aria-hidden="true"`, `display: none`), which it does not export. */
function subtreeInaccessible(element: Element): boolean {
  if ((element as HTMLElement).hidden === true) return true
  if (element.getAttribute('aria-hidden') === 'true') return true
  return element.ownerDocument.defaultView!.getComputedStyle(element).display === 'none'
}

/** Testing Library's `matches` with the identity normaliser, as its role query tests an accessible name. */
function nameMatches(text: string, matcher: string | RegExp): boolean {
  if (typeof matcher === 'string') return text === matcher
  const match = matcher.test(text)
  if (matcher.global && matcher.lastIndex !== 0) matcher.lastIndex = 0
  return match
}
