import { writeFileSync } from 'node:fs'
import { launchChromium, TIMEOUT_MS } from './browser.ts'
import { serveStatic } from './serve.ts'
import { phoneProfile } from './phone.ts'
const dir = process.argv[2]!
const server = await serveStatic(dir)
const browser = await launchChromium()
const context = await browser.newContext({ viewport: phoneProfile.viewport, deviceScaleFactor: phoneProfile.deviceScaleFactor, userAgent: phoneProfile.userAgent, hasTouch: true, isMobile: true })
await context.addInitScript(`(() => { const w = window
  const roots = () => { const out = [document]; for (let i = 0; i < out.length; i++) for (const el of out[i].querySelectorAll('*')) if (el.shadowRoot) out.push(el.shadowRoot); return out }
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 }
  const isButton = (el) => el instanceof HTMLButtonElement && (el.textContent || '').trim().toLowerCase() === 'connect wallet'
  const findButton = () => { for (const r of roots()) for (const b of r.querySelectorAll('button')) if (isButton(b) && shown(b)) return b; return null }
  const findRow = () => { for (const r of roots()) for (const b of r.querySelectorAll('[role=dialog] .lk-row')) if (shown(b)) return b; return null }
  const watchButton = () => { if (findButton()) { requestAnimationFrame(() => { w.__phoneButton = performance.now(); performance.mark('BUTTON') }); return } requestAnimationFrame(watchButton) }
  requestAnimationFrame(watchButton)
  const watchRow = () => { if (findRow()) { requestAnimationFrame(() => { w.__phoneRow = performance.now(); performance.mark('ROW') }); return } requestAnimationFrame(watchRow) }
  document.addEventListener('pointerdown', (event) => { if (w.__phoneTap !== undefined || !event.composedPath().some(isButton)) return; w.__phoneTap = performance.now(); performance.mark('TAP'); requestAnimationFrame(watchRow) }, { capture: true })
})()`)
const page = await context.newPage()
const cdp = await context.newCDPSession(page)
await cdp.send('Network.enable')
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200000, uploadThroughput: 93750 })
const events: unknown[] = []
cdp.on('Tracing.dataCollected', (e: { value: unknown[] }) => events.push(...e.value))
await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'v8', 'v8.compile', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'disabled-by-default-v8.compile'] }, transferMode: 'ReportEvents' })
await page.goto(server.url, { waitUntil: 'commit' })
await page.waitForFunction('typeof window.__phoneButton === "number"', undefined, { polling: 'raf', timeout: TIMEOUT_MS * 3 })
await page.getByRole('button', { name: 'Connect Wallet', exact: true }).first().tap({ timeout: TIMEOUT_MS * 3 })
await page.waitForFunction('typeof window.__phoneRow === "number"', undefined, { timeout: TIMEOUT_MS * 3 })
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r))
await cdp.send('Tracing.end')
await done
writeFileSync(process.argv[3]!, JSON.stringify(events))
console.log('events', events.length)
await browser.close(); process.exit(0)
