/**
 * What each chain namespace supports (spec §6 "Supported namespaces": balance eip155 and solana; send eip155 and
 * solana; names eip155; activity eip155). The views offer a section only on a namespace listed here (only
 * what can work is offered), and the machines refuse the rest. A plain module, no machine code: the views
 * read it without loading a feature.
 */
export const namespaceSupport = {
  /** Send (spec §4 Send). */
  send: ['eip155', 'solana'],
  /** Swap: the convert API's networks are EVM chains; elsewhere 'Network not supported for Swaps'. */
  swap: ['eip155'],
  /** The Activity tab's transaction history. */
  activity: ['eip155'],
  /** Names (lookups, registration). */
  names: ['eip155'],
  /** Balances from the blockchain API. */
  balance: ['eip155', 'solana'],
  /** The auth (embedded wallet) connector (spec §6: "supported only on eip155 and solana"). */
  auth: ['eip155', 'solana'],
} as const satisfies Record<string, readonly string[]>

/** A section of {@link namespaceSupport}. */
export type NamespaceCapability = keyof typeof namespaceSupport

/**
 * Whether `namespace` supports `capability` (spec §6).
 * @example supportsNamespace('send', 'bip122') // false
 */
export function supportsNamespace(capability: NamespaceCapability, namespace: string | undefined): boolean {
  const supporting: readonly string[] = namespaceSupport[capability]
  return namespace !== undefined && supporting.includes(namespace)
}
