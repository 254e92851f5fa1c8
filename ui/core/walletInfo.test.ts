import { describe, expect, test } from 'vitest'
import type { ChainAdapter, Connector } from '../../adapters/types.ts'
import { createWalletDescriber } from './walletInfo.ts'

const EOA = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SMART = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const PAYMENT = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
const ORDINALS = 'bcrt1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqc8gma6'

const connectors: Connector[] = [
  { id: 'dev.latchkey.wallet', name: 'Latchkey Dev Wallet', type: 'ANNOUNCED', chain: 'eip155', imageUrl: 'data:image/svg+xml,<svg/>', info: { rdns: 'dev.latchkey.wallet' } },
  { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: 'io.metamask' }, explorerId: 'c57ca95b' },
  { id: 'auth', name: 'Email', type: 'AUTH', chain: 'eip155' },
  { id: 'Xverse', name: 'Xverse', type: 'ANNOUNCED', chain: 'bip122' },
]
const bitcoin = {
  namespace: 'bip122',
  getAccounts: () => [
    { namespace: 'bip122', address: PAYMENT, type: 'payment' },
    { namespace: 'bip122', address: ORDINALS, type: 'ordinals' },
  ],
} as unknown as ChainAdapter

describe('the wallet description of a connection', () => {
  test('spec §3: connectedWalletInfo is the connector’s name and icon, identified by its directory id, else its rdns, else its id', async () => {
    const describe = createWalletDescriber({ connectors: () => connectors, adapters: {} })
    expect((await describe({ connectorId: 'dev.latchkey.wallet', namespace: 'eip155', accounts: [EOA] })).wallet).toEqual({
      name: 'Latchkey Dev Wallet',
      icon: 'data:image/svg+xml,<svg/>',
      identifier: 'dev.latchkey.wallet',
    })
    expect((await describe({ connectorId: 'io.metamask', namespace: 'eip155', accounts: [EOA] })).wallet).toEqual({ name: 'MetaMask', identifier: 'c57ca95b' })
    // A connector the modal does not list (yet): its id stands for its name.
    expect((await describe({ connectorId: 'gone', namespace: 'eip155', accounts: [EOA] })).wallet).toEqual({ name: 'gone', identifier: 'gone' })
  })

  test('spec §3: the auth connector’s wallet carries the social provider, and its accounts are labelled by the frame user’s types', async () => {
    const user = {
      address: SMART,
      chainId: 1,
      socialProvider: 'github',
      userName: 'ada',
      accounts: [
        { address: EOA, type: 'eoa' as const },
        { address: SMART, type: 'smartAccount' as const },
      ],
    }
    const describe = createWalletDescriber({ connectors: () => connectors, adapters: {}, authConnectorId: 'auth', embeddedUser: async () => user, storedSocialProvider: () => 'google' })
    expect(await describe({ connectorId: 'auth', namespace: 'eip155', accounts: [SMART, EOA] })).toEqual({
      wallet: { name: 'Email', identifier: 'auth', social: 'github' },
      addressLabels: { [EOA]: 'EOA', [SMART]: 'Smart Account' },
    })
    // An email user has no social provider; before the frame says, the stored one stands.
    const email = createWalletDescriber({
      connectors: () => connectors,
      adapters: {},
      authConnectorId: 'auth',
      embeddedUser: async () => ({ ...user, socialProvider: undefined, email: 'ada@example.com' }),
      storedSocialProvider: () => 'google',
    })
    expect((await email({ connectorId: 'auth', namespace: 'eip155', accounts: [SMART] })).wallet).not.toHaveProperty('social')
    const unknown = createWalletDescriber({ connectors: () => connectors, adapters: {}, authConnectorId: 'auth', embeddedUser: async () => undefined, storedSocialProvider: () => 'google' })
    expect((await unknown({ connectorId: 'auth', namespace: 'eip155', accounts: [SMART] })).wallet?.social).toBe('google')
  })

  test('spec §3: addressLabels come from the adapter’s accounts (a Bitcoin wallet’s payment and ordinals addresses); none without them', async () => {
    const describe = createWalletDescriber({ connectors: () => connectors, adapters: { bip122: bitcoin } })
    expect((await describe({ connectorId: 'Xverse', namespace: 'bip122', accounts: [PAYMENT, ORDINALS] })).addressLabels).toEqual({ [PAYMENT]: 'Payment', [ORDINALS]: 'Ordinals' })
    expect(await describe({ connectorId: 'dev.latchkey.wallet', namespace: 'eip155', accounts: [EOA] })).not.toHaveProperty('addressLabels')
  })
})
