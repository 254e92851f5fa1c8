import type { DevWallet, PendingRequest } from '../../testing/wallet/provider.ts'
import { describeRequest } from '../../testing/wallet/describe.ts'
import { shortAddress } from '../shortAddress.ts'

export { describeRequest }

let mountCount = 0

const styles = {
  panel:
    'position:relative;width:100%;' +
    'box-sizing:border-box;padding:12px 14px;border:1px solid var(--dw-border,#c9ced8);border-radius:12px;background:var(--dw-bg,#fff);color:var(--dw-fg,#14181f);' +
    'font:13px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;text-align:left;letter-spacing:normal',
  title: 'margin:0 0 6px;font-size:14px;font-weight:700',
  status: 'margin:0 0 8px;color:var(--dw-muted,#4a5262)',
  row: 'display:flex;align-items:center;gap:8px;margin:6px 0',
  label: 'flex:0 0 88px;font-weight:600',
  select: 'flex:1 1 auto;min-width:0;font:inherit;padding:6px 8px;border-radius:6px;border:1px solid #9aa3b2;background:var(--dw-control,#f4f6f9);color:var(--dw-fg,#14181f)',
  button: 'font:inherit;padding:8px 12px;border-radius:6px;border:1px solid #9aa3b2;background:var(--dw-control,#f4f6f9);color:var(--dw-fg,#14181f);cursor:pointer',
  approve: 'font:inherit;padding:8px 16px;border-radius:6px;border:1px solid #1c7c4a;background:#1f8f55;color:#fff;cursor:pointer',
  reject: 'font:inherit;padding:8px 16px;border-radius:6px;border:1px solid #a33a3a;background:var(--dw-bg,#fff);color:var(--dw-reject,#a33a3a);cursor:pointer',
  request: 'margin-top:10px;padding:8px 10px;border:1px solid var(--dw-request-border,#e0b84e);border-radius:8px;background:var(--dw-request,#fff8e5)',
  question: 'margin:0 0 4px;font-weight:700',
  detail: 'margin:0 0 6px;color:var(--dw-muted,#4a5262);word-break:break-all;white-space:pre-wrap;max-height:8em;overflow:auto',
  actions: 'display:flex;gap:8px',
}

/**
 * Mounts the dev wallet's "extension popup": a panel titled 'Dev Wallet' that fills its container's width
 * (the demo puts it in the development wallets' dock, dev/dock.ts, which places it), plain DOM with inline styles
 * (colours from the dock's `--dw-*` variables, light fallbacks), `data-testid="dev-wallet"`.
 *
 * Controls (all with accessible names): select 'Account' (calls `setAccount`), select 'Wallet chain'
 * (calls `setChain`), select 'Batched calls' (`calls.mode`: run them one by one, all in one transaction, answer
 * 4200, revert the second call, revert every call, fail off-chain (400), stay pending, answer an unreadable or a foreign
 * status, fail every status read; testing/wallet/calls.ts), checkbox 'Auto-approve', button 'Disconnect site', and per pending request a
 * `role="region"` named 'Wallet request' with a question ('Connect to this site?', 'Switch to chain 31338?',
 * 'Sign message?', 'Send 2 calls?', …) and buttons 'Approve' / 'Reject'. Re-renders on every wallet change.
 *
 * @param wallet the wallet to show and control.
 * @param container where the panel is appended; default `document.body`.
 * @returns an idempotent unmount function (unsubscribes and removes the panel).
 */
export function mountWalletPanel(wallet: DevWallet, container: HTMLElement = document.body): () => void {
  const doc = container.ownerDocument
  const uid = `dev-wallet-${++mountCount}`
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, style?: string, text?: string): HTMLElementTagNameMap[K] => {
    const node = doc.createElement(tag)
    if (style) node.style.cssText = style // the CSS object model: a strict CSP refuses style attributes
    if (text !== undefined) node.textContent = text
    return node
  }

  const panel = el('section', styles.panel)
  panel.dataset.testid = 'dev-wallet'
  // It stands in for a wallet extension's own window: it stays usable while the modal makes the page inert.
  panel.setAttribute('data-latchkey-interactive', '')
  panel.setAttribute('aria-labelledby', `${uid}-title`)
  const title = el('h2', styles.title, 'Dev Wallet')
  title.id = `${uid}-title`
  const status = el('p', styles.status)
  status.dataset.testid = 'dev-wallet-status'
  status.setAttribute('aria-live', 'polite')

  const labelled = <T extends HTMLElement>(labelText: string, control: T, id: string): HTMLDivElement => {
    const row = el('div', styles.row)
    const label = el('label', styles.label, labelText)
    label.htmlFor = id
    control.id = id
    row.append(label, control)
    return row
  }

  const accountSelect = el('select', styles.select)
  accountSelect.addEventListener('change', () => wallet.setAccount(Number(accountSelect.value)))
  const chainSelect = el('select', styles.select)
  chainSelect.addEventListener('change', () => wallet.setChain(Number(chainSelect.value)))

  const callsSelect = el('select', styles.select)
  for (const [value, text] of [
    ['sequential', 'Run one by one'],
    ['atomic', 'Run all in one (EIP-7702)'],
    ['unsupported', 'Answer 4200'],
    ['partial', 'Revert the second call'],
    ['revert', 'Revert every call'],
    ['offchain', 'Fail off-chain (status 400)'],
    ['pending', 'Stay pending'],
    ['garbled', 'Answer an unreadable status'],
    ['foreign', "Answer another batch's status"],
    ['statusFails', 'Fail every status read'],
  ] as const) {
    const option = el('option', undefined, text)
    option.value = value
    callsSelect.append(option)
  }
  callsSelect.addEventListener('change', () => {
    wallet.calls.mode = callsSelect.value as typeof wallet.calls.mode
  })

  const autoRow = el('div', styles.row)
  const autoApprove = el('input')
  autoApprove.type = 'checkbox'
  autoApprove.id = `${uid}-auto`
  autoApprove.addEventListener('change', () => wallet.setAutoApprove(autoApprove.checked))
  const autoLabel = el('label', undefined, 'Auto-approve')
  autoLabel.htmlFor = autoApprove.id
  autoRow.append(autoApprove, autoLabel)

  const disconnect = el('button', styles.button, 'Disconnect site')
  disconnect.type = 'button'
  disconnect.addEventListener('click', () => wallet.disconnect())
  autoRow.append(el('span', 'flex:1 1 auto'), disconnect)

  const requests = el('div')
  requests.dataset.testid = 'dev-wallet-requests'

  panel.append(title, status, labelled('Account', accountSelect, `${uid}-account`), labelled('Wallet chain', chainSelect, `${uid}-chain`), labelled('Batched calls', callsSelect, `${uid}-calls`), autoRow, requests)

  const requestNodes = new Map<number, HTMLElement>()
  let accountsKey = ''
  let chainsKey = ''

  const renderRequest = (request: PendingRequest): HTMLElement => {
    const region = el('div', styles.request)
    region.setAttribute('role', 'region')
    region.setAttribute('aria-label', 'Wallet request')
    region.dataset.requestId = String(request.id)
    const { question, detail } = describeRequest(request)
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
    const chains = wallet.chains
    const addresses = wallet.addresses

    const nextAccountsKey = addresses.join(',')
    if (nextAccountsKey !== accountsKey) {
      accountsKey = nextAccountsKey
      accountSelect.replaceChildren(
        ...addresses.map((address, index) => {
          const option = el('option', undefined, `${index}: ${shortAddress(address)}`)
          option.title = address
          option.value = String(index)
          return option
        }),
      )
    }
    if (accountSelect.value !== String(state.accountIndex)) accountSelect.value = String(state.accountIndex)

    const nextChainsKey = chains.map((c) => `${c.chainId}:${c.name}`).join(',')
    if (nextChainsKey !== chainsKey) {
      chainsKey = nextChainsKey
      chainSelect.replaceChildren(
        ...chains.map((chain) => {
          const option = el('option', undefined, `${chain.name} (${chain.chainId})`)
          option.value = String(chain.chainId)
          return option
        }),
      )
    }
    if (chainSelect.value !== String(state.chainId)) chainSelect.value = String(state.chainId)

    autoApprove.checked = state.autoApprove
    disconnect.disabled = !state.authorised
    status.textContent = `${state.authorised ? 'Connected to site' : 'Not connected'} · chain ${state.chainId}`

    const pending = wallet.pending
    const ids = new Set(pending.map((r) => r.id))
    for (const [id, node] of requestNodes) {
      if (!ids.has(id)) {
        node.remove()
        requestNodes.delete(id)
      }
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
