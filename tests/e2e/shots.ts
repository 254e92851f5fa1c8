import type { Page } from '@playwright/test'
import { untilSettled } from './settle.ts'

/**
 * Screenshots of the demo page as it is, light and dark, desktop (1280×800) and phone (390×844), when `SHOTS_DIR` is
 * set (`$SHOTS_DIR/<name>-desktop-light.png`, …); nothing otherwise. The demo sets its theme mode itself, so the mode is
 * switched at run time (the embedded wallet's frame follows it too). The page is left light, on the desktop size.
 */
export async function shootThemes(page: Page, name: string): Promise<void> {
  const shots = process.env.SHOTS_DIR
  if (!shots) return
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
    await page.evaluate((mode) => (window as any).latchkey.setThemeMode(mode), theme)
    await page.setViewportSize({ width: 1280, height: 800 })
    await untilSettled(page)
    await page.screenshot({ path: `${shots}/${name}-desktop-${theme}.png` })
    await page.setViewportSize({ width: 390, height: 844 })
    await untilSettled(page)
    await page.screenshot({ path: `${shots}/${name}-phone-${theme}.png` })
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.evaluate(() => (window as any).latchkey.setThemeMode('light'))
  await page.setViewportSize({ width: 1280, height: 800 })
}
