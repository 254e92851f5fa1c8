/**
 * The frame page's script (served as `/frame.js`, bundled by dev/secure-site/server.ts): wires the handler to the
 * window (messages from the parent only), `fetch` to this origin's API, this origin's `localStorage` (the session
 * token and the device id stay here) and the approval UI; posts FRAME_READY once listening. The page speaks the frame
 * URL's locale (its words bundled in); APP_SYNC_LOCALE switches it in place, with another locale's words fetched from
 * this origin (`/frame-words.js?locale=…`) when first needed.
 */
import { createApprovalUi } from './approval.ts'
import { createChainReader, createFrameApi } from './api.ts'
import { FrameApiError, FrameParentNotSetError } from './contract.ts'
import type { FrameStore } from './contract.ts'
import { createFrameHandler } from './handler.ts'
import words from './words/chosen.ts'
import type { FrameWords } from './words/en.ts'
import { frameDirection, frameLocale, type FrameLocale } from './words/index.ts'

function meta<T>(name: string, fallback: T): T {
  try {
    return JSON.parse(document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? '') as T
  } catch {
    return fallback
  }
}

const allowedOrigins = meta<string[]>('latchkey-allowed-ancestors', [])
const chainNames = meta<Record<string, string>>('latchkey-chains', {})
const params = new URLSearchParams(location.search)
const chainId = Number(params.get('chainId') ?? '') || 1
const ancestor = location.ancestorOrigins?.[0]
const readyOrigins = ancestor !== undefined && allowedOrigins.includes(ancestor) ? [ancestor] : allowedOrigins

const memory = new Map<string, string>()
const store: FrameStore = {
  get: (key) => {
    try {
      return localStorage.getItem(key)
    } catch {
      return memory.get(key) ?? null
    }
  },
  set: (key, value) => {
    try {
      localStorage.setItem(key, value)
    } catch {
      memory.set(key, value)
    }
  },
  remove: (key) => {
    try {
      localStorage.removeItem(key)
    } catch {
      memory.delete(key)
    }
  },
}

/** The locale the page was served in (the frame URL's, as the secure site chose it), and the words loaded so far. */
const speaking: FrameLocale = frameLocale(params.get('locale'))
const loadedWords = new Map<FrameLocale, FrameWords>([[speaking, words]])
/** Counts the language changes asked for: a change whose words arrive after a later one's is not applied. */
let asked = 0

/** This origin's script of `locale`'s words (an ES module whose default export is the `FrameWords`). */
async function wordsOf(locale: FrameLocale): Promise<FrameWords> {
  const known = loadedWords.get(locale)
  if (known) return known
  const url = new URL(`/frame-words.js?locale=${encodeURIComponent(locale)}`, location.origin).href
  let loaded: FrameWords
  try {
    loaded = ((await import(/* @vite-ignore */ url)) as { default: FrameWords }).default
  } catch {
    throw new FrameApiError(`The words for ${locale} could not be loaded`)
  }
  loadedWords.set(locale, loaded)
  return loaded
}

const prefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches
document.documentElement.dataset.theme = prefersDark ? 'dark' : 'light'

// Opened on its own (no parent window), the page shows nothing and says why (spec §8 "parent is not set").
if (window.parent === window) console.error(new FrameParentNotSetError().message)
else {
  const approval = createApprovalUi(document.getElementById('approval') as HTMLElement, document, words, speaking)
  const frame = createFrameHandler({
    parent: window.parent,
    allowedOrigins,
    readyOrigins,
    api: createFrameApi(location.origin),
    store,
    approval,
    // APP_SYNC_LOCALE: the words of the locale chosen for the tag, then lang, dir and the approval card follow at once.
    setLocale: async (tag) => {
      const locale = frameLocale(tag)
      const turn = ++asked
      const next = await wordsOf(locale)
      if (turn !== asked) return locale
      document.documentElement.lang = locale
      document.documentElement.dir = frameDirection(locale)
      approval.setLanguage(locale, next)
      return locale
    },
    chainId,
    // Spec §7: the dapp's RPC for the chain reads (the CSP's connect-src admits its origin only when it is http(s)).
    ...(params.get('rpcUrl') ? { rpcUrl: params.get('rpcUrl')!, readChain: createChainReader() } : {}),
    chainNames,
    newDeviceId: () => crypto.randomUUID().replaceAll('-', ''),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    reload: () => location.reload(),
    ...(params.get('enableLogger') === 'true' ? { log: (line: string) => console.info(`[latchkey secure frame] ${line}`) } : {}),
  })
  window.addEventListener('message', (event) => frame.onMessage({ data: event.data, origin: event.origin, source: event.source }))
  // The approval card's height (with main's 16 px padding above and below) goes to the dapp, which sizes
  // ApproveTransaction's body to it (no empty band under the card on a phone).
  const approvalRoot = document.getElementById('approval') as HTMLElement
  const sizes = new ResizeObserver(() => {
    const card = approvalRoot.querySelector('.card')
    if (card) frame.contentHeight(card.getBoundingClientRect().height + 32)
  })
  new MutationObserver(() => {
    sizes.disconnect()
    const card = approvalRoot.querySelector('.card')
    if (card) sizes.observe(card)
  }).observe(approvalRoot, { childList: true })
  frame.ready()
}
