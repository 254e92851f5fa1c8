import { describe, expect, it } from 'vitest'
import { DevWallet } from './provider.ts'
import { announceDevWallet, devWalletIcon } from './announce.ts'

const makeWallet = (): DevWallet => new DevWallet({ chains: [{ chainId: 31337, name: 'Anvil Local', rpcUrl: 'http://127.0.0.1:1' }] })

type Detail = { info: { uuid: string; name: string; icon: string; rdns: string }; provider: unknown }

function listen(target: EventTarget): Detail[] {
  const seen: Detail[] = []
  target.addEventListener('eip6963:announceProvider', (event) => seen.push((event as CustomEvent<Detail>).detail))
  return seen
}

describe('announceDevWallet', () => {
  it('announces at once and again on every eip6963:requestProvider, until unsubscribed', () => {
    const target = new EventTarget()
    const seen = listen(target)
    const wallet = makeWallet()
    const stop = announceDevWallet(wallet, {}, target)
    expect(seen).toHaveLength(1)
    const detail = seen[0] as Detail
    expect(detail.provider).toBe(wallet)
    expect(detail.info).toMatchObject({ name: 'Latchkey Dev Wallet', rdns: 'dev.latchkey.wallet', icon: devWalletIcon })
    expect(detail.info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(Object.isFrozen(detail)).toBe(true)
    expect(Object.isFrozen(detail.info)).toBe(true)

    target.dispatchEvent(new Event('eip6963:requestProvider'))
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen).toHaveLength(3)
    expect(seen[2]).toBe(detail)

    stop()
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen).toHaveLength(3)
  })

  it('takes info overrides and an SVG data-URI icon by default', () => {
    const target = new EventTarget()
    const seen = listen(target)
    announceDevWallet(makeWallet(), { name: 'Other', rdns: 'dev.other', uuid: 'u-1', icon: 'data:image/png;base64,AA==' }, target)
    expect(seen[0]?.info).toEqual({ name: 'Other', rdns: 'dev.other', uuid: 'u-1', icon: 'data:image/png;base64,AA==' })
    expect(devWalletIcon.startsWith('data:image/svg+xml,')).toBe(true)
    expect(decodeURIComponent(devWalletIcon)).toContain('<svg')
  })

  it('optionally injects window.ethereum and restores it on unsubscribe', () => {
    const target = new EventTarget() as EventTarget & { ethereum?: unknown }
    const wallet = makeWallet()
    const stopPlain = announceDevWallet(wallet, {}, target)
    expect('ethereum' in target).toBe(false)
    stopPlain()

    const stop = announceDevWallet(wallet, { injectWindowEthereum: true }, target)
    expect(target.ethereum).toBe(wallet)
    stop()
    expect('ethereum' in target).toBe(false)

    target.ethereum = 'previous'
    announceDevWallet(wallet, { injectWindowEthereum: true }, target)()
    expect(target.ethereum).toBe('previous')
  })
})
