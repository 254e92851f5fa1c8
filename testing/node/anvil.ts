/**
 * A local anvil node for tests (Node only): started on a port of 127.0.0.1, awaited until it answers with its chain id,
 * stopped with its whole process group. Shared by the development stack (dev/anvil.ts) and the `chain` fixture of
 * `latchkey/testing/playwright`.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { BaseError } from '../../kernel/errors.ts'

/**
 * The anvil launcher a test project has: `node_modules/.bin/anvil` under the working directory (`@foundry-rs/anvil`, a
 * Node script that runs the native binary), else `anvil` on the PATH (Foundry).
 */
export function defaultAnvilCommand(cwd: string = process.cwd()): readonly string[] {
  const launcher = join(cwd, 'node_modules', '.bin', 'anvil')
  return existsSync(launcher) ? [process.execPath, launcher] : ['anvil']
}

/** Why {@link startAnvil} failed. */
export type AnvilStartFailure = 'port-in-use' | 'exited' | 'timeout' | 'wrong-chain'

/**
 * Thrown by {@link startAnvil}. `reason` says what went wrong, `port` which port it was about;
 * `details` holds anvil's stderr when it exited early.
 */
export class AnvilStartError extends BaseError {
  static override docsPath = '/errors/AnvilStartError'
  override name = 'AnvilStartError'
  reason: AnvilStartFailure
  port: number
  constructor(reason: AnvilStartFailure, port: number, shortMessage: string, details?: string) {
    super(shortMessage, details ? { details } : {})
    this.reason = reason
    this.port = port
  }
}

/** Options of {@link startAnvil}. */
export type StartAnvilOptions = {
  /** TCP port on 127.0.0.1, 1..65535. */
  port: number
  /** EVM chain id the node reports (`--chain-id`). */
  chainId: number
  /** How long to wait for the node to answer `eth_chainId`, in milliseconds. Default 15 000. */
  timeoutMs?: number
  /** Extra command-line arguments for anvil (e.g. `['--block-time', '1']`). */
  extraArgs?: readonly string[]
  /** The command that runs anvil, arguments after it; default {@link defaultAnvilCommand}. */
  command?: readonly string[]
}

/** A running anvil node started by {@link startAnvil}. */
export type AnvilInstance = {
  /** HTTP JSON-RPC URL, `http://127.0.0.1:<port>`. */
  url: string
  chainId: number
  port: number
  /** Kills the node (SIGTERM, then SIGKILL after 5 s) and resolves once it has exited and released its port. Idempotent. */
  stop(): Promise<void>
}

const POLL_INTERVAL_MS = 100
const STOP_GRACE_MS = 5_000

/**
 * Starts a local anvil node: `anvil --host 127.0.0.1 --port <port> --chain-id <chainId> --silent`,
 * and resolves once it answers `eth_chainId` over HTTP with the expected chain id.
 *
 * The launcher runs in its own process group so that {@link AnvilInstance.stop} reaches the native
 * binary it spawns, and the node is killed if this Node process exits without calling `stop()`.
 *
 * @throws RangeError when `port` or `chainId` is not a valid integer.
 * @throws AnvilStartError with `reason`:
 *   - `'port-in-use'` when something already listens on 127.0.0.1:`port`;
 *   - `'exited'` when anvil exits before answering (stderr in `details`);
 *   - `'timeout'` when it does not answer within `timeoutMs` (default 15 s);
 *   - `'wrong-chain'` when whatever answers on the port reports another chain id.
 */
export async function startAnvil(options: StartAnvilOptions): Promise<AnvilInstance> {
  const { port, chainId, timeoutMs = 15_000, extraArgs = [], command = defaultAnvilCommand() } = options
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new RangeError(`Invalid anvil port: ${port}`)
  if (!Number.isSafeInteger(chainId) || chainId < 1) throw new RangeError(`Invalid anvil chain id: ${chainId}`)

  const url = `http://127.0.0.1:${port}`
  if (!(await isPortFree(port))) throw portInUse(port)

  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent', ...extraArgs]
  // `detached` puts the launcher in a new process group; killing the group reaches the native anvil too.
  const [program = 'anvil', ...launcherArgs] = command
  const child = spawn(program, [...launcherArgs, ...args], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4_000)
  })
  let exited = false
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true
      resolve()
    })
    child.once('error', (error) => {
      stderr += `\n${error.message}`
      exited = true
      resolve()
    })
  })

  const killGroup = (signal: NodeJS.Signals): void => {
    if (child.pid === undefined) return
    try {
      process.kill(-child.pid, signal)
    } catch {
      // ESRCH: the group is already gone.
    }
  }
  const onProcessExit = (): void => killGroup('SIGTERM')
  process.on('exit', onProcessExit)

  let stopping: Promise<void> | undefined
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      killGroup('SIGTERM')
      const deadline = Date.now() + STOP_GRACE_MS
      while (Date.now() < deadline && !(await isStopped(child.pid, exited, port))) await delay(50)
      if (!(await isStopped(child.pid, exited, port))) {
        killGroup('SIGKILL')
        await Promise.race([exit, delay(2_000)])
      }
      process.off('exit', onProcessExit)
    })()
    return stopping
  }

  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (exited) {
      await stop()
      if (/address already in use/i.test(stderr)) throw portInUse(port)
      if (/ENOENT/.test(stderr)) throw new AnvilStartError('exited', port, 'anvil was not found: npm install -D @foundry-rs/anvil (or install Foundry), or give the tests an RPC URL.', stderr.trim())
      throw new AnvilStartError('exited', port, `anvil exited before answering on port ${port}.`, stderr.trim())
    }
    const answer = await queryChainId(url)
    if (answer !== undefined && !exited) {
      if (answer === chainId) return { url, chainId, port, stop }
      await stop()
      throw new AnvilStartError('wrong-chain', port, `The node on port ${port} reports chain id ${answer}, expected ${chainId}.`)
    }
    if (Date.now() >= deadline) {
      await stop()
      throw new AnvilStartError('timeout', port, `anvil did not answer on port ${port} within ${timeoutMs} ms.`, stderr.trim())
    }
    await Promise.race([exit, delay(POLL_INTERVAL_MS)])
  }
}

/**
 * True when nothing listens on 127.0.0.1:`port` (checked by binding it briefly).
 *
 * @param port TCP port, 0..65535.
 * @returns a promise of `false` when binding fails with EADDRINUSE or EACCES.
 */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)))
  })
}

/**
 * A TCP port on 127.0.0.1 that was free a moment ago (asks the OS for an ephemeral port).
 * Someone else may take it before you bind it; good enough for tests.
 *
 * @returns a promise of the port number.
 */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new AnvilStartError('exited', 0, 'Could not allocate a free port.'))))
    })
  })
}

function portInUse(port: number): AnvilStartError {
  return new AnvilStartError('port-in-use', port, `Port ${port} on 127.0.0.1 is already in use.`)
}

/** Resolves the chain id a JSON-RPC node on `url` reports, or `undefined` if it does not answer (yet). */
async function queryChainId(url: string): Promise<number | undefined> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    })
    if (!response.ok) return undefined
    const body = (await response.json()) as { result?: unknown }
    return typeof body.result === 'string' && /^0x[0-9a-f]+$/i.test(body.result) ? Number(body.result) : undefined
  } catch {
    return undefined
  }
}

/**
 * The node counts as stopped once the launcher has exited and either its whole process group is gone
 * or the port is free again (an orphaned zombie holds no socket).
 */
async function isStopped(pid: number | undefined, launcherExited: boolean, port: number): Promise<boolean> {
  if (pid === undefined) return true
  if (!launcherExited) return false
  try {
    process.kill(-pid, 0)
  } catch {
    return true
  }
  return isPortFree(port)
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
