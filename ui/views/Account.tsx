import * as v from 'valibot'
import { useState } from 'react'
import { Avatar } from '../components/Avatar.tsx'
import { CheckIcon, CopyIcon, EditIcon } from '../components/glyphs.tsx'
import { useCopy } from '../copy.ts'
import { useAccount, useActiveNamespace, useFeatureActor, useFeatures, useNetwork, useSend } from '../hooks.ts'
import { useSelector } from '../useSelector.ts'
import type { NamesContext } from '../../machines/names.ts'
import { supportsNamespace } from '../../machines/namespaces.ts'
import { useAccountData } from '../hooks/account.ts'
import { AccountTabs } from './AccountTabs.tsx'
import { entryLabel, slotEntries } from '../slots.ts'
import { safeImageUrl } from '../components/WalletIcon.tsx'
import { NetworkIcon } from '../components/NetworkIcon.tsx'
import { useModalInstance } from '../context.ts'
import { displayEmail } from '../../machines/emailLogin.connect.ts'
import { displaySocialUsername } from '../../machines/socialLogin.connect.ts'
import { connectAccountType, type AccountTypeView } from '../../machines/accountType.connect.ts'

/**
 * Account (spec §2): avatar, truncated address (full address in the copy button and title), native balance floored to
 * 3 decimals, network, disconnect; the action buttons of the features' `account.actions` entries (`ui/slots.ts`).
 */
const emailSchema = v.string()

const sameAccountType = (a: AccountTypeView, b: AccountTypeView) => a.shown === b.shown && a.current === b.current && a.target === b.target && a.switching === b.switching

/** The profile name a registration set for `address` (the names machine's context, once it is there). */
function registeredProfileName(context: Pick<NamesContext, 'profile'> | undefined, address: string | undefined): string | undefined {
  const p = context?.profile
  return p && address && p.address.toLowerCase() === address.toLowerCase() ? p.name : undefined
}

export function Account() {
  const copy = useCopy()
  const send = useSend()
  const features = useFeatures()
  const namespace = useActiveNamespace()
  // The action buttons (Buy, Receive, Send, Swap): the `account.actions` slot of the features' manifests, each with its
  // flag on and only where the namespace supports it (spec §6: no Send form that ends in 'Unsupported chain', no Swap
  // off EVM). A press sends the manifest's gesture; the feature's code arrives with it.
  const actions = slotEntries('account.actions', { features, namespace })
  const account = useAccount()
  const network = useNetwork()
  const [copied, setCopied] = useState(false)
  const { identityName: lookedUpName, identityAvatar, identityKnown, hasRegisteredName, namesFailed, totalFiat } = useAccountData()
  // The profile name a registration just set (spec §4), also where the identity is not looked up (a testnet).
  const registeredName = useSelector(useFeatureActor('names'), (s) => registeredProfileName(s?.context, account.address))
  const identityName = lookedUpName ?? registeredName ?? null
  // A name to register: offered once the identity is settled without a name, eip155 only (spec §6).
  const canRegisterName = identityKnown && !identityName && !hasRegisteredName && supportsNamespace('names', namespace)
  const avatar = safeImageUrl(identityAvatar ?? undefined)
  // The embedded wallet's email, stored at login (spec §3 storage keys).
  const storage = useModalInstance().storage
  const email = account.connectorId === 'auth' ? storage.read('email', emailSchema) : undefined
  // A social login's username (spec §9: a Discord username ending in 0 loses it).
  const socialUsername = account.connectorId === 'auth' ? storage.read('social_username', emailSchema) : undefined
  const socialProvider = account.connectorId === 'auth' ? storage.read('social_provider', emailSchema) : undefined
  // The embedded wallet's account-type switch: its machine follows the embedded account.
  const accountType = useSelector(useFeatureActor('accountType'), connectAccountType, sameAccountType)
  if (!account.address) return <p className="lk-muted">{copy.loading}</p>
  const address = account.address
  return (
    <div className="lk-center">
      {avatar ? <img className="lk-avatar" src={avatar} alt="" width={64} height={64} /> : <Avatar address={address} />}
      <div className="lk-address">
        <span title={address} data-testid="account-address">
          {identityName ?? account.displayAddress}
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
      {/* The embedded wallet acts with its smart account: said beside the address. */}
      {account.connectorId === 'auth' && accountType.current === 'smartAccount' && !accountType.switching && (
        <span className="lk-badge" data-testid="account-type">
          {copy.accountType.smartAccountActive}
        </span>
      )}
      {!email && socialUsername && (
        <div className="lk-muted" title={socialUsername} data-testid="account-social-username">
          {displaySocialUsername(socialProvider, socialUsername)}
        </div>
      )}
      {canRegisterName && (
        <button type="button" className="lk-link" data-testid="account-register-name" onClick={() => send({ type: 'feature.deliver', feature: 'names', event: { type: 'names.start' } })}>
          {copy.names.accountEntry}
        </button>
      )}
      {namesFailed && !identityName && supportsNamespace('names', namespace) && (
        <p className="lk-muted" role="status" data-testid="account-names-failed">
          {copy.names.messages.reverseFailed}
        </p>
      )}
      {email && (
        <div className="lk-email-row">
          <span className="lk-muted" title={email} data-testid="account-email">
            {displayEmail(email)}
          </span>
          {/* The email update: email users only; the machine is fetched with this press. */}
          {features.email && (
            <button
              type="button"
              className="lk-icon-button"
              aria-label={copy.updateEmail.accountEntry}
              title={copy.updateEmail.accountEntry}
              data-testid="account-edit-email"
              onClick={() => send({ type: 'feature.deliver', feature: 'updateEmail', event: { type: 'updateEmail.start', currentEmail: email } })}
            >
              <EditIcon />
            </button>
          )}
        </div>
      )}
      {/* The embedded wallet's accounts (spec §2 ProfileWallets): email and social users. */}
      {account.connectorId === 'auth' && features.email && (
        <button type="button" className="lk-link" data-testid="account-profile-wallets" onClick={() => send({ type: 'feature.deliver', feature: 'profileWallets', event: { type: 'profileWallets.start' } })}>
          {copy.profileWallets.accountEntry}
        </button>
      )}
      {/* Spec §4: to the smart account only where the network has smart accounts and the type is eoa; back to the EOA. */}
      {account.connectorId === 'auth' && accountType.shown && (
        <button
          type="button"
          className="lk-link"
          data-testid="account-switch-type"
          disabled={accountType.switching}
          aria-busy={accountType.switching || undefined}
          onClick={() => send({ type: 'feature.deliver', feature: 'accountType', event: { type: 'accountType.switch', to: accountType.target } })}
        >
          {accountType.switching ? copy.accountType.switching : accountType.target === 'smartAccount' ? copy.accountType.toSmartAccount : copy.accountType.toEoa}
        </button>
      )}
      <div className="lk-balance" data-testid="account-balance">
        {account.isBalanceUnavailable ? copy.balanceUnavailable : account.balance === undefined ? copy.loading : `${account.formattedBalance} ${account.balanceSymbol ?? ''}`}
      </div>
      {/* The tokens' total in fiat, only when every token is priced (fiat only when known). */}
      {totalFiat !== undefined && !account.isBalanceUnavailable && (
        <p className="lk-muted" data-testid="account-total-fiat">
          {copy.totalValue(totalFiat)}
        </p>
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
      <button type="button" className="lk-secondary" onClick={() => send({ type: 'app.disconnect' })}>
        {copy.disconnect}
      </button>
    </div>
  )
}
