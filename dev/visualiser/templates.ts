/**
 * Starting payloads for the drive panel: the fields (besides `type`) of the events QA sends by hand, for
 * events that need some. The event types' own TypeScript definitions in machines/ are the reference; these
 * are examples that work on the demo (dev wallet connector, anvil chains). A payload seen in the live
 * history wins over these (it is what the app itself sent last).
 */
const account = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', caipNetworkId: 'eip155:31337', namespace: 'eip155' }

export const payloadTemplates: Readonly<Record<string, Record<string, unknown>>> = {
  // root (the UI's and the public API's events)
  'app.open': { view: 'Connect' },
  'app.push': { view: 'AllWallets' },
  'app.notify': { variant: 'success', message: 'Hello from the visualiser' },
  'app.selectWallet': { connectorId: 'dev.latchkey.wallet' },
  'app.selectNetwork': { caipNetworkId: 'eip155:31338' },
  // a feature's gesture, through its registration (machines/<feature>.feature.ts)
  'feature.deliver': { feature: 'send', event: { type: 'send.start' } },
  'feature.ensure': { feature: 'account' },
  // router
  'router.push': { view: 'AllWallets' },
  'router.replace': { view: 'Connect' },
  'router.reset': { view: 'Connect' },
  'router.back': { isConnected: false },
  'router.pushTransaction': { id: 'qa-1', onSuccess: 'Account' },
  'router.popTransaction': { outcome: 'cancel', isConnected: true },
  // modal, toast
  'modal.setCloseBlocked': { blocked: false },
  'toast.show': { variant: 'success', message: 'Hello from the visualiser' },
  // connection, network
  'connection.request': { connectorId: 'dev.latchkey.wallet' },
  'connection.accountsChanged': { accounts: [account.address] },
  'connection.chainChanged': { chainId: 31338 },
  'network.switch': { caipNetworkId: 'eip155:31338' },
  'network.walletChainChanged': { chainId: 31338 },
  // account, catalogue
  'account.set': { target: { ...account, testnet: true, supported: true } },
  'account.selectTab': { tab: 'activity' },
  'catalogue.search': { query: 'meta' },
  // send
  'root.account': { change: 'changed', account: { ...account, connectorId: 'dev.latchkey.wallet', supported: true, testnet: true }, holder: 'send' },
  'root.open': { view: 'Send' },
  'root.back': { view: 'SendPreview' },
  'send.pickToken': { tokenKey: 'native' },
  'send.setAmount': { amount: '0.01' },
  'send.setReceiver': { receiver: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
  // swap
  'swap.chooseToken': { side: 'to' },
  'swap.pickToken': { side: 'to', address: 'eip155:31337:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35' },
  'swap.setAmount': { amount: '0.01' },
  // multi-wallet (the demo's `?secondWallet=1` announces the second wallet) and its switcher rows' balances
  'multiWallet.switch': { connectionId: 'eip155:dev.latchkey.wallet.second' },
  'multiWallet.remove': { connectionId: 'eip155:dev.latchkey.wallet.second' },
  'multiWallet.walletAccounts': { connectionId: 'eip155:dev.latchkey.wallet.second', accounts: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] },
  'multiWallet.walletChain': { connectionId: 'eip155:dev.latchkey.wallet.second', caipNetworkId: 'eip155:31338' },
  'multiWallet.walletGone': { connectionId: 'eip155:dev.latchkey.wallet.second' },
  'walletBalance.retarget': { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', caipNetworkId: 'eip155:31338' },
  'walletName.retarget': { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', caipNetworkId: 'eip155:31338' },
  // on-ramp
  'onramp.pickProvider': { provider: 'coinbase' },
  'onramp.setAmount': { amount: '50' },
}

/** The payload field's starting text for `type`: the last payload seen in the history, else the template, else null (no payload needed). */
export function payloadTemplate(type: string, lastSeen?: Record<string, unknown>): string | null {
  const fields = lastSeen ?? payloadTemplates[type]
  if (!fields) return null
  const { type: _type, ...rest } = fields as Record<string, unknown>
  return Object.keys(rest).length ? JSON.stringify(rest) : null
}
