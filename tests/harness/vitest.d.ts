// A module (not a script), so the block below augments 'vitest' instead of replacing it.
export {}

declare module 'vitest' {
  /**
   * Values provided by tests/harness/global-setup.ts; read them with `inject('anvilRpc1')`. The dev ERC-20
   * tokens it deploys on both anvils are not provided: their addresses are constants (`dev/tokens/tokens.ts`).
   */
  export interface ProvidedContext {
    /** HTTP JSON-RPC URL of the test anvil with chain id 31337. */
    anvilRpc1: string
    /** HTTP JSON-RPC URL of the test anvil with chain id 31338. */
    anvilRpc2: string
    /**
     * HTTP JSON-RPC URL of the shared local Solana RPC (`dev/solana`, LiteSVM), network
     * `solana:AK7zphcMpwwaFXRuPquNGSMjWsVvhFPZ`; the five Solana dev accounts start with 100 SOL each.
     */
    solanaRpc: string
    /** Base URL of the shared reference API server (`dev/api/server.ts`), e.g. `http://127.0.0.1:40123`. */
    apiUrl: string
    /** URL of the shared loopback WalletConnect relay (`dev/relay`), e.g. `ws://127.0.0.1:40124`: the SDKs' `relayUrl`. */
    relayUrl: string
  }
}
