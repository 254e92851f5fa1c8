import type { AnyEventObject, EventObject, MachineContext, MetaObject, NonReducibleUnknown, SetupTypes } from 'xstate'

/**
 * The types a machine declares to `setup({ types })`: its context, events, input, output, emitted events and tags,
 * each optional (an absent one takes `setup`'s own default).
 */
export type MachineTypeParameters = {
  context?: MachineContext
  events?: EventObject
  input?: unknown
  output?: NonReducibleUnknown
  emitted?: EventObject
  tags?: string
}

/** `T[K]` when `T` declares `K` (narrowed to `Bound`), else `Default` (what `setup` infers when `types` leaves `K` out). */
type Declared<T, K extends keyof MachineTypeParameters, Bound, Default extends Bound> = T extends { [P in K]: infer V extends Bound } ? V : Default

/** The `SetupTypes` of {@link MachineTypeParameters} `T`, with `setup`'s defaults for what `T` leaves out. */
export type MachineTypes<T extends MachineTypeParameters> = SetupTypes<
  Declared<T, 'context', MachineContext, MachineContext>,
  Declared<T, 'events', EventObject, AnyEventObject>,
  // biome-ignore lint/complexity/noBannedTypes: `setup`'s own default children map (no named children)
  {},
  Declared<T, 'tags', string, string>,
  Declared<T, 'input', unknown, NonReducibleUnknown>,
  Declared<T, 'output', NonReducibleUnknown, NonReducibleUnknown>,
  Declared<T, 'emitted', EventObject, EventObject>,
  MetaObject
>

/**
 * The `types` of a machine's `setup()`, typed by its parameter instead of by asserting `{} as Context` for each
 * field. XState reads `types` only at the type level (it carries the machine's type parameters); every field is
 * optional, so the value is an empty object and nothing is asserted.
 *
 * @example
 * setup({ types: machineTypes<{ context: ToastContext; events: ToastEvent }>(), actions: { … } })
 */
export function machineTypes<T extends MachineTypeParameters>(): MachineTypes<T> {
  return {}
}
