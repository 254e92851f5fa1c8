/**
 * Whether a receiver is a name to resolve rather than an address (spec §4 Send "an address or a name"; Pay resolves
 * its recipient by the same rule): labels of letters, digits and hyphens joined by dots, at least two (`alice.reown.id`,
 * `vitalik.eth`).
 * @example looksLikeName('alice.reown.id') // true
 */
export const looksLikeName = (value: string): boolean => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(value)
