import { createModal, defineEvmNetwork, mainnet } from 'latchkey'

const modal = createModal({ projectId: 'your-project-id', networks: [mainnet] })
const optimism = defineEvmNetwork({ id: 10, name: 'OP Mainnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'https://mainnet.optimism.io' })

modal.addNetwork(optimism) // checked as options.networks is; an id already there: nothing happens
modal.switchNetwork('eip155:10')
modal.removeNetwork('eip155:10') // it was active: mainnet (the first remaining eip155 network) is active again
