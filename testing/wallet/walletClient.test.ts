import { BaseError, NonceTooLowError, TransactionExecutionError } from 'viem'
import { describe, expect, test } from 'vitest'
import { sendOnSharedKey } from './walletClient.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const
/** A wallet client as sendOnSharedKey reads it: no chain (the dev servers' clients), an HTTP transport's URL. */
const chainless = (url: string, uid: string) => ({ chain: undefined, transport: { url }, uid }) as unknown as Parameters<typeof sendOnSharedKey>[0]
/** The error viem throws when the node says the nonce was used by a mined transaction. */
const nonceTaken = () => new TransactionExecutionError(new NonceTooLowError({ cause: new BaseError('nonce too low') }), { chain: undefined } as never)
/** The node's answer when another transaction with that nonce is still pending (anvil before it mines it). */
const nonceQueued = () => new TransactionExecutionError(new BaseError('Unknown node error', { details: 'replacement transaction underpriced' }), { chain: undefined } as never)

/** A send the test settles by hand. */
function deferred() {
  let settle!: (hash: string) => void
  const promise = new Promise<string>((resolve) => (settle = resolve))
  return { promise, settle }
}

describe('sendOnSharedKey', () => {
  test('behavior: two clients without a chain on one node URL send from one key one after the other; another node does not wait', async () => {
    const first = deferred()
    const started: string[] = []
    const a = sendOnSharedKey(chainless('http://127.0.0.1:1/', 'a'), ADDRESS, () => (started.push('a'), first.promise), false)
    const b = sendOnSharedKey(chainless('http://127.0.0.1:1/', 'b'), ADDRESS.toLowerCase() as `0x${string}`, async () => (started.push('b'), '0xb'), false)
    const c = sendOnSharedKey(chainless('http://127.0.0.1:2/', 'c'), ADDRESS, async () => (started.push('c'), '0xc'), false)
    await expect(c).resolves.toBe('0xc')
    expect(started).toEqual(['a', 'c'])
    first.settle('0xa')
    await expect(Promise.all([a, b])).resolves.toEqual(['0xa', '0xb'])
    expect(started).toEqual(['a', 'c', 'b'])
  })

  test('behavior: a nonce another holder took is signed again; a failed send does not hold up the next one', async () => {
    let calls = 0
    await expect(
      sendOnSharedKey(
        chainless('http://127.0.0.1:3/', 'd'),
        ADDRESS,
        async () => {
          calls++
          if (calls === 1) throw nonceTaken()
          if (calls === 2) throw nonceQueued()
          return '0xd'
        },
        false,
      ),
    ).resolves.toBe('0xd')
    expect(calls).toBe(3)
    const refused = sendOnSharedKey(chainless('http://127.0.0.1:3/', 'e'), ADDRESS, () => Promise.reject(new BaseError('insufficient funds')), false)
    await expect(refused).rejects.toThrow('insufficient funds')
    await expect(sendOnSharedKey(chainless('http://127.0.0.1:3/', 'f'), ADDRESS, async () => '0xf', false)).resolves.toBe('0xf')
  })

  test('bad input: a nonce the site chose is never signed again, and five signings at most', async () => {
    let pinned = 0
    await expect(sendOnSharedKey(chainless('http://127.0.0.1:4/', 'g'), ADDRESS, () => (pinned++, Promise.reject(nonceTaken())), true)).rejects.toBeInstanceOf(TransactionExecutionError)
    expect(pinned).toBe(1)
    let taken = 0
    await expect(sendOnSharedKey(chainless('http://127.0.0.1:4/', 'h'), ADDRESS, () => (taken++, Promise.reject(nonceTaken())), false)).rejects.toBeInstanceOf(TransactionExecutionError)
    expect(taken).toBe(5)
  })
})
