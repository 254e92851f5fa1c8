/** Entry of the development mobile wallet page (the code lives in dev/mobile-wallet/). */
import { startMobileWalletPage } from '../dev/mobile-wallet/page.ts'

startMobileWalletPage(import.meta.env).catch((error: unknown) => {
  const root = document.getElementById('root') ?? document.body
  const alert = document.createElement('p')
  alert.setAttribute('role', 'alert')
  alert.textContent = `The mobile wallet could not start: ${error instanceof Error ? error.message : String(error)}`
  root.append(alert)
})
