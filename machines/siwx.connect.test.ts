import { createActor } from 'xstate'
import { describe, expect, test } from 'vitest'
import { connectSiwx } from './siwx.connect.ts'
import { siwxMachine } from './siwx.ts'

describe('connectSiwx', () => {
  test('behavior: before the SIWX machine arrived: idle, Sign and Cancel disabled, no signer, no session', () => {
    expect(connectSiwx(undefined)).toEqual({
      loaded: false,
      phase: 'idle',
      isSigning: false,
      canSign: false,
      canCancel: false,
      required: false,
      cancelDisconnects: false,
      returnTo: undefined,
      error: undefined,
      address: undefined,
      caipNetworkId: undefined,
      session: undefined,
    })
  })

  test('behavior: a spawned machine is loaded (its initial state: idle)', () => {
    const actor = createActor(siwxMachine, { input: {} }).start()
    expect(connectSiwx(actor.getSnapshot())).toMatchObject({ loaded: true, phase: 'idle', canSign: false })
    actor.stop()
  })
})
