import { describe, expect, test } from 'vitest'
import { assemble as emailLogin } from './emailLogin.ts'
import { assemble as updateEmail } from './updateEmail.ts'
import { assemble as profileWallets } from './profileWallets.ts'
import { assemble as accountType } from './accountType.ts'
import type { FeatureHost } from './host.ts'

/**
 * The embedded wallet's features on a modal without its embedded wallet (spec §8 "Unable to load email login
 * dependency"): each assembly refuses with the spec's words instead of a machine whose actors would fail later.
 */
describe('embedded-wallet assemblies without the embedded wallet (spec §8)', () => {
  const host = { embeddedWallet: undefined } as unknown as FeatureHost
  for (const [name, assemble] of Object.entries({ emailLogin, updateEmail, profileWallets, accountType })) {
    test(`bad input: ${name} throws "Unable to load email login dependency"`, () => {
      expect(() => assemble(host)).toThrowError('Unable to load email login dependency')
    })
  }
})
