import { type ReactNode, useState } from 'react'
import { Avatar } from '../components/Avatar.tsx'
import { CheckIcon, CopyIcon } from '../components/glyphs.tsx'
import { useCopy } from '../copy.ts'
import { useAccount, useActiveNamespace, useFeatures, useNetwork, useSend } from '../hooks.ts'
import { useAccountData } from '../hooks/account.ts'
import { useConnections } from '../hooks/connections.ts'
import { truncateAddress } from '../../machines/format.ts'
import { useModalInstance } from '../context.ts'
import { AccountTabs } from './AccountTabs.tsx'
import { type AccountSlotProps, entryLabel, type RenderSlot, type SlotProps, slotComponents, slotEntries } from '../slots.ts'
import { safeImageUrl } from '../components/WalletIcon.tsx'
import { NetworkIcon } from '../components/NetworkIcon.tsx'

/**
 * Account (spec §2): avatar, truncated address (full address in the copy button and title), native balance floored to
 * 3 decimals, network, disconnect. What features add comes from their manifests' slots (`ui/slots.ts`): the name on
 * the address line (`account.name`), the lines under it (`account.identity`: the account type, the login's email or
 * username, register a name, your wallets, the account-type switch) and the action buttons (`account.actions`).
 */
export function Account() {
  const copy = useCopy()
  const send = useSend()
  const features = useFeatures()
  const namespace = useActiveNamespace()
  // Every slot shows an entry only with its flag on and only where the namespace supports it (spec §6: no Send form
  // that ends in 'Unsupported chain', no Swap off EVM, no name registration off EVM).
  const gate = { features, namespace }
  // The action buttons (default Buy, Swap, Receive, Send: the `walletFeaturesOrder` option): a press sends the manifest's
  // gesture; the feature's code arrives with it.
  const order = useModalInstance().options.walletFeaturesOrder
  const actions = slotEntries('account.actions', { ...gate, order })
  const account = useAccount()
  const network = useNetwork()
  const [copied, setCopied] = useState(false)
  const { identityName, identityAvatar, identityKnown, hasRegisteredName, namesFailed, totalFiat, isLoadingBalances } = useAccountData()
  const avatar = safeImageUrl(identityAvatar ?? undefined)
  // Multi-wallet (spec §6): while a switch restores the chosen wallet, Account stays and shows it (its address, the
  // switcher marking it active) from the click on, instead of a loading view until the wallet answers.
  const { activeConnection, isSwitching } = useConnections()
  const switchingTo = !account.address && isSwitching ? activeConnection : undefined
  const address = account.address ?? switchingTo?.address
  if (!address) return <p className="lk-muted">{copy.loading}</p>
  // What the slots' components are handed; `slot` renders a slot inside an entry (the email row's controls).
  const slotProps: AccountSlotProps = {
    address,
    connectorId: account.connectorId ?? switchingTo?.connectorId,
    namespace,
    identity: { name: identityName ?? undefined, known: identityKnown, hasRegisteredName, namesFailed },
    slot: (slot, props) => renderSlot(slot, props),
  }
  const renderSlot: RenderSlot = (slot, props) => slotComponents(slot, gate).map(({ key, Component }) => <Component key={key} {...({ ...slotProps, ...props } as SlotProps[typeof slot])} />)
  // The address line: the looked-up name, else a feature's (a name just registered), else the truncated address.
  const name = slotComponents('account.name', gate).reduceRight<ReactNode>((fallback, { key, Component }) => <Component key={key} {...slotProps} fallback={fallback} />, account.displayAddress ?? truncateAddress(address))
  return (
    <div className="lk-center">
      {avatar ? <img className="lk-avatar" src={avatar} alt="" width={64} height={64} /> : <Avatar address={address} />}
      <div className="lk-address">
        <span title={address} data-testid="account-address">
          {identityName ?? name}
        </span>
        <button
          type="button"
          className="lk-icon-button"
          aria-label={copy.copyAddress}
          onClick={() => {
            void navigator.clipboard?.writeText(address).then(
              () => {
                setCopied(true)
                send({ type: 'app.notify', variant: 'success', message: copy.copied })
              },
              () => setCopied(false),
            )
          }}
        >
          {copied ? <CheckIcon /> : <CopyIcon />}
        </button>
      </div>
      {renderSlot('account.identity', {})}
      <div className="lk-balance" data-testid="account-balance">
        {account.isBalanceUnavailable ? copy.balanceUnavailable : account.balance === undefined ? copy.loading : `${account.formattedBalance} ${account.balanceSymbol ?? ''}`}
      </div>
      {/* The tokens' total in fiat, only when every token is priced (fiat only when known). While the balances load, its
          line is kept empty, so the buttons below do not move under a pointer or a finger when the total arrives. */}
      {totalFiat !== undefined && !account.isBalanceUnavailable ? (
        <p className="lk-muted" data-testid="account-total-fiat">
          {copy.totalValue(totalFiat)}
        </p>
      ) : (
        isLoadingBalances &&
        !account.isBalanceUnavailable && (
          <p className="lk-muted" aria-hidden="true">
            {'\u00a0'}
          </p>
        )
      )}
      <button
        type="button"
        className="lk-secondary"
        aria-label={copy.switchNetworkLabel(network.isUnsupported ? copy.wrongNetwork : network.active.name)}
        onClick={() => send({ type: 'app.push', view: network.isUnsupported ? 'UnsupportedChain' : 'SwitchNetwork' })}
        style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', gap: 8 }}
      >
        {!network.isUnsupported && <NetworkIcon network={network.active} size={20} />}
        {network.isUnsupported ? copy.wrongNetwork : network.active.name}
      </button>
      {actions.length > 0 && (
        <div className="lk-actions lk-account-actions">
          {actions.map((entry) => (
            <button key={entry.feature} type="button" className="lk-secondary" onClick={() => send(entry.press)}>
              {entryLabel(copy, entry.label)}
            </button>
          ))}
        </div>
      )}
      <AccountTabs />
      {/* Sticks to the dialog's bottom edge when the view scrolls (a short window): the way out is always in sight. */}
      <button type="button" className="lk-secondary lk-sticky-action" onClick={() => send({ type: 'app.disconnect' })}>
        {copy.disconnect}
      </button>
    </div>
  )
}
