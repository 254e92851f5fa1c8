import type { SnapshotFrom } from 'xstate'
import { canSwitchAccountType, type accountTypeMachine, type EmbeddedAccountType } from './accountType.ts'

/** Account's account-type switch as a view model (STYLE rule 3). */
export type AccountTypeView = {
  /** The machine is there (spawned with the embedded account). */
  loaded: boolean
  /** Whether Account offers the switch: the state is read, the chain has smart accounts and the other type exists. */
  shown: boolean
  /** The type the wallet acts with now (undefined until read). */
  current: EmbeddedAccountType | undefined
  /** Where the switch goes. */
  target: EmbeddedAccountType
  /** A switch is in progress (the button waits). */
  switching: boolean
  /** The smart account has code on the chain (undefined until read). */
  deployed: boolean | undefined
}

/**
 * The switch's view model from the machine's snapshot (undefined: not spawned yet, nothing shown). While switching
 * the button stays, pointing where the switch goes.
 * @example connectAccountType(undefined) // { loaded: false, shown: false, current: undefined, target: 'smartAccount', switching: false, deployed: undefined }
 */
export function connectAccountType(snapshot: SnapshotFrom<typeof accountTypeMachine> | undefined): AccountTypeView {
  if (!snapshot) return { loaded: false, shown: false, current: undefined, target: 'smartAccount', switching: false, deployed: undefined }
  const { state, target: switchingTo } = snapshot.context
  const switching = snapshot.hasTag('busy')
  const current = state?.preferredAccountType
  const target: EmbeddedAccountType = switching && switchingTo ? switchingTo : current === 'smartAccount' ? 'eoa' : 'smartAccount'
  const shown = switching || (snapshot.matches('ready') && canSwitchAccountType(state, target))
  return { loaded: true, shown, current, target, switching, deployed: state ? state.smartAccountDeployed : undefined }
}
