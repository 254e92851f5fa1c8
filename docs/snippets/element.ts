// The page's module script: latchkey/element (in the package, also the single file dist/element/latchkey-element.js).
import { defineEvmNetwork, defineLatchkeyElements, type LatchkeyModalElement } from 'latchkey/element'

const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'http://127.0.0.1:8545' })
// Registers <latchkey-modal>, <latchkey-button> and <latchkey-network-button> once, with the names `networks="…"` may use.
defineLatchkeyElements({ networks: { anvil } })

const element = document.getElementById('wallet') as LatchkeyModalElement
const modal = await element.ready // the instance: open(), subscribe(), getProvider(), …
modal.subscribe((state) => console.log(state.account.address))
