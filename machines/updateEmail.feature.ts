import type { ConnectedAccount, FeatureRegistration } from './features.ts'
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
 * an email) and does the rest in its own chart (`machines/updateEmail.ts`): `updateEmail.start` pushes
 * UpdateEmailWallet; the new email reported by the frame resets the view to Account (which shows it) and raises a
 * success toast naming it ('Your email is now …'). Back, the modal closing or another account cancel the change (Back
 * waits while the second code is checked and the change is polled: `committing`).
 *
 * @param options.enabled whether `embeddedWallet` is configured.
 */
export function updateEmailFeature(options: { enabled: boolean }): FeatureRegistration {
  return {
    id: 'updateEmail',
    available: (facts) => options.enabled && facts.flags.email && isEmbeddedAccount(facts.account),
    busyTag: 'committing',
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
