/**
 * Which account the embedded wallet's account-type switch is for (spec §3 account state): read by the feature's
 * registration (`accountType.feature.ts`, with the core) and by its machine (`accountType.ts`, fetched with its first
 * use), so that the machine does not come with the core for this one test.
 */
import type { ConnectedAccount } from './features.ts'
import { isEmbeddedAccount } from './updateEmail.feature.ts'

/** Whether `account` is the embedded wallet's on an EVM chain (the only namespace with smart accounts here). */
export const isEmbeddedEvmAccount = (account: ConnectedAccount | undefined): boolean => isEmbeddedAccount(account) && account?.namespace === 'eip155'
