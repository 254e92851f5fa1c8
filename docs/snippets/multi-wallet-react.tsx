import { useConnections } from 'latchkey/react'

export function Wallets() {
  const { connections, isSwitching, switchConnection, deleteConnection } = useConnections('eip155')
  return (
    <ul>
      {connections.map((connection) => (
        <li key={connection.id}>
          {connection.address} {connection.active && '(active)'}
          <button type="button" disabled={isSwitching || connection.active} onClick={() => switchConnection({ connectionId: connection.id })}>
            Use
          </button>
          <button type="button" onClick={() => deleteConnection({ connectionId: connection.id })}>
            Remove
          </button>
        </li>
      ))}
    </ul>
  )
}
