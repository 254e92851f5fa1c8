import { fromCallback, fromPromise, type EventObject } from 'xstate'
import { callForeign, parseForeign, type TimerClock } from './boundary.ts'
import { BaseError, InvalidCallbackResponseError } from './errors.ts'
import type { SiwxConfig, SiwxMessage, SiwxSession } from '../kernel/siwx.ts'
import { isSessionOf, parseSiwxMessage, siwxSessionSchema } from '../kernel/siwx.session.ts'
import type { WalletConnectClient } from './walletconnect.ts'

/**
 * The actors of the pairing and SIWX features (spec §2 WalletConnect, §4 "Sign-in (SIWX)"), in a module of their own:
 * `createModal` imports it with the first pairing or sign-in, not with the page.
 */

/** Thrown by the pairing actors when WalletConnect is off (`walletConnect: false`). */
export class WalletConnectDisabledError extends BaseError {
  static override docsPath = '/errors/WalletConnectDisabledError'
  override name = 'WalletConnectDisabledError'
  constructor() {
    super('WalletConnect is turned off (options.walletConnect is false).')
  }
}

/**
 * The actors the pairing machine declares: `load` (the provider's code and socket, once) and `propose` (a
 * proposal: sends back `pairing.uriReady`, then `pairing.walletApproved` or `pairing.walletFailed`; once stopped —
 * refreshed or cancelled — it reports nothing more and the proposal is abandoned).
 */
export function pairingActors(walletConnect: WalletConnectClient | undefined) {
  return {
    load: fromPromise<void>(async () => {
      if (!walletConnect) throw new WalletConnectDisabledError()
      await walletConnect.restore()
    }),
    propose: fromCallback<EventObject>(({ sendBack }) => {
      let stopped = false
      const report = (event: { type: 'pairing.uriReady'; uri: string; createdAt: number } | { type: 'pairing.walletApproved' } | { type: 'pairing.walletFailed'; error: unknown }) => {
        if (!stopped) sendBack(event)
      }
      if (!walletConnect) {
        report({ type: 'pairing.walletFailed', error: new WalletConnectDisabledError() })
        return () => {}
      }
      walletConnect.propose().then(
        ({ uri, createdAt, approval }) => {
          report({ type: 'pairing.uriReady', uri, createdAt })
          approval.then(
            () => report({ type: 'pairing.walletApproved' }),
            (error: unknown) => report({ type: 'pairing.walletFailed', error }),
          )
        },
        (error: unknown) => report({ type: 'pairing.walletFailed', error }),
      )
      return () => {
        stopped = true
      }
    }),
  }
}

/** Who signs in, as the SIWX machine's actors get it (`address` bare, `caipNetworkId` CAIP-2). */
export type SiwxActorTarget = { address: string; caipNetworkId: string; namespace: string; connectorId: string }

/** What {@link siwxActors} takes. */
export type SiwxActorsParameters = {
  /** The `siwx` option (read at each call; throws 'SIWX is not enabled' without it). */
  config: () => SiwxConfig
  /** Signs with the connected wallet (the chain adapter's `signMessage`) when the config has no `signMessage`. */
  signWithWallet: (parameters: { connectorId: string; address: string; message: string; namespace: string }) => Promise<string>
  /** Ends the config's non-interactive calls (`getSessions`, `createMessage`, `addSession`, `revokeSession`), in ms. */
  timeout: number
  /** The clock of that timeout (the modal's `clock` option); default `globalThis`. */
  clock?: TimerClock | undefined
}

/**
 * The actors the SIWX machine declares, made from the `siwx` option (spec §4 "Sign-in (SIWX)"). The option is the
 * dapp's code, so each call goes through the boundary: a throw or a rejection is a typed `BaseError` (a
 * 4001 from a custom signer stays the user's rejection), `getSessions`, `createMessage`, `addSession` and
 * `revokeSession` end with `RequestTimeoutError` after `timeout` ms, and an answer that breaks the contract is an
 * `InvalidCallbackResponseError`: a message that is malformed or for another account or network, a signature that is
 * not a non-empty string, a stored session that is malformed or another account's. `getSessions`' answer is passed on
 * as it is: the machine keeps only well-formed sessions of exactly the account and network. The signature is
 * interactive and has no timeout: the visitor ends it with Cancel.
 */
export function siwxActors({ config, signWithWallet, timeout, clock }: SiwxActorsParameters) {
  const bounded = { timeout, clock }
  return {
    getSessions: fromPromise<SiwxSession[], SiwxActorTarget>(async ({ input }) => (await callForeign('siwx.getSessions', () => config().getSessions(input.caipNetworkId, input.address), bounded)) as SiwxSession[]),
    createMessage: fromPromise<SiwxMessage, SiwxActorTarget>(async ({ input }) => {
      const answer = await callForeign('siwx.createMessage', () => config().createMessage({ accountAddress: input.address, chainId: input.caipNetworkId }), bounded)
      const message = parseSiwxMessage(answer, input)
      if (!message) throw new InvalidCallbackResponseError('siwx.createMessage', answer)
      return message
    }),
    // The config's own signer when it has one (the pluggable siwx), else the connected wallet.
    signMessage: fromPromise<string, { target: SiwxActorTarget; message: string }>(async ({ input }) => {
      const { connectorId, address, caipNetworkId, namespace } = input.target
      const signature = await callForeign('siwx.signMessage', () => {
        const siwx = config()
        const custom = siwx.signMessage
        return typeof custom === 'function' ? custom.call(siwx, { message: input.message, address, chainId: caipNetworkId, connectorId }) : signWithWallet({ connectorId, address, message: input.message, namespace })
      })
      if (typeof signature !== 'string' || signature.length === 0) throw new InvalidCallbackResponseError('siwx.signMessage', signature)
      return signature
    }),
    addSession: fromPromise<SiwxSession, SiwxSession>(async ({ input }) => {
      const answer = await callForeign('siwx.addSession', () => config().addSession(input), bounded)
      if (answer === undefined || answer === null) return input
      const session = parseForeign('siwx.addSession', siwxSessionSchema, answer) as SiwxSession
      // The verifier may add its token; it may not store a session of another account or network.
      if (!isSessionOf(session, { address: input.data.accountAddress, caipNetworkId: input.data.chainId })) throw new InvalidCallbackResponseError('siwx.addSession', answer)
      return session
    }),
    revokeSession: fromPromise<void, { sessions: SiwxSession[]; target?: SiwxActorTarget | undefined }>(async ({ input }) => {
      await Promise.all(input.sessions.map((s) => callForeign('siwx.revokeSession', () => config().revokeSession(s.data.chainId, s.data.accountAddress), bounded)))
    }),
  }
}
