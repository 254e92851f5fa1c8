import { to, type ConnectedAccount, type FeatureRegistration } from './features.ts'
import { messageWith } from './messages.ts'
import type { UpdateEmailEmitted } from './updateEmail.ts'
import { defineFeature } from './features.ts'
import type { updateEmailMachine } from './updateEmail.ts'

/** The auth connector's id: the embedded wallet as the eip155 connection. */
const authConnectorId = 'auth'

/** Whether `account` is the embedded wallet's (the auth connector). */
export const isEmbeddedAccount = (account: ConnectedAccount | undefined): boolean => account?.connectorId === authConnectorId

/**
 * The email update (spec §2 UpdateEmailWallet, §4 "Email update result action") as a feature: exists with
 * the `email` flag when the dapp configured `embeddedWallet` and the account is the embedded wallet's. Its machine is
 * fetched on the first press of Account's edit button on the email row (email users only: the button shows only with
 * an email). `updateEmail.start` pushes UpdateEmailWallet; the new email reported by the frame resets the view to
 * Account (which shows it) and raises a success toast naming it ('Your email is now …'). Back, the modal closing or another account cancel the change (Back waits while the second
 * code is checked and the change is polled: `committing`).
 *
 * @param options.enabled whether `embeddedWallet` is configured.
 */
export function updateEmailFeature(options: { enabled: boolean }): FeatureRegistration {
  return {
    id: 'updateEmail',
    available: (facts) => options.enabled && facts.flags.email && isEmbeddedAccount(facts.account),
    busyTag: 'committing',
    on: {
      gesture: (facts, event) => {
        if (!isEmbeddedAccount(facts.account)) return []
        if (event.type === 'updateEmail.start') return [to.router({ type: 'router.push', view: 'UpdateEmailWallet' }), to.self(event, true)]
        return [to.self(event, true)]
      },
      emitted: (facts, event: UpdateEmailEmitted) => {
        if (event.type !== 'updateEmail.updated') return []
        // The success toast names the new email wherever the visitor is; the view leaves for Account only if it shows.
        const toast = to.toast('success', messageWith('emailUpdated', { email: event.email }))
        if (facts.view === 'UpdateEmailWallet') return [to.router({ type: 'router.reset', view: 'Account' }), to.self({ type: 'updateEmail.cancel' }), toast]
        return [toast]
      },
      back: () => [to.self({ type: 'updateEmail.cancel' })],
      closed: () => [to.self({ type: 'updateEmail.cancel' })],
      account: (facts, change) => {
        const commands = [to.self({ type: 'updateEmail.cancel' })]
        if (change !== 'restored' && facts.holder === 'updateEmail') commands.push(to.router({ type: 'router.reset', view: facts.account ? 'Account' : 'Connect' }))
        return commands
      },
    },
  }
}

/** The email update (spec §2 UpdateEmailWallet): Account's edit button on the email row, email users. */
export const updateEmailManifest = defineFeature<typeof updateEmailMachine>()({
  id: 'updateEmail',
  flag: 'email',
  views: { UpdateEmailWallet: { machines: ['updateEmail'] } },
  holdsViews: true,
  loadsWith: ['embeddedWallet'],
  // Account: the edit button on the email row.
  entries: [{ slot: 'account.email', order: 10, component: 'updateEmail', export: 'EditEmail' }],
  register: (settings: { embeddedWallet?: boolean | undefined }) => updateEmailFeature({ enabled: settings.embeddedWallet === true }),
})
