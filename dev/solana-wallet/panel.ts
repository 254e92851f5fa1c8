import type { DevSolanaPendingRequest, DevSolanaWallet } from './wallet.ts'
import { shortAddress } from '../shortAddress.ts'

let mountCount = 0

/** The panel's frame (CSS text), shared with its placeholder before the wallet loads (`./lazy.ts`). */
export const solanaPanelFrameStyle =
  'position:relative;width:100%;' +
  'box-sizing:border-box;padding:12px 14px;border:1px solid #b9b0d6;border-radius:12px;background:var(--dw-bg,#fff);color:var(--dw-fg,#14181f);' +
  'font:13px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;text-align:left;letter-spacing:normal'

const styles = {
  panel: solanaPanelFrameStyle,
  title: 'margin:0 0 6px;font-size:14px;font-weight:700',
  status: 'margin:0 0 8px;color:var(--dw-muted,#4a5262);word-break:break-all',
  row: 'display:flex;align-items:center;gap:8px;margin:6px 0',
  label: 'flex:0 0 88px;font-weight:600',
  select: 'flex:1 1 auto;min-width:0;font:inherit;padding:6px 8px;border-radius:6px;border:1px solid #9aa3b2;background:var(--dw-control,#f4f6f9);color:var(--dw-fg,#14181f)',
  button: 'font:inherit;padding:8px 12px;border-radius:6px;border:1px solid #9aa3b2;background:var(--dw-control,#f4f6f9);color:var(--dw-fg,#14181f);cursor:pointer',
  approve: 'font:inherit;padding:8px 16px;border-radius:6px;border:1px solid #1c7c4a;background:#1f8f55;color:#fff;cursor:pointer',
  reject: 'font:inherit;padding:8px 16px;border-radius:6px;border:1px solid #a33a3a;background:var(--dw-bg,#fff);color:var(--dw-reject,#a33a3a);cursor:pointer',
  request: 'margin-top:10px;padding:8px 10px;border:1px solid #9945ff;border-radius:8px;background:var(--dw-solana-request,#f6f0ff)',
  question: 'margin:0 0 4px;font-weight:700',
  detail: 'margin:0 0 6px;color:var(--dw-muted,#4a5262);word-break:break-all;white-space:pre-wrap;max-height:10em;overflow:auto',
  actions: 'display:flex;gap:8px',
}

/**
 * Mounts the Solana dev wallet's "extension popup": a panel titled 'Dev Solana Wallet' that fills its container's
 * width (the demo puts it in the development wallets' dock, dev/dock.ts), plain DOM with inline styles (colours from
 * the dock's `--dw-*` variables, light fallbacks), `data-testid="dev-solana-wallet"`.
 *
 * Controls (all with accessible names, scoped to the panel): select 'Account', checkbox 'Auto-approve', button
 * 'Disconnect site', and per pending request a `role="region"` named 'Solana wallet request' with the question
 * ({@link describeSolanaRequest}), the details and buttons 'Approve' / 'Reject'. Re-renders on every change.
 *
 * @param wallet the wallet to show and control.
 * @param container where the panel is appended; default `document.body`.
 * @returns an idempotent unmount function.
 */
export function mountSolanaWalletPanel(wallet: DevSolanaWallet, container: HTMLElement = document.body): () => void {
  const doc = container.ownerDocument
  const uid = `dev-solana-wallet-${++mountCount}`
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, style?: string, text?: string): HTMLElementTagNameMap[K] => {
    const node = doc.createElement(tag)
    if (style) node.style.cssText = style // the CSS object model: a strict CSP refuses style attributes
    if (text !== undefined) node.textContent = text
    return node
  }

  const panel = el('section', styles.panel)
  panel.dataset.testid = 'dev-solana-wallet'
  // It stands in for a wallet extension's own window: it stays usable while the modal makes the page inert.
  panel.setAttribute('data-latchkey-interactive', '')
  panel.setAttribute('aria-labelledby', `${uid}-title`)
  const title = el('h2', styles.title, 'Dev Solana Wallet')
  title.id = `${uid}-title`
  const status = el('p', styles.status)
  status.dataset.testid = 'dev-solana-wallet-status'
  status.setAttribute('aria-live', 'polite')

  const accountRow = el('div', styles.row)
  const accountLabel = el('label', styles.label, 'Account')
  const accountSelect = el('select', styles.select)
  accountSelect.id = `${uid}-account`
  accountLabel.htmlFor = accountSelect.id
  accountSelect.addEventListener('change', () => wallet.setAccount(Number(accountSelect.value)))
  accountRow.append(accountLabel, accountSelect)

  const autoRow = el('div', styles.row)
  const autoApprove = el('input')
  autoApprove.type = 'checkbox'
  autoApprove.id = `${uid}-auto`
  autoApprove.addEventListener('change', () => wallet.setAutoApprove(autoApprove.checked))
  const autoLabel = el('label', undefined, 'Auto-approve')
  autoLabel.htmlFor = autoApprove.id
  const disconnect = el('button', styles.button, 'Disconnect site')
  disconnect.type = 'button'
  disconnect.addEventListener('click', () => wallet.disconnect())
  autoRow.append(autoApprove, autoLabel, el('span', 'flex:1 1 auto'), disconnect)

  const requests = el('div')
  requests.dataset.testid = 'dev-solana-wallet-requests'
  panel.append(title, status, accountRow, autoRow, requests)

  accountSelect.replaceChildren(
    ...wallet.addresses.map((address, index) => {
      const option = el('option', undefined, `${index}: ${shortAddress(address)}`)
      option.title = address
      option.value = String(index)
      return option
    }),
  )

  const requestNodes = new Map<number, HTMLElement>()
  const renderRequest = (request: DevSolanaPendingRequest): HTMLElement => {
    const region = el('div', styles.request)
    region.setAttribute('role', 'region')
    region.setAttribute('aria-label', 'Solana wallet request')
    region.dataset.requestId = String(request.id)
    const { question, detail } = describeSolanaRequest(request)
    region.append(el('p', styles.question, question))
    const lines = [...(request.origin ? [`From ${request.origin}`] : []), ...(detail ? [detail] : [])]
    if (lines.length > 0) region.append(el('p', styles.detail, lines.join('\n')))
    const actions = el('div', styles.actions)
    const approve = el('button', styles.approve, 'Approve')
    approve.type = 'button'
    approve.addEventListener('click', () => wallet.approve(request.id))
    const reject = el('button', styles.reject, 'Reject')
    reject.type = 'button'
    reject.addEventListener('click', () => wallet.reject(request.id))
    actions.append(approve, reject)
    region.append(actions)
    return region
  }

  const render = (): void => {
    const state = wallet.state
    if (accountSelect.value !== String(state.accountIndex)) accountSelect.value = String(state.accountIndex)
    autoApprove.checked = state.autoApprove
    disconnect.disabled = !state.authorised
    status.textContent = `${state.authorised ? 'Connected to site' : 'Not connected'} · ${state.address}`
    const pending = wallet.pending
    const ids = new Set(pending.map((r) => r.id))
    for (const [id, node] of requestNodes) {
      if (ids.has(id)) continue
      node.remove()
      requestNodes.delete(id)
    }
    for (const request of pending) {
      if (requestNodes.has(request.id)) continue
      const node = renderRequest(request)
      requestNodes.set(request.id, node)
      requests.append(node)
    }
  }

  render()
  container.append(panel)
  const unsubscribe = wallet.subscribe(render)
  let mounted = true
  return () => {
    if (!mounted) return
    mounted = false
    unsubscribe()
    panel.remove()
  }
}

/**
 * The question and details the panel shows for a pending request: 'Connect to this site?', 'Sign message?',
 * 'Sign transaction?' / 'Sign 2 transactions?', 'Send transaction?'; the details are the message texts or the
 * transactions' descriptions (fee payer, System transfers with amount and receiver), '' when there is nothing.
 */
export function describeSolanaRequest(request: DevSolanaPendingRequest): { question: string; detail: string } {
  const n = request.details.length
  const detail = request.details.join('\n\n')
  switch (request.kind) {
    case 'connect':
      return { question: 'Connect to this site?', detail: '' }
    case 'signMessage':
      return { question: n > 1 ? `Sign ${n} messages?` : 'Sign message?', detail }
    case 'signTransaction':
      return { question: n > 1 ? `Sign ${n} transactions?` : 'Sign transaction?', detail }
    case 'signAndSendTransaction':
      return { question: n > 1 ? `Send ${n} transactions?` : 'Send transaction?', detail }
  }
}
