/**
 * The convert calls and prices of the reference API against a real Uniswap v2 exchange, on an anvil of this file's
 * own (fresh pools, so quotes and prices are compared with reserves nobody else moves).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, decodeFunctionData, defineChain, erc20Abi, formatUnits, http, maxUint256 } from 'viem'
import type { Address, Hash, Hex, PublicClient } from 'viem'
import { devAccounts } from '../accounts.ts'
import { findFreePort, startAnvil } from '../anvil.ts'
import type { AnvilInstance } from '../anvil.ts'
import { devNativeCurrency } from '../chains.ts'
import { FACTORY_ADDRESS, ROUTER_ADDRESS, WETH_ADDRESS, deployDevExchange, factoryAbi, getAmountOut, readReserves, routerAbi, wethAbi } from '../dex/deploy.ts'
import { deployDevTokens } from '../tokens/deploy.ts'
import { DEV_TETHER_ADDRESS, DEV_TOKEN_ADDRESS } from '../tokens/tokens.ts'
import { startApiServer } from './server.ts'
import type { ApiServer } from './server.ts'

const chainId = 31337
const caip = (address: string) => `eip155:${chainId}:${address}`
const ETH = caip('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')
const WETH = caip(WETH_ADDRESS)
const DEV = caip(DEV_TOKEN_ADDRESS)
const DUSDT = caip(DEV_TETHER_ADDRESS)
const common = { st: 'appkit', sv: 'latchkey-test', projectId: 'test-project' }
const trader = devAccounts()[3]!

let anvil: AnvilInstance
let api: ApiServer
let client: PublicClient
/** The trader's transactions of the swap tests, by what they did (read back in its history). */
const sent = new Map<string, { hash: Hash; amountIn: bigint; amountOut: bigint }>()

type Tx = { from: string; to: Address; data: Hex; value: string; gas?: string }
type Quote = { fromAmount: string; toAmount: string; fromToken: string; toToken: string; priceImpact: number }

beforeAll(async () => {
  anvil = await startAnvil({ port: await findFreePort(), chainId })
  await deployDevTokens({ rpcUrl: anvil.url, chainId })
  await deployDevExchange({ rpcUrl: anvil.url, chainId })
  api = await startApiServer({ port: 0, chains: [{ chainId, rpcUrl: anvil.url }] })
  client = createPublicClient({ transport: http(anvil.url), cacheTime: 0, pollingInterval: 50 }) as PublicClient
}, 60_000)

afterAll(async () => {
  await api?.stop()
  await anvil?.stop()
})

async function call(method: 'GET' | 'POST', path: string, input: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  const url = new URL(`${api.url}/blockchain${path}`)
  if (method === 'GET') for (const [k, v] of Object.entries({ ...common, ...input })) url.searchParams.set(k, String(v))
  const response = await fetch(url, method === 'GET' ? {} : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) })
  return { status: response.status, body: await response.json() }
}

async function ok<T>(method: 'GET' | 'POST', path: string, input: Record<string, unknown>): Promise<T> {
  const { status, body } = await call(method, path, input)
  expect(status, JSON.stringify(body)).toBe(200)
  return body as T
}

const quoteOf = async (from: string, to: string, amount: bigint): Promise<Quote> =>
  (await ok<{ quotes: Quote[] }>('GET', '/v1/convert/quotes', { amount: amount.toString(), userAddress: trader.address, from, to })).quotes[0]!

const build = (from: string, to: string, amount: bigint, slippage = '1') =>
  ok<{ tx: Tx }>('POST', '/v1/convert/build-transaction', { amount: amount.toString(), eip155: { slippage }, projectId: 'p', from, to, userAddress: trader.address }).then((r) => r.tx)

/** Sends a transaction the API built, from the trader (a local dev account), and waits for it. */
async function send(tx: Tx): Promise<{ gasCost: bigint; hash: Hash }> {
  expect(tx.from.toLowerCase()).toBe(trader.address.toLowerCase())
  const chain = defineChain({ id: chainId, name: 'Anvil', nativeCurrency: devNativeCurrency, rpcUrls: { default: { http: [anvil.url] } } })
  const wallet = createWalletClient({ chain, transport: http(anvil.url), account: trader })
  const hash = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value), ...(tx.gas ? { gas: BigInt(tx.gas) } : {}) })
  const receipt = await client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return { gasCost: receipt.gasUsed * receipt.effectiveGasPrice, hash }
}

const balanceOf = (token: Address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] })

/** The reserves of the pool of two tokens now, `tokenIn`'s first. */
async function reservesOf(tokenIn: Address, tokenOut: Address): Promise<{ reserveIn: bigint; reserveOut: bigint }> {
  const pair = await client.readContract({ address: FACTORY_ADDRESS, abi: factoryAbi, functionName: 'getPair', args: [tokenIn, tokenOut] })
  const { reserveA, reserveB } = await readReserves(client, pair, tokenIn)
  return { reserveIn: reserveA, reserveOut: reserveB }
}

describe('tokens, quotes and prices from the pools', () => {
  it("lists the swappable tokens from the factory's pairs: ETH first, then WETH, dUSDT, DEV, with icons", async () => {
    const { tokens } = await ok<{ tokens: Array<{ symbol: string; address: string; decimals: number; logoUri: string }> }>('GET', '/v1/convert/tokens', { chainId: `eip155:${chainId}` })
    expect(tokens.map((t) => [t.symbol, t.address.toLowerCase(), t.decimals])).toEqual([
      ['ETH', ETH, 18],
      ['WETH', WETH.toLowerCase(), 18],
      ['dUSDT', DUSDT.toLowerCase(), 6],
      ['DEV', DEV.toLowerCase(), 18],
    ])
    for (const t of tokens) expect(t.logoUri).toMatch(/^data:image\/svg\+xml;base64,/)
    // Without chainId: every swap network's (here the one chain).
    expect((await ok<{ tokens: unknown[] }>('GET', '/v1/convert/tokens', {})).tokens).toHaveLength(4)
  })

  it('quotes what x·y = k with the 0.3 % fee gives for the reserves read back, with the price impact of the trade size', async () => {
    for (const [from, to, tokenIn, tokenOut, amount] of [
      [ETH, DEV, WETH_ADDRESS, DEV_TOKEN_ADDRESS, 10n ** 18n],
      [DEV, DUSDT, DEV_TOKEN_ADDRESS, DEV_TETHER_ADDRESS, 1234n * 10n ** 18n],
      [DUSDT, ETH, DEV_TETHER_ADDRESS, WETH_ADDRESS, 5_000n * 10n ** 6n],
    ] as const) {
      const quote = await quoteOf(from, to, amount)
      const { reserveIn, reserveOut } = await reservesOf(tokenIn, tokenOut)
      expect(BigInt(quote.toAmount), `${from} → ${to}`).toBe(getAmountOut(amount, reserveIn, reserveOut))
      expect(quote).toMatchObject({ fromAmount: amount.toString(), fromToken: from, toToken: to })
      // Impact: amountIn×0.997 / (reserveIn + amountIn×0.997) for one pool.
      const expected = ((Number(amount) * 0.997) / (Number(reserveIn) + Number(amount) * 0.997)) * 100
      expect(quote.priceImpact).toBeCloseTo(expected, 3)
    }
    // A bigger trade moves the price more.
    const small = await quoteOf(ETH, DUSDT, 10n ** 16n)
    const big = await quoteOf(ETH, DUSDT, 10n * 10n ** 18n)
    expect(big.priceImpact).toBeGreaterThan(small.priceImpact)
    expect(small.priceImpact).toBeLessThan(0.02)
  })

  it('prices ETH, WETH, DEV and dUSDT in USD from the reserves against dUSDT (3000, 3000, 1.5, 1 at the seed)', async () => {
    const { fungibles } = await ok<{ fungibles: Array<{ symbol: string; price: number; iconUrl: string }> }>('POST', '/v1/fungible/price', {
      currency: 'usd',
      projectId: 'p',
      addresses: [ETH, WETH, DEV, DUSDT, caip('0x0000000000000000000000000000000000000001'), 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'],
    })
    const weth = await reservesOf(WETH_ADDRESS, DEV_TETHER_ADDRESS)
    const dev = await reservesOf(DEV_TOKEN_ADDRESS, DEV_TETHER_ADDRESS)
    const ethUsd = Number(formatUnits(weth.reserveOut, 6)) / Number(formatUnits(weth.reserveIn, 18))
    const devUsd = Number(formatUnits(dev.reserveOut, 6)) / Number(formatUnits(dev.reserveIn, 18))
    // Unknown token and another network's token are left out.
    expect(fungibles.map((f) => f.symbol)).toEqual(['ETH', 'WETH', 'DEV', 'dUSDT'])
    const price = Object.fromEntries(fungibles.map((f) => [f.symbol, f.price]))
    expect(price.ETH).toBeCloseTo(ethUsd, 9)
    expect(price.WETH).toBe(price.ETH)
    expect(price.DEV).toBeCloseTo(devUsd, 9)
    expect(price.dUSDT).toBe(1)
    for (const f of fungibles) expect(f.price).toBeGreaterThan(0)
    // The balances of the chain carry the same prices (the Account view's fiat values).
    const { balances } = await ok<{ balances: Array<{ symbol: string; price: number }> }>('GET', `/v1/account/${trader.address}/balance`, { currency: 'usd', chainId: `eip155:${chainId}` })
    expect(Object.fromEntries(balances.map((b) => [b.symbol, b.price]))).toMatchObject({ ETH: price.ETH, DEV: price.DEV, dUSDT: 1 })
  })
})

describe('building and sending swaps', () => {
  it('ETH → DEV: the built transaction pays at least amountOutMin, exactly the pool math for the reserves it met, with a 20-minute deadline', async () => {
    const amount = 2n * 10n ** 17n
    const quote = await quoteOf(ETH, DEV, amount)
    const tx = await build(ETH, DEV, amount, '1')
    expect(tx.to).toBe(ROUTER_ADDRESS)
    expect(tx.value).toBe(amount.toString())
    expect(BigInt(tx.gas ?? '0')).toBeGreaterThan(21_000n)
    const { functionName, args } = decodeFunctionData({ abi: routerAbi, data: tx.data })
    expect(functionName).toBe('swapExactETHForTokens')
    const [amountOutMin, path, to, deadline] = args as [bigint, Address[], Address, bigint]
    expect(amountOutMin).toBe((BigInt(quote.toAmount) * 99n) / 100n)
    expect(path).toEqual([WETH_ADDRESS, DEV_TOKEN_ADDRESS])
    expect(to).toBe(trader.address)
    const latest = await client.getBlock()
    expect(deadline - latest.timestamp).toBeGreaterThan(19n * 60n)
    expect(deadline - latest.timestamp).toBeLessThanOrEqual(20n * 60n)

    const { reserveIn, reserveOut } = await reservesOf(WETH_ADDRESS, DEV_TOKEN_ADDRESS)
    const before = await balanceOf(DEV_TOKEN_ADDRESS)
    const { hash } = await send(tx)
    const received = (await balanceOf(DEV_TOKEN_ADDRESS)) - before
    sent.set('ETH→DEV', { hash, amountIn: amount, amountOut: received })
    expect(received).toBeGreaterThanOrEqual(amountOutMin)
    expect(received).toBe(getAmountOut(amount, reserveIn, reserveOut))
    expect(received).toBe(BigInt(quote.toAmount))
  })

  it('DEV → dUSDT: allowance 0, build-approve, the allowance reads back, then the swap pays the USDT-style token', async () => {
    const amount = 500n * 10n ** 18n
    const allowance = async () => BigInt((await ok<{ allowance: string }>('GET', '/v1/convert/allowance', { tokenAddress: DEV, userAddress: trader.address })).allowance)
    expect(await allowance()).toBe(0n)
    // Without the approval the estimate fails: no gas, the wallet estimates (and would refuse).
    expect((await build(DEV, DUSDT, amount)).gas).toBeUndefined()
    const approve = (await ok<{ tx: Tx }>('GET', '/v1/convert/build-approve', { userAddress: trader.address, from: DEV, to: DUSDT })).tx
    expect(approve.to).toBe(DEV_TOKEN_ADDRESS)
    expect(approve.value).toBe('0')
    expect(decodeFunctionData({ abi: erc20Abi, data: approve.data })).toEqual({ functionName: 'approve', args: [ROUTER_ADDRESS, maxUint256] })
    await send(approve)
    expect(await allowance()).toBe(maxUint256)

    const quote = await quoteOf(DEV, DUSDT, amount)
    const tx = await build(DEV, DUSDT, amount, '0.5')
    const decoded = decodeFunctionData({ abi: routerAbi, data: tx.data })
    expect(decoded.functionName).toBe('swapExactTokensForTokens')
    expect(decoded.args?.slice(0, 4)).toEqual([amount, (BigInt(quote.toAmount) * 9950n) / 10_000n, [DEV_TOKEN_ADDRESS, DEV_TETHER_ADDRESS], trader.address])
    const [devBefore, usdtBefore] = await Promise.all([balanceOf(DEV_TOKEN_ADDRESS), balanceOf(DEV_TETHER_ADDRESS)])
    await send(tx)
    const [devAfter, usdtAfter] = await Promise.all([balanceOf(DEV_TOKEN_ADDRESS), balanceOf(DEV_TETHER_ADDRESS)])
    expect(devBefore - devAfter).toBe(amount)
    expect(usdtAfter - usdtBefore).toBe(BigInt(quote.toAmount))
  })

  it('dUSDT → ETH: the router pulls the token whose transferFrom returns nothing and pays ETH', async () => {
    const amount = 3_000n * 10n ** 6n
    await send((await ok<{ tx: Tx }>('GET', '/v1/convert/build-approve', { userAddress: trader.address, from: DUSDT, to: ETH })).tx)
    const quote = await quoteOf(DUSDT, ETH, amount)
    const tx = await build(DUSDT, ETH, amount)
    expect(decodeFunctionData({ abi: routerAbi, data: tx.data }).functionName).toBe('swapExactTokensForETH')
    expect(tx.value).toBe('0')
    const before = await client.getBalance({ address: trader.address })
    const { gasCost, hash } = await send(tx)
    const after = await client.getBalance({ address: trader.address })
    expect(after - before + gasCost).toBe(BigInt(quote.toAmount))
    sent.set('dUSDT→ETH', { hash, amountIn: amount, amountOut: BigInt(quote.toAmount) })
    expect(BigInt(quote.toAmount)).toBeGreaterThan(9n * 10n ** 17n) // about 1 ETH for 3000 dUSDT
  })

  it('ETH → WETH wraps 1:1 (WETH deposit); the price moved by the swaps above is what /v1/fungible/price now says', async () => {
    const amount = 10n ** 17n
    expect(await quoteOf(ETH, WETH, amount)).toMatchObject({ toAmount: amount.toString(), priceImpact: 0 })
    const tx = await build(ETH, WETH, amount)
    expect(tx.to).toBe(WETH_ADDRESS)
    expect(decodeFunctionData({ abi: wethAbi, data: tx.data }).functionName).toBe('deposit')
    const before = await balanceOf(WETH_ADDRESS)
    sent.set('wrap', { hash: (await send(tx)).hash, amountIn: amount, amountOut: amount })
    expect((await balanceOf(WETH_ADDRESS)) - before).toBe(amount)
    // And back: WETH → ETH unwraps (WETH withdraw), no approval needed.
    const unwrap = await build(WETH, ETH, amount / 2n)
    expect(decodeFunctionData({ abi: wethAbi, data: unwrap.data })).toEqual({ functionName: 'withdraw', args: [amount / 2n] })
    sent.set('unwrap', { hash: (await send(unwrap)).hash, amountIn: amount / 2n, amountOut: amount / 2n })
    expect((await balanceOf(WETH_ADDRESS)) - before).toBe(amount / 2n)

    const dev = await reservesOf(DEV_TOKEN_ADDRESS, DEV_TETHER_ADDRESS)
    const { fungibles } = await ok<{ fungibles: Array<{ symbol: string; price: number }> }>('POST', '/v1/fungible/price', { currency: 'usd', projectId: 'p', addresses: [DEV] })
    // 500 DEV sold into DEV/dUSDT above: DEV is now a little under 1.5.
    expect(fungibles[0]?.price).toBeCloseTo(Number(formatUnits(dev.reserveOut, 6)) / Number(formatUnits(dev.reserveIn, 18)), 9)
    expect(fungibles[0]?.price).toBeLessThan(1.5)
  })
})

describe('history of the swaps', () => {
  type Transfer = { direction: string; fungible_info?: { symbol?: string }; quantity?: { numeric: string } }
  type Page = { data: Array<{ metadata: { hash: string; operationType: string }; transfers: Transfer[] }> }

  it('lists each swap as a trade with what left and what came in, the ETH a swap or an unwrap paid out included', async () => {
    const { data } = await ok<Page>('GET', `/v1/account/${trader.address}/history`, { chainId: `eip155:${chainId}` })
    const entry = (label: string) => {
      const tx = data.find((t) => t.metadata.hash === sent.get(label)?.hash)
      return tx && { operationType: tx.metadata.operationType, transfers: tx.transfers.map((t) => [t.direction, t.fungible_info?.symbol, t.quantity?.numeric]) }
    }
    const amounts = (label: string, inDecimals: number, outDecimals: number) => {
      const s = sent.get(label)!
      return [formatUnits(s.amountIn, inDecimals), formatUnits(s.amountOut, outDecimals)]
    }
    const [ethIn, devOut] = amounts('ETH→DEV', 18, 18)
    expect(entry('ETH→DEV')).toEqual({
      operationType: 'trade',
      transfers: [
        ['out', 'ETH', ethIn],
        ['in', 'DEV', devOut],
      ],
    })
    const [usdtIn, ethOut] = amounts('dUSDT→ETH', 6, 18)
    expect(entry('dUSDT→ETH')).toEqual({
      operationType: 'trade',
      transfers: [
        ['out', 'dUSDT', usdtIn],
        ['in', 'ETH', ethOut],
      ],
    })
    const [wrapped] = amounts('wrap', 18, 18)
    expect(entry('wrap')).toEqual({
      operationType: 'trade',
      transfers: [
        ['out', 'ETH', wrapped],
        ['in', 'WETH', wrapped],
      ],
    })
    const [unwrapped] = amounts('unwrap', 18, 18)
    expect(entry('unwrap')).toEqual({
      operationType: 'trade',
      transfers: [
        ['out', 'WETH', unwrapped],
        ['in', 'ETH', unwrapped],
      ],
    })
  })
})

describe('bad input and unsupported networks', () => {
  const quotes = (input: Record<string, unknown>) => call('GET', '/v1/convert/quotes', { amount: '1000', userAddress: trader.address, from: ETH, to: DEV, ...input })

  it.each([
    ['zero amount', { amount: '0' }, /Invalid amount '0'/],
    ['negative amount', { amount: '-5' }, /Invalid amount '-5'/],
    ['non-integer amount', { amount: '1.5' }, /Invalid amount '1.5'/],
    ['unknown token', { to: caip('0x0000000000000000000000000000000000000001') }, /Unknown to token/],
    ['malformed token address', { from: 'eip155:31337:0x1234' }, /Invalid from token 'eip155:31337:0x1234'/],
    ['malformed user address', { userAddress: '0xnothex' }, /Invalid userAddress '0xnothex'/],
    ['the same token twice', { to: ETH }, /Cannot swap ETH for itself/],
  ])('quotes: %s is a 400 naming the problem', async (_, input, message) => {
    const { status, body } = await quotes(input)
    expect(status).toBe(400)
    expect((body as { message: string }).message).toMatch(message)
  })

  it('an amount that buys nothing (1 wei of ETH for dUSDT) is a 422', async () => {
    const tiny = await quotes({ amount: '1', to: DUSDT })
    expect(tiny.status).toBe(422)
    expect((tiny.body as { message: string }).message).toMatch(/^Amount too small/)
  })

  it("every convert call on a network outside the swap networks answers 'Network not supported for Swaps' (Ethereum, Solana, Bitcoin)", async () => {
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    const mainnetUsdc = 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
    const answers = await Promise.all([
      call('GET', '/v1/convert/tokens', { chainId: 'eip155:1' }),
      call('GET', '/v1/convert/tokens', { chainId: solana }),
      call('GET', '/v1/convert/tokens', { chainId: 'bip122:000000000019d6689c085ae165831e93' }),
      quotes({ from: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', to: mainnetUsdc }),
      quotes({ from: `${solana}:So11111111111111111111111111111111111111112`, to: `${solana}:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v` }),
      call('GET', '/v1/convert/allowance', { tokenAddress: mainnetUsdc, userAddress: trader.address }),
      call('GET', '/v1/convert/build-approve', { userAddress: trader.address, from: mainnetUsdc, to: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' }),
      call('POST', '/v1/convert/build-transaction', { amount: '1', eip155: { slippage: '1' }, projectId: 'p', from: mainnetUsdc, to: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', userAddress: trader.address }),
    ])
    for (const answer of answers) expect(answer).toEqual({ status: 400, body: { message: 'Network not supported for Swaps' } })
  })

  it("gas prices: the node's fee data for a chain it reads, 'Network not supported for Gas Price' for any other", async () => {
    const gas = await ok<{ standard: string; fast: string; instant: string }>('GET', '/v1/convert/gas-price', { chainId: `eip155:${chainId}` })
    expect(BigInt(gas.standard)).toBe(await client.getGasPrice())
    for (const other of ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']) {
      expect(await call('GET', '/v1/convert/gas-price', { chainId: other })).toEqual({ status: 400, body: { message: 'Network not supported for Gas Price' } })
    }
  })

  it('build-transaction: a slippage outside 0–50 or not a number is a 400; build-approve of native ETH is a 400', async () => {
    for (const slippage of ['60', 'abc', '-1', '1.234']) {
      const { status, body } = await call('POST', '/v1/convert/build-transaction', { amount: '1000', eip155: { slippage }, projectId: 'p', from: ETH, to: DEV, userAddress: trader.address })
      expect(status, slippage).toBe(400)
      expect((body as { message: string }).message).toMatch(/^Invalid slippage/)
    }
    const native = await call('GET', '/v1/convert/build-approve', { userAddress: trader.address, from: ETH, to: DEV })
    expect(native).toEqual({ status: 400, body: { message: 'ETH is the native token: it needs no approval' } })
  })
})
