// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { createModal, createSiwx, defineEvmNetwork, defineSolanaNetwork, InvalidOptionsError, InvalidUrlError, mainnet, type ModalOptions } from './index.ts'

/**
 * Spec §5 "Connection layer accepts only http(s) or ws(s) URLs", through every public entry point that takes a URL
 * the modal connects to: `createModal`'s `api` base URLs, its networks' RPC URLs (`http` and `webSocket`) and its
 * WalletConnect `relayUrl` (an `InvalidOptionsError` naming the option), `createSiwx({ url })`, and the `rpcUrl` of
 * `defineEvmNetwork` / `defineSolanaNetwork` (an `InvalidUrlError` at once). Each is parsed with `URL`
 * (kernel/urls.ts); the policy's finer points (credentials, control characters, backslashes) have their own
 * property tests in adapters/urls.property.test.ts.
 */
const instances: Array<{ destroy(): void }> = []
afterEach(() => instances.splice(0).forEach((m) => m.destroy()))
const make = (options: Record<string, unknown>) => {
  const modal = createModal({ projectId: 'p', networks: [mainnet], storage: createMemoryStorage(), adapter: createEip155Adapter({ window }), walletConnect: false, ...options } as ModalOptions)
  instances.push(modal)
  return modal
}
/** The `option` of the `InvalidOptionsError` these options raise; `'accepted'` when the modal starts. */
function outcome(options: Record<string, unknown>): string {
  try {
    make(options)
    return 'accepted'
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidOptionsError)
    return (error as InvalidOptionsError).option ?? '(no option)'
  }
}

/** URLs of no accepted protocol, whatever the entry point. */
const neverAccepted = ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,<script>1</script>', 'ftp://api.example', 'blob:https://api.example/1', 'api.example', '//api.example', '']
const http = ['http://127.0.0.1:8600', 'https://api.example/v1']
const ws = ['ws://127.0.0.1:8700', 'wss://relay.example']

const withRpc = (rpcUrls: Record<string, unknown>) => ({ networks: [{ ...mainnet, rpcUrls: { default: { http: ['https://eth.example'], ...rpcUrls } } }] })
const httpEntryPoints: Array<[string, (url: string) => Record<string, unknown>]> = [
  ['options.api.blockchainUrl', (url) => ({ api: { blockchainUrl: url } })],
  ['options.api.directoryUrl', (url) => ({ api: { directoryUrl: url } })],
  ['options.api.analyticsUrl', (url) => ({ api: { analyticsUrl: url } })],
  ['options.networks[0].rpcUrls.default.http[0]', (url) => withRpc({ http: [url] })],
]
const wsEntryPoints: Array<[string, (url: string) => Record<string, unknown>]> = [
  ['options.networks[0].rpcUrls.default.webSocket[0]', (url) => withRpc({ webSocket: [url] })],
  ['options.walletConnect.relayUrl', (url) => ({ walletConnect: { relayUrl: url } })],
]

describe('spec §5: the connection layer accepts only http(s) or ws(s) URLs', () => {
  test('spec §5: the connection layer accepts only http(s) or ws(s) URLs: createModal refuses any other URL with an InvalidOptionsError naming the option', () => {
    for (const [option, options] of httpEntryPoints) {
      for (const url of [...neverAccepted, ...ws]) expect(outcome(options(url)), `${option} = ${JSON.stringify(url)}`).toBe(option)
      for (const url of http) expect(outcome(options(url)), `${option} = ${url}`).toBe('accepted')
    }
    for (const [option, options] of wsEntryPoints) {
      for (const url of [...neverAccepted, ...http]) expect(outcome(options(url)), `${option} = ${JSON.stringify(url)}`).toBe(option)
      // (The relay is checked, not connected to: WalletConnect loads with the first pairing.)
      for (const url of ws) expect(outcome(options(url)), `${option} = ${url}`).toBe('accepted')
    }
    expect(() => make({ api: { blockchainUrl: 'ws://127.0.0.1:8600/blockchain' } })).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidOptionsError: options.api.blockchainUrl: Invalid URL: Expected an absolute http:// or https:// URL. The ws: protocol is not accepted. Received: "ws://127.0.0.1:8600/blockchain"
      Docs: https://latchkey.example/errors/InvalidOptionsError]
    `,
    )
    expect(() => make({ walletConnect: { relayUrl: 'https://relay.example' } })).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidOptionsError: options.walletConnect.relayUrl: Invalid relay URL: Expected an absolute ws:// or wss:// URL. The https: protocol is not accepted. Received: "https://relay.example"
      Docs: https://latchkey.example/errors/InvalidOptionsError]
    `,
    )
  })

  test('spec §5: the connection layer accepts only http(s) or ws(s) URLs: createSiwx and the network definitions refuse any other URL with an InvalidUrlError at once', () => {
    const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
    const entryPoints: Array<[string, (url: string) => unknown]> = [
      ['createSiwx({ url })', (url) => createSiwx({ url })],
      ['defineEvmNetwork({ rpcUrl })', (rpcUrl) => defineEvmNetwork({ id: 31337, name: 'Anvil', nativeCurrency: ether, rpcUrl })],
      ['defineSolanaNetwork({ rpcUrl })', (rpcUrl) => defineSolanaNetwork({ reference: 'AK7zphcMpwwaFXRuPquNGSMjWsVvhFPZ', name: 'Localnet', rpcUrl })],
    ]
    for (const [entryPoint, run] of entryPoints) {
      for (const url of [...neverAccepted, ...ws]) expect(() => run(url), `${entryPoint} with ${JSON.stringify(url)}`).toThrow(InvalidUrlError)
      for (const url of http) expect(() => run(url), `${entryPoint} with ${url}`).not.toThrow()
    }
    expect(() => createSiwx({ url: 'wss://api.example/siwx' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidUrlError: Invalid URL
      Docs: https://latchkey.example/errors/InvalidUrlError
      Details: Expected an absolute http:// or https:// URL. The wss: protocol is not accepted. Received: "wss://api.example/siwx"]
    `)
    expect(() => defineEvmNetwork({ id: 31337, name: 'Anvil', nativeCurrency: ether, rpcUrl: 'ws://127.0.0.1:8545' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidUrlError: Invalid URL
      Docs: https://latchkey.example/errors/InvalidUrlError
      Details: Expected an absolute http:// or https:// URL. The ws: protocol is not accepted. Received: "ws://127.0.0.1:8545"]
    `)
  })
})
