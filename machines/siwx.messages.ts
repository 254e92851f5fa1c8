/**
 * The user-visible strings of sign-in (spec §8, word for word), in a module of their own so that the root machine and
 * the public entry can name them without pulling the SIWX machine into the page's initial JS.
 */
export const siwxMessages = {
  signFailed: 'Error signing message',
  initFailed: 'A problem occurred while trying initialize authentication',
  notEnabled: 'SIWX is not enabled',
  bothConfigs: 'Cannot set both `siweConfig` and `siwx` options',
} as const
