// @vitest-environment happy-dom
import { render } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { Avatar, avatarTints } from './Avatar.tsx'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const parts = (tint: string) => {
  const m = /^hsl\((\d+), 70%, (\d+)%\)$/.exec(tint)
  if (!m) throw new Error(`not an hsl tint: ${tint}`)
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
