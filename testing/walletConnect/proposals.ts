/**
 * A dapp's session proposal in the WalletConnect test wallet (./wallet.ts): the pending item it shows, and what
 * approving (a session on the eip155 chains it knows, every account on each, the active one first), rejecting (5000)
 * or failing it with a given reason sends. Browser-safe.
 */
import { caip10 } from './accounts.ts'
import { caipReference } from './requests.ts'
import { planProposal, type SessionClient } from './sessions.ts'
import { supportedEvents, supportedMethods, walletReasons } from './types.ts'
import type { DevMobilePending, Namespace, Proposal, QueueEntry } from './types.ts'
import { DevMobileWalletError } from './uri.ts'

type ApproveNamespaces = Parameters<SessionClient['approve']>[0]['namespaces']

/** What a proposal needs of the wallet. */
export type ProposalHost = {
  client: SessionClient
  /** The pending item's id. */
  id: number
  /** Every chain id the wallet knows. */
  chainIds: number[]
  /** The addresses the dapp is given, the active one first. */
  addresses(): string[]
  /** Makes the session's first chain the wallet's current one. */
  setCurrent(chainId: number): void
  /** Called with the session's topic once the dapp acknowledged the settlement. */
  settled(topic: string): void
}

/**
 * The queue entry of a proposal: its pending item (question 'Connect to <dapp>?', the chains and accounts it would
 * get, or why it cannot be approved), and its answers.
 */
export function proposalEntry(host: ProposalHost, sdkId: number, proposal: Proposal): QueueEntry {
  const plan = planProposal(proposal, host.chainIds)
  const name = proposal.proposer.metadata?.name || 'this site'
  const addresses = host.addresses()
  const item: DevMobilePending = {
    id: host.id,
    kind: 'proposal',
    method: 'wc_sessionPropose',
    params: proposal,
    topic: proposal.pairingTopic,
    peer: { name, url: proposal.proposer.metadata?.url ?? '' },
    question: `Connect to ${name}?`,
    detail: plan.problem ? `Cannot connect: ${plan.problem.message}` : `Chains ${plan.chains.join(', ')}\n${addresses.length > 1 ? 'Accounts' : 'Account'} ${addresses.join(', ')}`,
  }
  const { client } = host
  return {
    item,
    sdkId,
    approve: async () => {
      if (plan.problem) {
        await client.reject({ id: sdkId, reason: plan.problem })
        throw new DevMobileWalletError(`The proposal cannot be approved: ${plan.problem.message}`)
      }
      const accounts = host.addresses()
      const namespaces = {
        eip155: { chains: plan.chains, accounts: plan.chains.flatMap((c) => caip10(c, accounts)), methods: [...supportedMethods], events: [...supportedEvents] },
      } satisfies Record<string, Namespace>
      const { acknowledged } = await client.approve({ id: sdkId, namespaces: namespaces as ApproveNamespaces })
      host.setCurrent(caipReference(plan.chains[0] as string))
      const { topic } = await acknowledged()
      host.settled(topic)
    },
    reject: () => client.reject({ id: sdkId, reason: walletReasons.userRejectedProposal }),
    fail: ({ code, message }) => client.reject({ id: sdkId, reason: { code, message } }),
  }
}
