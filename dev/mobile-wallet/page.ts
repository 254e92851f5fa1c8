/**
 * The development mobile wallet's own page (`/mobile-wallet.html`): a second browser page beside the
 * demo that plays the phone. Paste (or let a test type) the dapp's WalletConnect URI, pair, approve or reject the
 * proposal and the requests, watch the chain and address, switch chain, disconnect. Plain DOM, every control
 * with an accessible name and a `data-testid` for Playwright.
 *
 * | control                          | role / name                                   | data-testid            |
 * |----------------------------------|-----------------------------------------------|------------------------|
 * | URI input                        | textbox 'WalletConnect URI'                   | mw-uri                 |
 * | pair                             | button 'Pair'                                 | mw-pair                |
 * | status line                      | (aria-live)                                   | mw-status              |
 * | errors                           | alert                                         | mw-error               |
 * | address / chain / relay          | —                                             | mw-address, mw-chain, mw-relay |
 * | switch chain                     | combobox 'Wallet chain'                       | mw-chain-select        |
 * | auto-approve                     | checkbox 'Auto-approve'                       | mw-auto-approve        |
 * | disconnect                       | button 'Disconnect'                           | mw-disconnect          |
 * | proposal                         | region 'Session proposal' (Approve / Reject)  | mw-pending (data-kind) |
 * | request                          | region 'Wallet request' (Approve / Reject)    | mw-pending (data-kind) |
 * | sessions                         | list 'Sessions'                               | mw-session             |
 *
 * The page works in a browser only; {@link mountMobileWalletPage} also runs under happy-dom in unit tests.
 */
import { devChains } from '../chains.ts'
import { WebKeyValueStorage } from '../../testing/walletConnect/storage.ts'
import { DevMobileWalletError } from '../../testing/walletConnect/uri.ts'
import { devFids } from '../farcaster/registry.ts'
import { FarcasterRequestError, parseFarcasterRequestUrl, signInWithFarcaster } from '../farcaster/siwf.ts'
import { DevMobileWallet } from '../../testing/walletConnect/wallet.ts'
import type { DevMobilePending, DevMobileWalletState } from '../../testing/walletConnect/wallet.ts'

/** What the page shows besides the wallet's own state. */
export type MobileWalletPageInfo = {
  /** The relay the wallet talks to, shown on the page. */
  relayUrl: string
}

/** The default relay when neither `?relay=` nor VITE_RELAY_URL says otherwise (`npm start` runs it there). */
export const defaultRelayUrl = 'ws://127.0.0.1:8700'

let mounts = 0

/**
 * Renders the wallet page into `container` and keeps it in step with the wallet (re-renders on every change).
 *
 * @param wallet the wallet to show and drive.
 * @param container where the page goes (e.g. `document.getElementById('root')`).
 * @param info see {@link MobileWalletPageInfo}.
 * @returns an idempotent unmount function.
 */
export function mountMobileWalletPage(wallet: DevMobileWallet, container: HTMLElement, info: MobileWalletPageInfo): () => void {
  const doc = container.ownerDocument
  const uid = `mw-${++mounts}`
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] => {
    const node = doc.createElement(tag)
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
    if (text !== undefined) node.textContent = text
    return node
  }
  /** Runs a user action; a failure shows in the alert (the wallet's lastError usually says it already). */
  let actionError = ''
  const act = (action: () => Promise<unknown>): void => {
    actionError = ''
    action().then(
      () => render(),
      (error: unknown) => {
        actionError = error instanceof DevMobileWalletError ? error.shortMessage : error instanceof Error ? error.message : String(error)
        render()
      },
    )
  }

  const root = el('main', { class: 'mobile-wallet', 'aria-labelledby': `${uid}-title` })
  const title = el('h1', { id: `${uid}-title` }, 'Latchkey Dev Mobile Wallet')
  const status = el('p', { 'data-testid': 'mw-status', 'aria-live': 'polite', class: 'status' })
  const error = el('p', { role: 'alert', 'data-testid': 'mw-error', class: 'error' })

  // Pairing
  const pairSection = el('section', { 'aria-labelledby': `${uid}-pair` })
  const uriInput = el('textarea', { id: `${uid}-uri`, 'data-testid': 'mw-uri', rows: '3', spellcheck: 'false', placeholder: 'wc:…@2?relay-protocol=irn&symKey=…' })
  const pairButton = el('button', { type: 'button', 'data-testid': 'mw-pair', class: 'primary' }, 'Pair')
  pairButton.addEventListener('click', () => act(() => wallet.pair(uriInput.value)))
  const uriField = el('div', { class: 'field' })
  uriField.append(el('label', { for: uriInput.id }, 'WalletConnect URI'), uriInput)
  pairSection.append(el('h2', { id: `${uid}-pair` }, 'Pair with a site'), uriField, pairButton)

  // Account
  const accountSection = el('section', { 'aria-labelledby': `${uid}-account` })
  const address = el('dd', { 'data-testid': 'mw-address', class: 'mono' })
  const chain = el('dd', { 'data-testid': 'mw-chain' })
  const relay = el('dd', { 'data-testid': 'mw-relay', class: 'mono' }, info.relayUrl)
  const facts = el('dl')
  facts.append(el('dt', {}, 'Address'), address, el('dt', {}, 'Chain'), chain, el('dt', {}, 'Relay'), relay)
  const chainSelect = el('select', { id: `${uid}-chain`, 'data-testid': 'mw-chain-select' })
  chainSelect.addEventListener('change', () => act(() => wallet.switchChain(Number(chainSelect.value))))
  const autoApprove = el('input', { type: 'checkbox', id: `${uid}-auto`, 'data-testid': 'mw-auto-approve' })
  autoApprove.addEventListener('change', () => wallet.setAutoApprove(autoApprove.checked))
  const disconnect = el('button', { type: 'button', 'data-testid': 'mw-disconnect' }, 'Disconnect')
  disconnect.addEventListener('click', () => act(() => wallet.disconnect()))
  // One field per line (label above a full-width control), then the checkbox and the button on one aligned row.
  const chainField = el('div', { class: 'field' })
  chainField.append(el('label', { for: chainSelect.id }, 'Wallet chain'), chainSelect)
  const autoField = el('div', { class: 'check' })
  autoField.append(autoApprove, el('label', { for: autoApprove.id }, 'Auto-approve'))
  const controls = el('div', { class: 'row spread' })
  controls.append(autoField, disconnect)
  accountSection.append(el('h2', { id: `${uid}-account` }, 'Account'), facts, chainField, controls)

  // Pending proposals and requests
  const pendingSection = el('section', { 'aria-labelledby': `${uid}-pending` })
  const pendingList = el('div', { 'data-testid': 'mw-pending-list' })
  const nothingPending = el('p', { class: 'muted' }, 'Nothing to approve.')
  pendingSection.append(el('h2', { id: `${uid}-pending` }, 'Waiting for you'), nothingPending, pendingList)

  // Sessions
  const sessionSection = el('section', { 'aria-labelledby': `${uid}-sessions` })
  const sessionList = el('ul', { 'aria-labelledby': `${uid}-sessions` })
  const noSessions = el('p', { class: 'muted' }, 'No session.')
  sessionSection.append(el('h2', { id: `${uid}-sessions` }, 'Sessions'), noSessions, sessionList)

  // Sign In With Farcaster: the wallet as the Farcaster client.
  const farcasterSection = el('section', { 'aria-labelledby': `${uid}-farcaster` })
  const farcasterUrl = el('textarea', { id: `${uid}-fc-url`, 'data-testid': 'mw-farcaster-url', rows: '3', spellcheck: 'false', placeholder: 'farcaster://connect?channelToken=…' })
  const farcasterFid = el('input', { id: `${uid}-fc-fid`, 'data-testid': 'mw-farcaster-fid', type: 'number', min: '1', step: '1' })
  farcasterFid.value = String(devFids.find((f) => f.custody.toLowerCase() === wallet.address.toLowerCase())?.fid ?? '')
  const farcasterUser = el('input', { id: `${uid}-fc-user`, 'data-testid': 'mw-farcaster-username', type: 'text', maxlength: '64' })
  farcasterUser.value = farcasterFid.value ? `dev${farcasterFid.value}` : 'dev'
  const farcasterRequest = el('p', { class: 'detail', 'data-testid': 'mw-farcaster-request' })
  const farcasterStatus = el('p', { 'data-testid': 'mw-farcaster-status', 'aria-live': 'polite' })
  const farcasterSign = el('button', { type: 'button', 'data-testid': 'mw-farcaster-sign', class: 'primary' }, 'Sign in with Farcaster')
  const showRequest = (): void => {
    try {
      const request = parseFarcasterRequestUrl(farcasterUrl.value)
      farcasterRequest.textContent = `${request.domain} asks you to sign in with fid ${farcasterFid.value || '?'} as ${wallet.address} (nonce ${request.nonce}).`
    } catch (e) {
      farcasterRequest.textContent = farcasterUrl.value.trim() ? (e as Error).message : ''
    }
  }
  farcasterUrl.addEventListener('input', showRequest)
  farcasterFid.addEventListener('input', showRequest)
  farcasterSign.addEventListener('click', () => {
    farcasterStatus.textContent = ''
    act(async () => {
      const fid = Number(farcasterFid.value)
      try {
        // The wallet acts as the Farcaster client: its account is the custody address of `fid`.
        await signInWithFarcaster({ url: farcasterUrl.value, fid, username: farcasterUser.value.trim() || `dev${fid}`, account: wallet.account, chainId: wallet.state.chainId })
      } catch (e) {
        if (e instanceof FarcasterRequestError) throw new DevMobileWalletError(e.message)
        throw e
      }
      farcasterStatus.textContent = `Signed in as fid ${fid}`
    })
  })
  const fcField = (input: HTMLElement, label: string) => {
    const field = el('div', { class: 'field' })
    field.append(el('label', { for: input.id }, label), input)
    return field
  }
  farcasterSection.append(
    el('h2', { id: `${uid}-farcaster` }, 'Sign in with Farcaster'),
    fcField(farcasterUrl, 'Farcaster request URL'),
    farcasterRequest,
    fcField(farcasterFid, 'Fid'),
    fcField(farcasterUser, 'Farcaster username'),
    farcasterSign,
    farcasterStatus,
  )
  root.append(title, status, error, pairSection, farcasterSection, pendingSection, accountSection, sessionSection)
  showRequest()

  const pendingNodes = new Map<number, HTMLElement>()
  const renderPending = (item: DevMobilePending): HTMLElement => {
    const region = el('div', {
      role: 'region',
      'aria-label': item.kind === 'proposal' ? 'Session proposal' : 'Wallet request',
      'data-testid': 'mw-pending',
      'data-kind': item.kind,
      'data-method': item.method,
      class: 'pending',
    })
    region.append(el('p', { class: 'question' }, item.question))
    const lines = [`From ${item.peer.name}${item.peer.url ? ` (${item.peer.url})` : ''}`, ...(item.chainId ? [`On ${item.chainId}`] : []), ...(item.detail ? [item.detail] : [])]
    region.append(el('p', { class: 'detail' }, lines.join('\n')))
    const approve = el('button', { type: 'button', class: 'approve' }, 'Approve')
    approve.addEventListener('click', () => act(() => wallet.approve(item.id)))
    const reject = el('button', { type: 'button', class: 'reject' }, 'Reject')
    reject.addEventListener('click', () => act(() => wallet.reject(item.id)))
    const actions = el('div', { class: 'row actions' })
    actions.append(approve, reject)
    region.append(actions)
    return region
  }

  let chainsKey = ''
  let mounted = true
  function render(state: DevMobileWalletState = wallet.state): void {
    if (!mounted) return
    const current = state.chains.find((c) => c.chainId === state.chainId)
    const statusText: Record<DevMobileWalletState['status'], string> = {
      idle: state.paired ? 'Paired, no session' : 'Not paired',
      pairing: 'Pairing… waiting for the proposal',
      proposal: 'A site asks to connect',
      connected: `Connected to ${state.sessions.map((s) => s.peer.name).join(', ')}`,
    }
    status.textContent = `${statusText[state.status]} · chain ${state.chainId}`
    status.dataset.status = state.status
    const message = actionError || state.lastError || ''
    error.textContent = message
    error.hidden = message === ''
    address.textContent = state.address
    chain.textContent = current ? `${current.name} (${current.chainId})` : String(state.chainId)
    chain.dataset.chainId = String(state.chainId)
    autoApprove.checked = state.autoApprove
    disconnect.disabled = state.sessions.length === 0

    const nextChainsKey = state.chains.map((c) => `${c.chainId}:${c.name}`).join(',')
    if (nextChainsKey !== chainsKey) {
      chainsKey = nextChainsKey
      chainSelect.replaceChildren(...state.chains.map((c) => Object.assign(el('option', {}, `${c.name} (${c.chainId})`), { value: String(c.chainId) })))
    }
    if (chainSelect.value !== String(state.chainId)) chainSelect.value = String(state.chainId)

    const ids = new Set(state.pending.map((p) => p.id))
    for (const [id, node] of pendingNodes) {
      if (ids.has(id)) continue
      node.remove()
      pendingNodes.delete(id)
    }
    for (const item of state.pending) {
      if (pendingNodes.has(item.id)) continue
      const node = renderPending(item)
      pendingNodes.set(item.id, node)
      pendingList.append(node)
    }
    nothingPending.hidden = state.pending.length > 0

    sessionList.replaceChildren(
      ...state.sessions.map((s) => {
        const item = el('li', { 'data-testid': 'mw-session', 'data-topic': s.topic })
        item.textContent = `${s.peer.name} (${s.peer.url}) · ${s.chains.join(', ')}${s.acknowledged ? '' : ' · settling…'}`
        return item
      }),
    )
    noSessions.hidden = state.sessions.length > 0
  }

  render()
  container.append(root)
  const unsubscribe = wallet.onChange(render)
  return () => {
    if (!mounted) return
    mounted = false
    unsubscribe()
    root.remove()
  }
}

/** What {@link pageConfig} reads from the page's URL and environment. */
export type MobileWalletPageConfig = {
  relayUrl: string
  chains: Array<{ chainId: number; name: string; rpcUrl: string }>
  /** `?autoApprove=1`: approve proposals and requests without asking. */
  autoApprove: boolean
}

/**
 * The page's settings: `?relay=` wins over `VITE_RELAY_URL` (set by `npm start`), else {@link defaultRelayUrl}; the
 * two anvils from `VITE_ANVIL_RPC_1` / `VITE_ANVIL_RPC_2` (defaults 8545 / 8546); `?autoApprove=1` turns
 * auto-approve on.
 *
 * @param search `location.search`, e.g. '?relay=ws://127.0.0.1:28700&autoApprove=1'.
 * @param env `import.meta.env`.
 */
export function pageConfig(search: string, env: Record<string, string | undefined>): MobileWalletPageConfig {
  const params = new URLSearchParams(search)
  const [chainA, chainB] = devChains
  const all = [
    { chainId: chainA.chainId, name: chainA.name, rpcUrl: env.VITE_ANVIL_RPC_1 || 'http://127.0.0.1:8545' },
    { chainId: chainB.chainId, name: chainB.name, rpcUrl: env.VITE_ANVIL_RPC_2 || 'http://127.0.0.1:8546' },
  ]
  // `?chains=31337` plays a wallet that knows fewer chains (it answers 4902 for the others until they are added).
  const only = (params.get('chains') ?? '')
    .split(',')
    .map(Number)
    .filter((id) => all.some((c) => c.chainId === id))
  return {
    relayUrl: params.get('relay') || env.VITE_RELAY_URL || defaultRelayUrl,
    autoApprove: params.get('autoApprove') === '1' || params.get('autoApprove') === 'true',
    chains: only.length ? all.filter((c) => only.includes(c.chainId)) : all,
  }
}

/**
 * Starts the page in a browser: skips the SDK's cloud verify calls (everything is on loopback), creates the wallet
 * on `localStorage` (a reload keeps its sessions), mounts the page into `#root`, exposes the wallet as
 * `window.latchkeyMobileWallet` for tests, and pairs at once when the URL has `?uri=wc:…` (a deep link). See
 * {@link pageConfig} for `?relay=` and `?autoApprove=1`.
 *
 * @returns the wallet.
 * @throws DevMobileWalletError when the wallet cannot start (bad relay URL).
 */
export async function startMobileWalletPage(env: Record<string, string | undefined>): Promise<DevMobileWallet> {
  // The SDK skips its verify iframe/fetch (cloud calls that wait up to 5 s offline) when it sees IS_VITEST.
  const globals = globalThis as { process?: { env?: Record<string, string> } }
  globals.process ??= { env: {} }
  globals.process.env ??= {}
  globals.process.env.IS_VITEST = 'true'

  const root = document.getElementById('root') ?? document.body
  const { relayUrl, chains, autoApprove } = pageConfig(location.search, env)
  const wallet = await DevMobileWallet.create({ relayUrl, chains, storage: new WebKeyValueStorage(localStorage), ...(autoApprove ? { autoApprove } : {}) })
  ;(window as { latchkeyMobileWallet?: DevMobileWallet }).latchkeyMobileWallet = wallet
  mountMobileWalletPage(wallet, root, { relayUrl })
  const farcaster = new URLSearchParams(location.search).get('farcaster')
  if (farcaster) {
    // A Farcaster deep link: the request shows, the visitor signs with the button.
    const input = root.querySelector<HTMLTextAreaElement>('[data-testid="mw-farcaster-url"]')
    if (input) {
      input.value = farcaster
      input.dispatchEvent(new Event('input'))
    }
  }
  const uri = new URLSearchParams(location.search).get('uri')
  if (uri) {
    const input = root.querySelector<HTMLTextAreaElement>('[data-testid="mw-uri"]')
    if (input) input.value = uri
    wallet.pair(uri).catch(() => {
      // shown by the page (lastError)
    })
  }
  return wallet
}
