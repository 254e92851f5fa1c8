import { createModal, darkTheme, lightTheme, mainnet, type ThemeVariables } from 'latchkey'

const brand: ThemeVariables = {
  accent: '#7b61ff', // buttons and focus rings
  fontFamily: 'Inter, system-ui, sans-serif', // the page's own font: nothing is fetched from a CDN
  fontSizeMaster: '10px', // every font size is a multiple
  borderRadiusMaster: '6px', // every radius is a multiple
  zIndex: 1000,
}

const modal = createModal({ projectId: 'your-project-id', networks: [mainnet], themeMode: 'dark', themeVariables: brand })

// At run time, open or closed; the embedded wallet's frame follows too.
modal.setThemeMode(matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')
modal.setThemeVariables({ accent: '#ff0066' }) // the given keys replace the current ones, the others stay
const stop = modal.subscribeTheme(({ themeMode, themeVariables }) => console.log(themeMode, themeVariables))
console.log(modal.getTheme(), lightTheme.accent, darkTheme.background) // the spec's defaults of each mode
stop()
