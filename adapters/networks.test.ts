import { describe, expect, test } from 'vitest'
import { arbitrum, bitcoin, bitcoinRegtest, bitcoinTestnet, bsc, builtInNetworks, defineEvmNetwork, defineSolanaNetwork, mainnet, solana, solanaDevnet, solanaTestnet } from './networks.ts'
import { InvalidUrlError } from '../kernel/urls.ts'

/** The facts of a network that spec §3 names: id, name, CAIP-2 id, native currency and RPC URL. */
const facts = ({ id, name, caipNetworkId, nativeCurrency, rpcUrls }: typeof mainnet) => ({ id, name, caipNetworkId, nativeCurrency, rpcUrl: rpcUrls.default.http })

describe('spec §3: the built-in networks', () => {
  test('spec §3: every built-in network has its id, name, CAIP-2 id, native currency and RPC URL', () => {
    expect([mainnet, arbitrum, bsc, solana, solanaDevnet, solanaTestnet, bitcoin, bitcoinTestnet, bitcoinRegtest].map(facts)).toMatchInlineSnapshot(`
      [
        {
          "caipNetworkId": "eip155:1",
          "id": 1,
          "name": "Ethereum",
          "nativeCurrency": {
            "decimals": 18,
            "name": "Ether",
            "symbol": "ETH",
          },
          "rpcUrl": [
            "https://eth.merkle.io",
          ],
        },
        {
          "caipNetworkId": "eip155:42161",
          "id": 42161,
          "name": "Arbitrum One",
          "nativeCurrency": {
            "decimals": 18,
            "name": "Ether",
            "symbol": "ETH",
          },
          "rpcUrl": [
            "https://arb1.arbitrum.io/rpc",
          ],
        },
        {
          "caipNetworkId": "eip155:56",
          "id": 56,
          "name": "BNB Smart Chain",
          "nativeCurrency": {
            "decimals": 18,
            "name": "BNB",
            "symbol": "BNB",
          },
          "rpcUrl": [
            "https://56.rpc.thirdweb.com",
          ],
        },
        {
          "caipNetworkId": "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
          "id": "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
          "name": "Solana",
          "nativeCurrency": {
            "decimals": 9,
            "name": "Solana",
            "symbol": "SOL",
          },
          "rpcUrl": [
            "https://api.mainnet-beta.solana.com",
          ],
        },
        {
          "caipNetworkId": "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
          "id": "EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
          "name": "Solana Devnet",
          "nativeCurrency": {
            "decimals": 9,
            "name": "Solana",
            "symbol": "SOL",
          },
          "rpcUrl": [
            "https://api.devnet.solana.com",
          ],
        },
        {
          "caipNetworkId": "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z",
          "id": "4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z",
          "name": "Solana Testnet",
          "nativeCurrency": {
            "decimals": 9,
            "name": "Solana",
            "symbol": "SOL",
          },
          "rpcUrl": [
            "https://api.testnet.solana.com",
          ],
        },
        {
          "caipNetworkId": "bip122:000000000019d6689c085ae165831e93",
          "id": "000000000019d6689c085ae165831e93",
          "name": "Bitcoin",
          "nativeCurrency": {
            "decimals": 8,
            "name": "Bitcoin",
            "symbol": "BTC",
          },
          "rpcUrl": [
            "https://rpc.walletconnect.org/v1",
          ],
        },
        {
          "caipNetworkId": "bip122:000000000933ea01ad0ee984209779ba",
          "id": "000000000933ea01ad0ee984209779ba",
          "name": "Bitcoin Testnet",
          "nativeCurrency": {
            "decimals": 8,
            "name": "Bitcoin",
            "symbol": "BTC",
          },
          "rpcUrl": [
            "https://rpc.walletconnect.org/v1",
          ],
        },
        {
          "caipNetworkId": "bip122:0f9188f13cb7b2c71f2a335e3a4fc328",
          "id": "0f9188f13cb7b2c71f2a335e3a4fc328",
          "name": "Bitcoin Regtest",
          "nativeCurrency": {
            "decimals": 8,
            "name": "Bitcoin",
            "symbol": "BTC",
          },
          "rpcUrl": [
            "http://127.0.0.1:8600/blockchain",
          ],
        },
      ]
    `)
  })

  test('spec §3: the built-in chains are Ethereum, Arbitrum One, BNB Smart Chain, Solana mainnet/devnet/testnet and Bitcoin mainnet/testnet', () => {
    expect(builtInNetworks.map((n) => `${n.caipNetworkId} ${n.name}${n.testnet ? ' (testnet)' : ''}`)).toMatchInlineSnapshot(`
      [
        "eip155:1 Ethereum",
        "eip155:42161 Arbitrum One",
        "eip155:56 BNB Smart Chain",
        "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp Solana",
        "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1 Solana Devnet (testnet)",
        "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z Solana Testnet (testnet)",
        "bip122:000000000019d6689c085ae165831e93 Bitcoin",
        "bip122:000000000933ea01ad0ee984209779ba Bitcoin Testnet (testnet)",
      ]
    `)
  })
})

describe('spec §5: the connection layer accepts only http(s) or ws(s) URLs', () => {
  test('spec §5: the connection layer accepts only http(s) or ws(s) URLs: defineEvmNetwork and defineSolanaNetwork refuse an RPC URL that is not http(s)', () => {
    const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
    for (const rpcUrl of ['ws://127.0.0.1:8545', 'javascript:alert(1)', 'file:///etc/passwd', '127.0.0.1:8545', 'http://u:p@evil.example', 'http://127.0.0.1:8545\n', '']) {
      expect(() => defineEvmNetwork({ id: 31337, name: 'Anvil', nativeCurrency: ether, rpcUrl }), JSON.stringify(rpcUrl)).toThrow(InvalidUrlError)
      expect(() => defineSolanaNetwork({ reference: 'AK7zphcMpwwaFXRuPquNGSMjWsVvhFPZ', name: 'Localnet', rpcUrl }), JSON.stringify(rpcUrl)).toThrow(InvalidUrlError)
    }
    expect(() => defineEvmNetwork({ id: 31337, name: 'Anvil', nativeCurrency: ether, rpcUrl: 'ftp://rpc.example' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidUrlError: Invalid URL
      Docs: https://latchkey.example/errors/InvalidUrlError
      Details: Expected an absolute http:// or https:// URL. The ftp: protocol is not accepted. Received: "ftp://rpc.example"]
    `)
    expect(defineEvmNetwork({ id: 31337, name: 'Anvil', nativeCurrency: ether, rpcUrl: 'http://127.0.0.1:8545' }).rpcUrls.default.http).toEqual(['http://127.0.0.1:8545'])
    expect(defineSolanaNetwork({ reference: 'AK7zphcMpwwaFXRuPquNGSMjWsVvhFPZ', name: 'Localnet', rpcUrl: 'https://rpc.example/solana' }).rpcUrls.default.http).toEqual(['https://rpc.example/solana'])
  })
})
