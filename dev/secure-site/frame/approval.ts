/**
 * The frame's own approval UI (spec §4 "Embedded-wallet RPC lifecycle"): what is signed — the message
 * text, the typed data, or the transaction's recipient, value and data — and the network, with Reject and Approve.
 * It lives on the secure site's origin: the dapp only positions the iframe over its ApproveTransaction view.
 * Text goes in with `textContent` only (never HTML).
 */
import { formatUnits, hexToString, isHex } from 'viem'
import { formatAmount } from '../../../machines/format.ts'
import type { ApprovalRequest, ApprovalUi } from './contract.ts'
import { base58Decode } from '../../../adapters/solana.base58.ts'
import { describeSolanaTransaction, formatSol } from './solanaTx.ts'
import type { FrameWords } from './words/en.ts'

/** What the approval shows: a title, labelled rows and an optional block of text. */
export type ApprovalSummary = { title: string; rows: Array<{ label: string; value: string }>; body?: string }

/** Reads a personal_sign message: UTF-8 text when the hex decodes to printable text, the hex otherwise. */
export function readableMessage(message: unknown): string {
  if (typeof message !== 'string') return String(message)
  if (!isHex(message)) return message
  try {
    const text = hexToString(message)
    return /^[\P{C}\n\r\t]*$/u.test(text) ? text : message
  } catch {
    return message
  }
}

/**
 * Summarises an RPC request for the approval UI, in the words `w` of the frame's locale (`words/<locale>.ts`), its
 * amounts and dates written in `locale` through Intl (amounts to the asset's full precision: 18 decimals of ETH, 9 of
 * SOL, floored, never rounded).
 *
 * @param locale a BCP 47 tag (the frame's locale); an invalid one writes numbers as en-US.
 * @example describeRequest({ method: 'personal_sign', params: ['0x68656c6c6f', '0x…'], chainName: 'Anvil Local', … }, en)
 * // { title: 'Sign message', rows: [{ label: 'Network', value: 'Anvil Local' }, …], body: 'hello' }
 */
export function describeRequest(request: ApprovalRequest, w: FrameWords, locale = 'en'): ApprovalSummary {
  const params = Array.isArray(request.params) ? (request.params as unknown[]) : []
  const network = { label: w.network, value: `${request.chainName} (${request.chainId})` }
  const from = { label: w.requestedBy, value: request.dappName ? `${request.dappName} · ${request.dappOrigin}` : request.dappOrigin }
  switch (request.method) {
    case 'personal_sign':
      return { title: w.signMessage, rows: [from, network], body: readableMessage(params[0]) }
    case 'eth_signTypedData_v4': {
      let body = String(params[1])
      try {
        const typed = (typeof params[1] === 'string' ? JSON.parse(params[1]) : params[1]) as { primaryType?: unknown; message?: unknown }
        body = `${String(typed.primaryType)}\n${JSON.stringify(typed.message, null, 2)}`
      } catch {
        // shown as given
      }
      return { title: w.signTypedData, rows: [from, network], body }
    }
    case 'wallet_grantPermissions': {
      const grant = (params[0] ?? {}) as { expiry?: unknown; permissions?: unknown }
      const ends = typeof grant.expiry === 'number' ? dateOf(grant.expiry, locale) : String(grant.expiry)
      return { title: w.grantPermissions, rows: [from, network, { label: w.until, value: ends }], body: JSON.stringify(grant.permissions, null, 2) }
    }
    case 'eth_sendTransaction': {
      const tx = (params[0] ?? {}) as { to?: unknown; value?: unknown; data?: unknown }
      const rows = [from, network, { label: w.to, value: typeof tx.to === 'string' ? tx.to : w.newContract }, { label: w.value, value: etherOf(tx.value, locale) }]
      const data = typeof tx.data === 'string' && tx.data !== '0x' ? tx.data : undefined
      return { title: w.sendTransaction, rows, ...(data ? { body: w.data(data) } : {}) }
    }
    case 'wallet_sendCalls': {
      // Every call with its recipient and value; the data of those that carry some in the body.
      const list = (params[0] as { calls?: unknown } | undefined)?.calls
      const calls = (Array.isArray(list) ? list : []) as Array<{ to?: unknown; value?: unknown; data?: unknown } | null>
      const rows = calls.map((call, i) => ({ label: w.call(i + 1), value: `${typeof call?.to === 'string' ? call.to : '?'} · ${etherOf(call?.value, locale)}` }))
      const data = calls.flatMap((call, i) => (typeof call?.data === 'string' && call.data !== '0x' ? [w.callData(i + 1, call.data)] : []))
      return { title: w.sendCalls(calls.length), rows: [from, network, ...rows], ...(data.length ? { body: data.join('\n') } : {}) }
    }
    case 'solana_signMessage': {
      const message = (request.params as { message?: unknown } | undefined)?.message
      let body = String(message)
      try {
        body = readableMessage(`0x${Array.from(base58Decode(String(message)), (b) => b.toString(16).padStart(2, '0')).join('')}`)
      } catch {
        // shown as given
      }
      return { title: w.signMessage, rows: [from, solanaNetwork(request, w)], body }
    }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction':
      return describeSolana(request.method === 'solana_signAndSendTransaction' ? w.sendTransaction : w.signTransaction, [(request.params as { transaction?: unknown } | undefined)?.transaction], from, request, w, locale)
    case 'solana_signAllTransactions': {
      const list = (request.params as { transactions?: unknown } | undefined)?.transactions
      const all = Array.isArray(list) ? list : []
      return describeSolana(w.signTransactions(all.length), all, from, request, w, locale)
    }
    default:
      return { title: request.method, rows: [from, network], body: JSON.stringify(request.params, null, 2) }
  }
}

/**
 * A hex wei quantity as ETH in `locale`, to the wei ('0.01 ETH', '1,234.5 ETH' in en; absent: '0 ETH'); what cannot be
 * read, as given.
 */
function etherOf(value: unknown, locale: string): string {
  try {
    return `${formatAmount(formatUnits(typeof value === 'string' ? BigInt(value) : 0n, 18), locale, 18)} ETH`
  } catch {
    return String(value)
  }
}

/** A Unix time in seconds as a date and time in `locale` and the frame's time zone ('Dec 1, 2026, 3:00 AM' in en). */
function dateOf(seconds: number, locale: string): string {
  const date = new Date(seconds * 1000)
  if (Number.isNaN(date.getTime())) return String(seconds)
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date)
  } catch {
    return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(date)
  }
}

/** The network row of a Solana request: its name (the CAIP-2 id is long and says nothing to a visitor). */
function solanaNetwork(request: ApprovalRequest, w: FrameWords): { label: string; value: string } {
  return { label: w.network, value: request.chainName }
}

/** Solana transactions: the transfers as To / Amount rows, the fee payer, other programs in the body. */
function describeSolana(title: string, wires: unknown[], from: { label: string; value: string }, request: ApprovalRequest, w: FrameWords, locale: string): ApprovalSummary {
  const rows = [from, solanaNetwork(request, w)]
  const lines: string[] = []
  let feePayer: string | undefined
  for (const [i, wire] of wires.entries()) {
    const tx = describeSolanaTransaction(wire)
    const prefix = wires.length > 1 ? `#${i + 1} ` : ''
    if (!tx) {
      lines.push(`${prefix}${w.unreadable}`)
      continue
    }
    feePayer ??= tx.feePayer
    for (const ix of tx.instructions) {
      if (ix.kind === 'transfer' && wires.length === 1 && tx.instructions.length === 1) {
        rows.push({ label: w.to, value: ix.to }, { label: w.amount, value: formatSol(ix.lamports, locale) })
      } else if (ix.kind === 'transfer') {
        lines.push(`${prefix}${w.transfer(formatSol(ix.lamports, locale), ix.to)}`)
      } else {
        lines.push(`${prefix}${w.program(ix.programId, ix.dataLength)}`)
      }
    }
  }
  if (feePayer) rows.push({ label: w.feePayer, value: feePayer })
  return { title, rows, ...(lines.length > 0 ? { body: lines.join('\n') } : {}) }
}

const colour = /^[#a-zA-Z0-9(),.%\s-]{1,64}$/
/** The dapp's theme variables the frame follows: the variable's name, the CSS custom property, the values taken. */
const themeProperties: ReadonlyArray<readonly [string, string, RegExp]> = [
  ['accent', '--lk-accent', colour],
  ['background', '--lk-bg', colour],
  ['foreground', '--lk-fg', colour],
  ['fontFamily', '--lk-font-family', /^[a-zA-Z0-9\s,'"-]{1,128}$/],
  ['borderRadiusMaster', '--lk-radius-master', /^\d{1,2}(\.\d+)?px$/],
]

/** The approval UI of {@link createApprovalUi}: the handler's {@link ApprovalUi}, and the page's language switch. */
export type FrameApprovalUi = ApprovalUi & {
  /**
   * Speaks `locale` with `words` from now on (APP_SYNC_LOCALE): an approval on screen is drawn again in them, its
   * answer still pending, Approve focused again.
   */
  setLanguage(locale: string, words: FrameWords): void
}

/**
 * The approval UI in `root` (the page's `<main id="approval">`), in `words` of `locale` (the frame's locale; numbers
 * and dates in it through Intl). One request at a time (the handler queues them). Approve has the focus when it opens;
 * Escape rejects.
 */
export function createApprovalUi(root: HTMLElement, doc: Document, words: FrameWords, locale = 'en'): FrameApprovalUi {
  let current: { id: string; request: ApprovalRequest; settle(approved: boolean): void } | undefined
  let language = { locale, words }

  function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
    const node = doc.createElement(tag)
    if (className) node.className = className
    if (text !== undefined) node.textContent = text
    return node
  }

  function hide(): void {
    root.hidden = true
    root.replaceChildren()
    current = undefined
  }

  /** Draws the card of `request` in the language now; its buttons settle `settle`. */
  function render(request: ApprovalRequest, settle: (approved: boolean) => void): void {
    const { words: w } = language
    const summary = describeRequest(request, w, language.locale)
    const card = el('section', 'card')
    card.setAttribute('role', 'dialog')
    card.setAttribute('aria-labelledby', 'approval-title')
    const title = el('h1', 'title', summary.title)
    title.id = 'approval-title'
    const list = el('dl', 'rows')
    for (const row of summary.rows) {
      const wrap = el('div', 'row')
      wrap.append(el('dt', undefined, row.label), el('dd', undefined, row.value))
      list.append(wrap)
    }
    card.append(el('p', 'badge', w.badge), title, list)
    if (summary.body !== undefined) {
      const body = el('pre', 'body', summary.body)
      body.tabIndex = 0
      body.setAttribute('aria-label', summary.title === w.signMessage ? w.message : w.details)
      card.append(body)
    }
    const actions = el('div', 'actions')
    const reject = el('button', 'reject', w.reject)
    reject.type = 'button'
    const approve = el('button', 'approve', w.approve)
    approve.type = 'button'
    reject.addEventListener('click', () => settle(false))
    approve.addEventListener('click', () => settle(true))
    // Escape rejects, as it would close a dialog.
    card.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') settle(false)
    })
    actions.append(reject, approve)
    card.append(actions)
    root.replaceChildren(card)
    root.hidden = false
    approve.focus()
  }

  return {
    open(request) {
      current?.settle(false)
      return new Promise<boolean>((resolve) => {
        const settle = (approved: boolean): void => {
          if (current?.id !== request.id) return
          hide()
          resolve(approved)
        }
        current = { id: request.id, request, settle }
        render(request, settle)
      })
    },
    setLanguage(nextLocale, nextWords) {
      language = { locale: nextLocale, words: nextWords }
      if (current) render(current.request, current.settle)
    },
    close(id) {
      if (current?.id === id) current.settle(false)
    },
    setTheme(mode, variables) {
      const html = doc.documentElement
      html.dataset.theme = mode
      // The dapp's theme variables the approval UI uses (spec §3 theme sync), each only as a plain value: a colour, a
      // length, a font list. Anything else (a `;`, `url(`, braces) is dropped, and the frame's own value stays.
      for (const [name, property, pattern] of themeProperties) {
        const value = variables?.[name]
        if (typeof value === 'string' && pattern.test(value) && !/url\(|expression\(|[;{}\\<>]/i.test(value)) html.style.setProperty(property, value)
        else html.style.removeProperty(property)
      }
    },
  }
}
