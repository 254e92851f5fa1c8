/**
 * A transaction's token balances as a node's `getTransaction` shows them (`meta.preTokenBalances` and
 * `meta.postTokenBalances`): one entry per token account among the message's static account keys, before and after it
 * ran. Dev-only (the ledger, `ledger.ts`, reads them around each transaction it lands).
 */
import { PublicKey } from '@solana/web3.js'
import { isTokenProgram, mintDecimalsOf, tokenAccountSize, tokenAmountOf } from '../../adapters/solana.spl.ts'

/**
 * One token account's balance as a node writes it: the account's index among the message's keys, its `mint`, its
 * `owner` (the wallet that holds it), the token `programId` and the amount (`amount` in base units, a decimal string;
 * `uiAmount` and `uiAmountString` in the token's units).
 */
export type TokenBalance = {
  accountIndex: number
  mint: string
  owner: string
  programId: string
  uiTokenAmount: { amount: string; decimals: number; uiAmount: number | null; uiAmountString: string }
}

/** What the reader needs of an account: its owner program and data (null: it does not exist). */
type ReadAccount = (key: PublicKey) => { owner: PublicKey; data: Uint8Array } | null

/**
 * The balances of the token accounts among `keys` (an initialised account of the SPL Token or Token-2022 program whose
 * mint can be read), as they stand now. An account that is not one, or does not exist, has no entry (as on a node: an
 * associated token account a transaction makes is in the post balances only).
 * @example tokenBalancesOf(message.staticAccountKeys, (key) => ledger.getAccount(key))
 */
export function tokenBalancesOf(keys: readonly PublicKey[], read: ReadAccount): TokenBalance[] {
  const balances: TokenBalance[] = []
  keys.forEach((key, accountIndex) => {
    const account = read(key)
    const programId = account?.owner.toBase58()
    // State byte 108: 1 initialised, 2 frozen (0: not initialised).
    if (!account || !programId || !isTokenProgram(programId) || account.data.length < tokenAccountSize || account.data[108] === 0) return
    const mint = new PublicKey(account.data.subarray(0, 32))
    const mintAccount = read(mint)
    const decimals = mintAccount ? mintDecimalsOf(mintAccount.data) : undefined
    const amount = tokenAmountOf(account.data)
    if (decimals === undefined || amount === undefined) return
    const uiAmountString = uiString(amount, decimals)
    balances.push({
      accountIndex,
      mint: mint.toBase58(),
      owner: new PublicKey(account.data.subarray(32, 64)).toBase58(),
      programId,
      uiTokenAmount: { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString },
    })
  })
  return balances
}

/** `amount` base units in the token's units, as a node writes `uiAmountString` (no trailing zeros: '2.5', '0', '1000'). */
function uiString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString()
  const text = amount.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, -decimals)
  const fraction = text.slice(-decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}
