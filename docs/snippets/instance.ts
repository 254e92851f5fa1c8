import { defineEvmNetwork } from 'latchkey'
import { modal } from './modal.ts'

const optimism = defineEvmNetwork({ id: 10, name: 'OP Mainnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'https://mainnet.optimism.io' })

export async function tour() {
  // #region instance
  modal.open() // Connect, or Account when connected (spec §2 open rules)
  modal.open({ view: 'SwitchNetwork' }) // a specific view, optionally with data
  modal.open({ view: 'Send' }) // the send form (Account → Send does the same)
  modal.close()
  modal.switchNetwork('eip155:42161') // through the wallet when connected, else just set
  modal.addNetwork(optimism) // a network at run time (see Networks and namespaces)
  modal.removeNetwork('eip155:10') // the active one removed: the first remaining becomes active
  modal.disconnect() // the active namespace's wallet; signs out of SIWX too (by default)
  modal.getSiwxSession() // the sign-in session, or undefined; throws 'SIWX is not enabled' without `siwx`
  await modal.signMessage({ message: 'Hello' }) // the active namespace's wallet signs
  await modal.getAdapter('bip122') // a configured namespace's chain adapter, loaded if it was not yet
  modal.refreshBalance() // read the active account's balance and Account data again
  modal.setThemeMode('dark') // 'light' or 'dark' at run time (anything else throws InvalidOptionsError)
  modal.setThemeVariables({ accent: '#ff0066' }) // the given keys replace the current ones, the others stay
  modal.getTheme() // { themeMode, themeVariables } now; modal.subscribeTheme(listener) follows it
  const unsubscribe = modal.subscribe((state) => console.log(state.account.address, state.caipNetworkId))
  modal.getState() // { open, view, account, caipNetworkId, network, activeNamespace, isUnsupportedChain, siwx, features }
  modal.getProvider('eip155') // the connected wallet's EIP-1193 provider, undefined while none is connected
  unsubscribe()
  modal.destroy() // stops every actor (and the WalletConnect socket, if one was opened)
  // #endregion instance
}
