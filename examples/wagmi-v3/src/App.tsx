import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createModal } from 'latchkey'
import { AccountButton, ConnectButton, ModalProvider, NetworkButton, useAccount as useModalAccount } from 'latchkey/react'
import { latchkeyConnector, syncWagmiChain, syncWagmiConnections, toLatchkeyNetworks } from 'latchkey/wagmi'
import { defineChain, parseEther, type Address } from 'viem'
import {
  createConfig,
  http,
  useCallsStatus,
  useCapabilities,
  useConnect,
  useConnection,
  useConnections,
  useConnectors,
  useDisconnect,
  useSendCalls,
  useSendTransaction,
  useSwitchConnection,
  useWaitForTransactionReceipt,
  WagmiProvider,
} from 'wagmi'

/**
 * A local chain. The RPC URL comes from `?rpc=` so the example's test can point it at its own anvil; a real dapp
 * writes its own here.
 */
const rpcUrl = new URLSearchParams(location.search).get('rpc') ?? 'http://127.0.0.1:8545'
const anvil = defineChain({
  id: 31337,
  name: 'Anvil Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
  testnet: true,
})
const chains = [anvil] as const

// One modal and one wagmi config for the page, created once at module level: the modal's connection is wagmi's.
const modal = createModal({
  projectId: 'latchkey-example',
  networks: toLatchkeyNetworks(chains),
  metadata: { name: 'latchkey example', description: 'wagmi v3', url: location.origin, icons: [] },
  walletConnect: false,
  // Several wallets held at once (Account's switcher, 'Add wallet'): the active one is wagmi's account.
  features: { multiWallet: true },
})
const config = createConfig({
  chains,
  connectors: [latchkeyConnector(modal)],
  // Wallets are discovered and connected by the modal, not by wagmi.
  multiInjectedProviderDiscovery: false,
  transports: { [anvil.id]: http(rpcUrl) },
})
// While no wallet is connected, wagmi's chain and the modal's network follow each other too.
syncWagmiChain(modal, config)
// Every wallet the modal holds is a wagmi connection; a switch on either side is a switch on the other.
syncWagmiConnections(modal, config)
const queryClient = new QueryClient()

/** A fresh address of the page's own (made once per page), to send ether to. */
const randomAddress = (): Address => `0x${[...crypto.getRandomValues(new Uint8Array(20))].map((b) => b.toString(16).padStart(2, '0')).join('')}`
/** Where the example sends ether. */
const receiver = randomAddress()
/** Where the batch's two calls send ether: one address each. */
const batchReceivers = [randomAddress(), randomAddress()] as const

/** The dapp's own code: wagmi's hooks only (v3 names: useConnection, mutate). */
function Dapp() {
  const { address, status, chainId, connector } = useConnection()
  const connections = useConnections()
  const switchConnection = useSwitchConnection()
  const modalAccount = useModalAccount()
  const disconnect = useDisconnect()
  const connect = useConnect()
  const [latchkey] = useConnectors()
  const send = useSendTransaction()
  const { data: hash, isPending, error } = send
  const receipt = useWaitForTransactionReceipt({ hash })
  return (
    <section>
      <p>
        wagmi: <output data-testid="wagmi-status">{status}</output> <output data-testid="wagmi-address">{address ?? ''}</output> on <output data-testid="wagmi-chain">{chainId ?? ''}</output>
      </p>
      {modalAccount.isConnected && (
        <p>
          latchkey balance:{' '}
          <output data-testid="example-balance">
            {modalAccount.balance} {modalAccount.balanceSymbol}
          </output>
        </p>
      )}
      <ul aria-label="wagmi connections">
        {connections.map((c) => (
          <li key={c.connector.uid}>
            <output data-testid="wagmi-connection">
              {c.connector.name} {c.accounts[0]}
            </output>
            {c.connector.uid !== connector?.uid && (
              <button type="button" onClick={() => switchConnection.mutate({ connector: c.connector })}>
                Switch to {c.connector.name} with wagmi
              </button>
            )}
          </li>
        ))}
      </ul>
      <button type="button" disabled={status !== 'connected' || isPending} onClick={() => send.mutate({ to: receiver, value: parseEther('1.5') })}>
        Send 1.5 ETH with wagmi
      </button>
      <output data-testid="wagmi-transaction">{receipt.isSuccess ? 'mined' : hash ? 'sent' : ''}</output>
      {error && <output role="alert">{error.message}</output>}
      <button type="button" disabled={status === 'connected' || !latchkey} onClick={() => latchkey && connect.mutate({ connector: latchkey })}>
        Connect with wagmi
      </button>
      <button type="button" disabled={status !== 'connected'} onClick={() => disconnect.mutate()}>
        Disconnect with wagmi
      </button>
    </section>
  )
}

/**
 * The EIP-1193 code of an error or of the first of its causes that has one: viem wraps the wallet's refusal (a 4001
 * arrives as the cause of a TransactionExecutionError).
 */
function codeOf(error: unknown): number | undefined {
  for (let e = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'number') return code
  }
  return undefined
}

/**
 * Batched calls (EIP-5792) through wagmi's hooks: the wallet's capabilities on the connected chain (useCapabilities), a
 * batch of two transfers (useSendCalls: 0.25 ETH and 0.5 ETH, one address each), and its status read again until it is
 * final (useCallsStatus: pending, then success or failure, with the receipts).
 */
function Batch() {
  const { status, chainId } = useConnection()
  // The connected chain when wagmi's config has it (asked only then).
  const connectedChain = chains.find((chain) => chain.id === chainId)
  const capabilities = useCapabilities({ chainId: connectedChain?.id ?? anvil.id, query: { enabled: status === 'connected' && connectedChain !== undefined } })
  const send = useSendCalls()
  const id = send.data?.id
  const calls = useCallsStatus({ id: id ?? '', query: { enabled: id !== undefined, refetchInterval: (query) => (query.state.data?.status === 'pending' || !query.state.data ? 500 : false) } })
  const atomic = capabilities.data?.atomic?.status
  return (
    <section aria-label="Batched calls">
      <p>
        capabilities: <output data-testid="wagmi-capabilities">{capabilities.isSuccess ? `atomic ${atomic ?? 'not reported'}` : capabilities.isError ? 'unavailable' : ''}</output>
      </p>
      <button
        type="button"
        disabled={status !== 'connected' || send.isPending}
        onClick={() =>
          send.mutate({
            calls: [
              { to: batchReceivers[0], value: parseEther('0.25') },
              { to: batchReceivers[1], value: parseEther('0.5') },
            ],
          })
        }
      >
        Send a batch of two with wagmi
      </button>
      <p>
        batch: <output data-testid="wagmi-calls-status">{calls.data ? `${calls.data.status} ${calls.data.statusCode}` : id ? 'sent' : ''}</output>, receipts{' '}
        <output data-testid="wagmi-calls-receipts">{calls.data?.receipts?.length ?? 0}</output>
      </p>
      {send.error && (
        <output role="alert" data-testid="wagmi-calls-error">
          {'shortMessage' in send.error ? send.error.shortMessage : send.error.message} (code {String(codeOf(send.error) ?? 'none')})
        </output>
      )}
    </section>
  )
}

export default function App() {
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <ModalProvider modal={modal}>
          <h1>latchkey · wagmi v3</h1>
          <ConnectButton />
          <AccountButton />
          <NetworkButton />
          <Dapp />
          <Batch />
        </ModalProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
