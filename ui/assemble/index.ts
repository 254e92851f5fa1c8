import type { ActorRefFrom, AnyActorLogic } from 'xstate'
import type { accountMachine } from '../../machines/account.ts'
import { accountFeature } from '../../machines/account.feature.ts'
import type { catalogueMachine, CatalogueOptions } from '../../machines/catalogue.ts'
import { catalogueFeature } from '../../machines/catalogue.feature.ts'
import { withLoadedHooks, type FeatureRegistration, type LoadedFeature } from '../../machines/features.ts'
import type { emailLoginMachine } from '../../machines/emailLogin.ts'
import { emailLoginFeature } from '../../machines/emailLogin.feature.ts'
import type { socialLoginMachine } from '../../machines/socialLogin.ts'
import { socialLoginFeature } from '../../machines/socialLogin.feature.ts'
import type { updateEmailMachine } from '../../machines/updateEmail.ts'
import { updateEmailFeature } from '../../machines/updateEmail.feature.ts'
import type { profileWalletsMachine } from '../../machines/profileWallets.ts'
import { profileWalletsFeature, type ProfileWalletsGesture } from '../../machines/profileWallets.feature.ts'
import type { accountTypeMachine } from '../../machines/accountType.ts'
import { accountTypeFeature, type AccountTypeGesture } from '../../machines/accountType.feature.ts'
import type { farcasterLoginMachine } from '../../machines/farcasterLogin.ts'
import { farcasterLoginFeature } from '../../machines/farcasterLogin.feature.ts'
import type { pairingMachine } from '../../machines/pairing.ts'
import { pairingFeature } from '../../machines/pairing.feature.ts'
import type { remoteConfigMachine, RemoteConfigInput } from '../../machines/remoteConfig.ts'
import { remoteConfigFeature } from '../../machines/remoteConfig.feature.ts'
import type { namesMachine } from '../../machines/names.ts'
import { namesFeature, type NamesGesture } from '../../machines/names.feature.ts'
import type { sendMachine } from '../../machines/send.ts'
import { sendFeature, type SendGesture } from '../../machines/send.feature.ts'
import type { onrampMachine, OnrampInput } from '../../machines/onramp.ts'
import { onrampFeature, type OnrampGesture } from '../../machines/onramp.feature.ts'
import type { swapMachine } from '../../machines/swap.ts'
import { swapFeature, type SwapGesture } from '../../machines/swap.feature.ts'
import type { siwxMachine, SiwxInput } from '../../machines/siwx.ts'
import { siwxFeature } from '../../machines/siwx.feature.ts'
import type { FeatureHost } from './host.ts'

export type { FeatureHost } from './host.ts'

/**
 * Every feature of the modal (issue 15 §1), in one place: its registration (`machines/<feature>.feature.ts`: the flag
 * or option that gates it, the views it holds, what it follows and what its outcomes move) and its assembly
 * (`ui/assemble/<feature>.ts`: its machine with this instance's actors, one `import()` fetched with the first use,
 * never with the page). Its views are registered in `ui/features.ts` (their chunks and flags).
 *
 * A new feature adds its machine, its registration, its assembly and its views, and one line in each list below:
 * `root.ts` and `createModal.ts` do not change.
 */
export type FeatureMachines = {
  account: typeof accountMachine
  send: typeof sendMachine
  swap: typeof swapMachine
  siwx: typeof siwxMachine
  pairing: typeof pairingMachine
  catalogue: typeof catalogueMachine
  remoteConfig: typeof remoteConfigMachine
  emailLogin: typeof emailLoginMachine
  socialLogin: typeof socialLoginMachine
  updateEmail: typeof updateEmailMachine
  profileWallets: typeof profileWalletsMachine
  accountType: typeof accountTypeMachine
  farcasterLogin: typeof farcasterLoginMachine
  names: typeof namesMachine
  onramp: typeof onrampMachine
}
/** A feature's name: its actor's id and systemId. */
export type FeatureId = keyof FeatureMachines
/** The spawned feature actors, typed (absent until first used). */
export type FeatureRefs = { [K in FeatureId]?: ActorRefFrom<FeatureMachines[K]> }

/** Gestures a feature's registration reads that are not its machine's own events (`on.gesture`). */
export type FeatureExtraGestures = { send: SendGesture; names: NamesGesture; onramp: OnrampGesture; swap: SwapGesture; profileWallets: ProfileWalletsGesture; accountType: AccountTypeGesture }

/**
 * A feature's assembly module: its machine with this instance's actors, and the registration's hooks that only matter
 * once the machine exists (`machines/<feature>.outcomes.ts`, re-exported as `on`; see {@link LoadedFeature}).
 */
export type FeatureAssembly<K extends FeatureId> = { assemble(host: FeatureHost): FeatureMachines[K]; on?: FeatureRegistration['on'] }

/** Where each feature's assembly lives: one `import()` each. */
export const featureAssemblies: { [K in FeatureId]: () => Promise<FeatureAssembly<K>> } = {
  account: () => import('./account.ts'),
  send: () => import('./send.ts'),
  swap: () => import('./swap.ts'),
  siwx: () => import('./siwx.ts'),
  pairing: () => import('./pairing.ts'),
  catalogue: () => import('./catalogue.ts'),
  remoteConfig: () => import('./remoteConfig.ts'),
  emailLogin: () => import('./emailLogin.ts'),
  socialLogin: () => import('./socialLogin.ts'),
  updateEmail: () => import('./updateEmail.ts'),
  profileWallets: () => import('./profileWallets.ts'),
  accountType: () => import('./accountType.ts'),
  farcasterLogin: () => import('./farcasterLogin.ts'),
  names: () => import('./names.ts'),
  onramp: () => import('./onramp.ts'),
}

/** The options of one modal instance that the registrations read (already defaulted by `createModal`). */
export type FeatureSettings = {
  /** The `siwx` option's flags; undefined without the option (SIWX off). */
  siwx?: SiwxInput | undefined
  /** WalletConnect's connector id; undefined when WalletConnect is off. */
  walletConnectConnectorId?: string | undefined
  catalogue?: CatalogueOptions | undefined
  remoteConfig?: RemoteConfigInput | undefined
  /** Whether `embeddedWallet` is configured (email login). */
  emailLogin?: boolean | undefined
  /** Whether `embeddedWallet` is configured (social login, issue 19). */
  socialLogin?: boolean | undefined
  /** Whether `embeddedWallet` is configured (the email update, issue 19 §3). */
  updateEmail?: boolean | undefined
  /** Whether `embeddedWallet` is configured (ProfileWallets, issue 19 §3). */
  profileWallets?: boolean | undefined
  /** Whether `embeddedWallet` is configured (the account-type switch, issue 19 §4). */
  accountType?: boolean | undefined
  /** The eip155 account type an embedded login starts with (stored choice, else `defaultAccountTypes`, else spec §4). */
  preferredAccountType?: (() => 'eoa' | 'smartAccount') | undefined
  /** The zone suffix of registered names (spec §9; default '.reown.id'). */
  nameSuffix?: string | undefined
  /** The on-ramp's providers (default spec §9's meld and coinbase). */
  onramp?: OnrampInput | undefined
}

/**
 * How a feature's machine arrives: fetched (`load`, the modal: the machine with its hooks) or at hand (`logic`, tests:
 * with the hooks the module would bring, `on`).
 */
export type FeatureSupply = { load: () => Promise<AnyActorLogic | LoadedFeature> } | { logic: AnyActorLogic; on?: FeatureRegistration['on'] | undefined }

/** A registration with its supply: the machine's source, and at hand the module's hooks merged over the page's. */
function supplied(registration: FeatureRegistration, supply: FeatureSupply): FeatureRegistration {
  if ('load' in supply) return { ...registration, load: supply.load }
  return { ...withLoadedHooks(registration, supply.on), logic: supply.logic }
}

/**
 * The registrations of one modal instance, in the order the root tells them about an account change (the account
 * data, then send, then sign-in).
 * @param supply how each feature's machine arrives.
 */
export function featureRegistrations(settings: FeatureSettings, supply: (id: FeatureId) => FeatureSupply): FeatureRegistration[] {
  return [
    supplied(accountFeature, supply('account')),
    supplied(sendFeature, supply('send')),
    supplied(swapFeature, supply('swap')),
    supplied(siwxFeature({ enabled: settings.siwx !== undefined, input: settings.siwx }), supply('siwx')),
    supplied(pairingFeature({ connectorId: settings.walletConnectConnectorId }), supply('pairing')),
    supplied(catalogueFeature(settings.catalogue), supply('catalogue')),
    supplied(remoteConfigFeature(settings.remoteConfig), supply('remoteConfig')),
    supplied(emailLoginFeature({ enabled: settings.emailLogin === true }), supply('emailLogin')),
    supplied(socialLoginFeature({ enabled: settings.socialLogin === true }), supply('socialLogin')),
    supplied(updateEmailFeature({ enabled: settings.updateEmail === true }), supply('updateEmail')),
    supplied(profileWalletsFeature({ enabled: settings.profileWallets === true }), supply('profileWallets')),
    supplied(accountTypeFeature({ enabled: settings.accountType === true, ...(settings.preferredAccountType ? { preferredType: settings.preferredAccountType } : {}) }), supply('accountType')),
    supplied(farcasterLoginFeature({ enabled: settings.socialLogin === true }), supply('farcasterLogin')),
    supplied(namesFeature({ suffix: settings.nameSuffix }), supply('names')),
    supplied(onrampFeature(settings.onramp), supply('onramp')),
  ]
}
