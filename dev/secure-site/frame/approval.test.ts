// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { toHex } from 'viem'
import { createApprovalUi, describeRequest, readableMessage } from './approval.ts'
import type { ApprovalRequest } from './contract.ts'
import en from './words/en.ts'

/** The frame's own approval UI: what it says is signed, and its buttons, in happy-dom. */
const base: Omit<ApprovalRequest, 'method' | 'params'> = { id: 'r1', chainId: 31337, chainName: 'Anvil Local', dappName: 'Demo', dappOrigin: 'http://127.0.0.1:5273' }

describe('describeRequest', () => {
  it('behavior: personal_sign shows the message as text when the hex is UTF-8, else the hex', () => {
    expect(readableMessage(toHex('Hello\nworld'))).toBe('Hello\nworld')
    expect(readableMessage('0x00ff10')).toBe('0x00ff10')
    expect(readableMessage('plain text')).toBe('plain text')
    expect(describeRequest({ ...base, method: 'personal_sign', params: [toHex('Sign in'), '0x1'] }, en)).toEqual({
      title: 'Sign message',
      rows: [
        { label: 'Requested by', value: 'Demo · http://127.0.0.1:5273' },
        { label: 'Network', value: 'Anvil Local (31337)' },
      ],
      body: 'Sign in',
    })
  })

  it('behavior: eth_sendTransaction shows the recipient, the value in ETH and the data', () => {
    const summary = describeRequest({ ...base, method: 'eth_sendTransaction', params: [{ to: '0x000000000000000000000000000000000000dEaD', value: '0x6f05b59d3b20000', data: '0xabcd' }] }, en)
    expect(summary.title).toBe('Send transaction')
    expect(summary.rows).toContainEqual({ label: 'To', value: '0x000000000000000000000000000000000000dEaD' })
    expect(summary.rows).toContainEqual({ label: 'Value', value: '0.5 ETH' })
    expect(summary.body).toBe('Data: 0xabcd')
  })

  it('behavior: wallet_sendCalls shows every call (recipient and value in ETH) under one title, and the data of those with some', () => {
    const calls = [
      { to: '0x000000000000000000000000000000000000dEaD', value: '0x6f05b59d3b20000' },
      { to: '0x000000000000000000000000000000000000bEEF', data: '0x095ea7b3' },
    ]
    expect(describeRequest({ ...base, method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls }] }, en)).toEqual({
      title: 'Send 2 calls together',
      rows: [
        { label: 'Requested by', value: 'Demo · http://127.0.0.1:5273' },
        { label: 'Network', value: 'Anvil Local (31337)' },
        { label: 'Call 1', value: '0x000000000000000000000000000000000000dEaD · 0.5 ETH' },
        { label: 'Call 2', value: '0x000000000000000000000000000000000000bEEF · 0 ETH' },
      ],
      body: 'Call 2 data: 0x095ea7b3',
    })
    // A malformed request still gets a title (the server refuses it after the approval).
    expect(describeRequest({ ...base, method: 'wallet_sendCalls', params: [{ calls: 'x' }] }, en).title).toBe('Send 0 calls together')
  })

  it('behavior: eth_signTypedData_v4 shows the primary type and the message', () => {
    const typed = JSON.stringify({ primaryType: 'Mail', types: {}, domain: {}, message: { contents: 'hi' } })
    expect(describeRequest({ ...base, method: 'eth_signTypedData_v4', params: ['0x1', typed] }, en).body).toBe('Mail\n{\n  "contents": "hi"\n}')
  })
})

describe('createApprovalUi', () => {
  function mount() {
    document.body.innerHTML = '<main id="approval" hidden></main>'
    const root = document.getElementById('approval') as HTMLElement
    return { root, ui: createApprovalUi(root, document, en) }
  }

  it('behavior: shows the request as text (never as HTML); Approve resolves true and hides it', async () => {
    const { root, ui } = mount()
    const answer = ui.open({ ...base, method: 'personal_sign', params: ['<img src=x onerror=alert(1)>', '0x1'] })
    expect(root.hidden).toBe(false)
    expect(root.querySelector('h1')?.textContent).toBe('Sign message')
    expect(root.querySelector('pre')?.textContent).toBe('<img src=x onerror=alert(1)>')
    expect(root.querySelector('img')).toBeNull()
    ;[...root.querySelectorAll('button')].find((b) => b.textContent === 'Approve')!.click()
    await expect(answer).resolves.toBe(true)
    expect(root.hidden).toBe(true)
    expect(root.children.length).toBe(0)
  })

  it('behavior: Reject resolves false; close(id) of an aborted request resolves false', async () => {
    const { root, ui } = mount()
    const rejected = ui.open({ ...base, method: 'personal_sign', params: ['0x00', '0x1'] })
    ;[...root.querySelectorAll('button')].find((b) => b.textContent === 'Reject')!.click()
    await expect(rejected).resolves.toBe(false)
    const aborted = ui.open({ ...base, id: 'r2', method: 'personal_sign', params: ['0x00', '0x1'] })
    ui.close('other')
    expect(root.hidden).toBe(false)
    ui.close('r2')
    await expect(aborted).resolves.toBe(false)
    expect(root.hidden).toBe(true)
  })

  it('behavior: Approve has the focus when it opens; Escape rejects', async () => {
    const { root, ui } = mount()
    const answer = ui.open({ ...base, method: 'personal_sign', params: ['0x00', '0x1'] })
    expect(document.activeElement?.textContent).toBe('Approve')
    root.querySelector('section')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await expect(answer).resolves.toBe(false)
    expect(root.hidden).toBe(true)
  })

  it('behavior: setTheme sets light or dark and takes a plain colour as the accent, nothing else', () => {
    const { ui } = mount()
    ui.setTheme('dark', { accent: '#7b61ff' })
    expect(document.documentElement.dataset.theme).toBe('dark')
    expect(document.documentElement.style.getPropertyValue('--lk-accent')).toBe('#7b61ff')
    ui.setTheme('light', { accent: 'red; background: url(https://evil.test/x)' })
    expect(document.documentElement.dataset.theme).toBe('light')
    expect(document.documentElement.style.getPropertyValue('--lk-accent')).toBe('')
  })

  it('behavior: setTheme takes the background, foreground, font family and radius master; bad values and absent ones fall back', () => {
    const { ui } = mount()
    const style = document.documentElement.style
    ui.setTheme('dark', { background: 'rgb(10, 20, 30)', foreground: '#fafafa', fontFamily: "'Courier New', monospace", borderRadiusMaster: '2px' })
    expect([style.getPropertyValue('--lk-bg'), style.getPropertyValue('--lk-fg'), style.getPropertyValue('--lk-font-family'), style.getPropertyValue('--lk-radius-master')]).toEqual([
      'rgb(10, 20, 30)',
      '#fafafa',
      "'Courier New', monospace",
      '2px',
    ])
    ui.setTheme('dark', { background: 'url(https://evil.test/x)', fontFamily: 'a;}body{display:none', borderRadiusMaster: 'calc(100vh)' })
    expect([style.getPropertyValue('--lk-bg'), style.getPropertyValue('--lk-fg'), style.getPropertyValue('--lk-font-family'), style.getPropertyValue('--lk-radius-master')]).toEqual(['', '', '', ''])
  })
})

describe('the approval UI in another locale', () => {
  it('behavior: the approval card speaks the locale: Arabic title, labels, counts by Arabic plural rules, buttons', async () => {
    const ar = (await import('./words/ar.ts')).default
    const calls = (n: number) => describeRequest({ ...base, method: 'wallet_sendCalls', params: [{ calls: Array.from({ length: n }, () => ({ to: '0x000000000000000000000000000000000000dEaD', value: '0x0' })) }] }, ar)
    expect(calls(1).title).toBe('إرسال استدعاء واحد')
    expect(calls(2).title).toBe('إرسال استدعاءين معًا')
    expect(calls(3).title).toBe('إرسال \u20683\u2069 استدعاءات معًا')
    document.body.innerHTML = '<main id="approval" hidden></main>'
    const root = document.getElementById('approval') as HTMLElement
    void createApprovalUi(root, document, ar).open({ ...base, method: 'personal_sign', params: ['0x6869', '0x1'] })
    expect(root.querySelector('h1')?.textContent).toBe('توقيع رسالة')
    expect([...root.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['مطلوبة من', 'الشبكة'])
    expect([...root.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['رفض', 'موافقة'])
    expect(root.querySelector('pre')?.getAttribute('aria-label')).toBe('الرسالة')
  })
})

describe('the approval UI: numbers and dates through Intl, the language switched in place', () => {
  const send = (value: string) => ({ ...base, method: 'eth_sendTransaction', params: [{ to: '0x000000000000000000000000000000000000dEaD', value }] })
  const rowValue = (summary: { rows: Array<{ label: string; value: string }> }, label: string) => summary.rows.find((r) => r.label === label)?.value

  it("behavior: an ETH value is written in the frame's locale to the wei (grouped, its decimal sign), never rounded", () => {
    // 1234.5 ETH, and 1 wei above 1 ETH.
    expect(rowValue(describeRequest(send('0x42ec210956b3ba0000'), en, 'en'), 'Value')).toBe('1,234.5 ETH')
    expect(rowValue(describeRequest(send('0x42ec210956b3ba0000'), en, 'de'), 'Value')).toBe('1.234,5 ETH')
    expect(rowValue(describeRequest(send('0xde0b6b3a7640001'), en, 'en'), 'Value')).toBe('1.000000000000000001 ETH')
    expect(rowValue(describeRequest(send('0xde0b6b3a7640001'), en, 'fr'), 'Value')).toBe('1,000000000000000001 ETH')
  })

  it("behavior: a permission's expiry is a date and time in the frame's locale, not an ISO string", () => {
    const expiry = Date.UTC(2026, 11, 24, 18, 30) / 1000
    const grant = (locale: string) => describeRequest({ ...base, method: 'wallet_grantPermissions', params: [{ expiry, permissions: [] }] }, en, locale)
    const shown = { dateStyle: 'medium', timeStyle: 'short' } as const
    expect(rowValue(grant('en'), 'Until')).toBe(new Intl.DateTimeFormat('en', shown).format(expiry * 1000))
    expect(rowValue(grant('ja'), 'Until')).toBe(new Intl.DateTimeFormat('ja', shown).format(expiry * 1000))
    expect(rowValue(grant('ja'), 'Until')).not.toBe(rowValue(grant('en'), 'Until'))
    expect(rowValue(grant('en'), 'Until')).not.toContain('T18:30')
  })

  it('behavior: setLanguage draws the request on screen again in the new words and numbers, its answer still pending', async () => {
    document.body.innerHTML = '<main id="approval" hidden></main>'
    const root = document.getElementById('approval') as HTMLElement
    const ui = createApprovalUi(root, document, en, 'en')
    const answer = ui.open(send('0x42ec210956b3ba0000'))
    expect(root.querySelector('h1')?.textContent).toBe('Send transaction')
    ui.setLanguage('de', (await import('./words/de.ts')).default)
    expect(root.querySelector('h1')?.textContent).not.toBe('Send transaction')
    expect([...root.querySelectorAll('dd')].map((dd) => dd.textContent)).toContain('1.234,5 ETH')
    expect(document.activeElement).toBe(root.querySelector('button.approve'))
    ;(root.querySelector('button.approve') as HTMLButtonElement).click()
    await expect(answer).resolves.toBe(true)
    // The next request opens in the new language too.
    void ui.open({ ...base, id: 'r3', method: 'personal_sign', params: ['0x6869', '0x1'] })
    expect(root.querySelector('button.approve')?.textContent).toBe((await import('./words/de.ts')).default.approve)
  })
})
