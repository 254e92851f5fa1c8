/**
 * The WalletConnect test wallet's sessions (./wallet.ts): the chains it approves of a dapp's proposal or why it cannot,
 * how a settled session shows, and adding a chain to one. Browser-safe.
 */
import type { SignClient } from '@walletconnect/sign-client'
import type { DevMobileSession, Proposal, ProposalPlan } from './types.ts'
import { sessionUpdateTimeout, walletReasons } from './types.ts'
import { caip10 } from './accounts.ts'
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
 * Updates the session's eip155 namespace with `chainId` (and `addresses` on it, CAIP-10) and waits for the dapp's
 * acknowledgement.
 * @throws DevMobileWalletError when the dapp does not acknowledge within {@link sessionUpdateTimeout} ms.
 */
export async function ensureChainInSession(client: SessionClient, topic: string, chainId: number, addresses: readonly string[]): Promise<void> {
  const session = client.session.get(topic)
  const caip = `eip155:${chainId}`
  const eip155 = session.namespaces.eip155
  if (!eip155 || eip155.chains?.includes(caip)) return
  await updateEip155(client, topic, { ...eip155, chains: [...(eip155.chains ?? []), caip], accounts: [...eip155.accounts, ...caip10(caip, addresses)] })
}

/**
 * Rewrites the accounts of the session's eip155 namespace on each of its chains as `addresses` (CAIP-10; the active
 * account first) and waits for the dapp's acknowledgement. Nothing is sent when they are the same already.
 * @throws DevMobileWalletError when the dapp does not acknowledge within {@link sessionUpdateTimeout} ms.
 */
export async function setSessionAccounts(client: SessionClient, topic: string, addresses: readonly string[]): Promise<void> {
  const eip155 = client.session.get(topic).namespaces.eip155
  if (!eip155) return
  const accounts = (eip155.chains ?? []).flatMap((chain) => caip10(chain, addresses))
  if (accounts.join() === eip155.accounts.join()) return
  await updateEip155(client, topic, { ...eip155, accounts })
}

type Eip155Namespace = NonNullable<ReturnType<SessionClient['session']['get']>['namespaces']['eip155']>

async function updateEip155(client: SessionClient, topic: string, eip155: Eip155Namespace): Promise<void> {
  const namespaces = { ...client.session.get(topic).namespaces, eip155 }
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

/** Emits `event` on `chainId` (CAIP-2) to each session of `topics` whose eip155 namespace has that chain. */
export async function emitSessionEvent(client: SessionClient, topics: readonly string[], chainId: string, event: { name: string; data: unknown }): Promise<void> {
  for (const topic of topics) {
    const chains = client.session.getAll().find((s) => s.topic === topic)?.namespaces.eip155?.chains ?? []
    if (chains.includes(chainId)) await client.emit({ topic, chainId, event })
  }
}

/**
 * Turns off the wallet's verify look-ups on its own SDK client: otherwise the client asks WalletConnect's hosted verify
 * service about each proposal and request (a call off the machine, which fails softly offline after a wait). The SDK
 * has no option for this: its verify URL is fixed (a dapp's `verifyUrl` off its trusted list falls back to the hosted
 * one), and its one switch is read once, from `process.env.IS_VITEST`, when the client starts. This sets the same
 * switch on this client alone (`core.verify.isDevEnv`, a private field of `@walletconnect/core` 2.x), so neither the
 * test's process nor a page's other WalletConnect clients are touched.
 */
export function skipVerify(client: SessionClient): void {
  const verify = client.core.verify as unknown as { isDevEnv?: boolean }
  if (typeof verify === 'object' && verify !== null) verify.isDevEnv = true
}
