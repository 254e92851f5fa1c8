// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { arbitrum, bitcoin, defineEvmNetwork, mainnet, solana, type CaipNetwork } from '../adapters/networks.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { createModal, InvalidOptionsError, type ModalOptions } from './createModal.ts'
import { validateOptions } from './options.ts'
import { TestFailure } from '../tests/harness/failures.ts'

/**
 * Option validation (defects 4, 8 and 9): every option is checked by `createModal` before anything starts;
 * the first that cannot work is refused with an `InvalidOptionsError` that names it by its path and says why.
 */
const instances: Array<{ destroy(): void }> = []
afterEach(() => instances.splice(0).forEach((m) => m.destroy()))

const anvil31337 = defineEvmNetwork({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'http://127.0.0.1:8545', testnet: true })
const base = (): ModalOptions => ({ projectId: 'p', networks: [mainnet], storage: createMemoryStorage(), adapter: createEip155Adapter({ window }) })
const make = (options: Record<string, unknown>) => {
  const modal = createModal({ ...base(), ...options } as ModalOptions)
  instances.push(modal)
  return modal
}
/** The error `createModal` throws for these options (fails the test when it does not throw one). */
function refusal(options: Record<string, unknown>): InvalidOptionsError {
  try {
    make(options)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidOptionsError)
    return error as InvalidOptionsError
  }
  throw new TestFailure(`accepted: ${JSON.stringify(Object.keys(options))}`)
}

describe('createModal refuses networks it cannot work with (defect 8)', () => {
  test('bad input: the same network id twice', () => {
    expect(() => make({ networks: [mainnet, arbitrum, { ...mainnet }] })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: options.networks[2].caipNetworkId: duplicate network id
      Docs: https://latchkey.example/errors/InvalidOptionsError
      Details: eip155:1 is also options.networks[0].]
    `)
  })

  test('bad input: a NaN chain id, through defineEvmNetwork or in a copy of a built-in network', () => {
    const nan = defineEvmNetwork({ id: Number.NaN, name: 'Broken', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'https://rpc.example' })
    expect(() => make({ networks: [mainnet, nan] })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: options.networks[1].id: Invalid chain id
      Docs: https://latchkey.example/errors/InvalidOptionsError
      Details: An eip155 network's id is its chain id, a positive integer. Received: NaN]
    `)
    expect(() => make({ networks: [{ ...mainnet, id: Number.NaN }] })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: options.networks[0].id: Invalid chain id
      Docs: https://latchkey.example/errors/InvalidOptionsError
      Details: An eip155 network's id is its chain id, a positive integer. Received: NaN]
    `)
    expect(refusal({ networks: [{ ...mainnet, id: 1.5 }] }).option).toBe('options.networks[0].id')
    expect(refusal({ networks: [{ ...mainnet, id: -1 }] }).option).toBe('options.networks[0].id')
    expect(refusal({ networks: [{ ...mainnet, id: '1' }] }).option).toBe('options.networks[0].id')
  })

  test("bad input: CAIP-2 ids with an empty part are 'Invalid CAIP-2 network id' (spec §5)", () => {
    expect(() => make({ networks: [mainnet, { ...arbitrum, caipNetworkId: 'eip155:' }] })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: options.networks[1].caipNetworkId: Invalid CAIP-2 network id
      Docs: https://latchkey.example/errors/InvalidOptionsError
      Details: Expected namespace:reference, two non-empty parts with a known namespace (eip155, solana, polkadot, bip122, cosmos). Received: "eip155:"]
    `)
    for (const caipNetworkId of [':1', ':', '', 'eip155', 'eip155:1:2', 'eip155::1', 'foo:1', 'eip155:01', 'eip155:0x1', 'eip155: 1']) {
      const error = refusal({ networks: [{ ...mainnet, caipNetworkId }] })
      expect(error.shortMessage, caipNetworkId).toBe('options.networks[0].caipNetworkId: Invalid CAIP-2 network id')
    }
    expect(refusal({ networks: [{ ...solana, id: 'not base58 0OIl', caipNetworkId: 'solana:not base58 0OIl' }] }).option).toBe('options.networks[0].caipNetworkId')
    expect(refusal({ networks: [mainnet, { ...bitcoin, id: 'XYZ', caipNetworkId: 'bip122:XYZ' }] }).option).toBe('options.networks[1].caipNetworkId')
  })

  test('bad input: a chainNamespace, or an id, that disagrees with its caipNetworkId', () => {
    expect(() => make({ networks: [{ ...mainnet, chainNamespace: 'solana' }] })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: options.networks[0].chainNamespace: does not match the caipNetworkId
      Docs: https://latchkey.example/errors/InvalidOptionsError
      Details: chainNamespace is "solana" but caipNetworkId "eip155:1" is of eip155.]
    `)
    expect(() => make({ networks: [{ ...mainnet, id: 42161 }] })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: options.networks[0].id: does not match the caipNetworkId
      Docs: https://latchkey.example/errors/InvalidOptionsError
      Details: id is 42161 but caipNetworkId is "eip155:1".]
    `)
  })

  test('bad input: a network that is not a network; the shape of each field', () => {
    expect(() => make({ networks: [mainnet, null] })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: options.networks[1]: Expected a network (CaipNetwork)
      Docs: https://latchkey.example/errors/InvalidOptionsError
      Details: Received: null]
    `)
    expect(() => make({ networks: 'eip155:1' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: At least one network is required
      Docs: https://latchkey.example/errors/InvalidOptionsError
      Details: options.networks must be an array of networks. Received: "eip155:1"]
    `)
    expect(refusal({ networks: [{ ...mainnet, name: '' }] }).option).toBe('options.networks[0].name')
    expect(refusal({ networks: [{ ...mainnet, nativeCurrency: { ...mainnet.nativeCurrency, decimals: 18.5 } }] }).option).toBe('options.networks[0].nativeCurrency.decimals')
    expect(refusal({ networks: [{ ...mainnet, testnet: 'no' }] }).option).toBe('options.networks[0].testnet')
    expect(refusal({ networks: [{ ...mainnet, imageUrl: 'javascript:alert(1)' }] }).option).toBe('options.networks[0].imageUrl')
  })

  test('bad input: RPC URLs are http(s) (ws(s) for webSocket), parsed with URL (spec §5 connection layer)', () => {
    expect(() => make({ networks: [{ ...mainnet, rpcUrls: { default: { http: ['https://rpc.example', 'javascript:alert(1)'] } } }] })).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidOptionsError: options.networks[0].rpcUrls.default.http[1]: Invalid URL: Expected an absolute http:// or https:// URL. The javascript: protocol is not accepted. Received: "javascript:alert(1)"
      Docs: https://latchkey.example/errors/InvalidOptionsError]
    `,
    )
    for (const url of ['ftp://rpc.example', 'rpc.example', 'https://rpc.example evil', 'https://rpc.example\njavascript:alert(1)', 'https://user:pass@evil.example', 'https://', 'wss://rpc.example']) {
      expect(refusal({ networks: [{ ...mainnet, rpcUrls: { default: { http: [url] } } }] }).option, url).toBe('options.networks[0].rpcUrls.default.http[0]')
    }
    expect(refusal({ networks: [{ ...mainnet, rpcUrls: { default: { http: ['https://rpc.example'], webSocket: ['https://rpc.example'] } } }] }).option).toBe('options.networks[0].rpcUrls.default.webSocket[0]')
    expect(refusal({ networks: [{ ...mainnet, blockExplorers: { default: { name: 'x', url: 'javascript:alert(1)' } } }] }).option).toBe('options.networks[0].blockExplorers.default.url')
  })

  test("bad input: a namespace without an adapter keeps its message ('The adapter for the … namespace does not exist.')", () => {
    const cosmos = { ...mainnet, id: 'cosmoshub-4', chainNamespace: 'cosmos', caipNetworkId: 'cosmos:cosmoshub-4' }
    expect(() => make({ networks: [mainnet, cosmos] })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: The adapter for the cosmos namespace does not exist.
      Docs: https://latchkey.example/errors/InvalidOptionsError
      Details: Network cosmos:cosmoshub-4 (options.networks[1]).]
    `)
  })
})

describe('defaultNetwork (defect 4)', () => {
  test('bad input: a defaultNetwork of a namespace with no configured network is refused, not half-applied', () => {
    expect(() => make({ networks: [anvil31337], defaultNetwork: solana })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: options.defaultNetwork: not one of options.networks
      Docs: https://latchkey.example/errors/InvalidOptionsError
      Details: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" is not configured (eip155:31337): add it to networks, or leave defaultNetwork out.]
    `)
    expect(refusal({ networks: [mainnet], defaultNetwork: arbitrum }).option).toBe('options.defaultNetwork')
    expect(refusal({ networks: [mainnet], defaultNetwork: 'eip155:1' }).option).toBe('options.defaultNetwork')
    expect(refusal({ networks: [mainnet], defaultNetwork: null }).option).toBe('options.defaultNetwork')
  })

  test('behavior: a configured defaultNetwork is the active network and namespace before any wallet, Connect lists the installed wallet', () => {
    const modal = make({ networks: [mainnet, solana, arbitrum], defaultNetwork: arbitrum })
    expect(modal.getState()).toMatchObject({ caipNetworkId: 'eip155:42161', activeNamespace: 'eip155', network: { name: 'Arbitrum One' } })
    const onSolana = make({ networks: [mainnet, solana], defaultNetwork: solana })
    expect(onSolana.getState()).toMatchObject({ caipNetworkId: solana.caipNetworkId, activeNamespace: 'solana' })
  })

  test('behavior: a defaultNetwork given as another object with a configured id is the configured network', () => {
    const modal = make({ networks: [mainnet, arbitrum], defaultNetwork: { ...arbitrum, name: 'Renamed' } })
    expect(modal.getState().network).toBe(arbitrum)
    expect(validateOptions({ networks: [mainnet, arbitrum], defaultNetwork: { ...arbitrum } }).defaultNetwork).toBe(arbitrum)
    expect(validateOptions({ networks: [mainnet, arbitrum] }).defaultNetwork).toBe(mainnet)
  })
})

describe('createModal refuses every other option of the wrong shape (defects 8, 9)', () => {
  test('bad input: a customWallets that is not an array is an InvalidOptionsError, not a bare TypeError', () => {
    expect(() => make({ customWallets: 'x' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: options.customWallets: Invalid type: Expected Array but received "x"
      Docs: https://latchkey.example/errors/InvalidOptionsError]
    `)
    expect(() => make({ customWallets: { id: 'a', name: 'A' } })).toThrow(InvalidOptionsError)
  })

  test('bad input: customWallets entries need a non-empty id and name, unique ids, string links and an image URL', () => {
    expect(() =>
      make({
        customWallets: [
          { id: 'a', name: 'A' },
          { id: 'a', name: 'B' },
        ],
      }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: options.customWallets[1].id: duplicate wallet id
      Docs: https://latchkey.example/errors/InvalidOptionsError
      Details: "a" is also options.customWallets[0].]
    `)
    expect(refusal({ customWallets: [{ id: '', name: 'A' }] }).option).toBe('options.customWallets[0].id')
    expect(refusal({ customWallets: [{ id: 'a' }] }).option).toBe('options.customWallets[0].name')
    expect(refusal({ customWallets: [null] }).option).toBe('options.customWallets[0]')
    expect(refusal({ customWallets: [{ id: 'a', name: 'A', homepage: 42 }] }).option).toBe('options.customWallets[0].homepage')
    expect(refusal({ customWallets: [{ id: 'a', name: 'A', imageUrl: 'javascript:alert(1)' }] }).option).toBe('options.customWallets[0].imageUrl')
  })

  test('bad input: the relay URL is parsed with URL, not matched by a prefix (defect 9)', () => {
    expect(() => make({ walletConnect: { relayUrl: 'ws://127.0.0.1:8700 evil' } })).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidOptionsError: options.walletConnect.relayUrl: Invalid relay URL: A URL may not contain whitespace or control characters. Received: "ws://127.0.0.1:8700 evil"
      Docs: https://latchkey.example/errors/InvalidOptionsError]
    `,
    )
    for (const relayUrl of ['ws://127.0.0.1:8700\njavascript:alert(1)', 'ws://127.0.0.1:8700\tx', 'https://relay.example', 'ws://', 'ws://u:p@evil.example', 'wss://relay.example/#x', 'relay.example', '']) {
      const error = refusal({ walletConnect: { relayUrl } })
      expect(error.option, JSON.stringify(relayUrl)).toBe('options.walletConnect.relayUrl')
      expect(error.message).toContain('Invalid relay URL')
    }
  })

  test('bad input: api URLs are http(s) base URLs, parsed with URL', () => {
    expect(() => make({ api: { blockchainUrl: 'javascript:alert(1)' } })).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidOptionsError: options.api.blockchainUrl: Invalid URL: Expected an absolute http:// or https:// URL. The javascript: protocol is not accepted. Received: "javascript:alert(1)"
      Docs: https://latchkey.example/errors/InvalidOptionsError]
    `,
    )
    expect(refusal({ api: { directoryUrl: 'http://127.0.0.1:8600/directory?x=1' } }).option).toBe('options.api.directoryUrl')
    expect(refusal({ api: { analyticsUrl: 'https://u:p@evil.example' } }).option).toBe('options.api.analyticsUrl')
    expect(refusal({ api: { blockchainUrl: 'http://127.0.0.1:8600 /blockchain' } }).option).toBe('options.api.blockchainUrl')
    expect(refusal({ api: { fetch: 'fetch' } }).option).toBe('options.api.fetch')
  })

  test.each([
    ['enableReconnect', 'yes'],
    ['allowUnsupportedChain', 1],
    ['enableNetworkSwitch', 'false'],
    ['enableEmbedded', null],
    ['basic', 'true'],
    ['debug', 0],
    ['manualWalletConnect', {}],
    ['ignoreSwitchConfirmation', 'yes'],
  ])('bad input: the boolean option %s = %j', (key, value) => {
    const error = refusal({ [key]: value })
    expect(error.option).toBe(`options.${key}`)
    expect(error.shortMessage).toMatch(/Expected boolean/)
  })

  test.each([
    ['themeMode', 'blue', 'options.themeMode'],
    ['themeVariables', { zIndex: '9' }, 'options.themeVariables.zIndex'],
    ['themeVariables', { accent: 5 }, 'options.themeVariables.accent'],
    ['metadata', { name: 'x', description: '', url: 'https://example.org' }, 'options.metadata.icons'],
    ['metadata', { name: 'x', description: '', url: 'javascript:alert(1)', icons: [] }, 'options.metadata.url'],
    ['metadata', { name: 'x', description: '', url: 'https://example.org', icons: ['javascript:alert(1)'] }, 'options.metadata.icons[0]'],
    ['platform', 'tablet', 'options.platform'],
    ['connectorTypeOrder', ['walletConnect', 'teleport'], 'options.connectorTypeOrder[1]'],
    ['connectorTypeOrder', ['recent', 'recent'], 'options.connectorTypeOrder'],
    ['connectorTypeOrder', 'recent', 'options.connectorTypeOrder'],
    ['walletFeaturesOrder', ['send', 'bridge'], 'options.walletFeaturesOrder[1]'],
    ['walletFeaturesOrder', ['send', 'send'], 'options.walletFeaturesOrder'],
    ['walletFeaturesOrder', 'send', 'options.walletFeaturesOrder'],
    ['featuredWalletIds', [1], 'options.featuredWalletIds[0]'],
    ['onrampProviders', [], 'options.onrampProviders'],
    ['onrampProviders', [{ id: '', name: 'Meld', fees: '1-2%' }], 'options.onrampProviders[0].id'],
    ['onrampProviders', [{ id: 'meld', fees: '1-2%' }], 'options.onrampProviders[0].name'],
    ['nameSuffix', 'reown.id', 'options.nameSuffix'],
    ['nameSuffix', '.Reown.ID', 'options.nameSuffix'],
    ['nameSuffix', '.-bad.id', 'options.nameSuffix'],
    ['nameSuffix', 7, 'options.nameSuffix'],
    ['defaultAccountTypes', { eip155: 'payment' }, 'options.defaultAccountTypes.eip155'],
    ['defaultAccountTypes', { bip122: 'smartAccount' }, 'options.defaultAccountTypes.bip122'],
    ['defaultAccountTypes', { cosmos: 'eoa' }, 'options.defaultAccountTypes.cosmos'],
    ['includeWalletIds', 'a,b', 'options.includeWalletIds'],
    ['excludeWalletIds', [''], 'options.excludeWalletIds[0]'],
    ['features', { send: 'on' }, 'options.features.send'],
    ['features', { socials: true }, 'options.features.socials'],
    ['clientId', 7, 'options.clientId'],
    ['projectId', 7, 'options.projectId'],
    ['clock', { setTimeout: 1, clearTimeout: () => {} }, 'options.clock.setTimeout'],
    ['storage', {}, 'options.storage.getItem'],
    ['inspect', 5, 'options.inspect'],
    ['adapter', {}, 'options.adapter.watchConnectors'],
    ['transferAdapter', { estimateTransfer: () => {} }, 'options.transferAdapter.sendTransfer'],
    ['walletConnect', true, 'options.walletConnect'],
    ['walletConnect', { storagePrefix: '' }, 'options.walletConnect.storagePrefix'],
    ['siwx', { createMessage: () => {}, addSession: () => {}, getSessions: () => {}, revokeSession: () => {}, required: 'yes' }, 'options.siwx.required'],
  ])('bad input: %s = %j is refused at %s', (key, value, option) => {
    expect(refusal({ [key]: value }).option).toBe(option)
  })

  test('bad input: a malformed locale tag is refused, naming the option and the tag; a well-formed one is accepted', () => {
    expect(refusal({ locale: 'en_US!' })).toMatchObject({ option: 'options.locale', shortMessage: `options.locale: Invalid locale: "en_US!" is not 'auto' or a BCP 47 language tag` })
    expect(refusal({ locale: 7 }).option).toBe('options.locale')
    expect(refusal({ locale: '' }).option).toBe('options.locale')
    expect(refusal({ locale: 'Auto' }).option).toBe('options.locale')
    expect(() => make({ locale: 'de-DE' })).not.toThrow()
    expect(() => make({ locale: 'auto' })).not.toThrow()
  })

  test('bad input: messages that are not an object of words (a number for a word, a list of words, a string) are refused, naming the option', () => {
    expect(refusal({ messages: { 'titles.Connect': 42 } }).option).toBe('options.messages.titles.Connect')
    expect(refusal({ messages: 'Connect' }).option).toBe('options.messages')
    expect(() => make({ messages: { 'titles.Connect': 'Sign in', 'callsStatus.asking': (n: number) => `${n}` } })).not.toThrow()
  })

  test("bad input: a nonce that is not CSP's base64 text (a number, empty, spaces, quotes, a directive) is refused, naming the option; base64 and base64url pass", () => {
    expect(refusal({ nonce: 'abc def' })).toMatchObject({
      option: 'options.nonce',
      shortMessage: 'options.nonce: Invalid nonce: expected base64 or base64url text (letters, digits, + / - _, up to two = at the end) but received "abc def"',
    })
    for (const bad of [42, '', "'nonce-abc'", 'abc;script-src *', 'a=b', 'abc===', '<abc>', null]) expect(refusal({ nonce: bad }).option, JSON.stringify(bad)).toBe('options.nonce')
    for (const good of ['rAnd0m+/w==', 'rAnd0m-_w', 'MTIzNDU2Nzg5MA=']) expect(() => make({ nonce: good }), good).not.toThrow()
  })

  test('bad input: not an options object at all', () => {
    expect(() => createModal(null as never)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: Invalid options
      Docs: https://latchkey.example/errors/InvalidOptionsError
      Details: createModal expects an options object. Received: null]
    `)
    expect(() => createModal('eip155:1' as never)).toThrow(InvalidOptionsError)
  })
})

describe('createModal accepts every option of the right shape', () => {
  test('behavior: all options set, unknown extra keys ignored: the modal starts', () => {
    const clock = { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (id: unknown) => clearTimeout(id as never) }
    const modal = make({
      // (EVM networks only: a Solana or Bitcoin network would load its adapter in the background.)
      networks: [mainnet, arbitrum, { ...anvil31337, rpcUrls: { default: { http: ['http://127.0.0.1:8545'], webSocket: ['ws://127.0.0.1:8545'] } }, imageUrl: 'data:image/png;base64,AAAA' }],
      defaultNetwork: arbitrum,
      metadata: { name: 'Dapp', description: 'd', url: 'https://dapp.example', icons: ['https://dapp.example/icon.png'] },
      themeMode: 'dark',
      themeVariables: { accent: '#7b61ff', zIndex: 1000 },
      nonce: 'cmFuZG9tLW5vbmNl',
      enableReconnect: false,
      allowUnsupportedChain: true,
      enableNetworkSwitch: true,
      enableEmbedded: false,
      features: { allWallets: true, send: false, socials: false, analytics: false },
      basic: false,
      api: { blockchainUrl: 'http://127.0.0.1:8600/blockchain/', directoryUrl: 'https://api.example', fetch: globalThis.fetch },
      clientId: 'c',
      platform: 'links',
      featuredWalletIds: ['a'],
      onrampProviders: [{ id: 'coinbase', name: 'Coinbase', fees: '1%' }],
      nameSuffix: '.wcn.id',
      defaultAccountTypes: { eip155: 'eoa', bip122: 'ordinals' },
      includeWalletIds: [],
      excludeWalletIds: ['b'],
      customWallets: [{ id: 'mine', name: 'Mine', homepage: 'https://mine.example', mobile_link: 'mine://', webapp_link: undefined, imageUrl: 'https://mine.example/i.png' }],
      debug: false,
      inspect: { next: () => {} },
      walletConnect: { relayUrl: 'wss://relay.example/v1', storagePrefix: 'x' },
      manualWalletConnect: false,
      clock,
      somethingElse: { anything: true },
    })
    expect(modal.getState()).toMatchObject({ caipNetworkId: 'eip155:42161', open: false })
    expect(() => make({ walletConnect: false, inspect: () => {} })).not.toThrow()
  })

  test('behavior: the built-in networks and networks of defineEvmNetwork pass', () => {
    const networks: CaipNetwork[] = [mainnet, arbitrum, solana, bitcoin, anvil31337]
    expect(validateOptions({ networks }).defaultNetwork).toBe(mainnet)
  })
})

describe('spec §9: connectorTypeOrder option', () => {
  test('spec §9: connectorTypeOrder option: the spec group names, each at most once; anything else is refused with the reason', () => {
    expect(() => validateOptions({ networks: [mainnet], connectorTypeOrder: ['recent', 'injected', 'walletConnect'] })).not.toThrow()
    expect(refusal({ connectorTypeOrder: ['walletConnect', 'teleport'] }).shortMessage).toMatchInlineSnapshot(
      `"options.connectorTypeOrder[1]: Invalid connector type: expected one of walletConnect, recent, injected, featured, custom, external, recommended but received "teleport""`,
    )
    expect(refusal({ connectorTypeOrder: ['recent', 'recent'] }).shortMessage).toMatchInlineSnapshot(`"options.connectorTypeOrder: Duplicate connector type"`)
  })
})

describe('spec §9: walletFeaturesOrder option', () => {
  test('spec §9: walletFeaturesOrder option: the spec feature names, each at most once; anything else is refused with the reason', () => {
    expect(() => validateOptions({ networks: [mainnet], walletFeaturesOrder: ['send', 'receive'] })).not.toThrow()
    expect(refusal({ walletFeaturesOrder: ['send', 'bridge'] }).shortMessage).toMatchInlineSnapshot(
      `"options.walletFeaturesOrder[1]: Invalid wallet feature: expected one of onramp, swaps, receive, send but received "bridge""`,
    )
    expect(refusal({ walletFeaturesOrder: ['send', 'send'] }).shortMessage).toMatchInlineSnapshot(`"options.walletFeaturesOrder: Duplicate wallet feature"`)
  })
})

describe('nameSuffix (spec §9: suffixes as configuration)', () => {
  type WithRegistry = { actor: { getSnapshot(): { context: { registry: Record<string, { input?: (facts: never) => unknown }> } } } }
  const namesInput = (modal: unknown) => (modal as WithRegistry).actor.getSnapshot().context.registry['names']!.input!({} as never) as { suffix?: string }

  test("behavior: the option reaches the names machine; without it the option's default, spec §9's '.reown.id'", () => {
    expect(namesInput(make({ nameSuffix: '.wcn.id' })).suffix).toBe('.wcn.id')
    expect(namesInput(make({})).suffix).toBe('.reown.id')
  })

  test('behavior: a suffix without its dot is refused, saying what a suffix looks like', () => {
    expect(refusal({ nameSuffix: 'reown.id' }).shortMessage).toContain("expected a dot and DNS labels, like '.reown.id'")
  })
})
