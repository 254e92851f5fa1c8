import { fromPromise } from 'xstate'
import { fallbackOnrampOptions } from '../../services/blockchain.ts'
import { onrampMachine, type OnrampPurchase } from '../../machines/onramp.ts'
import { transactionMachine } from '../../machines/transaction.ts'
import type { FeatureHost } from './host.ts'
import { waitForEndOn } from './transaction.ts'
import { OnrampUrlUnavailableError } from '../errors.ts'

/** The checkout window's name and size (spec §9: popup 600x800). */
const popupName = 'latchkey-onramp'
const popupFeatures = 'popup,width=600,height=800'

/**
 * The on-ramp machine on this instance's blockchain API, with the checkout window: opened blank in the
 * visitor's click (`openCheckout`, so no popup blocker refuses it), pointed at the provider's URL once it arrives,
 * closed when the purchase arrived or was cancelled. The purchase's transfer is settled by the transaction machine on
 * the network's transfer adapter (`waitForEndOn`: the one receipt rule). The options and the quote fall back as spec §8 says (the
 * services' sample options and placeholder quote); a client that cannot be loaded falls back the same way.
 */
export function assemble(host: FeatureHost) {
  let popup: Window | null = null
  return onrampMachine.provide({
    actions: {
      openCheckout: () => {
        popup = globalThis.window?.open('about:blank', popupName, popupFeatures) ?? null
      },
      navigateCheckout: (_, { url }) => {
        if (popup && !popup.closed) popup.location.href = url
      },
      closeCheckout: () => {
        if (popup && !popup.closed) popup.close()
        popup = null
      },
    },
    actors: {
      fetchOptions: fromPromise(async () => {
        try {
          const options = await (await host.blockchain()).getOnrampOptions()
          return { options, sample: options === fallbackOnrampOptions }
        } catch {
          return { options: fallbackOnrampOptions, sample: true }
        }
      }),
      fetchQuote: fromPromise(async ({ input }) => (await host.blockchain()).getOnrampQuote(input)),
      generateUrl: fromPromise(async ({ input }) => {
        const answer = await (await host.blockchain()).generateOnrampUrl({
          destinationWallets: [{ address: input.target.address, blockchains: [input.network], assets: [input.purchaseCurrency] }],
          defaultNetwork: input.network,
          partnerUserId: input.target.address.toLowerCase(),
          presetFiatAmount: Number(input.fiatAmount),
          presetFiatCurrency: input.fiatCurrency,
          provider: input.provider,
          ...(input.cryptoAmount !== undefined && Number(input.cryptoAmount) > 0 ? { presetCryptoAmount: Number(input.cryptoAmount) } : {}),
        })
        if (!answer) throw new OnrampUrlUnavailableError()
        return answer.url
      }),
      pollPurchase: fromPromise(async ({ input }) => {
        // Whether the window was closed is read before the history is asked: the purchase is recorded before the
        // checkout says it is paid (and closes), so a window already closed when the read starts means the answer
        // lists a purchase made there. Read after the answer, a window closed while the read was on its way (paid
        // after the server answered) would look like a cancel: the next read decides instead.
        const closed = popup === null || popup.closed
        const { data } = await (await host.blockchain()).getHistory({ account: input.target.address, chainId: input.target.caipNetworkId, onramp: input.provider })
        const purchases = data
          .filter((t) => t.metadata.status === 'confirmed')
          .map(
            (t): OnrampPurchase => ({
              id: t.id,
              hash: t.metadata.hash,
              amount: t.transfers[0]?.quantity?.numeric ?? '0',
              symbol: t.transfers[0]?.fungible_info?.symbol ?? '',
              caipNetworkId: t.metadata.chain,
            }),
          )
        return { purchases, closed }
      }),
      // Started with the purchase's hash: only the chain's end is waited for (the machine's `send` is never asked).
      transaction: transactionMachine.provide({ actors: { waitForEnd: waitForEndOn(host) } }),
    },
  })
}
