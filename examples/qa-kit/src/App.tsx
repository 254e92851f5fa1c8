import { createModal, defineEvmNetwork, defineSolanaNetwork, toSiwxMessage, type ModalOptions, type SiwxConfig, type SiwxSession } from 'latchkey'
import { AccountButton, ConnectButton, ModalProvider, NetworkButton, useAccount } from 'latchkey/react'
import { useState, useSyncExternalStore } from 'react'
import { parseEther, toHex, verifyMessage } from 'viem'

/** A local chain (anvil's defaults); the test's wallet reads and sends on the test's own anvil. */
const anvil = defineEvmNetwork({
  id: 31337,
  name: 'Anvil Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:8545',
})
/** A second chain, for the switch-network test (the test wallet is given both). */
const anvil2 = defineEvmNetwork({
  id: 31338,
  name: 'Anvil Local 2',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:8546',
})

/**
 * A local Solana network (a validator on loopback; its genesis hash gives the CAIP-2 reference): the modal reads its
 * balances from the RPC given at build time (VITE_SOLANA_RPC_URL), default `solana-test-validator`'s port.
 */
const solanaLocal = defineSolanaNetwork({
  reference: 'AK7zphcMpwwaFXRuPquNGSMjWsVvhFPZ',
  name: 'Solana Localnet',
  rpcUrl: import.meta.env.VITE_SOLANA_RPC_URL ?? 'http://127.0.0.1:8899',
  testnet: true,
})

/**
 * Sign-in with the wallet, kept in the page: the message is EIP-4361, the signature is checked with viem before the
 * session is kept. A real dapp checks it on its server (createSiwx() of latchkey talks to one); this keeps the example
 * to one process.
 */
const sessions = new Map<string, SiwxSession>()
const listeners = new Set<() => void>()
const siwx: SiwxConfig = {
  async createMessage({ accountAddress, chainId }) {
    const nonce = crypto.randomUUID().replaceAll('-', '')
    return toSiwxMessage({ accountAddress, chainId, domain: location.host, uri: location.origin, version: '1', nonce, issuedAt: new Date().toISOString() })
  },
  async addSession(session) {
    const valid = await verifyMessage({ address: session.data.accountAddress as `0x${string}`, message: session.message, signature: session.signature as `0x${string}` })
    if (!valid) throw new TypeError('The signature does not match the account')
    sessions.set(`${session.data.chainId} ${session.data.accountAddress.toLowerCase()}`, session)
    for (const listener of listeners) listener()
  },
  async getSessions(chainId, address) {
    const session = sessions.get(`${chainId} ${address.toLowerCase()}`)
    return session ? [session] : []
  },
  async revokeSession(chainId, address) {
    sessions.delete(`${chainId} ${address.toLowerCase()}`)
    for (const listener of listeners) listener()
  },
}

/**
 * The test kit's inspection hook: defined by latchkey/testing/playwright before the page's scripts (undefined for a
 * visitor, so the option does nothing), it lets the generated journeys read the charts' states and records coverage.
 */
const inspect = (globalThis as { latchkeyTestInspect?: ModalOptions['inspect'] }).latchkeyTestInspect

/**
 * The blockchain API the modal's Account and Send views read balances from: in tests, the kit's (the `blockchainApi`
 * fixture of latchkey/testing/playwright defines `latchkeyTestBlockchainUrl`, on the test's anvil and Solana RPC). This
 * example has none of its own; a dapp with one passes its URL here and has the fixture route it (`blockchainApiRoute`).
 */
const blockchainUrl = (globalThis as { latchkeyTestBlockchainUrl?: string }).latchkeyTestBlockchainUrl

const modal = createModal({
  projectId: 'latchkey-example',
  networks: [anvil, anvil2, solanaLocal],
  metadata: { name: 'latchkey QA kit example', description: 'Tested with latchkey/testing', url: location.origin, icons: [] },
  // Mobile wallets over WalletConnect, on the hosted relay (the modal's default `relayUrl`). The tests' `walletConnect`
  // fixture points this socket at a loopback relay with a test wallet on it; a test outside Playwright passes
  // `walletConnect: { relayUrl: pair.relayUrl }` instead (latchkey/testing/node).
  walletConnect: {},
  // `?siwx=off`: the same page without sign-in (the generated connection and network journeys open it).
  ...(new URLSearchParams(location.search).get('siwx') === 'off' ? {} : { siwx }),
  ...(inspect ? { inspect } : {}),
  ...(blockchainUrl ? { api: { blockchainUrl } } : {}),
})

function SignedIn() {
  const signedIn = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => [...sessions.values()][0]?.data.accountAddress ?? '',
  )
  return <output data-testid="example-signed-in">{signedIn || 'Not signed in'}</output>
}

/** The tip jar (a burn address): the dapp's own transaction, sent through the connected wallet. */
const TIP_JAR = '0x000000000000000000000000000000000000dEaD'

function Account() {
  const account = useAccount()
  const [sent, setSent] = useState('')
  if (!account.isConnected) return <p>Not connected</p>
  const tip = async () => {
    const provider = modal.getProvider('eip155')
    try {
      const hash = await provider?.request({ method: 'eth_sendTransaction', params: [{ from: account.address, to: TIP_JAR, value: toHex(parseEther('1.5')) }] })
      setSent(String(hash))
    } catch (error) {
      setSent(`Not sent: ${(error as { code?: number }).code ?? 'error'}`)
    }
  }
  return (
    <>
      <p>
        Connected: <output data-testid="example-address">{account.address}</output>
      </p>
      <button type="button" onClick={tip}>
        Tip 1.5 ETH
      </button>
      <output data-testid="example-tip">{sent}</output>
    </>
  )
}

export default function App() {
  return (
    <ModalProvider modal={modal}>
      <h1>latchkey · QA kit</h1>
      <ConnectButton />
      <AccountButton />
      <NetworkButton />
      <Account />
      <p>
        Signed in: <SignedIn />
      </p>
    </ModalProvider>
  )
}
