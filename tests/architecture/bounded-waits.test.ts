import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { AnyStateMachine } from 'xstate'
import { describe, expect, test } from 'vitest'

/**
 * Every wait in every machine has a bound (spec §9 "RPC default timeout 10 s"): each state of a production machine
 * that invokes an actor (an API call, an RPC, the relay, the frame, a wallet) — and each state listed in
 * {@link awaitsAnswer}, which waits for an event its parent's actor sends back — either has an `after` transition (on
 * itself or on a state containing it) leading to a state with words and a retry, or is listed in {@link exemptions}
 * with the reason it may wait (the visitor decides; a listener, not a wait; a bound that lives below the machine, in
 * the actor it calls). A new unbounded wait fails this test until it gets a named timeout or a reason.
 *
 * {@link pending} lists the waits known to have no bound yet, each with what it waits for. It may only shrink: an
 * entry that is bounded now, or that no longer exists, fails too.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))

/** Waits for an answer that arrives as an event from an actor invoked by a containing state (no `invoke` of their own). */
const awaitsAnswer: readonly string[] = [
  // The relay's pairing URI, sent back by the proposal actor of `pairing.proposing`.
  'pairing.proposing.requestingUri',
]

const visitorDecides = 'a wallet prompt: the visitor approves or declines in the wallet; Back or closing the modal cancels'
const listener = 'a listener for the life of the state (events, not an answer): it ends when the state is left'
const frameTimed =
  'a frame request of a timed kind (spec §9: connect email, device, OTP, social, social redirect URI): the frame request machine ends it after iframeRequestTimeout (120 s) and the frame load after iframeLoadTimeout (20 s); onError shows the failure'
const framePromptFree =
  'a frame request the frame answers without the visitor (machines/frame.ts promptFreeRequestKinds): the frame request machine ends it after frameReplyTimeout (30 s) and the frame load after iframeLoadTimeout (20 s); onError shows the failure'
const http = (onError: string) => `an API call only: the API client aborts it after its request timeout (services/api.ts defaultRequestTimeout, spec §9 10 s, ApiTimeoutError) → onError: ${onError}`
const siwxBounded = "the `siwx` option's call: siwxActors end it with RequestTimeoutError after siwxRequestTimeout (10 s) → onError shows the failure"

const batchBounded = "one run of the batch machine: its prompt is the visitor's (batch.prompting), its status polling ends by callsStatusTimeout as 'status unknown'"
const transactionBounded = "one run of the transaction machine: its prompt is the visitor's (transaction.prompting), its receipt wait ends by receiptWaitTimeout (transaction.confirming) as 'sent, status unknown'"
/** Waits that may go on without an `after` of their own, each with its reason. */
const exemptions: Record<string, string> = {
  // The visitor decides.
  'connection.connecting': visitorDecides,
  'connection.adding.waiting': visitorDecides,
  'network.pending.switching': visitorDecides,
  'network.pending.addingChain': visitorDecides,
  'names.signing': visitorDecides,
  'sessions.revoking.signing': visitorDecides,
  'transaction.prompting': visitorDecides,
  'batch.prompting': `${visitorDecides} (wallet_sendCalls; the status that follows is bounded by callsStatusTimeout)`,
  'batch.fallback.calling': transactionBounded,
  'batch.fallback.following': transactionBounded,
  'calls.loading': 'reads the batches kept in local storage (synchronous behind a promise, no network): it settles at once',
  'pay.resuming': 'reads the payment kept in local storage (synchronous behind a promise, no network): it settles at once',
  'swap.swapping.batch': `${batchBounded} (approve + swap as one wallet_sendCalls)`,
  'swap.recheckingBatch': `${batchBounded} (Check again: the batch's status by its id, no prompt)`,
  'send.flow.transacting': transactionBounded,
  'pay.transferring': transactionBounded,
  // The wallet's network-switch prompt: the visitor decides, and closing the modal ends the payment cancelled.
  'pay.switchingNetwork': visitorDecides,
  'send.flow.rechecking': transactionBounded,
  'swap.approving.transacting': transactionBounded,
  'swap.swapping.transacting': transactionBounded,
  'swap.rechecking': transactionBounded,
  'onramp.settling': `${transactionBounded} (started with the purchase's hash: no prompt)`,
  'siwx.awaitingSession.signing.awaitingSignature': `${visitorDecides} (the sign-in view's Cancel)`,
  'farcasterLogin.waiting': 'the visitor approves in the Farcaster app (the QR code on show); Back cancels',
  'socialLogin.popup.waiting': 'the visitor signs in in the provider popup; closing it ends the wait (the watcher reports it)',
  'socialLogin.redirect.leaving': 'the page navigates to the provider: nothing is left to wait on this page',
  'root.announcing.awaitingFirstPaint':
    "the opened modal's next frame (ui/firstPaint.ts): the browser paints it within a frame; a page hidden before or while it waits answers at once (no frame will come), and a close leaves the state",
  // Listeners.
  accountType: listener,
  catalogue: `${listener} (watchConnectivity: the browser coming back online)`,
  'connection.connected': listener,
  multiWallet: `${listener} (watchConnections: the non-active wallets' own events)`,
  'frame.live': `${listener} (the frame's mount; its load is bounded by iframeLoadTimeout in frame.live.loading)`,
  root: listener,
  'pairing.proposing': `${listener}: holds the proposal; its waits (requestingUri: pairingUriTimeout, showingUri: pairingRefreshTimeout) are bounded`,
  'socialLogin.popup': `${listener}: holds the popup window while its children run`,
  // Bounded below the machine.
  'emailLogin.sendingEmail': frameTimed,
  'emailLogin.verifyingDevice': frameTimed,
  'emailLogin.verifyingOtp.resending': frameTimed,
  'emailLogin.checkingOtp': frameTimed,
  'socialLogin.popup.gettingUri': frameTimed,
  'socialLogin.redirect.gettingUri': frameTimed,
  'socialLogin.connecting': frameTimed,
  'emailLogin.connecting': framePromptFree,
  'accountType.reading': framePromptFree,
  'accountType.switching': framePromptFree,
  'profileWallets.loading': framePromptFree,
  'farcasterLogin.gettingUrl': framePromptFree,
  'farcasterLogin.reloading': framePromptFree,
  'updateEmail.sending': framePromptFree,
  'updateEmail.verifyingPrimary.code.checking': framePromptFree,
  'updateEmail.verifyingPrimary.resend.resending': framePromptFree,
  'updateEmail.verifyingSecondary.code.checking': framePromptFree,
  'updateEmail.verifyingSecondary.resend.resending': framePromptFree,
  'updateEmail.awaitingChange.reading': framePromptFree,
  'siwx.checking': siwxBounded,
  'siwx.awaitingSession.signing.creatingMessage': siwxBounded,
  'siwx.awaitingSession.signing.verifying': siwxBounded,
  'siwx.signingOut': siwxBounded,
  'catalogue.list.loadingInitial': http('list.failed'),
  'catalogue.list.loadingPage': http('list.pageFailed'),
  'catalogue.search.searching.request.pending': http('the search ends with its failure'),
  'names.editing.fetching': http('editing.failed'),
  'names.registering': http('editing.ready with the failure'),
  'sessions.loading': http('failed, with Try again'),
  'sessions.revoking.submitting': http("loaded, the row kept with the revocation's error"),
  'onramp.loading': http('none needed: the options call falls back to the built-in options on any failure (spec §8)'),
  'onramp.form.quoting': http('none needed: the quote call falls back to the placeholder quote on any failure (spec §8)'),
  'onramp.checkout.generating': http('form.quoted with the failure'),
  'onramp.checkout.following.polling': http('following.waiting: the next poll (spec §9 popup poll 1000 ms)'),
  'pay.reviewing': http('none needed: no exchange is listed, the wallet is the way shown (the review stays usable meanwhile)'),
  'pay.exchange.opening': http('failed, the exchange could not start the payment'),
  'remoteConfig.loading': http('failed: the local options stay (spec §6)'),
  'send.balances.loading': http("balances.unavailable ('Token Balance Unavailable')"),
  'send.receiver.name.resolving': http('receiver.notFound'),
  'send.receiver.valid.loadingProfile': http('receiver.valid.ready without the profile'),
  'swap.loading': http('loadFailed'),
  'swap.form.quoting': http('form.quoteFailed'),
  'swap.review.preparing': http('review.prepareFailed'),
  'swap.review.refreshing': http('review.ready (the shown quote stays)'),
  'swap.approving.building': http('form.quoted with the failure'),
  'swap.batching.building': http('form.quoted with the failure'),
  'swap.approving.readingAllowance': http('form.quoted with the failure'),
  'swap.swapping.requoting': http('form.quoteFailed'),
  'swap.swapping.building': http('form.quoted with the failure'),
}

/** Waits with no bound yet (a debt; the list may only shrink): none is left. */
const pending: Record<string, string> = {}

type Node = { id: string; states: Record<string, Node>; invoke: Array<{ src: unknown; id: string }>; after: unknown[] }

/** `{ file, name }` for each `export const <name>Machine = setup(` (or `= <setup>.createMachine(`) in machines/ (as the model registry finds them). */
function machineExports(): Array<{ file: string; name: string }> {
  const out: Array<{ file: string; name: string }> = []
  for (const file of readdirSync(`${root}machines`).sort()) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue
    const text = readFileSync(`${root}machines/${file}`, 'utf8')
    for (const m of text.matchAll(/^export const (\w+Machine) = (?:setup\(|\w+\.createMachine\()/gm)) out.push({ file, name: m[1]! })
  }
  return out
}

type Wait = { id: string; machine: string; waitsOn: string; bounded: boolean }

const machines: Array<{ name: string; machine: AnyStateMachine }> = []
for (const { file, name } of machineExports()) {
  const mod = (await import(`${root}machines/${file}`)) as Record<string, AnyStateMachine>
  machines.push({ name, machine: mod[name]! })
}

/** Every waiting state: its id, what it waits on, whether an `after` (its own or a containing state's) bounds it. */
function waits(): Wait[] {
  const out: Wait[] = []
  for (const { name, machine } of machines) {
    const visit = (n: Node, bounded: boolean) => {
      const b = bounded || n.after.length > 0
      if (n.invoke.length) out.push({ id: n.id, machine: name, waitsOn: n.invoke.map((i) => (typeof i.src === 'string' ? i.src : i.id)).join(', '), bounded: b })
      else if (awaitsAnswer.includes(n.id)) out.push({ id: n.id, machine: name, waitsOn: "(an event from its parent's actor)", bounded: b })
      for (const c of Object.values(n.states)) visit(c, b)
    }
    visit(machine.root as unknown as Node, false)
  }
  return out
}

describe('architecture: every wait in every machine has a bound', () => {
  const all = waits()

  test('behavior: every production machine of machines/ is loaded and its waits are listed', () => {
    expect(machines.map((m) => m.name)).toEqual(expect.arrayContaining(['accountMachine', 'pairingMachine', 'sendMachine', 'connectionMachine']))
    for (const id of awaitsAnswer)
      expect(
        all.map((w) => w.id),
        `${id} is not a state`,
      ).toContain(id)
    const line = (w: Wait) => `${w.bounded ? 'after  ' : exemptions[w.id] ? 'exempt ' : pending[w.id] ? 'PENDING' : 'UNBOUND'} ${w.id} [${w.waitsOn}]${w.bounded ? '' : ` — ${exemptions[w.id] ?? pending[w.id] ?? ''}`}`
    console.log(
      `Waiting states checked (${all.length}: ${all.filter((w) => w.bounded).length} bounded by after, ${all.filter((w) => !w.bounded && exemptions[w.id]).length} exempt, ${all.filter((w) => !w.bounded && pending[w.id]).length} pending):\n${all.map(line).join('\n')}`,
    )
  })

  test('behavior: a waiting state without an after has a documented exemption (or is a listed debt)', () => {
    const unbounded = all.filter((w) => !w.bounded && !(w.id in exemptions) && !(w.id in pending)).map((w) => `${w.id} [${w.waitsOn}]`)
    expect(unbounded, 'give each a named timeout to a state with words and a retry, or an exemption with its reason').toEqual([])
  })

  test('behavior: the exemptions and the debts name waiting states that are still unbounded (the lists only shrink)', () => {
    const byId = new Map(all.map((w) => [w.id, w]))
    for (const id of [...Object.keys(exemptions), ...Object.keys(pending)]) {
      expect(byId.has(id), `${id} is listed but waits no more (or was renamed): remove it`).toBe(true)
      expect(byId.get(id)!.bounded, `${id} has an after now: remove it from the list`).toBe(false)
    }
    for (const [id, reason] of Object.entries({ ...exemptions, ...pending })) expect(reason.length, `${id} needs a reason`).toBeGreaterThan(10)
    for (const id of Object.keys(pending)) expect(id in exemptions, `${id} is both exempt and pending`).toBe(false)
  })

  test('behavior: the waits of the account data and the WalletConnect pairing are bounded by their named timeouts', () => {
    const bounded = (id: string) => all.find((w) => w.id === id)?.bounded
    for (const id of ['account.balances.loading', 'account.balances.reloading', 'account.identity.loading', 'account.names.loading', 'account.activity.loading', 'account.activity.loadingMore']) {
      expect(bounded(id), id).toBe(true)
    }
    expect(bounded('pairing.loading')).toBe(true)
    expect(bounded('pairing.proposing.requestingUri')).toBe(true)
  })
})
