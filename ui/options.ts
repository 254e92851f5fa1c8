import * as v from 'valibot'
import { chainNamespaces, parseCaipNetworkId, type CaipNetwork, type ChainNamespace } from '../adapters/networks.ts'
import { httpProtocols, parseConnectionUrl, preview, wsProtocols, type ConnectionProtocol, type InvalidUrlError } from '../kernel/urls.ts'
import { checkRelayUrl, type InvalidRelayUrlError } from '../adapters/walletconnect.ts'
import { chainAdapterMethods, transferAdapterMethods } from '../adapters/types.ts'
import { walletFeaturesOrder } from './slots.order.ts'
import { logLevels } from '../kernel/log.ts'
import { swapProviders } from '../kernel/swap.ts'
import type { ModalOptions } from './types.ts'
import { isLocaleChoice } from './i18n/state.ts'
import type { FeatureOptions } from '../machines/features.ts'
import { booleanOption, checkShape, fn, imageUrl, InvalidOptionsError, nonEmptyString, optionPath, refuse, refuseAt, type OptionsObject, type Path } from '../kernel/optionChecks.ts'

export { InvalidOptionsError } from '../kernel/optionChecks.ts'

/**
 * Validation of {@link ModalOptions}: every option is checked when the modal is created, before anything
 * starts, and the first one that cannot work is refused with an {@link InvalidOptionsError} naming it by its path
 * (`options.networks[1].caipNetworkId`) and saying why. Unknown extra keys are ignored. The shapes are valibot
 * schemas (the options are a trust boundary like any other); the CAIP-2 ids go through the parser of spec §5, the
 * URLs through the connection layer's URL policy (`kernel/urls.ts`: parsed with `URL`, http(s) or ws(s) only).
 */

/** The namespaces this build has an adapter for (spec §5: adding a network needs one). */
export const supportedNamespaces: readonly ChainNamespace[] = ['eip155', 'solana', 'bip122']

/**
 * The features' own options (`machines/<id>.options.ts`, the `options` of their manifests), found by file: the options
 * are checked in the page's first JS, which the manifests are not in (they come with the core). Checked after the
 * networks, before the modal's own options, in the files' order: each feature's `check`, then its keys' schemas.
 */
export const featureOptions: ReadonlyMap<string, FeatureOptions<OptionsObject>> = new Map(
  Object.entries(import.meta.glob<Record<string, FeatureOptions<OptionsObject>>>('../machines/*.options.ts', { eager: true })).map(([file, m]) => {
    // `../machines/names.options.ts` exports `namesOptions`.
    const id = file.slice('../machines/'.length, -'.options.ts'.length)
    return [id, m[`${id}Options`]!]
  }),
)

// ------------------------------------------------------------------ schemas of the shapes

/** A URL of the connection layer (spec §5), checked with {@link parseConnectionUrl}; the issue carries its reason. */
const connectionUrl = (protocols: readonly ConnectionProtocol[], base = false) =>
  v.pipe(
    v.string(),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return
      try {
        parseConnectionUrl(dataset.value, { protocols, base })
      } catch (error) {
        addIssue({ message: `Invalid URL: ${(error as InvalidUrlError).reason} Received: ${preview(dataset.value)}` })
      }
    }),
  )
const relayUrl = v.pipe(
  v.string(),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    try {
      checkRelayUrl(dataset.value)
    } catch (error) {
      addIssue({ message: `Invalid relay URL: ${(error as InvalidRelayUrlError).details}` })
    }
  }),
)
const objectWithMethods = (methods: readonly string[]) => v.looseObject(Object.fromEntries(methods.map((m) => [m, fn])))

const networkShape = v.looseObject({
  name: nonEmptyString,
  chainNamespace: v.string(),
  caipNetworkId: v.string(),
  nativeCurrency: v.looseObject({
    name: v.string(),
    symbol: nonEmptyString,
    decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  }),
  rpcUrls: v.looseObject({
    default: v.looseObject({
      http: v.array(connectionUrl(httpProtocols)),
      webSocket: v.optional(v.array(connectionUrl(wsProtocols))),
    }),
  }),
  blockExplorers: v.optional(v.looseObject({ default: v.looseObject({ name: v.string(), url: connectionUrl(httpProtocols) }) })),
  testnet: booleanOption,
  imageUrl: v.optional(imageUrl),
})

/** `themeMode` (spec §5 "Theme mode is light or dark"); also `setThemeMode`'s argument. */
const themeModeShape = v.picklist(['light', 'dark'], (issue) => `Invalid theme mode: expected 'light' or 'dark' but received ${preview(issue.input)}`)
/** `themeVariables`; also `setThemeVariables`' argument. */
const themeVariablesShape = v.looseObject({
  accent: v.optional(v.string()),
  background: v.optional(v.string()),
  foreground: v.optional(v.string()),
  fontFamily: v.optional(v.string()),
  fontSizeMaster: v.optional(v.string()),
  borderRadiusMaster: v.optional(v.string()),
  zIndex: v.optional(v.pipe(v.number(), v.integer())),
})

const optionsShape = v.looseObject({
  projectId: v.optional(v.string()),
  metadata: v.optional(
    v.looseObject({
      name: v.string(),
      description: v.string(),
      url: connectionUrl(httpProtocols),
      icons: v.array(imageUrl),
    }),
  ),
  // Spec §5 "Theme mode is light or dark": the option also arrives from plain JavaScript; it is set only here.
  themeMode: v.optional(themeModeShape),
  // The modal's language and the locale of numbers and fiat values: 'auto' (default, the browser's languages) or a tag.
  locale: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (tag: string) => isLocaleChoice(tag),
        (issue) => `Invalid locale: ${preview(issue.input)} is not 'auto' or a BCP 47 language tag`,
      ),
    ),
  ),
  // Per-key word overrides: the keys are checked against the English catalogue when it loads (ui/i18n/catalogue.ts).
  messages: v.optional(
    v.record(
      v.string(),
      v.union([v.string(), v.function(), v.array(v.unknown())], (issue) => `Invalid message: expected a string or a function but received ${preview(issue.input)}`),
    ),
  ),
  themeVariables: v.optional(themeVariablesShape),
  // CSP's nonce-source value (base64-value): it goes into a `nonce` attribute and must match the page's header.
  nonce: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[A-Za-z0-9+/_-]+={0,2}$/, (issue) => `Invalid nonce: expected base64 or base64url text (letters, digits, + / - _, up to two = at the end) but received ${preview(issue.input)}`),
    ),
  ),
  enableReconnect: booleanOption,
  prefetch: v.optional(v.union([v.literal('idle'), v.literal(false)], (issue) => `Invalid prefetch: expected 'idle' or false but received ${preview(issue.input)}`)),
  allowUnsupportedChain: booleanOption,
  enableNetworkSwitch: booleanOption,
  enableEmbedded: booleanOption,
  features: v.optional(
    v.looseObject({
      allWallets: booleanOption,
      send: booleanOption,
      receive: booleanOption,
      analytics: booleanOption,
      email: booleanOption,
      socials: v.optional(v.union([v.literal(false), v.array(v.string())])),
      swaps: booleanOption,
      onramp: booleanOption,
      activity: booleanOption,
      reownBranding: booleanOption,
      multiWallet: booleanOption,
      pay: booleanOption,
      legalCheckbox: booleanOption,
    }),
  ),
  // The legal checkbox's pages: opened in a new tab, so web addresses only.
  termsConditionsUrl: v.optional(connectionUrl(httpProtocols)),
  privacyPolicyUrl: v.optional(connectionUrl(httpProtocols)),
  basic: booleanOption,
  api: v.optional(
    v.looseObject({
      blockchainUrl: v.optional(connectionUrl(httpProtocols, true)),
      directoryUrl: v.optional(connectionUrl(httpProtocols, true)),
      analyticsUrl: v.optional(connectionUrl(httpProtocols, true)),
      exchangeUrl: v.optional(connectionUrl(httpProtocols, true)),
      rpcUrl: v.optional(connectionUrl(httpProtocols, true)),
      fetch: v.optional(fn),
    }),
  ),
  clientId: v.optional(v.string()),
  platform: v.optional(v.picklist(['mobile', 'links', 'none'])),
  debug: booleanOption,
  storage: v.optional(objectWithMethods(['getItem', 'setItem', 'removeItem'])),
  inspect: v.optional(
    v.union(
      [fn, v.looseObject({ next: v.optional(fn), error: v.optional(fn), complete: v.optional(fn) })],
      (issue) => `Invalid type: Expected a function or an observer ({ next, error, complete }) but received ${preview(issue.input)}`,
    ),
  ),
  adapter: v.optional(v.nullable(objectWithMethods(chainAdapterMethods))),
  walletConnect: v.optional(
    v.union(
      [
        v.literal(false),
        v.looseObject({
          relayUrl: v.optional(relayUrl),
          storagePrefix: v.optional(nonEmptyString),
          storage: v.optional(v.looseObject({})),
        }),
      ],
      (issue) => `Invalid type: Expected false or { relayUrl, storagePrefix, storage } but received ${preview(issue.input)}`,
    ),
  ),
  embeddedWallet: v.optional(v.looseObject({ secureSiteUrl: connectionUrl(httpProtocols) }), undefined),
  manualWalletConnect: booleanOption,
  ignoreSwitchConfirmation: booleanOption,
  walletFeaturesOrder: v.optional(
    v.pipe(
      v.array(v.picklist(walletFeaturesOrder, (issue) => `Invalid wallet feature: expected one of ${walletFeaturesOrder.join(', ')} but received ${preview(issue.input)}`)),
      v.check((list) => new Set(list).size === list.length, 'Duplicate wallet feature'),
    ),
  ),
  log: v.optional(
    v.strictObject(
      {
        level: v.optional(v.picklist(logLevels, (issue) => `Invalid log level: expected one of ${logLevels.join(', ')} but received ${preview(issue.input)}`)),
        bufferSize: v.optional(v.pipe(v.number(), v.safeInteger('Expected a whole number of bytes'), v.minValue(1, 'Expected a positive number of bytes'))),
      },
      (issue) => `Invalid log option: expected { level, bufferSize } but received ${preview(issue.input)}`,
    ),
  ),
  swapProvider: v.optional(v.picklist(swapProviders, (issue) => `Invalid swap provider: expected one of ${swapProviders.join(', ')} but received ${preview(issue.input)}`)),
  transferAdapter: v.optional(objectWithMethods(transferAdapterMethods)),
  clock: v.optional(objectWithMethods(['setTimeout', 'clearTimeout'])),
})

// ------------------------------------------------------------------ networks

/** The CAIP-2 reference of each namespace (CAIP-3 eip155: decimal chain id; CAIP-30 solana: base58 genesis prefix; CAIP-4 bip122: 32 hex digits). */
const referencePatterns: Partial<Record<ChainNamespace, { pattern: RegExp; says: string }>> = {
  eip155: { pattern: /^[1-9][0-9]{0,15}$/, says: 'An eip155 reference is the chain id in decimal digits (no leading zero).' },
  solana: { pattern: /^[1-9A-HJ-NP-Za-km-z]{1,32}$/, says: 'A solana reference is 1 to 32 base58 characters (the genesis hash prefix).' },
  bip122: { pattern: /^[0-9a-f]{32}$/, says: 'A bip122 reference is 32 lower-case hex digits (the genesis block hash prefix).' },
}

/**
 * One network of `options.networks` (spec §3 Network, §5 CAIP-2), at `root` + `prefix` in the messages
 * (`options.networks[1]`, or `addNetwork(network)` for {@link validateNetwork}).
 */
function checkNetwork(network: unknown, prefix: Path, root = 'options'): asserts network is CaipNetwork {
  const at = (key?: string): Path => (key ? [...prefix, key] : prefix)
  function refuse(path: Path, why: string, details?: string): never {
    return refuseAt(path, why, details, root)
  }
  if (typeof network !== 'object' || network === null || Array.isArray(network)) refuse(at(), 'Expected a network (CaipNetwork)', `Received: ${preview(network)}`)
  checkShape(networkShape, network, at(), root)
  const n = network as Record<string, unknown> & { chainNamespace: string; caipNetworkId: string }
  let parsed: { chainNamespace: ChainNamespace; chainId: string }
  try {
    parsed = parseCaipNetworkId(n.caipNetworkId)
  } catch {
    refuse(at('caipNetworkId'), 'Invalid CAIP-2 network id', `Expected namespace:reference, two non-empty parts with a known namespace (${chainNamespaces.join(', ')}). Received: ${preview(n.caipNetworkId)}`)
  }
  if (n.chainNamespace !== parsed.chainNamespace) {
    refuse(at('chainNamespace'), 'does not match the caipNetworkId', `chainNamespace is ${preview(n.chainNamespace)} but caipNetworkId ${preview(n.caipNetworkId)} is of ${parsed.chainNamespace}.`)
  }
  if (!supportedNamespaces.includes(parsed.chainNamespace)) {
    // Spec §5: adding a network needs an adapter for its namespace (this message predates the option paths).
    throw new InvalidOptionsError(`The adapter for the ${parsed.chainNamespace} namespace does not exist.`, { option: optionPath(at(), root), details: `Network ${n.caipNetworkId} (${optionPath(at(), root)}).` })
  }
  const id = n['id']
  if (parsed.chainNamespace === 'eip155') {
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) refuse(at('id'), 'Invalid chain id', `An eip155 network's id is its chain id, a positive integer. Received: ${preview(id)}`)
  } else if (typeof id !== 'string' || id.length === 0) {
    refuse(at('id'), 'Invalid network id', `A ${parsed.chainNamespace} network's id is its CAIP-2 reference, a string. Received: ${preview(id)}`)
  }
  const reference = referencePatterns[parsed.chainNamespace]
  if (reference && !reference.pattern.test(parsed.chainId)) refuse(at('caipNetworkId'), 'Invalid CAIP-2 network id', `${reference.says} Received: ${preview(n.caipNetworkId)}`)
  if (String(id) !== parsed.chainId) refuse(at('id'), 'does not match the caipNetworkId', `id is ${preview(id)} but caipNetworkId is ${preview(n.caipNetworkId)}.`)
}

/**
 * Checks one network passed at run time (`modal.addNetwork`) with the rules of `options.networks`:
 * the shape (name, currency, http(s) RPC URLs), a CAIP-2 id of a known namespace matching `chainNamespace` and `id`.
 *
 * @throws InvalidOptionsError naming the method and the field (`addNetwork(network).caipNetworkId: Invalid CAIP-2
 *   network id`).
 * @example
 * validateNetwork({ ...mainnet, caipNetworkId: 'eip155' }, 'addNetwork')
 * // throws InvalidOptionsError: addNetwork(network).caipNetworkId: Invalid CAIP-2 network id
 */
export function validateNetwork(network: unknown, method: string): asserts network is CaipNetwork {
  checkNetwork(network, [], `${method}(network)`)
}

// ------------------------------------------------------------------ the theme at run time

/**
 * Checks `modal.setThemeMode(mode)`'s argument with the `themeMode` option's rule.
 * @throws InvalidOptionsError `setThemeMode(mode): Invalid theme mode: expected 'light' or 'dark' but received "blue"`
 * @example validateThemeMode('dark') // passes; validateThemeMode('blue') throws
 */
export function validateThemeMode(mode: unknown): asserts mode is 'light' | 'dark' {
  checkShape(themeModeShape, mode, [], 'setThemeMode(mode)')
}

/**
 * Checks `modal.setThemeVariables(variables)`'s argument with the `themeVariables` option's rules (an object; the
 * colours, font and radii strings, `zIndex` an integer).
 * @throws InvalidOptionsError naming the key, e.g. `setThemeVariables(variables).zIndex: Invalid type: …`
 * @example validateThemeVariables({ accent: '#ff0066' }) // passes; validateThemeVariables({ zIndex: 1.5 }) throws
 */
export function validateThemeVariables(variables: unknown): asserts variables is Record<string, unknown> {
  if (Array.isArray(variables)) refuseAt([], `Invalid type: Expected Object but received ${preview(variables)}`, undefined, 'setThemeVariables(variables)')
  checkShape(themeVariablesShape, variables, [], 'setThemeVariables(variables)')
}

// ------------------------------------------------------------------ the options

export type ValidateOptionsParameters = unknown
export type ValidateOptionsReturnType = {
  /** The default network: `options.defaultNetwork` as configured in `networks` (the same id), else the first network. */
  defaultNetwork: CaipNetwork
}
export type ValidateOptionsErrorType = InvalidOptionsError

/**
 * Checks every option of `createModal` before anything starts.
 *
 * - `networks`: a non-empty array of networks (spec §3), each with a CAIP-2 id of two non-empty parts and a known
 *   namespace (spec §5 'Invalid CAIP-2 network id'), the reference of its namespace (eip155 decimal, solana base58,
 *   bip122 hex), a `chainNamespace` and an `id` that agree with it (an eip155 id is a positive integer: NaN is
 *   refused), a namespace this build has an adapter for ('The adapter for the … namespace does not exist.'), http(s)
 *   RPC URLs (ws(s) for `webSocket`), and no id twice. `defaultNetwork` must be one of them (the same CAIP-2 id).
 * - Each feature's own options (`machines/<id>.options.ts`, see {@link featureOptions}): its checks, then its keys'
 *   schemas (the sign-in's `siwx` with its four methods and `siweConfig` refused, spec §5; the catalogue's wallet lists
 *   and `connectorTypeOrder`; …), as each file documents.
 * - Every other option has its documented type: booleans, `themeMode` light or dark (spec §5), `nonce` CSP's
 *   base64 text, `platform`, `metadata`, the `api` base URLs (http(s), no query or fragment), `walletConnect` (`false`
 *   or an object whose `relayUrl` is ws(s)), `walletFeaturesOrder` (spec §9 feature names, each at most once), `log` (a
 *   level of `kernel/log.ts`, a positive whole `bufferSize`), and the `storage`, `clock`, `inspect`, `adapter` and
 *   `transferAdapter` objects with their methods.
 * - `adapter: null` needs WalletConnect ('No way to connect').
 *
 * @returns the resolved default network.
 * @throws InvalidOptionsError for the first option that cannot work: `shortMessage` `<path>: <why>` (e.g.
 *   `options.networks[1].caipNetworkId: Invalid CAIP-2 network id`), `option` the path, `details` what was received.
 * @example
 * validateOptions({ projectId: 'p', networks: [mainnet], defaultNetwork: solana })
 * // throws InvalidOptionsError: options.defaultNetwork: not one of options.networks
 */
export function validateOptions(options: ValidateOptionsParameters): ValidateOptionsReturnType {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new InvalidOptionsError('Invalid options', { details: `createModal expects an options object. Received: ${preview(options)}` })
  }
  const o = options as OptionsObject
  // networks
  if (!Array.isArray(o.networks)) {
    throw new InvalidOptionsError('At least one network is required', { option: 'options.networks', details: `options.networks must be an array of networks. Received: ${preview(o.networks)}` })
  }
  if (o.networks.length === 0) throw new InvalidOptionsError('At least one network is required', { option: 'options.networks', details: 'options.networks is empty.' })
  const networks = o.networks as unknown[]
  networks.forEach((network, i) => checkNetwork(network, ['networks', i]))
  const seen = new Map<string, number>()
  ;(networks as CaipNetwork[]).forEach((n, i) => {
    const first = seen.get(n.caipNetworkId)
    if (first !== undefined) refuse(['networks', i, 'caipNetworkId'], 'duplicate network id', `${n.caipNetworkId} is also options.networks[${first}].`)
    seen.set(n.caipNetworkId, i)
  })
  // defaultNetwork
  let defaultNetwork = networks[0] as CaipNetwork
  if (o.defaultNetwork !== undefined) {
    const id = (o.defaultNetwork as { caipNetworkId?: unknown } | null)?.caipNetworkId
    const index = typeof id === 'string' ? seen.get(id) : undefined
    if (index === undefined) {
      refuse(['defaultNetwork'], 'not one of options.networks', `${preview(id ?? o.defaultNetwork)} is not configured (${[...seen.keys()].join(', ')}): add it to networks, or leave defaultNetwork out.`)
    }
    defaultNetwork = networks[index] as CaipNetwork
  }
  // the features' own options (their messages of spec §5), then the modal's own
  for (const feature of featureOptions.values()) {
    feature.check?.(o)
    for (const [key, schema] of Object.entries(feature.schemas)) checkShape(schema, o[key], [key])
  }
  checkShape(optionsShape, o, [])
  if (o.adapter === null && o.walletConnect === false) {
    throw new InvalidOptionsError('No way to connect', { option: 'options.adapter', details: 'With `adapter: null`, WalletConnect must stay on.' })
  }
  return { defaultNetwork }
}
