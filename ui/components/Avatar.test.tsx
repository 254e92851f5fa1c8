// @vitest-environment happy-dom
import { render } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { Avatar, avatarAccent, avatarBackground, avatarTints } from './Avatar.tsx'
import { TestFailure } from '../../tests/harness/failures.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const parts = (tint: string) => {
  const m = /^hsl\((\d+), 70%, (\d+)%\)$/.exec(tint)
  if (!m) throw new TestFailure(`not an hsl tint: ${tint}`)
  return { hue: Number(m[1]), lightness: Number(m[2]) }
}

describe('Avatar colours (spec §9)', () => {
  test('spec §9: avatar colours are 5 tints of one hue at 15 percent steps', () => {
    const tints = avatarTints(address).map(parts)
    expect(tints).toHaveLength(5)
    expect(new Set(tints.map((t) => t.hue)).size).toBe(1)
    expect(tints.map((t) => t.lightness)).toEqual([35, 50, 65, 80, 95])
  })

  test('behavior: the hue follows the address, whatever its letter case; another address gets another hue', () => {
    expect(avatarTints(address.toLowerCase())).toEqual(avatarTints(address))
    expect(parts(avatarTints('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')[0]!).hue).not.toBe(parts(avatarTints(address)[0]!).hue)
  })

  test('behavior: two accounts whose base hues are close (the dev accounts 0 and 9: 257° and 249°) still differ at a glance: the highlight has another hue, elsewhere', () => {
    const account9 = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'
    expect(Math.abs(parts(avatarTints(account9)[0]!).hue - parts(avatarTints(address)[0]!).hue)).toBeLessThan(15)
    const [one, two] = [avatarAccent(address), avatarAccent(account9)]
    const hueApart = Math.min(Math.abs(one.hue - two.hue), 360 - Math.abs(one.hue - two.hue))
    expect(hueApart).toBeGreaterThanOrEqual(30)
    expect(avatarBackground(address)).not.toBe(avatarBackground(account9))
  })

  test('behavior: among many addresses, few pairs look alike (base hue within 15°, highlight hue within 30°, place within 10 %): under 1.5 % where the base hue alone makes about 8 %', () => {
    let seed = 42
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
      return seed
    }
    const addresses = Array.from({ length: 200 }, () => `0x${Array.from({ length: 40 }, () => (next() >>> 16).toString(16).slice(-1)).join('')}`)
    const looks = addresses.map((a) => ({ base: parts(avatarTints(a)[0]!).hue, ...avatarAccent(a) }))
    const apart = (x: number, y: number) => Math.min(Math.abs(x - y), 360 - Math.abs(x - y))
    let pairs = 0
    let alike = 0
    let sameBase = 0
    for (let i = 0; i < looks.length; i++)
      for (let j = i + 1; j < looks.length; j++) {
        const [p, q] = [looks[i]!, looks[j]!]
        pairs++
        if (apart(p.base, q.base) > 15) continue
        sameBase++
        if (apart(p.hue, q.hue) <= 30 && Math.abs(p.x - q.x) <= 10 && Math.abs(p.y - q.y) <= 10) alike++
      }
    expect(sameBase / pairs).toBeGreaterThan(0.05)
    expect(alike / pairs).toBeLessThan(0.015)
  })

  test('behavior: the highlight follows the address whatever its letter case and stays on the sphere (x 20–80 %, y 10–50 %), 90° to 270° from the base hue', () => {
    expect(avatarAccent(address.toLowerCase())).toEqual(avatarAccent(address))
    for (const a of [address, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '', '💥']) {
      const { hue, x, y } = avatarAccent(a)
      const base = parts(avatarTints(a)[0]!).hue
      const away = (hue - base + 360) % 360
      expect(away).toBeGreaterThanOrEqual(90)
      expect(away).toBeLessThanOrEqual(270)
      expect(x).toBeGreaterThanOrEqual(20)
      expect(x).toBeLessThanOrEqual(80)
      expect(y).toBeGreaterThanOrEqual(10)
      expect(y).toBeLessThanOrEqual(50)
    }
  })

  test('behavior: the avatar draws the five tints, decorative (hidden from assistive technology)', () => {
    const { container } = render(<Avatar address={address} size={40} />)
    const avatar = container.querySelector('.lk-avatar') as HTMLElement
    expect(avatar.getAttribute('aria-hidden')).toBe('true')
    for (const tint of avatarTints(address)) expect(avatar.style.background).toContain(tint)
  })

  test('bad input: an empty or odd address still gives five valid tints', () => {
    for (const odd of ['', 'not an address', '💥'.repeat(50)]) expect(avatarTints(odd).map(parts)).toHaveLength(5)
  })
})
