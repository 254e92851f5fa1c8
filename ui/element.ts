/**
 * `latchkey/element`: custom elements for pages without React of their own.
 *
 * - `<latchkey-modal>` creates one modal instance from its attributes and renders the modal (the same React UI as
 *   `latchkey/react`, in its shadow root).
 * - `<latchkey-button>` is the page's connect button ("Connect Wallet"), and the account button (balance and
 *   address) once connected. `<latchkey-network-button>` is the network button.
 *
 * Nothing is defined on import: a page calls {@link defineLatchkeyElements} once. This keeps the module free of side
 * effects (server rendering imports it without touching `customElements`, `window` or `document`; bundlers can drop
 * what is unused), and lets a page register its own networks and default options before any element upgrades (an
 * auto-define on import would upgrade `<latchkey-modal networks="anvil">` before the page could say what `anvil` is).
 *
 * The single-file build (`vite.element.config.ts`, `dist/element/latchkey-element.js`) bundles React and everything
 * the modal loads, so a page needs nothing else:
 *
 * @example
 * <latchkey-modal id="wallet" project-id="my-project" networks="mainnet,arbitrum" theme-mode="dark" locale="auto"></latchkey-modal>
 * <latchkey-button modal="wallet"></latchkey-button>
 * <script type="module">
 *   import { defineLatchkeyElements } from './latchkey-element.js'
 *   defineLatchkeyElements()
 *   const modal = await document.getElementById('wallet').ready // the ModalInstance: open(), subscribe(), …
 * </script>
 */
import { createElement, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { BaseError } from '../adapters/errors.ts'
import { arbitrum, bitcoin, bitcoinRegtest, bitcoinTestnet, bsc, builtInNetworks, mainnet, parseCaipNetworkId, solana, solanaDevnet, solanaTestnet, type CaipNetwork } from '../adapters/networks.ts'
import { ModalContext, PageButtonsContext } from './context.ts'
import { createModal, type ModalInstance, type ModalOptions } from './createModal.ts'
import { provideCore } from './coreModule.ts'
import * as core from './core.ts'
import { ModalShell } from './Modal.tsx'
import { AccountButton, ConnectButton, NetworkButton, useModalCss } from './react.tsx'
import { ShadowHost } from './ShadowHost.tsx'
import { InvalidElementAttributeError, latchkeyElementNames, modalAttributes, type LatchkeyElements, type LatchkeyModalElement } from './element.types.ts'
import { LocaleScope, useModalLocale } from './i18n/useModalLocale.ts'
import { isLocaleChoice } from './i18n/state.ts'
import type { ThemeVariables } from './theme.ts'

export * from '../adapters/networks.ts'
export { createModal, type ModalInstance, type ModalOptions } from './createModal.ts'
export {
  InvalidElementAttributeError,
  latchkeyElementNames,
  modalAttributes,
  type LatchkeyElementCallbacks,
  type LatchkeyElements,
  type LatchkeyModalElement,
  type LatchkeyPageButtonElement,
} from './element.types.ts'

/** Options of {@link defineLatchkeyElements}. */
export type DefineLatchkeyElementsOptions = {
  /**
   * Networks the `networks` and `default-network` attributes may name, besides the built-in ones (`mainnet`,
   * `arbitrum`, `bsc`, `solana`, `solanaDevnet`, `solanaTestnet`, `bitcoin`, `bitcoinTestnet`, `bitcoinRegtest`) and
   * any built-in's CAIP-2 id (`eip155:1`). Names are case-insensitive.
   */
  networks?: Record<string, CaipNetwork>
  /**
   * Options every `<latchkey-modal>` starts from (what attributes cannot carry: `storage`, `adapter`, `siwx`,
   * `metadata`, `api.fetch`, …); its attributes win.
   */
  options?: Partial<ModalOptions>
}

/** The built-in networks by the names of their exported constants (matched case-insensitively). */
const builtInByName: Record<string, CaipNetwork> = {
  mainnet,
  ethereum: mainnet,
  arbitrum,
  bsc,
  solana,
  solanaDevnet,
  solanaTestnet,
  bitcoin,
  bitcoinTestnet,
  bitcoinRegtest,
}

/** Built-in networks by name (lower-cased) and by CAIP-2 id. */
function builtInNames(): Map<string, CaipNetwork> {
  const known = new Map<string, CaipNetwork>()
  for (const [name, n] of Object.entries(builtInByName)) known.set(name.toLowerCase(), n)
  for (const n of [...builtInNetworks, bitcoinRegtest]) known.set(n.caipNetworkId.toLowerCase(), n)
  return known
}

/**
 * Reads a `networks` attribute: comma-separated names or CAIP-2 ids. The first is the default network (as in
 * `options.networks`) unless `default-network` names another.
 * @throws InvalidElementAttributeError for an empty list or a name that is neither built in nor registered.
 * @example parseNetworksAttribute('mainnet, eip155:42161, anvil', { anvil }) // [mainnet, arbitrum, anvil]
 */
export function parseNetworksAttribute(value: string | null, registered: Record<string, CaipNetwork> = {}, element: string = latchkeyElementNames.modal): [CaipNetwork, ...CaipNetwork[]] {
  const known = builtInNames()
  for (const [name, n] of Object.entries(registered)) {
    known.set(name.toLowerCase(), n)
    known.set(n.caipNetworkId.toLowerCase(), n)
  }
  const names = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (names.length === 0) throw new InvalidElementAttributeError(element, 'networks', 'At least one network is required', { details: 'e.g. networks="mainnet,arbitrum"' })
  const networks = names.map((name) => {
    const found = known.get(name.toLowerCase())
    if (found) return found
    if (name.includes(':')) parseCaipNetworkIdOrThrow(name, element)
    throw new InvalidElementAttributeError(element, 'networks', `Unknown network "${name}"`, {
      details: `Known: ${[...Object.keys(builtInByName), ...Object.keys(registered)].join(', ')}, or their CAIP-2 ids; register others with defineLatchkeyElements({ networks: { name: network } }).`,
    })
  })
  return networks as [CaipNetwork, ...CaipNetwork[]]
}

function parseCaipNetworkIdOrThrow(value: string, element: string): void {
  try {
    parseCaipNetworkId(value)
  } catch (cause) {
    throw new InvalidElementAttributeError(element, 'networks', `Invalid CAIP-2 network id "${value}"`, { cause })
  }
}

function parseBoolean(element: string, attribute: string, value: string | null): boolean | undefined {
  if (value === null) return undefined
  const v = value.trim().toLowerCase()
  if (v === '' || v === 'true' || v === attribute) return true
  if (v === 'false') return false
  throw new InvalidElementAttributeError(element, attribute, `Expected "true" or "false", got "${value}"`)
}

/**
 * The modal options an element's attributes give (on top of `defaults`).
 * @throws InvalidElementAttributeError naming the first attribute it cannot use.
 * @example modalOptionsFromAttributes((name) => el.getAttribute(name)) // { projectId, networks, themeMode, … }
 */
export function modalOptionsFromAttributes(get: (name: (typeof modalAttributes)[number]) => string | null, defaults: DefineLatchkeyElementsOptions = {}, element: string = latchkeyElementNames.modal): ModalOptions {
  const base = defaults.options ?? {}
  const projectId = get('project-id') ?? base.projectId
  if (!projectId) throw new InvalidElementAttributeError(element, 'project-id', 'A project id is required', { details: 'e.g. project-id="your-project-id"' })
  const networksAttr = get('networks')
  const networks = networksAttr !== null ? parseNetworksAttribute(networksAttr, defaults.networks, element) : base.networks
  if (!networks) throw new InvalidElementAttributeError(element, 'networks', 'At least one network is required', { details: 'e.g. networks="mainnet,arbitrum"' })
  const options: ModalOptions = { ...base, projectId, networks }
  const defaultNetwork = get('default-network')
  if (defaultNetwork !== null) {
    const [found] = parseNetworksAttribute(defaultNetwork, { ...Object.fromEntries(networks.map((n) => [n.caipNetworkId, n])), ...defaults.networks }, element)
    if (!networks.some((n) => n.caipNetworkId === found.caipNetworkId)) {
      throw new InvalidElementAttributeError(element, 'default-network', `"${defaultNetwork}" is not one of networks`, { details: networks.map((n) => n.caipNetworkId).join(', ') })
    }
    options.defaultNetwork = found
  }
  const themeMode = get('theme-mode')
  if (themeMode !== null) {
    if (themeMode !== 'light' && themeMode !== 'dark') throw new InvalidElementAttributeError(element, 'theme-mode', `Expected "light" or "dark", got "${themeMode}"`)
    options.themeMode = themeMode
  }
  const locale = get('locale')
  if (locale !== null) options.locale = locale
  const themeVariables = get('theme-variables')
  if (themeVariables !== null) {
    let parsed: unknown
    try {
      parsed = JSON.parse(themeVariables)
    } catch (cause) {
      throw new InvalidElementAttributeError(element, 'theme-variables', 'Expected a JSON object', { details: `e.g. theme-variables='{"accent":"#7b61ff"}'`, cause })
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new InvalidElementAttributeError(element, 'theme-variables', 'Expected a JSON object')
    options.themeVariables = { ...base.themeVariables, ...(parsed as ThemeVariables) }
  }
  const blockchainUrl = get('blockchain-url')
  const directoryUrl = get('directory-url')
  if (blockchainUrl !== null || directoryUrl !== null) {
    options.api = { ...base.api, ...(blockchainUrl !== null ? { blockchainUrl } : {}), ...(directoryUrl !== null ? { directoryUrl } : {}) }
  }
  const walletConnect = parseBoolean(element, 'wallet-connect', get('wallet-connect') === 'off' ? 'false' : get('wallet-connect'))
  const relayUrl = get('relay-url')
  if (walletConnect === false) options.walletConnect = false
  else if (relayUrl !== null) options.walletConnect = { ...(base.walletConnect || {}), relayUrl }
  const flags = [
    ['enable-reconnect', 'enableReconnect'],
    ['allow-unsupported-chain', 'allowUnsupportedChain'],
    ['enable-network-switch', 'enableNetworkSwitch'],
    ['ignore-switch-confirmation', 'ignoreSwitchConfirmation'],
    ['manual-wallet-connect', 'manualWalletConnect'],
    ['debug', 'debug'],
  ] as const
  for (const [attribute, key] of flags) {
    const value = parseBoolean(element, attribute, get(attribute))
    if (value !== undefined) options[key] = value
  }
  return options
}

/**
 * The modal as `<ModalProvider>` renders it (its shadow root, theme and shell), with the page buttons of the element
 * (the `<latchkey-button>`s render in React roots of their own: focus returns to them through this map on close).
 */
function ElementModal({ modal, pageButtons }: { modal: ModalInstance; pageButtons: Map<HTMLElement, number> }) {
  const css = useModalCss(modal)
  const { locale: lang, direction: dir } = useModalLocale(modal)
  // biome-ignore lint/correctness/noChildrenProp: createElement without JSX: ShadowHost's props type declares `children`
  const host = createElement(ShadowHost, { css, nonce: modal.options.nonce, testId: 'latchkey-modal', lang, dir, children: createElement(ModalShell) })
  return createElement(ModalContext.Provider, { value: modal }, createElement(LocaleScope, { modal }, createElement(PageButtonsContext.Provider, { value: pageButtons }, host)))
}

function makeElements(defaults: DefineLatchkeyElementsOptions): LatchkeyElements {
  const tag = latchkeyElementNames

  class ModalElement extends HTMLElement implements LatchkeyModalElement {
    static observedAttributes = [...modalAttributes]
    #modal: ModalInstance | undefined
    #error: InvalidElementAttributeError | undefined
    #root: Root | undefined
    #mount: HTMLElement | undefined
    #ready!: Promise<ModalInstance>
    #resolve!: (m: ModalInstance) => void
    #reject!: (e: unknown) => void
    /** The page buttons of this modal (focus returns to one of them on close). */
    readonly pageButtons = new Map<HTMLElement, number>()

    #options: Partial<ModalOptions> | undefined

    constructor() {
      super()
      this.#newReady()
      // Set on the element before it was upgraded (an own property shadowing the accessor): taken over.
      if (Object.hasOwn(this, 'options')) {
        const early = (this as { options?: Partial<ModalOptions> }).options
        delete (this as { options?: unknown }).options
        this.#options = early
      }
    }
    get options() {
      return this.#options
    }
    set options(value: Partial<ModalOptions> | undefined) {
      this.#options = value
      if (this.#modal || this.#error) this.#recreate()
    }
    #newReady() {
      this.#ready = new Promise<ModalInstance>((resolve, reject) => {
        this.#resolve = resolve
        this.#reject = reject
      })
      this.#ready.catch(() => {}) // an unread rejection is not an unhandled one: the element shows it
    }
    get modal() {
      return this.#modal
    }
    get ready() {
      return this.#ready
    }
    get error() {
      return this.#error
    }
    open(args?: Parameters<ModalInstance['open']>[0]) {
      if (!this.#modal) throw this.#error ?? new InvalidElementAttributeError(tag.modal, 'state', 'The modal is not created yet (the element is not in the document)')
      this.#modal.open(args)
    }
    close() {
      this.#modal?.close()
    }
    connectedCallback() {
      if (!this.#modal && !this.#error) this.#create()
    }
    disconnectedCallback() {
      // Moved within the page: disconnected then connected again in the same task; only a real removal destroys.
      queueMicrotask(() => {
        if (!this.isConnected) this.#teardown()
      })
    }
    attributeChangedCallback(name: string, previous: string | null, next: string | null) {
      if (previous === next || (!this.#modal && !this.#error)) return
      // The language changes in place (setLocale): the connection and the open view stay.
      if (name === 'locale' && this.#modal && (next === null || isLocaleChoice(next))) return void this.#modal.setLocale(next ?? 'auto')
      this.#recreate()
    }
    #recreate() {
      this.#teardown()
      this.#newReady()
      if (this.isConnected) this.#create()
    }
    #teardown() {
      const had = this.#modal
      this.#root?.unmount()
      this.#mount?.remove()
      this.#modal?.destroy()
      this.#root = this.#mount = this.#modal = this.#error = undefined
      // Its buttons let go of the destroyed instance (and wait for the next one, if any).
      if (had) this.dispatchEvent(new CustomEvent('latchkey-destroyed', { detail: { modal: had } }))
    }
    #create() {
      let modal: ModalInstance
      try {
        const base = { ...defaults, options: { ...defaults.options, ...this.#options } }
        // The element's bundle holds the core (it renders the shell itself): the modal's core is created at once.
        provideCore(core)
        modal = createModal(modalOptionsFromAttributes((name) => this.getAttribute(name), base, tag.modal))
      } catch (cause) {
        const error =
          cause instanceof InvalidElementAttributeError
            ? cause
            : new InvalidElementAttributeError(tag.modal, (cause as { option?: string }).option ?? 'options', (cause as BaseError).shortMessage ?? String(cause), { cause })
        this.#fail(error)
        return
      }
      this.#modal = modal
      this.#mount = this.ownerDocument.createElement('div')
      this.appendChild(this.#mount)
      this.#root = createRoot(this.#mount)
      this.#root.render(createElement(ElementModal, { modal, pageButtons: this.pageButtons }))
      this.#resolve(modal)
      this.dispatchEvent(new CustomEvent('latchkey-ready', { detail: { modal }, bubbles: true, composed: true }))
    }
    #fail(error: InvalidElementAttributeError) {
      this.#error = error
      this.#mount = this.ownerDocument.createElement('span')
      this.#mount.setAttribute('role', 'alert')
      this.#mount.textContent = `latchkey: ${error.shortMessage}`
      this.appendChild(this.#mount)
      this.#reject(error)
      this.dispatchEvent(new CustomEvent('latchkey-error', { detail: { error }, bubbles: true, composed: true }))
      console.error(error)
    }
  }

  /** A page button: renders `content` with the modal of the `<latchkey-modal>` it names (`modal="id"`) or the first one. */
  abstract class PageButtonElement extends HTMLElement {
    static observedAttributes = ['modal']
    #root: Root | undefined
    #host: ModalElement | undefined
    #waiting: (() => void) | undefined
    abstract content(): ReactNode
    connectedCallback() {
      this.#attach()
    }
    disconnectedCallback() {
      queueMicrotask(() => {
        if (!this.isConnected) this.#detach()
      })
    }
    attributeChangedCallback(_name: string, previous: string | null, next: string | null) {
      if (previous === next || !this.isConnected) return
      this.#detach()
      this.#attach()
    }
    /** The `<latchkey-modal>` this button belongs to, if it is in the document. */
    get modalElement(): LatchkeyModalElement | undefined {
      const id = this.getAttribute('modal')
      const found = id ? this.ownerDocument.getElementById(id) : this.ownerDocument.querySelector(tag.modal)
      return found instanceof ModalElement ? found : undefined
    }
    #attach() {
      const host = this.modalElement as ModalElement | undefined
      const modal = host?.modal
      if (!host || !modal) {
        // The modal element comes later (or its modal is being created again): render once it is ready.
        const retry = () => {
          this.#waiting?.()
          if (this.isConnected) this.#attach()
        }
        this.ownerDocument.addEventListener('latchkey-ready', retry, { once: true })
        this.#waiting = () => this.ownerDocument.removeEventListener('latchkey-ready', retry)
        return
      }
      this.#host = host
      this.#root ??= createRoot(this)
      this.#root.render(createElement(ModalContext.Provider, { value: modal }, createElement(LocaleScope, { modal }, createElement(PageButtonsContext.Provider, { value: host.pageButtons }, this.content()))))
      // Its modal destroyed (the element removed, or created again after an attribute change): wait for the next.
      host.addEventListener('latchkey-destroyed', this.#onHostDestroyed, { once: true })
    }
    #onHostDestroyed = () => {
      this.#detach()
      if (this.isConnected) this.#attach()
    }
    #detach() {
      this.#waiting?.()
      this.#waiting = undefined
      this.#host?.removeEventListener('latchkey-destroyed', this.#onHostDestroyed)
      this.#host = undefined
      this.#root?.unmount()
      this.#root = undefined
    }
  }

  class ButtonElement extends PageButtonElement {
    content() {
      return [createElement(ConnectButton, { key: 'connect' }), createElement(AccountButton, { key: 'account' })]
    }
  }
  class NetworkButtonElement extends PageButtonElement {
    content() {
      return createElement(NetworkButton)
    }
  }
  return { ModalElement, ButtonElement, NetworkButtonElement }
}

let defined: LatchkeyElements | undefined

/**
 * Registers `<latchkey-modal>`, `<latchkey-button>` and `<latchkey-network-button>` (once: a second call returns the
 * classes of the first and ignores its options). Call it before or after the elements are in the page: they upgrade
 * when it runs. On a server (no `customElements`) it does nothing and returns undefined.
 *
 * `<latchkey-modal>` attributes (read when it connects; changing one creates the modal again):
 * `project-id` (required), `networks` (required: comma-separated names or CAIP-2 ids, the first the default),
 * `default-network`, `theme-mode` (`light` | `dark`), `theme-variables` (JSON, e.g. `{"accent":"#7b61ff"}`),
 * `blockchain-url`, `directory-url`, `relay-url`, `wallet-connect="off"`, and the booleans `enable-reconnect`,
 * `allow-unsupported-chain`, `enable-network-switch`, `ignore-switch-confirmation`, `manual-wallet-connect`, `debug`
 * (present or `"true"`, or `"false"`). A bad value is an {@link InvalidElementAttributeError} the element shows.
 *
 * The buttons take `modal="<id of a latchkey-modal>"` (default: the first `<latchkey-modal>` of the page).
 *
 * @throws InvalidElementAttributeError when `options.networks` has a network that is not a CAIP network.
 * @example
 * defineLatchkeyElements({ networks: { anvil: defineEvmNetwork({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'http://127.0.0.1:8545' }) } })
 * // <latchkey-modal project-id="p" networks="anvil,mainnet"></latchkey-modal><latchkey-button></latchkey-button>
 */
export function defineLatchkeyElements(options: DefineLatchkeyElementsOptions = {}): LatchkeyElements | undefined {
  const registry = (globalThis as { customElements?: CustomElementRegistry }).customElements
  if (!registry) return undefined
  if (defined) return defined
  for (const [name, network] of Object.entries(options.networks ?? {})) {
    if (!network || typeof network !== 'object' || typeof network.caipNetworkId !== 'string') {
      throw new InvalidElementAttributeError('defineLatchkeyElements', `networks.${name}`, 'Expected a CaipNetwork (defineEvmNetwork(), defineSolanaNetwork() or a built-in)')
    }
  }
  const elements = makeElements(options)
  const pairs = [
    [latchkeyElementNames.modal, elements.ModalElement],
    [latchkeyElementNames.button, elements.ButtonElement],
    [latchkeyElementNames.networkButton, elements.NetworkButtonElement],
  ] as const
  for (const [name, ctor] of pairs) if (!registry.get(name)) registry.define(name, ctor)
  defined = elements
  return elements
}
