// @vitest-environment happy-dom
import { fireEvent, waitFor, within } from '@testing-library/react'
import { generatePrivateKey } from 'viem/accounts'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { en } from '../../ui/locales/en.ts'
import { clickFirstInDialog, featureOf, renderApp, type App } from '../../tests/model/app.tsx'
import { startWalletConnectPair, type WalletConnectPair } from '../node/walletConnectPair.ts'

/**
 * The hostile check of the WalletConnect test wallet (the kit does not hide product defects): the modal, paired over
 * the kit's loopback relay with the kit's WalletConnect wallet, whose wallet answers the sign-in request with garbage
 * (a malformed JSON-RPC result), shows its error state — the sign-in alert, no session — and neither hangs in
 * "sign in your wallet" nor signs in. A custom error from the wallet shows the same way.
 */
const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!()
})

const wait = { interval: 5, timeout: 15_000 }

/** The modal with sign-in, on the pair's relay; connected through WalletConnect (the QR code's URI handed to the wallet). */
async function pairedForSignIn(): Promise<{ app: App; pair: WalletConnectPair }> {
  const pair = await startWalletConnectPair({ rpcUrl: inject('anvilRpc1'), accounts: [generatePrivateKey()] })
  cleanups.push(() => pair.close())
  const app = await renderApp({ siwx: {}, walletConnect: { relayUrl: pair.relayUrl } })
  cleanups.push(() => app.dispose())
  fireEvent.click(await waitFor(() => app.find('button', en.connectButton) ?? expect.unreachable('no Connect button'), wait))
  await app.settle()
  await clickFirstInDialog(app, 'WalletConnect', wait)
  // The SDK's first start and the relay's handshake: seconds on a loaded machine.
  const uri = await waitFor(() => featureOf(app, 'pairing')?.getSnapshot().context.uri ?? expect.unreachable('no pairing URI yet'), wait)
  await pair.pair(uri)
  await waitFor(() => expect(app.find('dialog', en.titles.SIWXSignMessage)).not.toBeNull(), wait)
  expect(app.modal.getState().account.address).toBe(pair.wallet.address)
  return { app, pair }
}

/** Presses Sign in and waits for the dialog's alert: the sign-in's error state. */
async function signInFails(app: App): Promise<string> {
  await clickFirstInDialog(app, en.signIn, wait)
  const alert = await waitFor(() => within(app.dialog()!).getByRole('alert'), wait)
  expect(app.find('dialog', en.titles.SIWXSignMessage)).not.toBeNull()
  expect(app.modal.getSiwxSession()).toBeUndefined()
  // Not stuck on "sign in your wallet": Sign in may be pressed again.
  await waitFor(() => expect(within(app.dialog()!).getByRole('button', { name: en.signIn }).hasAttribute('disabled')).toBe(false), wait)
  return alert.textContent ?? ''
}

describe('the WalletConnect test wallet, hostile: the modal shows its error state', () => {
  test.each<[string, unknown]>([
    ['an object instead of a signature', { not: 'a signature' }],
    ['a hex string that is no signature', '0x1234'],
    ['null', null],
  ])(
    'hostile: personal_sign answered with %s: the sign-in alert, no session',
    async (_, garbage) => {
      const { app, pair } = await pairedForSignIn()
      pair.wallet.misbehave({ results: { personal_sign: garbage } })
      expect(await signInFails(app)).not.toBe('')
    },
    60_000,
  )

  test('behavior: personal_sign answered with a custom error: the sign-in alert, no session', async () => {
    const { app, pair } = await pairedForSignIn()
    pair.wallet.answerNext({ code: -32000, message: 'The ledger is locked' }, 'sign')
    expect(await signInFails(app)).not.toBe('')
  }, 60_000)
})
