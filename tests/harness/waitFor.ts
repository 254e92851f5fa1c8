import { vi } from 'vitest'

/** How long {@link waitFor} waits for its condition by default: it bounds a failing test only (ms). */
export const WAIT_FOR_TIMEOUT_MS = 10_000

/**
 * `vi.waitFor` with a bound fit for a loaded machine: retries `callback` every `interval` ms (default 20) until it
 * returns or resolves without throwing, for at most `timeout` ms (default {@link WAIT_FOR_TIMEOUT_MS}). Vitest's own
 * default of 1 s is shorter than a real server's answer or a lazy module's import can take while the CI runs every
 * suite at once; a condition that holds returns as soon as it holds, so the bound costs a passing test nothing.
 *
 * @throws the callback's last error when the bound passes.
 */
export function waitFor<T>(callback: () => T | Promise<T>, options: { timeout?: number; interval?: number } = {}): Promise<T> {
  return vi.waitFor(callback, { timeout: WAIT_FOR_TIMEOUT_MS, interval: 20, ...options })
}
