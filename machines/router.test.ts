import { describe, expect, test } from 'vitest'
import { createActor, createMachine, type AnyActorRef } from 'xstate'
import { routerMachine } from './router.ts'

function start(input = {}) {
  const actor = createActor(routerMachine, { input }).start()
  const closes: unknown[] = []
  actor.on('router.closeRequested', (e) => closes.push(e))
  return { actor, closes, views: () => actor.getSnapshot().context.history.map((h) => h.view) }
}

describe('router', () => {
  test('behavior: starts at Connect, or at the input view', () => {
    expect(start().actor.getSnapshot().value).toBe('Connect')
    expect(start({ view: 'Account' }).actor.getSnapshot().value).toBe('Account')
  })

  test('behavior: push adds a view and sets direction next', () => {
    const { actor, views } = start()
    actor.send({ type: 'router.push', view: 'AllWallets' })
    expect(actor.getSnapshot().value).toBe('AllWallets')
    expect(views()).toEqual(['Connect', 'AllWallets'])
    expect(actor.getSnapshot().context.direction).toBe('next')
  })

  test('behavior: push ignores the current view', () => {
    const { actor, views } = start()
    actor.send({ type: 'router.push', view: 'Connect' })
    expect(views()).toEqual(['Connect'])
  })

  test('behavior: push keeps the view data', () => {
    const { actor } = start()
    actor.send({ type: 'router.push', view: 'ConnectingExternal', data: { connectorId: 'x' } })
    expect(actor.getSnapshot().context.history.at(-1)).toEqual({ view: 'ConnectingExternal', data: { connectorId: 'x' } })
  })

  test('behavior: replace swaps the last entry and ignores a view equal to it', () => {
    const { actor, views } = start()
    actor.send({ type: 'router.push', view: 'AllWallets' })
    actor.send({ type: 'router.replace', view: 'AllWallets' })
    expect(views()).toEqual(['Connect', 'AllWallets'])
    actor.send({ type: 'router.replace', view: 'ConnectingExternal' })
    expect(views()).toEqual(['Connect', 'ConnectingExternal'])
    expect(actor.getSnapshot().value).toBe('ConnectingExternal')
  })

  test('behavior: back pops history with direction prev', () => {
    const { actor, views, closes } = start()
    actor.send({ type: 'router.push', view: 'AllWallets' })
    actor.send({ type: 'router.push', view: 'ConnectingExternal' })
    actor.send({ type: 'router.back', isConnected: false })
    expect(views()).toEqual(['Connect', 'AllWallets'])
    expect(actor.getSnapshot().value).toBe('AllWallets')
    expect(actor.getSnapshot().context.direction).toBe('prev')
    expect(closes).toHaveLength(0)
  })

  test('behavior: back at the last entry asks to close the modal and keeps the view', () => {
    const { actor, closes } = start()
    actor.send({ type: 'router.back', isConnected: false })
    expect(closes).toEqual([{ type: 'router.closeRequested' }])
    expect(actor.getSnapshot().value).toBe('Connect')
  })

  test('behavior: a back naming its view applies only while that view shows; elsewhere nothing moves and nothing closes', () => {
    const { actor, closes, views } = start({ view: 'Account' })
    actor.send({ type: 'router.back', isConnected: true, from: 'OnRampCheckout' })
    expect(views()).toEqual(['Account'])
    expect(closes).toEqual([])
    actor.send({ type: 'router.push', view: 'OnRamp' })
    actor.send({ type: 'router.push', view: 'OnRampCheckout' })
    actor.send({ type: 'router.back', isConnected: true, from: 'OnRampCheckout' })
    expect(views()).toEqual(['Account', 'OnRamp'])
  })

  test('spec §6: a Connect opened from Account to add a wallet stays the back target while connected; back from it is Account', () => {
    const { actor, views } = start({ view: 'Account' })
    actor.send({ type: 'router.push', view: 'Connect', data: { adding: true } })
    actor.send({ type: 'router.push', view: 'ConnectingExternal', data: { connectorId: 'second' } })
    actor.send({ type: 'router.back', isConnected: true })
    expect(views()).toEqual(['Account', 'Connect'])
    actor.send({ type: 'router.back', isConnected: true })
    expect(views()).toEqual(['Account'])
  })

  test('behavior: back to Connect while connected shows Account instead', () => {
    const { actor, views } = start()
    actor.send({ type: 'router.push', view: 'ConnectingExternal' })
    actor.send({ type: 'router.back', isConnected: true })
    expect(actor.getSnapshot().value).toBe('Account')
    expect(views()).toEqual(['Account'])
  })

  test('behavior: reset starts a new history', () => {
    const { actor, views } = start()
    actor.send({ type: 'router.push', view: 'AllWallets' })
    actor.send({ type: 'router.reset', view: 'Account' })
    expect(views()).toEqual(['Account'])
    expect(actor.getSnapshot().value).toBe('Account')
  })

  test('behavior: a reset naming its view applies only while that view shows', () => {
    const { actor, views } = start()
    actor.send({ type: 'router.push', view: 'AllWallets' })
    actor.send({ type: 'router.reset', view: 'Account', from: 'UpdateEmailWallet' })
    expect(views()).toEqual(['Connect', 'AllWallets'])
    actor.send({ type: 'router.push', view: 'UpdateEmailWallet' })
    actor.send({ type: 'router.reset', view: 'Account', from: 'UpdateEmailWallet' })
    expect(views()).toEqual(['Account'])
  })

  test('behavior: dropTransaction removes the top transaction and keeps the view; with none it does nothing', () => {
    const { actor, views } = start()
    actor.send({ type: 'router.push', view: 'AllWallets' })
    actor.send({ type: 'router.pushTransaction', id: 'a', onSuccess: 'Account' })
    actor.send({ type: 'router.pushTransaction', id: 'b', onSuccess: 'Account' })
    actor.send({ type: 'router.dropTransaction' })
    expect(actor.getSnapshot().context.transactionStack.map((t) => t.id)).toEqual(['a'])
    actor.send({ type: 'router.dropTransaction' })
    actor.send({ type: 'router.dropTransaction' })
    expect(actor.getSnapshot().context.transactionStack).toEqual([])
    expect(views()).toEqual(['Connect', 'AllWallets'])
    expect(actor.getSnapshot().value).toBe('AllWallets')
  })

  test("behavior: a request's outcome pops its own entry: under a newer request's entry it only leaves, and the newer request's view stays", () => {
    const { actor, views } = start()
    const stack = () => actor.getSnapshot().context.transactionStack.map((t) => t.id)
    actor.send({ type: 'router.reset', view: 'Account' })
    actor.send({ type: 'router.push', view: 'SendPreview' })
    actor.send({ type: 'router.pushTransaction', id: 'send', onSuccess: 'Account' })
    // A dapp's signature asked while the send confirms: its approval over the send's preview.
    actor.send({ type: 'router.push', view: 'ApproveTransaction' })
    actor.send({ type: 'router.pushTransaction', id: 'approve-2', onSuccess: 'Account' })
    // The send's receipt: its entry leaves, the approval stays on screen.
    actor.send({ type: 'router.popTransaction', id: 'send', outcome: 'success', isConnected: true, orElse: { from: 'SendPreview', type: 'router.reset', view: 'Account' } })
    expect(stack()).toEqual(['approve-2'])
    expect(views()).toEqual(['Account', 'SendPreview', 'ApproveTransaction'])
    expect(actor.getSnapshot().value).toBe('ApproveTransaction')
    // A second outcome of the same send finds no entry and is not on its preview: nothing moves.
    actor.send({ type: 'router.popTransaction', id: 'send', outcome: 'error', isConnected: true, orElse: { from: 'SendPreview', type: 'router.replace', view: 'Send' } })
    expect(views()).toEqual(['Account', 'SendPreview', 'ApproveTransaction'])
    // The signature's outcome pops its own entry, now on top: success leads to Account.
    actor.send({ type: 'router.popTransaction', id: 'approve-2', outcome: 'success', isConnected: true })
    expect(stack()).toEqual([])
    expect(views()).toEqual(['Account'])
  })

  test('behavior: an error under a newer entry goes back nowhere; a drop by id removes that entry only; a push again of an id takes its own place', () => {
    const { actor, views } = start({ transactionLimit: 2 })
    const stack = () => actor.getSnapshot().context.transactionStack.map((t) => t.id)
    actor.send({ type: 'router.push', view: 'AllWallets' })
    actor.send({ type: 'router.pushTransaction', id: 'a', onSuccess: 'Account' })
    actor.send({ type: 'router.pushTransaction', id: 'b', onSuccess: 'Account' })
    actor.send({ type: 'router.popTransaction', id: 'a', outcome: 'error', isConnected: false })
    expect(stack()).toEqual(['b'])
    expect(views()).toEqual(['Connect', 'AllWallets'])
    actor.send({ type: 'router.pushTransaction', id: 'a', onSuccess: 'Account' })
    // At the limit, the same id pushed again is taken (its old place left), never a third entry.
    const answers: string[] = []
    const asker: AnyActorRef = createActor(createMachine({ on: { '*': { actions: ({ event }) => void answers.push(event.type) } } })).start()
    actor.send({ type: 'router.pushTransaction', id: 'b', onSuccess: 'Account', replyTo: asker })
    actor.send({ type: 'router.pushTransaction', id: 'c', onSuccess: 'Account', replyTo: asker })
    expect(answers).toEqual(['router.transactionAccepted', 'router.transactionRefused'])
    expect(stack()).toEqual(['a', 'b'])
    actor.send({ type: 'router.dropTransaction', id: 'a' })
    expect(stack()).toEqual(['b'])
    // Bad input: an id not on the stack drops nothing.
    actor.send({ type: 'router.dropTransaction', id: 'nobody' })
    actor.send({ type: 'router.popTransaction', id: 'nobody', outcome: 'cancel', isConnected: false })
    expect(stack()).toEqual(['b'])
    expect(views()).toEqual(['Connect', 'AllWallets'])
  })

  test('behavior: a move that names a transaction (unlessCovered) is ignored while a newer entry covers it, and applies once it is on top or gone', () => {
    const { actor, views } = start()
    actor.send({ type: 'router.reset', view: 'Account' })
    actor.send({ type: 'router.push', view: 'SendPreview' })
    actor.send({ type: 'router.pushTransaction', id: 'send', onSuccess: 'Account' })
    actor.send({ type: 'router.push', view: 'ApproveTransaction' })
    actor.send({ type: 'router.pushTransaction', id: 'approve-3', onSuccess: 'Account' })
    const unknownEnd = () => {
      actor.send({ type: 'router.reset', view: 'Account', unlessCovered: 'send' })
      actor.send({ type: 'router.push', view: 'SendPreview', unlessCovered: 'send' })
    }
    unknownEnd()
    expect(views()).toEqual(['Account', 'SendPreview', 'ApproveTransaction'])
    // The approval ended: the send's entry is on top again, its moves apply.
    actor.send({ type: 'router.popTransaction', id: 'approve-3', outcome: 'error', isConnected: true })
    expect(views()).toEqual(['Account', 'SendPreview'])
    actor.send({ type: 'router.push', view: 'Receive' })
    unknownEnd()
    expect(views()).toEqual(['Account', 'SendPreview'])
    // Gone (the modal was closed meanwhile): they apply too.
    actor.send({ type: 'router.clearTransactions' })
    actor.send({ type: 'router.push', view: 'Receive' })
    unknownEnd()
    expect(views()).toEqual(['Account', 'SendPreview'])
  })

  test('behavior: a push that names replyTo is answered: accepted with room, refused when the stack is full', () => {
    const { actor } = start({ transactionLimit: 1 })
    const answers: string[] = []
    const asker: AnyActorRef = createActor(createMachine({ on: { '*': { actions: ({ event }) => void answers.push(event.type) } } })).start()
    actor.send({ type: 'router.pushTransaction', id: 'a', onSuccess: 'Account', replyTo: asker })
    actor.send({ type: 'router.pushTransaction', id: 'b', onSuccess: 'Account', replyTo: asker })
    expect(answers).toEqual(['router.transactionAccepted', 'router.transactionRefused'])
    expect(actor.getSnapshot().context.transactionStack.map((t) => t.id)).toEqual(['a'])
  })

  test("behavior: a pop with no entry left moves to its orElse only from orElse's view; elsewhere it does nothing", () => {
    const { actor, views } = start()
    actor.send({ type: 'router.reset', view: 'Account' })
    actor.send({ type: 'router.push', view: 'SendPreview' })
    actor.send({ type: 'router.popTransaction', outcome: 'error', isConnected: true, orElse: { from: 'Send', type: 'router.replace', view: 'Send' } })
    expect(views()).toEqual(['Account', 'SendPreview'])
    actor.send({ type: 'router.popTransaction', outcome: 'success', isConnected: true, orElse: { from: 'SendPreview', type: 'router.reset', view: 'Account' } })
    expect(views()).toEqual(['Account'])
    expect(actor.getSnapshot().value).toBe('Account')
  })
})
