/** Light or dark (spec §5: theme mode is light or dark). */
export type ThemeMode = 'light' | 'dark'

/**
 * The theme a dapp may override. Each key becomes a CSS custom property with the `--lk-` prefix on the
 * modal's shadow host; components read only these properties (STYLE.md rule 12).
 */
export type ThemeVariables = {
  /** Accent colour of buttons and focus rings. */
  accent?: string
  /** Modal background and text. */
  background?: string
  foreground?: string
  fontFamily?: string
  /** Base font size; every font size is a multiple (spec §9: 10px). */
  fontSizeMaster?: string
  /** Base radius; every radius is a multiple (spec §9: 4px). */
  borderRadiusMaster?: string
  /** Modal z-index (spec §9: 999). */
  zIndex?: number
}

type ResolvedTheme = Required<ThemeVariables> & {
  surface: string
  border: string
  muted: string
  danger: string
  success: string
  overlay: string
  accentForeground: string
}

const shared = {
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  fontSizeMaster: '10px',
  borderRadiusMaster: '4px',
  zIndex: 999,
}

/** Spec §9 light defaults: accent hsla(231,100%,70%,1) on white. */
export const lightTheme: ResolvedTheme = {
  ...shared,
  accent: 'hsla(231,100%,70%,1)',
  accentForeground: '#0b0d2e',
  background: '#ffffff',
  foreground: '#141414',
  surface: '#f3f4f6',
  border: 'rgba(0,0,0,0.1)',
  muted: '#5c5f66',
  danger: '#b3261e',
  success: '#1e7a3c',
  overlay: 'rgba(0,0,0,0.3)',
}

/** Spec §9 dark defaults: accent hsla(230,100%,67%,1) on #121313. */
export const darkTheme: ResolvedTheme = {
  ...shared,
  accent: 'hsla(230,100%,67%,1)',
  accentForeground: '#05061a',
  background: '#121313',
  foreground: '#e4e7e7',
  surface: '#1f2121',
  border: 'rgba(255,255,255,0.1)',
  muted: '#a8adad',
  danger: '#f28b82',
  success: '#81c995',
  overlay: 'rgba(0,0,0,0.5)',
}

/** The CSS custom properties for a mode and overrides: `{ '--lk-accent': '…', … }`. */
export function themeToCssVariables(mode: ThemeMode = 'light', overrides: ThemeVariables = {}): Record<string, string> {
  const base = mode === 'dark' ? darkTheme : lightTheme
  const t = { ...base, ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) } as ResolvedTheme
  return {
    '--lk-accent': t.accent,
    '--lk-accent-foreground': t.accentForeground,
    '--lk-background': t.background,
    '--lk-foreground': t.foreground,
    '--lk-surface': t.surface,
    '--lk-border': t.border,
    '--lk-muted': t.muted,
    '--lk-danger': t.danger,
    '--lk-success': t.success,
    '--lk-overlay': t.overlay,
    '--lk-font-family': t.fontFamily,
    '--lk-font-size-master': t.fontSizeMaster,
    '--lk-border-radius-master': t.borderRadiusMaster,
    '--lk-z-index': String(t.zIndex),
    '--lk-modal-width': '360px',
  }
}

/** CSS text declaring the variables on `:host`. */
export function themeCss(mode: ThemeMode = 'light', overrides: ThemeVariables = {}): string {
  const vars = themeToCssVariables(mode, overrides)
  return `:host{${Object.entries(vars)
    .map(([k, v]) => `${k}:${v.replace(/[;{}]/g, '')}`)
    .join(';')}}`
}
