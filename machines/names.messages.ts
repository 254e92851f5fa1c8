/**
 * The name registration's messages (spec §8) as keys and values: the names machine names a message,
 * the views take its words from the copy catalogue (`ui/locales/en.ts` `names.messages`, the spec's strings word for
 * word). In a module of its own: the views read the keys without pulling the machine in.
 */

/**
 * What a names message is about:
 * - `suggestionsFailed`: the suggestions could not be read ('Error fetching name suggestions');
 * - `registerFailed` (values `name`, and `reason`: the API's first reason description, preferred when present):
 *   the registration failed ('Error registering name {name}').
 */
export type NamesMessage = { key: 'suggestionsFailed' } | { key: 'registerFailed'; values: { name: string; reason?: string | undefined } }
