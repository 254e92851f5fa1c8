import { modal } from './modal.ts'

// Opens the form with swap arguments: tokens by symbol, CAIP-10 or 0x address; the amount in whole tokens as text.
modal.open({ view: 'Swap', data: { fromToken: 'ETH', toToken: 'DEV', amount: '0.1' } })
// A malformed argument throws InvalidOptionsError naming it (e.g. data.amount '-1'); swaps off: FeatureDisabledError.
