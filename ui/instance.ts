import type { CaipNetwork, ChainNamespace } from '../adapters/networks.ts'
import type { ChainAdapter } from '../adapters/types.ts'
import type { SiwxSession } from '../kernel/siwx.ts'
import type { LogEntry } from '../kernel/log.ts'
import type { ViewData, ViewName } from '../machines/views.ts'
import type { ModalStorage } from '../services/storage.ts'
import type { CoreInstance } from './createModal.core.ts'
import type { PayParameters, PayReturnType } from './core/payCommands.ts'
import type { GetCallsStatusReturnType, SendCallsParameters, SendCallsReturnType } from './core/callsCommands.ts'
import type { ThemeMode, ThemeVariables } from './theme.ts'
import type { ModalLocale } from './i18n/state.ts'
import type { ModalOptions, ModalState, ModalTheme } from './types.ts'

/**
 * One modal instance, as `createModal` returns it (a facade over a lazy core): the public API a dapp calls, and the
 * internal members the UI, the hooks and the bridges read. Its own module, so the files below the facade (the React
 * context, the hooks, the wagmi and ethers bridges) name the instance's type without importing the facade.
 */
export type ModalInstance = {
  /** The options the instance was created with. */
  options: ModalOptions
  /** Internal: storage, for the UI's recent-wallet list. */
  storage: ModalStorage
  /**
   * The SDK's logged messages, oldest first (spec §9 log buffer): each `{ level, message, time }` (time in ms since the
   * epoch), at or above the `log` option's level (default `'error'`), at most its `bufferSize` UTF-8 bytes in all
   * (default 1,024,000; the oldest dropped first). Meant for a bug report.
   * @example modal.getLogs().filter((e) => e.level === 'error').map((e) => e.message)
   */
  getLogs(): LogEntry[]
  /**
   * The root actor (for the visualiser and advanced use), once the core is in: `await modal.ready()` first on a page
   * that has not opened the modal.
   * @throws CoreNotLoadedError before the core is in.
   */
  readonly actor: CoreInstance['actor']
  /** Internal: the embedded wallet, fetched on first use; undefined without `embeddedWallet` or before the core. */
  readonly embedded: CoreInstance['embedded']
  /**
   * Fetches the core now (the root actor and its machines); resolves once it is in and the calls queued before it ran.
   * @example await modal.ready(); inspector.attach(modal.actor)
   */
  ready(): Promise<void>
  /** Internal (hooks, `<ModalProvider>`): the core if it is in, else undefined. */
  peekCore(): CoreInstance | undefined
  /** Internal: whether the core was asked for or its code prefetched at idle (the UI starts fetching the modal's shell then). */
  isCoreRequested(): boolean
  /** Internal: the view an `open()` before the core asked for (the pre-core dialog shows it), else undefined. */
  pendingView(): ViewName | undefined
  /**
   * Internal: whether the idle prefetch prepared a first opening of Connect (its code in, the core created and Connect's
   * feature machines brought at idle): the shell may then render Connect ahead, hidden. False after `destroy`, with
   * `prefetch: false` and on a constrained connection (nothing is prepared there).
   */
  isConnectPrepared(): boolean
  /** Internal: calls `follower` when the core is asked for, when it arrives, when the pending open changes and when Connect is prepared. */
  subscribeCore(follower: () => void): () => void
  /**
   * Internal: a page button's intent (pointerenter, focus, press): fetches the core, then the view's chunk
   * and its feature's machine.
   */
  prefetch(view: ViewName): void
  /**
   * Opens the modal (spec §2 "Opening the modal"). With `view`, that view opens with `data`. Before the core is in, the
   * dialog shows at once (Connect's shell with a skeleton body) and the open runs when the core arrives.
   * @throws InvalidOptionsError for bad swap arguments (`data` of `Swap`: `fromToken`/`toToken` non-empty strings,
   *   `amount` a positive decimal number of whole tokens as text), and for a view name this build does not have
   *   (before the core is in, the returned promise rejects with it instead).
   * @throws FeatureDisabledError for a view of a feature that is off in the resolved set: `Send`,
   *   `SendSelectToken` and `SendPreview` with `features.send` off, `Receive` with `features.receive` off, `AllWallets`
   *   with `features.allWallets` off. Nothing opens then. (Before the core is in, the returned promise rejects with it.)
   * @example
   * modal.open({ view: 'Send' }) // throws FeatureDisabledError (feature 'send', option 'features.send') with send off
   */
  open(args?: { view?: ViewName; data?: ViewData }): Promise<void>
  /** Closes the modal; refused (the modal shakes) while a required sign-in has no session. */
  close(): void
  /** The public state now (spec §3): the same object until something changes (safe for `useSyncExternalStore`). */
  getState: () => ModalState
  /**
   * The connected wallet of a namespace, for calls the modal does not make itself: eip155 its EIP-1193
   * provider, solana and bip122 their Wallet Standard wallet; `undefined` while that namespace has no connected
   * wallet (and before the core is in: nothing is connected then).
   * @example await modal.getProvider('eip155')?.request({ method: 'eth_chainId' }) // '0x1'
   */
  getProvider: CoreInstance['getProvider']
  /** Calls `listener` with the new state on every change; returns unsubscribe. */
  subscribe(listener: (state: ModalState) => void): () => void
  /**
   * The same as {@link subscribe}, under the name other wallet modals use (`subscribeState`): every change of the public
   * state (spec §3), the `connections` of multi-wallet included (spec §6).
   */
  subscribeState(listener: (state: ModalState) => void): () => void
  /** The theme now: `themeMode` and `themeVariables` as created, then as `setThemeMode` / `setThemeVariables` left them. */
  getTheme(): ModalTheme
  /** Calls `listener` with the new theme on every `setThemeMode` / `setThemeVariables`; returns unsubscribe. */
  subscribeTheme: (listener: (theme: ModalTheme) => void) => () => void
  /**
   * Switches the modal to light or dark at run time (spec §5: theme mode is light or dark). The modal restyles at
   * once; the embedded wallet's frame, when it is loaded, gets the new theme (spec §3 theme sync).
   * @throws InvalidOptionsError `setThemeMode(mode): Invalid theme mode: expected 'light' or 'dark' but received …`
   * @example
   * modal.setThemeMode(matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')
   */
  setThemeMode(mode: ThemeMode): void
  /**
   * Changes theme variables at run time: the given keys replace the current ones, the others stay (`{ accent:
   * undefined }` is ignored; create the modal again to drop a key). The modal restyles at once; the embedded
   * wallet's frame, when it is loaded, gets them (spec §3 theme sync).
   * @throws InvalidOptionsError naming the key that cannot work, with the `themeVariables` option's rules
   *   (`setThemeVariables(variables).zIndex: …`).
   * @example
   * modal.setThemeVariables({ accent: '#ff0066', borderRadiusMaster: '2px' })
   */
  setThemeVariables(variables: ThemeVariables): void
  /** The language the modal speaks now, its direction, the locale of its numbers and its catalogue (`ui/i18n/state.ts`). */
  getLocale(): ModalLocale
  /** Calls `listener` when the language changes (its words are in by then); returns unsubscribe. */
  subscribeLocale: (listener: (locale: ModalLocale) => void) => () => void
  /**
   * Changes the modal's language at run time, open or closed: `'auto'` or a BCP 47 tag, resolved as the `locale`
   * option is (the language's supported locale, else English). Its words are fetched (a chunk per locale), then every
   * visible string, the writing direction and the numbers change at once; until then the modal keeps its words. The
   * promise resolves once they show (also when a later `setLocale` took over, or the fetch failed: the modal's log
   * tells why).
   * @throws InvalidOptionsError `setLocale(locale): Invalid locale: …` for anything but `'auto'` or a well-formed tag.
   * @example await modal.setLocale('ja')
   */
  setLocale(locale: string): Promise<void>
  /**
   * Switches the active network: through the wallet when connected (SwitchNetwork shows while it confirms),
   * else just sets it (spec §4). An unknown id is ignored (alert in debug mode).
   */
  switchNetwork(network: CaipNetwork | string): void
  /**
   * Adds a network at run time (spec §4, §5): see the core's `addNetwork`. Before the core is in, the
   * network is checked at once and added when the core arrives.
   * @throws InvalidOptionsError when the network is malformed, naming the field (`addNetwork(network).caipNetworkId:
   *   Invalid CAIP-2 network id`), with the checks of `options.networks` ({@link validateOptions}).
   * @throws AdapterNotFoundError 'Adapter not found' (spec §8; its details 'The adapter for the {namespace} namespace does
   *   not exist.') when the modal has no
   *   adapter for its namespace (spec §5).
   * @example
   * modal.addNetwork(defineEvmNetwork({ id: 10, name: 'OP Mainnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'https://mainnet.optimism.io' }))
   */
  addNetwork(network: CaipNetwork): void
  /**
   * Removes a configured network at run time (spec §4): see the core's `removeNetwork`. Before the
   * core is in, it is removed when the core arrives.
   * @throws AdapterNotFoundError, InvalidOptionsError 'Network not found' / 'At least one network is required', once
   *   the core is in.
   * @example modal.removeNetwork('eip155:42161')
   */
  removeNetwork(caipNetworkId: string): void
  /**
   * The sign-in session of the connected account and chain (spec §3 SIWX message, signature), or `undefined`
   * when the visitor has not signed in (always before the core is in).
   * @throws InvalidOptionsError 'SIWX is not enabled' without the `siwx` option (spec §8).
   */
  getSiwxSession(): SiwxSession | undefined
  /**
   * Has the active namespace's connected wallet sign a text message (eip155: EIP-191 `personal_sign`, 0x-hex
   * signature; solana: `solana:signMessage`, base58 signature; bip122: BIP-322, base64).
   * @throws NotConnectedError when no wallet is connected in the active namespace; `UserRejectedRequestError` when
   *   the visitor declines; `InvalidProviderResponseError` for a reply that is not a signature.
   * @example const signature = await modal.signMessage({ message: 'Hello' })
   */
  signMessage(args: { message: string }): Promise<string>
  /**
   * The chain adapter of a configured namespace, loaded if it was not yet (spec §1 lazy rule).
   * @throws InvalidOptionsError when no network of that namespace is configured.
   * @example const btc = (await modal.getAdapter('bip122')) as Bip122Adapter
   */
  getAdapter(namespace: ChainNamespace): Promise<ChainAdapter>
  /**
   * Sends a batch of calls to the connected eip155 wallet (EIP-5792 `wallet_sendCalls` v2; spec §7) and resolves with
   * its id once the wallet accepted it; the modal follows its end (status asked every 2 s, a toast per end; a reload
   * picks it up again). Checked first (spec §5), nothing sent otherwise: each call `{ to, data?, value? }` with `to` 0x
   * and 40 hex digits, `data` 0x and whole bytes of hex, `value` wei as a bigint or a hex quantity; 1 to 10 calls
   * (`maxBatchCalls`); `chainId` (number or `eip155:<n>`, default the wallet's) a configured network. A wallet without
   * batched calls (4200) runs them one by one, each prompted, with "Call 2 of 3…" (the id is then the modal's own),
   * unless `atomicRequired`.
   * @throws InvalidCallsError / CallsChainNotConfiguredError (the input), NotConnectedError, UserRejectedRequestError
   *   (4001), AtomicCallsUnsupportedError ('This wallet cannot run these calls together'), BatchFailedError.
   * @example const { id } = await modal.sendCalls({ calls: [{ to: token, data: approve }, { to: router, data: swap }] })
   */
  sendCalls(parameters: SendCallsParameters): Promise<SendCallsReturnType>
  /**
   * Asks the visitor for a payment (spec §1 Pay): `amount` (a decimal string in the asset's units, no float) of `asset`
   * (CAIP-19 `eip155:<id>/slip44:60` or `eip155:<id>/erc20:<address>`, `{ chainId, address }`, or `'native'` with
   * `chainId`) to `recipient` (EIP-55), with the dapp's `memo`. Resolves with how it ended
   * (`{ status: 'success', txHash, chainId, paidAmount }` or `{ status: 'failed' | 'expired' | 'cancelled', reason }`).
   * With `features.pay` off (default; the remote configuration overrides it): the 'Pay Not Enabled' alert in debug mode
   * and `{ status: 'failed', reason }`.
   * @throws InvalidPayParametersError, PayChainNotConfiguredError (the input; nothing opened).
   * @example const result = await modal.pay({ recipient: '0x7099…79C8', amount: '0.01', asset: 'native', chainId: 8453 })
   */
  pay(parameters: PayParameters): Promise<PayReturnType>
  /**
   * How the payment under way before a reload ended (spec §1 Pay): a payment with an exchange, or a wallet transfer sent
   * and not confirmed yet, is kept in storage; the next page (a reload, or the return from the exchange's page on a
   * phone) shows it again, follows it to its end and resolves this with that end, as `pay` would have. `undefined` when
   * none was under way (nothing is fetched for it then).
   * @example const resumed = await modal.getPayResult() // { status: 'success', txHash, chainId, paidAmount } | … | undefined
   */
  getPayResult(): Promise<PayReturnType | undefined>
  /**
   * A batch's status in EIP-5792's v2 shape (`{ id, chainId, status, atomic, receipts }`): 100 pending, 200 confirmed,
   * 400 failed off-chain, 500 reverted, 600 partially executed. A batch this modal sent is answered from its chart;
   * another id is asked of the wallet (`wallet_getCallsStatus`) and its answer checked.
   * @throws UnknownBatchError for an id neither knows; NotConnectedError.
   * @example const { status, receipts } = await modal.getCallsStatus(id)
   */
  getCallsStatus(id: string): Promise<GetCallsStatusReturnType>
  /**
   * The connected wallet's EIP-5792 capabilities (`wallet_getCapabilities`): keyed by chain id as a hex quantity, or
   * with `chainId` that chain's (`{ atomic: { status: 'supported' | 'ready' | 'unsupported' } }`); `{}` when the
   * wallet does not have the method.
   * @throws NotConnectedError without a connected eip155 wallet.
   * @example const { atomic } = await modal.getCapabilities({ chainId: 1 })
   */
  getCapabilities(parameters?: { chainId?: number }): Promise<Record<string, unknown>>
  /** Reads the active account's native balance and its Account data again, bypassing the caches. */
  refreshBalance(): void
  /**
   * The connections the visitor holds (multi-wallet, spec §6): those of `namespace`, or of every namespace, each
   * namespace's active one first, then by last use (`{ id, namespace, connectorId, address, accounts, active, lastUsed }`).
   * `undefined` when `features.multiWallet` is off (the 'Multi-Wallet Not Enabled' alert shows in debug mode, spec §8);
   * `[]` before anything connected.
   * @example modal.getConnections('eip155')?.find((c) => c.active)?.address
   */
  getConnections: CoreInstance['getConnections']
  /**
   * Makes a held connection the active one of its namespace (spec §6), by id or by one of its addresses: its wallet is
   * restored without a prompt and every surface (button, Account, send, swap, sign-in, the wagmi and ethers bridges)
   * acts on it; `state.connections.isSwitching` until it is. Nothing when multi-wallet is off (alert in debug mode).
   * @throws ConnectionNotFoundError when the visitor holds no such connection.
   * @example modal.switchConnection({ connectionId: 'eip155:io.metamask' })
   */
  switchConnection: CoreInstance['switchConnection']
  /**
   * Removes a held connection (spec §6): its wallet is asked to revoke the site; removing the active one makes the most
   * recently used other one active, or leaves the namespace disconnected. Nothing when multi-wallet is off (alert in
   * debug mode).
   * @throws ConnectionNotFoundError when the visitor holds no such connection (a second removal of the same one).
   * @example modal.deleteConnection({ connectionId: 'eip155:io.metamask' })
   */
  deleteConnection: CoreInstance['deleteConnection']
  /**
   * Disconnects the connected wallet of the active namespace (its permission revoked). With multi-wallet on (spec §6),
   * every wallet held in that namespace is disconnected too and the namespace is left disconnected: to let one wallet
   * go and keep the others, use `deleteConnection`.
   */
  disconnect(): void
  /**
   * Stops every actor of this instance and releases what it registered; before the core is in, drops the
   * queued calls and never creates it. Calling it again does nothing more.
   */
  destroy(): void
}
