import { createModal, mainnet } from 'latchkey'

export async function choose() {
  // #region choose
  const modal = createModal({ projectId: 'your-project-id', networks: [mainnet], locale: 'auto' }) // default: navigator.languages, then English
  await modal.setLocale('ja') // at run time, open or closed: every visible word changes at once
  modal.getLocale() // { locale: 'ja', direction: 'ltr', numberLocale: 'ja', copy, pending: false }
  // #endregion choose
}

// #region messages
createModal({
  projectId: 'your-project-id',
  networks: [mainnet],
  messages: { 'titles.Connect': 'Sign in with a wallet', 'callsStatus.asking': (n) => `Approve ${n}` },
})
// #endregion messages
