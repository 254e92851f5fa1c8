/**
 * The WalletConnect test wallet's sessions (./wallet.ts): the chains it approves of a dapp's proposal or why it cannot,
 * how a settled session shows, and adding a chain to one. Browser-safe.
 */
import type { SignClient } from '@walletconnect/sign-client'
import type { DevMobileSession, Proposal, ProposalPlan } from './types.ts'
import { sessionUpdateTimeout, walletReasons } from './types.ts'
import { DevMobileWalletError } from './uri.ts'

/** The SDK client (`SignClient` is exported as a value, so its instance type is derived). */
export type SessionClient = InstanceType<typeof SignClient>

/**
 * The chains to approve (the eip155 chains of the proposal, required or optional, that the wallet knows, in the
 * dapp's order), or why the proposal cannot be approved. Since SDK 2.x moved required namespaces into optional
 * ones, both are read alike; namespaces other than eip155 are left out.
 */
export function planProposal(proposal: Proposal, chainIds: readonly number[]): ProposalPlan {
  const known = new Set(chainIds.map((id) => `eip155:${id}`))
  const asked: string[] = []
  for (const namespaces of [proposal.requiredNamespaces, proposal.optionalNamespaces]) {
    for (const [key, ns] of Object.entries(namespaces ?? {})) {
      const [namespace, reference] = key.split(':')
      if (namespace === 'eip155') asked.push(...(reference ? [key] : (ns.chains ?? [])))
    }
  }
  const chains = [...new Set(asked)].filter((c) => known.has(c))
  if (chains.length > 0) return { chains }
  const message = asked.length ? `None of the requested chains (${[...new Set(asked)].join(', ')}) is known to this wallet.` : 'The site asked for no eip155 chain.'
  return { chains, problem: { ...walletReasons.unsupportedChains, message } }
}

/** A settled session as the wallet shows it (`state.sessions`). */
export function sessionView(s: {
  topic: string
  peer: { metadata: { name: string; url: string } }
  namespaces: Record<string, { chains?: string[]; accounts: string[] } | undefined>
  acknowledged: boolean
  expiry: number
}): DevMobileSession {
  return {
    topic: s.topic,
    peer: { name: s.peer.metadata.name, url: s.peer.metadata.url },
    chains: [...(s.namespaces.eip155?.chains ?? [])],
    accounts: [...(s.namespaces.eip155?.accounts ?? [])],
    acknowledged: s.acknowledged,
    expiry: s.expiry,
  }
}

/**
 * Updates the session's eip155 namespace with `chainId` (and `address` on it) and waits for the dapp's acknowledgement.
 * @throws DevMobileWalletError when the dapp does not acknowledge within {@link sessionUpdateTimeout} ms.
 */
export async function ensureChainInSession(client: SessionClient, topic: string, chainId: number, address: string): Promise<void> {
  const session = client.session.get(topic)
  const caip = `eip155:${chainId}`
  const eip155 = session.namespaces.eip155
  if (!eip155 || eip155.chains?.includes(caip)) return
  const namespaces = {
    ...session.namespaces,
    eip155: { ...eip155, chains: [...(eip155.chains ?? []), caip], accounts: [...eip155.accounts, `${caip}:${address}`] },
  }
  const { acknowledged } = await client.update({ topic, namespaces })
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    await Promise.race([
      acknowledged(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new DevMobileWalletError(`The dapp did not acknowledge the session update within ${sessionUpdateTimeout} ms.`)), sessionUpdateTimeout)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}
