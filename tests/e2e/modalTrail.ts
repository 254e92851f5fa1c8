/**
 * The modal's trail, told when a test fails: an init script in every test's `page` follows the modal's core once it
 * exists (`window.latchkey.peekCore()`), through XState's inspection API, and keeps the last events sent to the root,
 * the modal, the router and the connections (each with the actor that sent it, or `outside`) and the modal's states.
 * A test that fails prints them and attaches them (`modal-trail`), so an unexpected close or reset says who asked for
 * it. Only events' types and state values are kept, never their payloads.
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
    const core = window.latchkey && typeof window.latchkey.peekCore === 'function' ? window.latchkey.peekCore() : undefined
    if (!core) return false
    root = core.actor
    core.actor.system.inspect({
      next: (e) => {
        try {
          const target = nameOf(e.actorRef)
          if (e.type === '@xstate.event' && traced(target) && !String(e.event.type).startsWith('xstate.')) push(nameOf(e.sourceRef) + ' → ' + target + ': ' + e.event.type)
          else if (e.type === '@xstate.snapshot' && target === 'modal') push('modal is ' + JSON.stringify(e.snapshot.value))
        } catch {}
      },
    })
    return true
  }
  const poll = setInterval(() => { if (follow()) clearInterval(poll) }, 50)
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
  const text = `The page's last ${trail.length} modal, router and connection events, newest first:\n${[...trail].reverse().join('\n')}`
  await testInfo.attach('modal-trail', { body: text, contentType: 'text/plain' })
  console.log(text)
}
