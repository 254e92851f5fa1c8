import type { SnapshotFrom } from 'xstate'
import { fullName, isNameAvailable, isValidNameLabel, nameLabel, type NamesMachineSnapshot } from './names.ts'
import { defaultNameSuffix } from './names.suffix.ts'
import type { NamesMessage } from './names.messages.ts'

/** What the registration form shows about the typed name. */
export type NameStatus = 'empty' | 'invalid' | 'checking' | 'available' | 'taken' | 'unknown'

/** The names views' model (STYLE rule 3). */
export type NamesView = {
  /** False until the machine arrived (fetched on the first "Register a name"). */
  loaded: boolean
  /** The name as typed. */
  name: string
  /** The full name the typed one registers (label plus suffix), e.g. 'alice-dev.reown.id'. */
  fullName: string
  suffix: string
  status: NameStatus
  /** Other free names to pick (the typed one left out). */
  suggestions: string[]
  /** The wallet is asked to sign, or the registration is posted. */
  phase: 'editing' | 'signing' | 'registering' | 'registered'
  canRegister: boolean
  message: NamesMessage | undefined
  /** The name registered (RegisterAccountNameSuccess). */
  registered: string | undefined
  /** No eip155 account to register for (spec §6). */
  noAccount: boolean
}

/**
 * The names views' model from the machine's snapshot (undefined: not loaded yet).
 * @example connectNames(undefined) // { loaded: false, status: 'empty', phase: 'editing', … }
 */
export function connectNames(snapshot: SnapshotFrom<NamesMachineSnapshot> | undefined): NamesView {
  if (!snapshot) {
    return {
      loaded: false,
      name: '',
      fullName: '',
      suffix: defaultNameSuffix,
      status: 'empty',
      suggestions: [],
      phase: 'editing',
      canRegister: false,
      message: undefined,
      registered: undefined,
      noAccount: false,
    }
  }
  const c = snapshot.context
  const label = nameLabel(c.name, c.suffix)
  const full = fullName(c)
  const available = isNameAvailable(c)
  const status: NameStatus =
    label === ''
      ? 'empty'
      : !isValidNameLabel(label)
        ? 'invalid'
        : snapshot.matches({ editing: 'debouncing' }) || snapshot.matches({ editing: 'fetching' })
          ? 'checking'
          : available === true
            ? 'available'
            : available === false
              ? 'taken'
              : 'unknown'
  const phase = snapshot.matches('signing') ? 'signing' : snapshot.matches('registering') ? 'registering' : snapshot.matches('registered') ? 'registered' : 'editing'
  return {
    loaded: true,
    name: c.name,
    fullName: label === '' ? '' : full,
    suffix: c.suffix,
    status,
    suggestions: c.suggestionsFor === full ? c.suggestions.filter((s) => !s.registered && s.name !== full).map((s) => s.name) : [],
    phase,
    canRegister: snapshot.can({ type: 'names.register' }),
    message: c.message,
    registered: c.registered,
    noAccount: c.target === undefined,
  }
}
