/**
 * The start of a loopback WalletConnect pair (./walletConnectPair.ts), loaded once its options are checked and its
 * optional peers (`ws`, `@walletconnect/sign-client`) are found: the relay on 127.0.0.1, the WalletConnect test wallet
 * on it, and the prompt desk (../prompts.ts) that answers the wallet's proposals and requests as the test says. Node only.
 */
import { connectChain } from '../playwright/chain.ts'
import { PromptDesk } from '../prompts.ts'
import { devProjectId, type DevMobilePending, type DevMobilePendingKind } from '../walletConnect/types.ts'
import { devAccounts } from '../wallet/accounts.ts'
import { DevMobileWallet } from '../walletConnect/wallet.ts'
import { startRelay } from './relay/server.ts'
import type { ParsedPairOptions, WalletConnectPair } from './walletConnectPair.ts'

const kinds: readonly DevMobilePendingKind[] = ['proposal', 'sign', 'sendTransaction', 'switchChain', 'addChain']

/**
 * Starts the relay, then the wallet on it; a wallet that fails to start stops the relay again.
 * @throws ChainRequestError when the chain id is not given and the node does not answer `eth_chainId`;
 *   DevMobileWalletError when the SDK client cannot start.
 */
export async function startPair(options: ParsedPairOptions): Promise<WalletConnectPair> {
  const chainId = options.chainId ?? (await connectChain(options.rpcUrl)).chainId
  const relay = await startRelay({ port: options.port })
  let wallet: DevMobileWallet
  try {
    wallet = await DevMobileWallet.create({
      relayUrl: relay.url,
      projectId: options.projectId ?? devProjectId,
      chains: [{ chainId, name: `Chain ${chainId}`, rpcUrl: options.rpcUrl }],
      accounts: options.accounts ?? devAccounts(),
      metadata: { name: 'Latchkey WalletConnect Test Wallet', description: 'The WalletConnect test wallet of latchkey/testing', url: 'http://127.0.0.1', icons: [] },
      logLevel: 'silent',
    })
  } catch (error) {
    await relay.stop()
    throw error
  }
  const desk = new PromptDesk<DevMobilePendingKind, DevMobilePending>(
    kinds,
    {
      pending: () => wallet.pending,
      // Failures show in the wallet's state (`lastError`); the dapp sees the SDK's answer.
      apply: (prompt, answer) => void (answer === 'approve' ? wallet.approve(prompt.id) : answer === 'reject' ? wallet.reject(prompt.id) : wallet.fail(prompt.id, answer)).catch(() => {}),
    },
    options.answer,
  )
  const stopWatching = wallet.onChange(() => desk.update())
  let closing: Promise<void> | undefined
  return {
    relayUrl: relay.url,
    wallet: {
      get address() {
        return wallet.address
      },
      get addresses() {
        return wallet.addresses
      },
      state: () => wallet.state,
      get prompts() {
        return desk.prompts
      },
      setAnswer: (answer) => desk.setAnswer(answer),
      answerNext: (answer, kind) => desk.answerNext(answer, kind),
      waitForPrompt: (kind) => desk.waitForPrompt(kind),
      settle: (answer, id) => desk.settle(answer, id),
      waitFor: (predicate, timeoutMs) => wallet.waitFor(predicate, timeoutMs),
      switchChain: (id) => wallet.switchChain(id),
      setAccount: (index) => wallet.setAccount(index),
      misbehave: (misbehaviour) => {
        wallet.misbehave = { ...misbehaviour }
      },
      disconnect: () => wallet.disconnect(),
    },
    pair: (uri) => wallet.pair(uri),
    close() {
      closing ??= (async () => {
        stopWatching()
        await wallet.close()
        await relay.stop()
      })()
      return closing
    },
  }
}
