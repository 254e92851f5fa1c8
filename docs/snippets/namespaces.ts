import { bitcoin, createModal, defineSolanaNetwork, mainnet, solana } from 'latchkey'

const modal = createModal({
  projectId: 'your-project-id',
  networks: [
    mainnet,
    solana, // also solanaDevnet, solanaTestnet
    defineSolanaNetwork({ reference: '<first 32 characters of the genesis hash>', name: 'My cluster', rpcUrl: 'https://solana.example.org' }),
    bitcoin, // also bitcoinTestnet, bitcoinRegtest (the dev stack's)
  ],
  api: { blockchainUrl: 'https://api.example.org/blockchain' }, // tokens, activity, names, the send form (spec §7)
})
// The native balance is read from the chain: EVM through the wallet's provider, Solana with web3.js at the
// network's RPC URL, Bitcoin from the Esplora-style UTXO routes at its RPC URL ({rpcUrl}/v1/bitcoin/address/{address}).

modal.getState().activeNamespace // 'eip155' | 'solana' | 'bip122': `account` is of this namespace
export const signature = await modal.signMessage({ message: 'Hello' })
// eip155: personal_sign (EIP-191), 0x-hex; solana: solana:signMessage, base58 ed25519; bip122: BIP-322, base64
// Throws NotConnectedError with no wallet in the active namespace, UserRejectedRequestError when the visitor declines.
