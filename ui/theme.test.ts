import { describe, expect, test } from 'vitest'
import { FRAME_Z_INDEX } from '../adapters/frame.ts'
import { darkTheme, lightTheme, themeToCssVariables } from './theme.ts'

describe('theme defaults (spec §9 "Display")', () => {
  test('spec §9: modal width 360 px, z-index 999, font master 10 px, border radius master 4 px, in both modes', () => {
    for (const mode of ['light', 'dark'] as const) {
      expect(themeToCssVariables(mode)).toMatchObject({
        '--lk-modal-width': '360px',
        '--lk-z-index': '999',
        '--lk-font-size-master': '10px',
        '--lk-border-radius-master': '4px',
      })
    }
  })

  test('spec §9: default accent light hsla(231,100%,70%,1) on white; dark hsla(230,100%,67%,1) on #121313', () => {
    expect([lightTheme.accent, lightTheme.background]).toEqual(['hsla(231,100%,70%,1)', '#ffffff'])
    expect([darkTheme.accent, darkTheme.background]).toEqual(['hsla(230,100%,67%,1)', '#121313'])
    expect(themeToCssVariables('light')['--lk-accent']).toBe('hsla(231,100%,70%,1)')
    expect(themeToCssVariables('dark')['--lk-background']).toBe('#121313')
  })

  test('spec §9: the embedded wallet iframe is at z-index 999999, above the modal', () => {
    expect(FRAME_Z_INDEX).toBe(999999)
    expect(FRAME_Z_INDEX).toBeGreaterThan(Number(themeToCssVariables('light')['--lk-z-index']))
  })

  test('behavior: a dapp override of the z-index or the accent wins over the default', () => {
    expect(themeToCssVariables('dark', { zIndex: 50, accent: '#ff0000' })).toMatchObject({ '--lk-z-index': '50', '--lk-accent': '#ff0000' })
  })
})
