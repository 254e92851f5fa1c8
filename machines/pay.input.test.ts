import { describe, expect, test } from 'vitest'
import { BaseError } from '../adapters/errors.ts'
import { defineEvmNetwork, mainnet, solana } from '../adapters/networks.ts'
import { InvalidPayParametersError, PayChainNotConfiguredError, toBaseUnits, validatePay } from './pay.input.ts'

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'http://127.0.0.1:8545', testnet: true })
const networks = [anvil, mainnet, solana]

/** The error `validatePay` throws for `parameters` (the test fails when it does not throw). */
function refusal(parameters: unknown): BaseError {
  try {
    validatePay(parameters, networks)
  } catch (error) {
    expect(error).toBeInstanceOf(BaseError)
    return error as BaseError
  }
  throw new BaseError('validatePay accepted the parameters')
}

const pathOf = (parameters: unknown) => {
  const error = refusal(parameters)
  expect(error).toBeInstanceOf(InvalidPayParametersError)
  return (error as InvalidPayParametersError).path
}

describe('validatePay', () => {
  test('behavior: a native payment by CAIP-19 id is checked against the network decimals and its recipient checksummed', () => {
    expect(validatePay({ recipient: BOB.toLowerCase(), amount: '0.5', asset: 'eip155:31337/slip44:60', memo: 'Order 42' }, networks)).toEqual({
      recipient: BOB,
      amount: '0.5',
      asset: {
        namespace: 'eip155',
        kind: 'native',
        chainId: 31337,
        caipNetworkId: 'eip155:31337',
        caip19: 'eip155:31337/slip44:60',
        symbol: 'ETH',
        decimals: 18,
        networkName: 'Anvil',
        native: { symbol: 'ETH', decimals: 18 },
      },
      memo: 'Order 42',
      confirmations: 1,
    })
  })

  test('behavior: an ERC-20 given as { chainId, address } or as CAIP-19 is the same asset', () => {
    const byObject = validatePay({ recipient: BOB, amount: '12.34', asset: { chainId: 'eip155:31337', address: USDC.toLowerCase() } }, networks)
    const byCaip = validatePay({ recipient: BOB, amount: '12.34', asset: `eip155:31337/erc20:${USDC}`, chainId: 31337 }, networks)
    expect(byObject.asset).toEqual({
      namespace: 'eip155',
      kind: 'erc20',
      chainId: 31337,
      caipNetworkId: 'eip155:31337',
      caip19: `eip155:31337/erc20:${USDC}`,
      address: USDC,
      networkName: 'Anvil',
      native: { symbol: 'ETH', decimals: 18 },
    })
    expect(byCaip.asset).toEqual(byObject.asset)
  })

  test('behavior: "native" takes the chainId given', () => {
    expect(validatePay({ recipient: BOB, amount: '1', asset: 'native', chainId: 1 }, networks).asset).toMatchObject({ kind: 'native', chainId: 1, symbol: 'ETH' })
  })

  test('behavior: bad inputs are refused with the field named', () => {
    expect(pathOf(null)).toBe('parameters')
    expect(pathOf({ recipient: BOB, amount: 0.5, asset: 'eip155:1/slip44:60' })).toBe('amount')
    expect(pathOf({ recipient: BOB, amount: '1e18', asset: 'eip155:1/slip44:60' })).toBe('amount')
    expect(pathOf({ recipient: BOB, amount: '-1', asset: 'eip155:1/slip44:60' })).toBe('amount')
    expect(pathOf({ recipient: BOB, amount: '0.0', asset: 'eip155:1/slip44:60' })).toBe('amount')
    expect(pathOf({ recipient: BOB, amount: '0.1234567890123456789', asset: 'eip155:1/slip44:60' })).toBe('amount')
    expect(pathOf({ recipient: '0x70997970c51812dc3A010C7d01b50e0d17dc79C8', amount: '1', asset: 'eip155:1/slip44:60' })).toBe('recipient')
    expect(pathOf({ recipient: 'bob', amount: '1', asset: 'eip155:1/slip44:60' })).toBe('recipient')
    expect(pathOf({ recipient: 'bob.eth!', amount: '1', asset: 'eip155:1/slip44:60' })).toBe('recipient')
    expect(pathOf({ recipient: BOB, amount: '1', asset: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/slip44:501' })).toBe('recipient')
    expect(pathOf({ recipient: BOB, amount: '1', asset: 'eip155:1/erc721:0x5FbDB2315678afecb367f032d93F642f64180aa3' })).toBe('asset')
    expect(pathOf({ recipient: BOB, amount: '1', asset: { chainId: 1, address: 'nope' } })).toBe('asset')
    expect(pathOf({ recipient: BOB, amount: '1', asset: 'native' })).toBe('chainId')
    expect(pathOf({ recipient: BOB, amount: '1', asset: 'eip155:1/slip44:60', chainId: 31337 })).toBe('chainId')
    expect(pathOf({ recipient: BOB, amount: '1', asset: 'eip155:1/slip44:60', memo: 'x'.repeat(141) })).toBe('memo')
    expect(pathOf({ recipient: BOB, amount: '1', asset: 'eip155:1/slip44:60', tip: '1' })).toBe('tip')
  })

  test('behavior: confirmations, a whole number of blocks from 1 to 64, default 1; anything else refused at confirmations', () => {
    expect(validatePay({ recipient: BOB, amount: '1', asset: 'eip155:1/slip44:60' }, networks).confirmations).toBe(1)
    expect(validatePay({ recipient: BOB, amount: '1', asset: 'eip155:1/slip44:60', confirmations: 12 }, networks).confirmations).toBe(12)
    for (const confirmations of [0, -1, 1.5, 65, '3', Number.NaN, null]) expect(pathOf({ recipient: BOB, amount: '1', asset: 'eip155:1/slip44:60', confirmations }), String(confirmations)).toBe('confirmations')
    expect(refusal({ recipient: BOB, amount: '1', asset: 'eip155:1/slip44:60', confirmations: 0 }).message).toMatchInlineSnapshot(`
      "confirmations: must be a whole number of blocks from 1 to 64
      Docs: https://latchkey.example/errors/InvalidPayParametersError
      Details: Received: 0"
    `)
  })

  test('behavior: a float amount is refused with the reason', () => {
    expect(refusal({ recipient: BOB, amount: 0.1, asset: 'eip155:1/slip44:60' }).message).toMatchInlineSnapshot(`
      "amount: must be a decimal string (not a number: no floats)
      Docs: https://latchkey.example/errors/InvalidPayParametersError
      Details: Received: 0.1"
    `)
  })

  test('behavior: a chain the dapp did not configure is refused with the configured eip155 networks listed', () => {
    const error = refusal({ recipient: BOB, amount: '1', asset: 'eip155:10/slip44:60' })
    expect(error).toBeInstanceOf(PayChainNotConfiguredError)
    expect(error.message).toMatchInlineSnapshot(`
      "The payment names a network that is not configured
      Docs: https://latchkey.example/errors/PayChainNotConfiguredError
      Details: Asked for eip155:10; configured: eip155:31337, eip155:1, solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp."
    `)
  })

  test("behavior: a name on eip155 (Send's rule) is kept, lower case, to be resolved before anything opens", () => {
    expect(validatePay({ recipient: ' Alice.Reown.ID ', amount: '1', asset: 'eip155:1/slip44:60' }, networks)).toMatchObject({ recipient: 'alice.reown.id', recipientName: 'alice.reown.id' })
  })
})

describe('validatePay on solana', () => {
  const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
  const GENESIS = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d'
  const ALICE = 'HPRrGFaH1GeKXeURURykoaHz1ejDuRbyEJXdcNq6FjhV'
  const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
  const solanaShared = { namespace: 'solana', chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', caipNetworkId: SOLANA, networkName: 'Solana', native: { symbol: 'SOL', decimals: 9 } }

  test('behavior: SOL by CAIP-19 (the genesis hash or its 32-character reference) is checked against its 9 decimals', () => {
    const request = validatePay({ recipient: ALICE, amount: '0.25', asset: `solana:${GENESIS}/slip44:501` }, networks)
    expect(request).toEqual({ recipient: ALICE, amount: '0.25', asset: { ...solanaShared, kind: 'native', caip19: `${SOLANA}/slip44:501`, symbol: 'SOL', decimals: 9 }, memo: undefined, confirmations: 1 })
    expect(validatePay({ recipient: ALICE, amount: '0.25', asset: 'native', chainId: SOLANA }, networks)).toEqual(request)
  })

  test('behavior: an SPL token by CAIP-19 or { chainId, address } is the same asset (its decimals read later from the mint)', () => {
    const byCaip = validatePay({ recipient: ALICE, amount: '12.5', asset: `${SOLANA}/token:${MINT}` }, networks)
    expect(byCaip.asset).toEqual({ ...solanaShared, kind: 'spl', caip19: `${SOLANA}/token:${MINT}`, address: MINT })
    expect(validatePay({ recipient: ALICE, amount: '12.5', asset: { chainId: SOLANA, address: MINT }, chainId: SOLANA }, networks)).toEqual(byCaip)
  })

  test('bad input: a bad mint, too many decimals, an invalid key, a name or an EVM address, another coin type: each refused at its field', () => {
    expect(pathOf({ recipient: ALICE, amount: '1', asset: `${SOLANA}/token:not-a-mint` })).toBe('asset')
    expect(pathOf({ recipient: ALICE, amount: '1', asset: `${SOLANA}/token:${MINT.slice(0, 20)}` })).toBe('asset')
    expect(pathOf({ recipient: ALICE, amount: '1', asset: { chainId: SOLANA, address: BOB } })).toBe('asset')
    expect(pathOf({ recipient: ALICE, amount: '1', asset: `${SOLANA}/erc20:${USDC}` })).toBe('asset')
    expect(pathOf({ recipient: ALICE, amount: '1', asset: `${SOLANA}/slip44:60` })).toBe('asset')
    expect(pathOf({ recipient: ALICE, amount: '1', asset: `eip155:1/token:${MINT}` })).toBe('asset')
    expect(pathOf({ recipient: ALICE, amount: '0.0000000001', asset: `${SOLANA}/slip44:501` })).toBe('amount')
    expect(pathOf({ recipient: `${ALICE}0`, amount: '1', asset: `${SOLANA}/slip44:501` })).toBe('recipient')
    expect(pathOf({ recipient: 'alice.sol', amount: '1', asset: `${SOLANA}/slip44:501` })).toBe('recipient')
    expect(pathOf({ recipient: BOB, amount: '1', asset: `${SOLANA}/token:${MINT}` })).toBe('recipient')
    expect(pathOf({ recipient: ALICE, amount: '1', asset: `${SOLANA}/slip44:501`, chainId: 1 })).toBe('chainId')
    // Confirmations count eip155 blocks; a Solana payment ends at the cluster's confirmed commitment.
    expect(pathOf({ recipient: ALICE, amount: '1', asset: `${SOLANA}/slip44:501`, confirmations: 2 })).toBe('confirmations')
    expect(refusal({ recipient: ALICE, amount: '1', asset: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1/slip44:501' })).toBeInstanceOf(PayChainNotConfiguredError)
    expect(refusal({ recipient: 'O0Il'.repeat(11), amount: '1', asset: `${SOLANA}/slip44:501` }).message).toMatchInlineSnapshot(`
      "recipient: must be a Solana public key (base58, 32 bytes)
      Docs: https://latchkey.example/errors/InvalidPayParametersError
      Details: Received: "O0IlO0IlO0IlO0IlO0IlO0IlO0IlO0IlO0IlO0IlO0Il""
    `)
  })
})

describe('toBaseUnits', () => {
  test('behavior: decimal strings become base units without floats', () => {
    expect(toBaseUnits('12.34', 6)).toBe(12_340_000n)
    expect(toBaseUnits('0.000000000000000001', 18)).toBe(1n)
    expect(toBaseUnits('7', 0)).toBe(7n)
    expect(toBaseUnits('123456789012345678901234567890.5', 1)).toBe(1234567890123456789012345678905n)
  })

  test('behavior: more fraction digits than the decimals, or zero, is refused at amount', () => {
    expect(() => toBaseUnits('1.5', 0)).toThrow(InvalidPayParametersError)
    expect(() => toBaseUnits('1.1234567', 6)).toThrow('amount: must have at most 6 fraction digits')
    expect(() => toBaseUnits('0', 6)).toThrow('amount: must be more than zero')
  })
})
