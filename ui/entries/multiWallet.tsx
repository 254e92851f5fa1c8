import { balanceRowOf, connectMultiWallet, nameRowOf, switcherRows, type ConnectionView, type ConnectionsView, type SwitcherRow } from '../../machines/multiWallet.connect.ts'
import { connectWalletBalance, type WalletBalanceView } from '../../machines/walletBalance.connect.ts'
import { truncateAddress } from '../../machines/format.ts'
import { WalletIcon } from '../components/WalletIcon.tsx'
import { useCopy } from '../copy.ts'
import { same, useAccount, useConnectors, useDeliver, useFeatureActor, useLocale, useNetwork, useSend } from '../hooks.ts'
import type { SlotProps } from '../slots.ts'
import { useSelector } from '../useSelector.ts'

/*
 * Multi-wallet's entry in Account (spec §6), declared in its manifest (`machines/multiWallet.feature.ts`): the wallet
 * switcher, shown while the visitor holds more than one wallet in the namespace, and its 'Add wallet' entry (shown with
 * one wallet too): Connect opened over Account, the current wallet kept connected (spec §6 "Add wallet").
 */

const sameList = (a: ConnectionsView, b: ConnectionsView) =>
  a.activeId === b.activeId &&
  a.isSwitching === b.isSwitching &&
  a.connections.length === b.connections.length &&
  a.connections.every((c, i) => c.id === b.connections[i]?.id && c.accounts.join() === b.connections[i]?.accounts.join() && c.caipNetworkId === b.connections[i]?.caipNetworkId)

/**
 * A row's balance line: the balance, or calmly that it is being read or could not be (the row stays usable); a balance
 * whose later read failed stays shown, said not to be current ('1.5 ETH · not current'), until a read succeeds.
 */
function BalanceLine({ view, network }: { view: WalletBalanceView; network?: string | undefined }) {
  const copy = useCopy()
  const text =
    view.status === 'ready' ? view.text : view.status === 'stale' ? copy.multiWallet.balanceStale(view.text ?? '') : view.status === 'unavailable' ? copy.multiWallet.balanceUnavailable : copy.multiWallet.balanceLoading
  return (
    <span className="lk-wallet-switcher-balance" data-testid="wallet-switcher-balance" data-status={view.status} aria-busy={view.status === 'loading' || undefined}>
      {text}
      {network ? <span data-testid="wallet-switcher-network">{` · ${network}`}</span> : null}
    </span>
  )
}

/** The active connection's balance: the Account view's own (one read, the same figure), once it is that address's. */
function ActiveBalance({ address }: { address: string }) {
  const account = useAccount()
  const mine = account.address?.toLowerCase() === address.toLowerCase()
  const view: WalletBalanceView =
    mine && account.formattedBalance !== undefined
      ? { status: 'ready', text: `${account.formattedBalance} ${account.balanceSymbol ?? ''}`.trim() }
      : { status: mine && account.isBalanceUnavailable ? 'unavailable' : 'loading', text: undefined }
  return <BalanceLine view={view} />
}

/**
 * A held, non-active connection's balance: its `walletBalance` row, read on its wallet's own chain (else the namespace's
 * active network). A wallet on another chain than the active network says which after its balance: the configured
 * network's name, else 'Unsupported network' (a chain the app does not configure, spec §2 UnsupportedChain; never its
 * raw CAIP-2 id).
 */
function HeldBalance({ connection, rowKey }: { connection: ConnectionView; rowKey: string }) {
  const copy = useCopy()
  const locale = useLocale()
  const { active, items } = useNetwork()
  const row = useSelector(useFeatureActor('multiWallet'), (s) => balanceRowOf(s, rowKey))
  const view = useSelector(row, (s) => connectWalletBalance(s, locale), same)
  const chain = connection.caipNetworkId
  const network = chain && chain !== active.caipNetworkId ? (items.find((i) => i.network.caipNetworkId === chain)?.network.name ?? copy.multiWallet.unsupportedNetwork) : undefined
  return <BalanceLine view={view} network={network} />
}

/** A row's account: the name found for it (`name`), else its shortened address; the full address in its title. */
function AddressLine({ address, name }: { address: string; name: string | undefined }) {
  return (
    <span className="lk-wallet-switcher-address" data-testid="wallet-switcher-address" title={address}>
      {name ?? truncateAddress(address)}
    </span>
  )
}

/** A held account (not the active one): the name its `walletName` row found, else the shortened address. */
function HeldAddress({ address, rowKey }: { address: string; rowKey: string }) {
  const row = useSelector(useFeatureActor('multiWallet'), (s) => nameRowOf(s, rowKey))
  const name = useSelector(row, (s) => s?.context.name)
  return <AddressLine address={address} name={name} />
}

/**
 * Remove, once per wallet (on its first row): a wallet that gave several accounts goes whole, every account with it
 * (one connection to the wallet; its accounts are not removed one by one), as its accessible name and title say.
 */
function RemoveButton({ row, name }: { row: SwitcherRow; name: string }) {
  const copy = useCopy()
  const deliver = useDeliver('multiWallet')
  if (row.index !== 0) return null
  const label = row.connection.accounts.length > 1 ? copy.multiWallet.removeWallet(name) : copy.multiWallet.removeNamed(name)
  return (
    <button type="button" className="lk-link" aria-label={label} title={row.connection.accounts.length > 1 ? label : undefined} onClick={() => deliver({ type: 'multiWallet.remove', connectionId: row.connection.id })}>
      {copy.multiWallet.remove}
    </button>
  )
}

/**
 * Under the address (`account.identity`): every wallet the visitor holds in this namespace, its icon, name and address
 * (the name found for the address in its place, as the Account view's own: spec §6 "address or name"),
 * its balance (spec §5: native, floored to 3 decimals; 'Balance unavailable' when its read fails, never blocking the row)
 * and, for a held wallet on another chain than the active network, that chain,
 * the active one said in words ('Active'); one press switches to another, one removes it. A wallet that gave the site
 * several accounts has a row per account (each named with its address for assistive technology; a switch to another
 * account of the active wallet changes only the account), and one Remove, on its first row, for the whole wallet.
 * 'Add wallet' opens Connect without disconnecting (a wallet already held, picked there, becomes the active one: no
 * second entry).
 */
export function WalletSwitcher({ namespace, address, identity }: SlotProps['account.identity']) {
  const copy = useCopy()
  const deliver = useDeliver('multiWallet')
  const send = useSend()
  const { connectors, recent } = useConnectors()
  const view = useSelector(
    useFeatureActor('multiWallet'),
    (s) => (s ? connectMultiWallet(s, namespace) : undefined),
    (a, b) => (a && b ? sameList(a, b) : a === b),
  )
  if (!view) return null
  const addWallet = (
    <button type="button" className="lk-link lk-wallet-switcher-add" onClick={() => send({ type: 'app.push', view: 'Connect', data: { adding: true } })}>
      {copy.multiWallet.add}
    </button>
  )
  const rows = switcherRows(view)
  if (rows.length < 2) return <section className="lk-wallet-switcher">{addWallet}</section>
  const described = (connectorId: string) => connectors.find((c) => c.id === connectorId) ?? recent.find((w) => w.id === connectorId)
  return (
    <section className="lk-wallet-switcher" aria-label={copy.multiWallet.title} data-testid="wallet-switcher">
      <ul className="lk-wallet-switcher-list">
        {rows.map((row) => {
          const c = row.connection
          const wallet = described(c.connectorId)
          const name = wallet?.name ?? c.connectorId
          // Several accounts of one wallet: each switch names its account.
          const target = c.accounts.length > 1 ? `${name} ${truncateAddress(row.address)}` : name
          return (
            <li key={row.key} className="lk-wallet-switcher-row" aria-current={row.active || undefined}>
              <WalletIcon src={wallet?.imageUrl} name={name} />
              <span className="lk-wallet-switcher-name">
                {name}
                {row.active ? <AddressLine address={row.address} name={row.address.toLowerCase() === address.toLowerCase() ? identity.name : undefined} /> : <HeldAddress address={row.address} rowKey={row.key} />}
                {row.active ? <ActiveBalance address={row.address} /> : <HeldBalance connection={c} rowKey={row.key} />}
              </span>
              {row.active ? (
                <span className="lk-badge">{copy.multiWallet.active}</span>
              ) : (
                <button
                  type="button"
                  className="lk-link"
                  aria-label={copy.multiWallet.switchTo(target)}
                  onClick={() => deliver({ type: 'multiWallet.switch', connectionId: c.id, ...(c.accounts.length > 1 ? { address: row.address } : {}) })}
                >
                  {copy.multiWallet.switch}
                </button>
              )}
              <RemoveButton row={row} name={name} />
            </li>
          )
        })}
      </ul>
      {addWallet}
    </section>
  )
}
