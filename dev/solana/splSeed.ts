/**
 * The dev SPL token's accounts as the ledger writes them at start (`tokens.ts`): the mint (SPL Token layout, 82 bytes,
 * mint authority the faucet), its Token Metadata account (name and symbol) and one associated token account per dev account (165 bytes) holding
 * `DEV_SPL_PER_ACCOUNT`, each rent-exempt and owned by the SPL Token program. Written directly into the runtime (no
 * transaction, no block), as a validator's genesis accounts are. Dev-only.
 */
import { PublicKey } from '@solana/web3.js'
import { associatedTokenProgramId, mintSize, splTokenProgramId, tokenAccountSize, tokenMetadataProgramId } from '../../adapters/solana.spl.ts'
import { DEV_SPL_DECIMALS, DEV_SPL_MINT_ADDRESS, DEV_SPL_NAME, DEV_SPL_PER_ACCOUNT, DEV_SPL_SYMBOL } from './tokens.ts'

/** One account to write: its address, data and the lamports that make it rent-exempt (`rent(data.length)`). */
export type SeedAccount = { address: PublicKey; data: Uint8Array; owner: PublicKey }

/**
 * The mint and the holders' associated token accounts of the dev token.
 * @param authority the mint authority (the faucet).
 * @param holders the owners each given {@link DEV_SPL_PER_ACCOUNT}.
 */
export function devSplAccounts(authority: PublicKey, holders: readonly PublicKey[]): SeedAccount[] {
  const program = new PublicKey(splTokenProgramId)
  const mint = new PublicKey(DEV_SPL_MINT_ADDRESS)
  const mintData = new Uint8Array(mintSize)
  const mintView = new DataView(mintData.buffer)
  mintView.setUint32(0, 1, true) // mint authority: Some
  mintData.set(authority.toBytes(), 4)
  mintView.setBigUint64(36, DEV_SPL_PER_ACCOUNT * BigInt(holders.length), true) // supply
  mintData[44] = DEV_SPL_DECIMALS
  mintData[45] = 1 // initialised; no freeze authority
  const accounts: SeedAccount[] = [{ address: mint, data: mintData, owner: program }]
  for (const holder of holders) {
    const [address] = PublicKey.findProgramAddressSync([holder.toBytes(), program.toBytes(), mint.toBytes()], new PublicKey(associatedTokenProgramId))
    const data = new Uint8Array(tokenAccountSize)
    data.set(mint.toBytes(), 0)
    data.set(holder.toBytes(), 32)
    new DataView(data.buffer).setBigUint64(64, DEV_SPL_PER_ACCOUNT, true)
    data[108] = 1 // state: initialised
    accounts.push({ address, data, owner: program })
  }
  accounts.push(metadataAccount(authority, mint))
  return accounts
}

/** The mint's Token Metadata account (`tokenMetadataOf` reads its name and symbol), as the Metaplex program writes it. */
function metadataAccount(authority: PublicKey, mint: PublicKey): SeedAccount {
  const program = new PublicKey(tokenMetadataProgramId)
  const [address] = PublicKey.findProgramAddressSync([new TextEncoder().encode('metadata'), program.toBytes(), mint.toBytes()], program)
  const borsh = (text: string, padded: number) => {
    const bytes = new Uint8Array(4 + padded)
    new DataView(bytes.buffer).setUint32(0, padded, true)
    bytes.set(new TextEncoder().encode(text), 4)
    return bytes
  }
  const parts = [Uint8Array.of(4), authority.toBytes(), mint.toBytes(), borsh(DEV_SPL_NAME, 32), borsh(DEV_SPL_SYMBOL, 10), borsh('', 200)]
  const data = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  parts.reduce((at, p) => (data.set(p, at), at + p.length), 0)
  return { address, data, owner: program }
}
