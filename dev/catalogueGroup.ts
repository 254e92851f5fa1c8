/**
 * The catalogue's chunk group, for the package build (vite.lib.config.ts) and the demo's (vite.config.ts): the module
 * that loads a locale's words (`ui/i18n/catalogue.ts`, `loaders.ts`) and the helpers every locale's words import
 * (`ui/i18n/forms.ts`: plural forms, isolates) in one chunk. Left to itself the bundler gives those helpers a chunk of
 * their own, shared by the locales, so a visitor reading German would fetch it after German's chunk (one more round
 * trip); in the group, they come with the catalogue, which is in before any locale's chunk is asked for, and each
 * locale stays one chunk (spec §1 lazy rule).
 */
export const catalogueGroup = { name: 'catalogue', test: /[\\/]ui[\\/]i18n[\\/](catalogue|loaders|forms)\.ts$/ }
