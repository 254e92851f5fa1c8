// @vitest-environment happy-dom
import { queryAllByRole } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { queryByRoleFast } from './byRole.ts'

/** A page of buttons whose names come from text, attributes, references, hidden parts and form values. */
function page(): HTMLElement {
  const root = document.createElement('div')
  root.innerHTML = `
    <button>Token: ETH <span aria-hidden="true">ignored</span></button>
    <button aria-label="Switch network (Anvil)">x</button>
    <button><span style="display: none">Send</span>Sent</button>
    <button>Send</button>
    <span id="far">0xf39F…2266</span><button aria-labelledby="far">copy</button>
    <button hidden>Send</button>
    <button><input type="text" value="Max: use the whole balance" aria-label="amount" />Max</button>
    <button>Coinbase Wallet</button>
    <button>coinbase wallet</button>
  `
  document.body.append(root)
  return root
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('queryByRoleFast', () => {
  // Patterns whose literal characters the fast query skips candidates by, and patterns it must not read (alternatives,
  // optional parts, classes, the `i` flag, escapes by code): each finds what Testing Library finds.
  const patterns = [
    /^Token: ETH/,
    /^Token: ETH ignored/,
    /^Switch network \(/,
    /^Send$/,
    /^Sent$/,
    /0xf39F/,
    /0x/,
    /^Max: use the whole/,
    /^Coinbase/,
    /^coinbase/i,
    /^(Send|Sent)$/,
    /^Sen?t$/,
    /^Se[n]d$/,
    /\u0053end/,
    /^S\w+d$/,
    /.*/,
    /missing/,
  ]
  for (const pattern of patterns) {
    test(`behavior: a RegExp name ${String(pattern)} finds the buttons Testing Library finds, in its order`, () => {
      const root = page()
      const expected = queryAllByRole(root, 'button', { name: pattern })
      expect(queryByRoleFast(root, 'button', pattern, false)).toEqual(expected)
      expect(queryByRoleFast(root, 'button', pattern, true)).toEqual(expected.slice(0, 1))
    })
  }

  test('behavior: string names find the buttons Testing Library finds', () => {
    const root = page()
    for (const name of ['Send', 'Sent', 'Token: ETH', 'copy', '0xf39F…2266', 'Coinbase Wallet', 'amount Max', 'nothing']) {
      expect(queryByRoleFast(root, 'button', name, false)).toEqual(queryAllByRole(root, 'button', { name }))
    }
  })
})
