import { useConnections, useSwitchAccount } from 'wagmi'

// With syncWagmiConnections(modal, config) called after createConfig, beside syncWagmiChain.
export function HeldWallets() {
  const connections = useConnections() // the active wallet's connection and every held one
  const { connectors, switchAccount } = useSwitchAccount() // wagmi 3: useSwitchConnection().mutate({ connector })
  return (
    <ul>
      {connections.map(({ connector, accounts }) => (
        <li key={connector.uid}>
          {accounts[0]}
          <button type="button" disabled={!connectors.includes(connector)} onClick={() => switchAccount({ connector })}>
            Switch
          </button>
        </li>
      ))}
    </ul>
  )
}
