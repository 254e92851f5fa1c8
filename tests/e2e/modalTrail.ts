/**
 * The modal's trail, told when a test fails: an init script in every test's `page` follows the modal's core once it
 * exists (the demo's `window.latchkey`: `peekCore()`, then `subscribeCore()` until it arrives), through XState's
 * inspection API, and keeps the last events sent to the root, the modal, the router and the connections (each with the
 * actor that sent it, or `outside`), the modal's and the connections' states, and a connection's error. A test that
 * fails prints them and attaches them (`modal-trail`), so an unexpected close, reset or disconnect says who asked for
 * it. Only events' types, state values and error names and messages are kept, never events' payloads.
 */
import type { Page, TestInfo } from '@playwright/test'

/** How many entries the page keeps (the last ones). */
const kept = 120

/** The init script (a string: it runs in the page, without this module's helpers). */
export const modalTrailScript = `(() => {
  const trail = []
  window.__latchkeyTrail = trail
  const start = performance.now()
  let root
  const nameOf = (ref) => (ref ? (ref === root ? 'root' : ref.systemId || ref.id) : 'outside')
  const traced = (name) => name === 'root' || name === 'modal' || name === 'router' || name.startsWith('connection.')
  const push = (line) => {
    trail.push(Math.round(performance.now() - start) + ' ms ' + line)
    if (trail.length > ${kept}) trail.shift()
  }
  const follow = () => {
    if (root) return true
    const core = window.latchkey.peekCore()
    if (!core) return false
    root = core.actor
    core.actor.system.inspect({
      next: (e) => {
        try {
          const target = nameOf(e.actorRef)
          if (e.type === '@xstate.event' && traced(target) && !String(e.event.type).startsWith('xstate.')) push(nameOf(e.sourceRef) + ' → ' + target + ': ' + e.event.type)
          else if (e.type === '@xstate.snapshot' && (target === 'modal' || target.startsWith('connection.'))) {
            const error = e.snapshot.context && e.snapshot.context.error
            push(target + ' is ' + JSON.stringify(e.snapshot.value) + (error ? ' error ' + (error.name || '') + ': ' + String(error.message || '').slice(0, 200) : ''))
          }
        } catch {}
      },
    })
    return true
  }
  // The demo sets window.latchkey once its module runs: polled until then; its core is then followed as it arrives.
  const poll = setInterval(() => {
    const modal = window.latchkey
    if (!modal || typeof modal.subscribeCore !== 'function') return
    clearInterval(poll)
    if (follow()) return
    const stop = modal.subscribeCore(() => { if (follow()) stop() })
  }, 50)
  addEventListener('pagehide', () => clearInterval(poll), { once: true })
})()`

/**
 * After a test: when it failed, the page's trail is printed and attached to the report. A page already closed, or
 * without the modal's core, tells nothing.
 */
export async function tellModalTrail(page: Page, testInfo: TestInfo): Promise<void> {
  if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return
  const trail = await page.evaluate(() => (window as unknown as { __latchkeyTrail?: string[] }).__latchkeyTrail ?? []).catch((): string[] => [])
  if (trail.length === 0) return
  // Newest first: a report that shows the attachment's first lines shows the last moves.
  const text = `The page's last ${trail.length} modal, router and connection events and states, newest first:\n${[...trail].reverse().join('\n')}`
  await testInfo.attach('modal-trail', { body: text, contentType: 'text/plain' })
  console.log(text)
}
