import { describe, expect, it, vi } from 'vitest'
import { appRequest } from '../../../adapters/frame.protocol.ts'
import { FrameApiError } from './contract.ts'
import type { FrameApi, FrameHandlerOptions } from './contract.ts'
import { createFrameHandler } from './handler.ts'
import { frameLocale } from './words/index.ts'

/**
 * APP_SYNC_LOCALE in the frame page's handler (spec §4 frame pages follow the modal's locale): the modal's language
 * changed after the frame loaded. The message is checked like every other one (its source, its origin, its shape)
 * before the page's language changes; a fake parent window and page stand in for the browser's.
 */
const dapp = 'http://127.0.0.1:5273'

type Posted = { message: { id?: string; type: string; payload?: unknown }; origin: string }

function setup(options: Partial<FrameHandlerOptions> = {}) {
  const posted: Posted[] = []
  const parent = { postMessage: (message: unknown, origin: string) => void posted.push({ message: message as Posted['message'], origin }) }
  // The page's language switch as main.ts makes it: the locale chosen for the tag.
  const setLocale = vi.fn(async (tag: string) => frameLocale(tag))
  const frame = createFrameHandler({
    parent,
    allowedOrigins: [dapp],
    readyOrigins: [dapp],
    api: {} as FrameApi,
    store: { get: () => null, set: () => undefined, remove: () => undefined },
    approval: { open: async () => false, close: () => undefined, setTheme: () => undefined },
    chainId: 31337,
    chainNames: {},
    newDeviceId: () => 'device0123456789abcdef',
    sleep: async () => undefined,
    reload: () => undefined,
    setLocale,
    ...options,
  })
  const send = (data: unknown, origin = dapp, source: unknown = parent) => frame.onMessage({ data, origin, source })
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { posted, parent, send, settle, setLocale }
}

describe('frame handler: APP_SYNC_LOCALE', () => {
  it('behavior: the page switches to the locale chosen for the tag and answers it to the parent origin', async () => {
    const { send, settle, posted, setLocale } = setup()
    send(appRequest('SYNC_LOCALE', 'l1', { locale: 'ar' }))
    send(appRequest('SYNC_LOCALE', 'l2', { locale: 'pt-PT' }))
    send(appRequest('SYNC_LOCALE', 'l3', { locale: 'xx' }))
    await settle()
    expect(setLocale.mock.calls).toEqual([['ar'], ['pt-PT'], ['xx']])
    expect(posted).toEqual([
      { message: { id: 'l1', type: 'FRAME_SYNC_LOCALE_SUCCESS', payload: { locale: 'ar' } }, origin: dapp },
      { message: { id: 'l2', type: 'FRAME_SYNC_LOCALE_SUCCESS', payload: { locale: 'pt-BR' } }, origin: dapp },
      { message: { id: 'l3', type: 'FRAME_SYNC_LOCALE_SUCCESS', payload: { locale: 'en' } }, origin: dapp },
    ])
  })

  it('bad input: from another window or an origin that may not embed the frame, it is dropped (no switch, no answer)', async () => {
    const { send, settle, posted, setLocale } = setup()
    send(appRequest('SYNC_LOCALE', 'l1', { locale: 'ar' }), 'https://evil.test')
    send(appRequest('SYNC_LOCALE', 'l2', { locale: 'ar' }), dapp, { postMessage: () => undefined })
    send(appRequest('SYNC_LOCALE', 'l3', { locale: 'ar' }), 'null')
    await settle()
    expect(setLocale).not.toHaveBeenCalled()
    expect(posted).toEqual([])
  })

  it('bad input: a payload that is not one language tag is dropped (no switch, no answer)', async () => {
    const { send, settle, posted, setLocale } = setup()
    for (const payload of [
      undefined,
      {},
      { locale: '' },
      { locale: 42 },
      { locale: ['ar'] },
      { locale: null },
      { locale: '<script>' },
      { locale: '../en' },
      { locale: 'en_US' },
      { locale: 'ar rtl' },
      { locale: `en-${'a'.repeat(40)}` },
      { locale: 'a' },
    ]) {
      send({ id: 'bad', type: 'APP_SYNC_LOCALE', ...(payload === undefined ? {} : { payload }) })
    }
    // Without an id it is no request either.
    send({ type: 'APP_SYNC_LOCALE', payload: { locale: 'ar' } })
    await settle()
    expect(setLocale).not.toHaveBeenCalled()
    expect(posted).toEqual([])
  })

  it('behavior: a page that cannot switch, or whose words do not load, answers an error (the dapp tries again later)', async () => {
    const without = setup({ setLocale: undefined })
    without.send(appRequest('SYNC_LOCALE', 'l1', { locale: 'ar' }))
    await without.settle()
    expect(without.posted[0]?.message).toEqual({ id: 'l1', type: 'FRAME_SYNC_LOCALE_ERROR', payload: { message: 'This frame speaks one language' } })
    const failing = setup({ setLocale: async () => Promise.reject(new FrameApiError('The words for ar could not be loaded')) })
    failing.send(appRequest('SYNC_LOCALE', 'l2', { locale: 'ar' }))
    await failing.settle()
    expect(failing.posted[0]?.message).toEqual({ id: 'l2', type: 'FRAME_SYNC_LOCALE_ERROR', payload: { message: 'The words for ar could not be loaded' } })
  })
})
