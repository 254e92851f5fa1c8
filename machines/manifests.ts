import { accountManifest } from './account.feature.ts'
import { accountTypeManifest } from './accountType.feature.ts'
import { brandingManifest } from './branding.feature.ts'
import { callsManifest } from './calls.feature.ts'
import { catalogueManifest } from './catalogue.feature.ts'
import { connectManifest } from './connect.feature.ts'
import { emailLoginManifest } from './emailLogin.feature.ts'
import { farcasterLoginManifest } from './farcasterLogin.feature.ts'
import { multiWalletManifest } from './multiWallet.feature.ts'
import { namesManifest } from './names.feature.ts'
import { networkSwitchManifest } from './networkSwitch.feature.ts'
import { onboardingManifest } from './onboarding.feature.ts'
import { onrampManifest } from './onramp.feature.ts'
import { payManifest } from './pay.feature.ts'
import { pairingManifest } from './pairing.feature.ts'
import { profileWalletsManifest } from './profileWallets.feature.ts'
import { receiveManifest } from './receive.feature.ts'
import { remoteConfigManifest } from './remoteConfig.feature.ts'
import { sendManifest } from './send.feature.ts'
import { siwxManifest } from './siwx.feature.ts'
import { socialLoginManifest } from './socialLogin.feature.ts'
import { swapManifest } from './swap.feature.ts'
import { updateEmailManifest } from './updateEmail.feature.ts'
import { sessionsManifest } from './sessions.feature.ts'

/**
 * The one list of the modal's features (STYLE rule 14): each line one manifest (`machines/<id>.feature.ts`). Every
 * other list derives from it: the view names (`machines/views.ts`), the view registry (`ui/features.ts`), the
 * machines and their assembly (`ui/assemble/index.ts`), the settings, the entry points of the slots.
 *
 * The order is the order the root tells the features about an account change (the account data first, then send,
 * then sign-in); features without a machine follow.
 */
export const manifests = [
  accountManifest,
  sendManifest,
  swapManifest,
  siwxManifest,
  multiWalletManifest,
  callsManifest,
  payManifest,
  pairingManifest,
  catalogueManifest,
  remoteConfigManifest,
  emailLoginManifest,
  socialLoginManifest,
  updateEmailManifest,
  profileWalletsManifest,
  accountTypeManifest,
  farcasterLoginManifest,
  namesManifest,
  onrampManifest,
  connectManifest,
  networkSwitchManifest,
  receiveManifest,
  onboardingManifest,
  brandingManifest,
  sessionsManifest,
] as const

/** A manifest of the list. */
export type AnyManifest = (typeof manifests)[number]
/** A feature's id: its flag's name where it has one, its machine's id and systemId, its view-registry id. */
export type FeatureId = AnyManifest['id']
/** The views the manifests declare, by the spec's names. */
export type ManifestViewName = { [K in AnyManifest as K['id']]: keyof NonNullable<K['views']> }[FeatureId]

/** A manifest's own options' type (`defineFeature`'s third type); none: nothing. */
type OptionsOf<M> = M extends { options?: infer O } ? NonNullable<O> : never
/** The options a feature's manifest declares, by its id: what its `machines/<id>.options.ts` gives schemas and defaults. */
export type OptionsDeclaredBy<Id extends FeatureId> = OptionsOf<Extract<AnyManifest, { id: Id }>>
/** `A | B` → `A & B`. */
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never
/**
 * The features' keys of `createModal`'s options, from the manifests (`ModalOptions` is the modal's own keys and these):
 * each feature's options type, with its documentation, as its `options` declares it.
 */
export type ManifestOptions = Intersection<OptionsOf<AnyManifest>>
