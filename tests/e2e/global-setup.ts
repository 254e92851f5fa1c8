/**
 * Playwright's global setup: one e2e stack per worker (`dev/start.ts`: two anvils, the reference API, the Solana RPC,
 * the relay, the mail server, the secure site, the OIDC provider, the on-ramp provider and the bundler; no Vite dev
 * server: the pages come from the demo's production build), each on free ports of its own, so no test shares a chain or a server with a test of another worker.
 *
 * The demo's production build runs beside the first stack's start. The stacks start one after the other; their ports reach the workers as `E2E_STACKS` (a JSON array of
 * {@link StackPorts}, indexed by the worker's `TEST_PARALLEL_INDEX`, read by ./stack.ts). Each stack's output goes
 * to `test-results/stack-<index>.log`, printed when it fails to start. The returned teardown stops every stack
 * (SIGTERM: dev/start.ts closes its servers and stops its anvils).
 *
 * `E2E_STACKS` already set (stacks started by hand) is kept as is: nothing starts, nothing stops.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { FullConfig } from '@playwright/test'
import { buildDemo, E2eStackError, serveDemo } from './demo-build.ts'
import { STACKS_ENV, startEnv, type StackPorts } from './stack.ts'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
/** How long one stack may take to serve its demo page (two start at once on a 2-core machine). */
const STACK_START_TIMEOUT_MS = 120_000
/** How long a stack may take to stop after SIGTERM before it is killed. */
const STACK_STOP_GRACE_MS = 15_000
/** What dev/start.ts prints once every service of the stack listens. */
const READY_LINE = 'Latchkey dev environment is running'
/**
 * Attempts per stack, each on new ports: a port taken between its choice and its use makes dev/start.ts exit 1, and on
 * a saturated machine a contract deployment can outlast the dev deployers' 10 s request timeout. Each failed attempt
 * is printed with its output.
 */
const STACK_START_ATTEMPTS = 3

/** `count` distinct free TCP ports on 127.0.0.1 (all held open at once while chosen, then released). */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const server = createServer()
          server.once('error', reject)
          server.listen(0, '127.0.0.1', () => resolve(server))
        }),
    ),
  )
  const ports = servers.map((server) => (server.address() as { port: number }).port)
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  return ports
}

async function freeStackPorts(): Promise<StackPorts> {
  const [demo, devDemo, anvil1, anvil2, api, solana, relay, secureSite, smtp, onramp, oidc, bundler] = await freePorts(12)
  return { demo: demo!, devDemo: devDemo!, anvil1: anvil1!, anvil2: anvil2!, api: api!, solana: solana!, relay: relay!, secureSite: secureSite!, smtp: smtp!, onramp: onramp!, oidc: oidc!, bundler: bundler! }
}

interface RunningStack {
  ports: StackPorts
  stop(): Promise<void>
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode)
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)))
}

/**
 * Starts dev/start.ts on free ports and the built demo's server (once `built`, the demo's production build, has
 * resolved); resolves once both answer. Rejects with the build's error, the stack stopped, when the build fails.
 */
async function startStack(index: number, built: Promise<void>, attempt = 1): Promise<RunningStack> {
  const ports = await freeStackPorts()
  const logPath = `${repoRoot}test-results/stack-${index}.log`
  mkdirSync(`${repoRoot}test-results`, { recursive: true })
  const log = createWriteStream(logPath)
  const child = spawn(process.execPath, ['--import', 'tsx', 'dev/start.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...startEnv(ports),
      RELAY_LOG: '0',
      // No Vite dev server: the pages come from the demo's production build (tests/e2e/demo-build.ts).
      DEV_SERVER: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.pipe(log)
  child.stderr?.pipe(log)
  const exit = exited(child)
  let stopping: Promise<void> | undefined
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), STACK_STOP_GRACE_MS)
      await exit
      clearTimeout(timer)
    })()
    return stopping
  }

  // dev/start.ts prints READY_LINE once every service listens (the dev server included): waited for, bounded.
  const outcome = await new Promise<'ready' | 'exit' | 'timeout'>((resolve) => {
    let tail = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-4_096)
      if (tail.includes(READY_LINE)) resolve('ready')
    })
    void exit.then(() => resolve('exit'))
    setTimeout(() => resolve('timeout'), STACK_START_TIMEOUT_MS).unref()
  })
  if (outcome === 'ready') {
    try {
      await built
    } catch (error) {
      await stop()
      throw error
    }
    const demo = await serveDemo(ports.demo, {
      VITE_ANVIL_RPC_1: `http://127.0.0.1:${ports.anvil1}`,
      VITE_ANVIL_RPC_2: `http://127.0.0.1:${ports.anvil2}`,
      VITE_API_URL: `http://127.0.0.1:${ports.api}`,
      VITE_RELAY_URL: `ws://127.0.0.1:${ports.relay}`,
      VITE_SOLANA_RPC: `http://127.0.0.1:${ports.solana}`,
      VITE_SECURE_SITE_URL: `http://127.0.0.1:${ports.secureSite}`,
      VITE_BUNDLER_URL: `http://127.0.0.1:${ports.bundler}`,
    })
    return {
      ports,
      stop: async () => {
        await new Promise((resolve) => demo.close(resolve))
        await stop()
      },
    }
  }
  const gone = outcome === 'exit'
  await stop()
  // Another Playwright run in this checkout empties test-results/ when it starts: the log may be gone, not the reason.
  const output = existsSync(logPath) ? readFileSync(logPath, 'utf8') : `(${logPath} is gone: another Playwright run in this checkout emptied test-results/ meanwhile)`
  if (attempt < STACK_START_ATTEMPTS) {
    console.log(`e2e stack ${index}: start attempt ${attempt} failed (${gone ? `exit ${child.exitCode}` : 'timeout'}), trying again on new ports:\n${output.slice(-1_500)}`)
    return startStack(index, built, attempt + 1)
  }
  throw new E2eStackError(`The e2e stack ${index} did not start${gone ? ` (dev/start.ts exited ${child.exitCode})` : ` within ${STACK_START_TIMEOUT_MS} ms`}`, output)
}

export default async function globalSetup(config: FullConfig): Promise<(() => Promise<void>) | undefined> {
  if (process.env[STACKS_ENV]) return undefined
  const count = Math.max(1, config.workers)
  const buildStarted = Date.now()
  // The demo's build runs while the first stack starts (its servers mostly wait on anvil and on their ports); the
  // demo is served once both are done.
  const built = buildDemo().then(() => console.log(`e2e demo built in ${((Date.now() - buildStarted) / 1000).toFixed(1)} s`))
  built.catch(() => {}) // awaited by the first stack; this only keeps a failure there from being reported twice
  // One after the other: two stacks deploying their contracts at once on a loaded 2-core machine make anvil answer
  // slower than viem's request timeout.
  const stacks: RunningStack[] = []
  for (let index = 0; index < count; index++) {
    const started = Date.now()
    try {
      stacks.push(await startStack(index, built))
    } catch (error) {
      await Promise.all(stacks.map((stack) => stack.stop()))
      throw error
    }
    console.log(`e2e stack ${index}: demo on port ${stacks[index]!.ports.demo}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }
  process.env[STACKS_ENV] = JSON.stringify(stacks.map((stack) => stack.ports))
  return async () => {
    await Promise.all(stacks.map((stack) => stack.stop()))
  }
}
