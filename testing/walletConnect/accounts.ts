/**
 * The WalletConnect test wallet's accounts (./wallet.ts): the keys it holds, the active one (first in every session's
 * accounts and in `accountsChanged`), the CAIP-10 accounts a session carries on a chain, and the check that a request
 * names one of them. Browser-safe.
 */
import { isAddress } from 'viem'
import type { Address, LocalAccount } from 'viem'
import { DevWalletRpcError } from '../wallet/provider.ts'
import { invalidParams } from '../wallet/rpcParams.ts'
import { DevMobileWalletError } from './uri.ts'

/** The accounts of a wallet, at least one, and which is active. */
export class WalletAccounts {
  readonly #accounts: readonly LocalAccount[]
  #active = 0

  /** @param accounts at least one (checked by the wallet's options). */
  constructor(accounts: readonly LocalAccount[]) {
    this.#accounts = [...accounts]
  }

  /** The index of the active account in {@link WalletAccounts.addresses}. */
  get activeIndex(): number {
    return this.#active
  }

  /** The active account (it signs what names no account). */
  get active(): LocalAccount {
    return this.#accounts[this.#active] as LocalAccount
  }

  /** Every account's checksummed address, in the order given. */
  get addresses(): Address[] {
    return this.#accounts.map((a) => a.address)
  }

  /** The addresses as a dapp sees them: the active one first, then the others in order. */
  get ordered(): Address[] {
    const addresses = this.addresses
    return [addresses[this.#active] as Address, ...addresses.filter((_, i) => i !== this.#active)]
  }

  /**
   * Makes account `index` the active one.
   * @returns whether it changed.
   * @throws DevMobileWalletError for an index outside the wallet's accounts.
   */
  select(index: number): boolean {
    if (!Number.isInteger(index) || index < 0 || index >= this.#accounts.length) {
      throw new DevMobileWalletError(`The mobile wallet has no account ${String(index)}.`, { details: `Its accounts: 0 to ${this.#accounts.length - 1}` })
    }
    const changed = index !== this.#active
    this.#active = index
    return changed
  }

  /**
   * The account `address` names (any case).
   * @throws DevWalletRpcError -32602 for a malformed address, 4100 for an address the wallet does not hold.
   */
  named(method: string, address: unknown): LocalAccount {
    if (typeof address !== 'string' || !isAddress(address, { strict: false })) throw invalidParams(method, 'expected an address.')
    const account = this.#accounts.find((a) => a.address.toLowerCase() === address.toLowerCase())
    if (!account) throw new DevWalletRpcError(4100, 'The requested method and/or account has not been authorized by the user.')
    return account
  }

  /** The account `address` names, or the active one when it names none (`undefined`). @throws as {@link WalletAccounts.named}. */
  of(method: string, address: unknown): LocalAccount {
    return address === undefined ? this.active : this.named(method, address)
  }
}

/**
 * The CAIP-10 accounts of a session on `chain` (`eip155:<id>`): each address in order, or `override` alone (the
 * misbehaviour "a wallet that answers with a non-address").
 */
export function caip10(chain: string, addresses: readonly string[], override?: string): string[] {
  return (override === undefined ? addresses : [override]).map((a) => `${chain}:${a}`)
}
