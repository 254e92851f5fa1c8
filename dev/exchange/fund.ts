/**
 * The reference exchange's hot wallet holds the dev tokens it pays out (spec §1 Pay "the on-chain transfer the reference
 * exchange really makes on anvil"): anvil dev account 6 gets ETH at genesis but none of the dev tokens, which mint only
 * to dev accounts 0..4. Dev-only.
 */
import { createPublicClient, erc20Abi, http } from 'viem'
import { mintWithAnvil } from '../dex/deploy.ts'
import { devTokens } from '../tokens/tokens.ts'
import { EXCHANGE_HOT_WALLET } from './deposits.ts'

/** How much of each dev token the hot wallet holds after {@link fundExchangeHotWallet}: as much as a dev account (1 000 000 tokens). */
export const hotWalletTokenFunds = (token: (typeof devTokens)[number]) => token.mintedPerAccount

/**
 * Tops the hot wallet up to {@link hotWalletTokenFunds} of each dev token on the anvil at `rpcUrl` (the tokens deployed
 * first, `dev/tokens`), with `anvil_setStorageAt` (no transaction: no dev account's nonce or balance moves). Idempotent:
 * a hot wallet holding that much already gets nothing.
 * @throws viem errors when the node does not answer.
 * @example await fundExchangeHotWallet({ rpcUrl: 'http://127.0.0.1:8545' })
 */
export async function fundExchangeHotWallet({ rpcUrl }: { rpcUrl: string }): Promise<void> {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }), cacheTime: 0 })
  for (const token of devTokens) {
    const held = await client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [EXCHANGE_HOT_WALLET] })
    const target = hotWalletTokenFunds(token)
    if (held < target) await mintWithAnvil(client, token.address, target - held, EXCHANGE_HOT_WALLET)
  }
}
