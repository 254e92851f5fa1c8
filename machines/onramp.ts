import { assign, emit, enqueueActions, fromPromise, or, raise, setup, stateIn } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { summarizeError, type ErrorSummary } from '../adapters/errors.ts'
import type { OnrampOptions, OnrampQuote } from '../services/schemas.ts'
import { onrampMessageRefs, type OnrampMessage } from './onramp.messages.ts'
import { timing } from './timing.ts'
import { actorErrorOf } from './narrow.ts'
import type { ConnectedAccount, RootMoment } from './features.ts'
import { backToFormAction, tellAction, type SystemMessage } from './system.ts'
import { isOutcome, isTransactionHash, outcomeIn, outcomeOf, transactionMachine, type TransactionInput, type TransactionOutcome } from './transaction.ts'
import { machineTypes } from './machineTypes.ts'
import { defaultOnrampProviders, type OnrampProviderOption } from './onramp.providers.ts'
import { caipReferenceOf } from '../kernel/caip.ts'

export type { OnrampMessage, OnrampMessageKey, OnrampMessageValues } from './onramp.messages.ts'
export { onrampMessageRefs }

/** Who buys, where: the connected account of the active namespace. */
export type OnrampTarget = { address: string; caipNetworkId: string; namespace: string; connectorId: string }

/** What the machine starts with: the providers to offer (configuration), and the connected account (none: not connected). */
export type OnrampInput = { providers?: readonly OnrampProviderOption[] | undefined; target?: OnrampTarget | undefined }

/** The options as the machine keeps them: the answer, and whether it is the built-in sample (spec §8 fallback). */
export type LoadedOnrampOptions = { options: OnrampOptions; sample: boolean }

/** A purchase the provider settled, as the history with `onramp` lists it. */
export type OnrampPurchase = { id: string; hash: string; amount: string; symbol: string; caipNetworkId: string }

/** What one look at the purchase finds: the provider's purchases for the account, and whether the checkout was closed. */
export type OnrampPoll = { purchases: OnrampPurchase[]; closed: boolean }

export type OnrampContext = {
  target?: OnrampTarget | undefined
  providers: readonly OnrampProviderOption[]
  /** The provider chosen (an id of `providers`). */
  provider: string
  options?: LoadedOnrampOptions | undefined
  /** The purchase currency chosen (an id of the options' purchase currencies). */
  purchaseCurrency?: string | undefined
  paymentCurrency?: string | undefined
  /** The payment method chosen (an id of the payment currency's limits: `card`, `ach_bank_account`, …). */
  paymentMethod?: string | undefined
  /** The fiat amount as typed ('.' decimal point). */
  amount: string
  message?: OnrampMessage | undefined
  quote?: OnrampQuote | undefined
  /** The quote is the placeholder of spec §8 (the quote call failed): an estimate. */
  quoteEstimate: boolean
  /** The purchases already listed when the checkout opened (their ids): a new one is this purchase. */
  baseline?: string[] | undefined
  purchase?: OnrampPurchase | undefined
  /**
   * How the purchase's transfer ended on the chain (the transaction machine's outcome), once settled; an outcome other
   * than `confirmed` is shown as the purchase not settled (`unsettled`).
   */
  settlement?: TransactionOutcome | undefined
  failure?: ErrorSummary | undefined
}

export type OnrampEvent =
  /** The buy form is shown: the options are loaded the first time (from the purchase's end: Buy more). */
  | { type: 'onramp.open' }
  /** Account's Buy: the form, or the purchase being followed. */
  | { type: 'onramp.start' }
  /** The form's provider button: the provider choice. */
  | { type: 'onramp.chooseProvider' }
  /** A provider picked in the choice: selected, back to the form. */
  | { type: 'onramp.pickProvider'; provider: string }
  | { type: 'onramp.setAmount'; amount: string }
  | { type: 'onramp.setPurchaseCurrency'; currency: string }
  | { type: 'onramp.setPaymentCurrency'; currency: string }
  | { type: 'onramp.setPaymentMethod'; method: string }
  /** Continue: the checkout opens in a popup (in the click), then its URL is asked for. */
  | { type: 'onramp.continue' }
  /** Cancel while the checkout is open: it closes. */
  | { type: 'onramp.cancel' }
  /** The root's moments the on-ramp follows: the account, `open({ view })` of its views, Back on them. */
  | RootMoment

export type OnrampEmitted = { type: 'onramp.checkout' } | { type: 'onramp.succeeded'; hash: string; caipNetworkId: string } | { type: 'onramp.cancelled' }

/** The purchase currencies of the options sold on the target's chain; all of them when none is (the sample options). */
export function purchaseCurrenciesFor(options: OnrampOptions, caipNetworkId: string | undefined): OnrampOptions['purchaseCurrencies'] {
  const reference = caipReferenceOf(caipNetworkId)
  const here = options.purchaseCurrencies.filter((c) => c.networks?.some((n) => n.chain_id === reference))
  return here.length > 0 ? here : options.purchaseCurrencies
}

/** The network name the quote and the URL take for a currency: its network on the target's chain, else its first. */
export function networkFor(options: OnrampOptions, currency: string | undefined, caipNetworkId: string | undefined): string {
  const reference = caipReferenceOf(caipNetworkId)
  const networks = options.purchaseCurrencies.find((c) => c.id === currency)?.networks ?? []
  return (networks.find((n) => n.chain_id === reference) ?? networks[0])?.name ?? ''
}

/** The limits of the chosen payment currency and method, if the options have them. */
export function limitsOf(context: Pick<OnrampContext, 'options' | 'paymentCurrency' | 'paymentMethod'>): { id: string; min: string; max: string } | undefined {
  return context.options?.options.paymentCurrencies.find((c) => c.id === context.paymentCurrency)?.limits.find((l) => l.id === context.paymentMethod)
}

/**
 * Checks a typed fiat amount against the method's limits (exact decimals, no floats).
 * @returns undefined when it may be quoted, else the message to show.
 */
export function checkAmount(context: Pick<OnrampContext, 'options' | 'paymentCurrency' | 'paymentMethod' | 'amount'>): OnrampMessage | undefined {
  const text = context.amount.trim()
  if (!/^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(text) || cents(text) <= 0n) return onrampMessageRefs.invalidAmount
  const limits = limitsOf(context)
  if (!limits) return undefined
  if (cents(text) < cents(limits.min) || cents(text) > cents(limits.max)) {
    return onrampMessageRefs.outOfLimits({ min: limits.min, max: limits.max, currency: context.paymentCurrency ?? '', method: limits.id })
  }
  return undefined
}

/** A decimal string in hundredths (extra digits cut). */
function cents(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.')
  return BigInt(whole || '0') * 100n + BigInt((fraction + '00').slice(0, 2))
}

/** The choices the options make when they arrive (or the target changes): the first currency of the network, USD or the first payment currency, card or its first method. */
function defaultsFor(options: LoadedOnrampOptions, target: OnrampTarget | undefined, context: OnrampContext): Partial<OnrampContext> {
  const currencies = purchaseCurrenciesFor(options.options, target?.caipNetworkId)
  const purchaseCurrency = currencies.find((c) => c.id === context.purchaseCurrency)?.id ?? currencies[0]?.id
  const payments = options.options.paymentCurrencies
  const payment = payments.find((c) => c.id === context.paymentCurrency) ?? payments.find((c) => c.id === 'USD') ?? payments[0]
  const paymentMethod = payment?.limits.find((l) => l.id === context.paymentMethod)?.id ?? payment?.limits.find((l) => l.id === 'card')?.id ?? payment?.limits[0]?.id
  return { options, purchaseCurrency, paymentCurrency: payment?.id, paymentMethod }
}

const newSettled = (context: OnrampContext, poll: OnrampPoll) => poll.purchases.find((p) => !(context.baseline ?? []).includes(p.id))

/** The account as the on-ramp keeps it (who buys, where). */
const onrampTarget = (a: ConnectedAccount | OnrampTarget): OnrampTarget => ({ address: a.address, caipNetworkId: a.caipNetworkId, namespace: a.namespace, connectorId: a.connectorId })

/**
 * An event for the router (the `tell` action's params). Typed loosely on purpose: the view names derive from the
 * manifests, which are typed from this machine, so its chart cannot name `RouterEvent` (a type cycle).
 */
const toRouter = (event: { type: `router.${string}`; view?: string; from?: string }): SystemMessage => ({ to: 'router', event })
const pushView = (view: string) => ({ type: 'tell', params: toRouter({ type: 'router.push', view }) }) as const
/** Back from the checkout view to the form, only if it still shows (the visitor may have left it meanwhile). */
const leaveCheckout = { type: 'tell', params: toRouter({ type: 'router.back', from: 'OnRampCheckout' }) } as const

const onrampBase = setup({
  types: machineTypes<{ context: OnrampContext; events: OnrampEvent; emitted: OnrampEmitted; input: OnrampInput }>(),
  actors: {
    fetchOptions: fromPromise<LoadedOnrampOptions>(async () => {
      throw new ActorNotProvidedError('onramp', 'fetchOptions')
    }),
    fetchQuote: fromPromise<OnrampQuote, { purchaseCurrency: string; paymentCurrency: string; amount: string; network: string }>(async () => {
      throw new ActorNotProvidedError('onramp', 'fetchQuote')
    }),
    generateUrl: fromPromise<string, { target: OnrampTarget; provider: string; purchaseCurrency: string; network: string; fiatAmount: string; fiatCurrency: string; cryptoAmount?: string | undefined }>(async () => {
      throw new ActorNotProvidedError('onramp', 'generateUrl')
    }),
    pollPurchase: fromPromise<OnrampPoll, { target: OnrampTarget; provider: string }>(async () => {
      throw new ActorNotProvidedError('onramp', 'pollPurchase')
    }),
    /** The purchase's transfer, started with its hash: the chain's end by the one receipt rule (`machines/transaction.ts`). */
    transaction: transactionMachine,
  },
  actions: {
    /** Opens the checkout window (the assembly's; runs in the click that sent `onramp.continue`). */
    openCheckout: () => {},
    /** Points the checkout window at the provider's URL. */
    navigateCheckout: (_, _params: { url: string }) => {},
    closeCheckout: () => {},
    /** The root's account moment's account; the options' choices fitted to its chain. */
    setTarget: assign(({ context, event }) => {
      if (event.type !== 'root.account' || !event.account) return {}
      const target = onrampTarget(event.account)
      return { target, ...(context.options ? defaultsFor(context.options, target, context) : {}) }
    }),
    clearTarget: assign({ target: undefined }),
    resetForm: assign({ amount: '', quote: undefined, quoteEstimate: false, message: undefined, purchase: undefined, settlement: undefined, failure: undefined }),
    /** Params: the options `fetchOptions` answered. */
    setOptions: assign(({ context }, options: LoadedOnrampOptions) => defaultsFor(options, context.target, context)),
    setField: assign(({ event }) => {
      switch (event.type) {
        case 'onramp.setAmount':
          return { amount: event.amount }
        case 'onramp.setPurchaseCurrency':
          return { purchaseCurrency: event.currency }
        case 'onramp.setPaymentCurrency':
          return { paymentCurrency: event.currency }
        case 'onramp.setPaymentMethod':
          return { paymentMethod: event.method }
        default:
          return {}
      }
    }),
    /** A new payment currency keeps the method if it has it, else card or its first. */
    fitMethod: assign(({ context }) => {
      const limits = context.options?.options.paymentCurrencies.find((c) => c.id === context.paymentCurrency)?.limits ?? []
      return { paymentMethod: limits.find((l) => l.id === context.paymentMethod)?.id ?? limits.find((l) => l.id === 'card')?.id ?? limits[0]?.id }
    }),
    dropQuote: assign({ quote: undefined, quoteEstimate: false, message: undefined, failure: undefined }),
    setMessage: assign(({ context }) => ({ message: checkAmount(context) })),
    /** Params: the quote `fetchQuote` answered. */
    setQuote: assign((_, quote: OnrampQuote) => {
      return { quote, quoteEstimate: quote.quoteId === 'placeholder' }
    }),
    selectProvider: assign(({ context, event }) => (event.type === 'onramp.pickProvider' && context.providers.some((p) => p.id === event.provider) ? { provider: event.provider } : {})),
    checkoutFailed: assign(({ event }) => ({ message: onrampMessageRefs.checkoutFailed, failure: summarizeError(actorErrorOf(event)) })),
    /** Params: the first poll `pollPurchase` answered. */
    setBaseline: assign((_, poll: OnrampPoll) => ({ baseline: poll.purchases.map((p) => p.id) })),
    /** Params: the poll `pollPurchase` answered. */
    setPurchase: assign(({ context }, poll: OnrampPoll) => ({ purchase: newSettled(context, poll), baseline: undefined })),
    dropBaseline: assign({ baseline: undefined }),
    /** Params: the outcome the purchase's transaction ended with (its hash the final one). */
    setSettlement: assign((_, outcome: TransactionOutcome) => ({ settlement: outcome, failure: 'error' in outcome ? outcome.error : undefined })),
    emitCheckout: emit({ type: 'onramp.checkout' } as const),
    emitSucceeded: emit(({ context }) => ({
      type: 'onramp.succeeded' as const,
      hash: (context.settlement && 'hash' in context.settlement ? context.settlement.hash : context.purchase?.hash) ?? '',
      caipNetworkId: context.purchase?.caipNetworkId ?? context.target?.caipNetworkId ?? '',
    })),
    emitCancelled: emit({ type: 'onramp.cancelled' } as const),
  },
  guards: {
    hasTarget: ({ context }) => context.target !== undefined,
    /** The root's account moment: no account any more. */
    isAccountGone: ({ event }) => event.type === 'root.account' && !event.account,
    /** Another account or chain in the wallet while the on-ramp views show: they leave for Account. */
    isLeavingOnrampViews: ({ event }) => event.type === 'root.account' && event.change === 'changed' && event.holder === 'onramp',
    /** Another address or chain than the on-ramp's: the form starts again. */
    isOtherAccount: ({ context, event }) => event.type === 'root.account' && (event.account?.address !== context.target?.address || event.account?.caipNetworkId !== context.target?.caipNetworkId),
    /** A purchase is being followed (the checkout open, or its transfer settling): Account's Buy shows it. */
    isFollowing: or([stateIn('checkout'), stateIn('settling')]),
    /** `open({ view: 'OnRamp' })`: the form opens (the router already shows it). */
    isOpeningForm: ({ event }) => event.type === 'root.open' && event.view === 'OnRamp',
    /** Back on the checkout view. */
    isBackFromCheckout: ({ event }) => event.type === 'root.back' && event.view === 'OnRampCheckout',
    amountEmpty: ({ context }) => context.amount.trim() === '',
    amountRefused: ({ context }) => checkAmount(context) !== undefined,
    noBaseline: ({ context }) => context.baseline === undefined,
    /** Params: the poll `pollPurchase` answered. */
    settled: ({ context }, poll: OnrampPoll) => newSettled(context, poll) !== undefined,
    /** Params: the poll `pollPurchase` answered. */
    closed: (_, poll: OnrampPoll) => poll.closed,
    /** The purchase names a transaction of the target's namespace, which the chain can be asked about. */
    hasFollowableHash: ({ context }) => isTransactionHash(context.target?.namespace ?? '', context.purchase?.hash),
    isOutcome,
  },
  delays: { poll: timing.onrampPoll },
})

/** The moves of the rest of the modal (the router's views, the balances), each telling an actor found by its systemId. */
const onrampSetup = onrampBase.extend({
  actions: {
    /** Tells the actor registered as `params.to` (the router) `params.event`, when it exists (see `machines/system.ts`). */
    tell: tellAction<OnrampContext, OnrampEvent>(),
    /** From the provider choice back to the form. */
    backToForm: backToFormAction<OnrampContext, OnrampEvent>(),
    /** The purchase arrived: the wallet's balance and Account's data (balances, Activity) are read again. */
    refreshBalances: enqueueActions(({ context, system, enqueue }) => {
      const connection = context.target ? system.get(`connection.${context.target.namespace}`) : undefined
      if (connection) enqueue.sendTo(connection, { type: 'connection.refreshBalance' })
      const account = system.get('account')
      if (account) enqueue.sendTo(account, { type: 'account.reload' })
    }),
    /** The form opens (`onramp.open`): Account's Buy and `open({ view: 'OnRamp' })` alike. */
    raiseOpen: raise({ type: 'onramp.open' } as const),
  },
})

/**
 * Buying crypto by card (spec §3 on-ramp quote and limits, §7 on-ramp calls, §8 fallbacks, §9 providers).
 *
 * `form` checks the amount against the payment method's limits (`invalid`), then quotes it (`quoting`, again on every
 * change: the form's events re-enter `checking`); `continue` from `quoted` opens the checkout popup at once (the
 * `openCheckout` action runs in the visitor's click), asks for the provider's URL (`checkout.generating`) and points
 * the popup at it, then follows the purchase (`checkout.following`: the history with `onramp` read every second; the
 * purchases listed at the first read are the baseline). A new purchase is settled on the chain (`settling`: the
 * transaction machine, `machines/transaction.ts`, started with the purchase's hash): `confirmed` → `done`, any other end
 * (reverted, replaced, or unknown within the receipt timeout) → `unsettled`; a purchase that names no transaction of the
 * namespace is `done` as the history lists it. The popup closed without a purchase, or Cancel → back to `form.quoted`.
 * The fallbacks are the services': sample options and the placeholder quote.
 *
 * It follows the root's account moments (`root.account`: another address or chain starts the form again and closes the
 * checkout; another account while its views show leaves them for Account) and moves the views itself, by systemId
 * (`machines/system.ts`): Account's Buy pushes the form (or the purchase being followed), the provider button the
 * choice and a pick goes back, Continue pushes the checkout view, a cancel, a failed URL, a closed window or Buy more
 * leave it (only if it still shows: `router.back` with `from`), Back on it cancels; a purchase that arrived reads the
 * balances and Account's data again.
 *
 * Actors to provide: `fetchOptions`, `fetchQuote`, `generateUrl`, `pollPurchase`, and `transaction` (the transaction
 * machine with its `waitForEnd`; its `send` is never asked: the run starts with a hash).
 */
export const onrampMachine = onrampSetup.createMachine({
  id: 'onramp',
  context: ({ input }) => ({
    providers: input.providers?.length ? input.providers : defaultOnrampProviders,
    provider: (input.providers?.length ? input.providers : defaultOnrampProviders)[0]!.id,
    amount: '',
    quoteEstimate: false,
    // Spawned with the connected account, if any (later ones arrive as `root.account`).
    target: input.target ? onrampTarget(input.target) : undefined,
  }),
  initial: 'idle',
  on: {
    // The root's account moment. Another account or chain: the form starts again (the checkout, if open, closes).
    'root.account': [
      { guard: 'isAccountGone', target: '.idle', actions: ['closeCheckout', 'resetForm', 'clearTarget'] },
      // While the on-ramp views show, they leave for Account.
      { guard: 'isLeavingOnrampViews', target: '.idle', actions: ['closeCheckout', 'resetForm', 'setTarget', { type: 'tell', params: toRouter({ type: 'router.reset', view: 'Account' }) }] },
      // The same address and chain is ignored (the form is kept).
      { guard: 'isOtherAccount', target: '.idle', actions: ['closeCheckout', 'resetForm', 'setTarget'] },
    ],
    // Account's Buy: the purchase being followed (its checkout view over the form), else the form.
    'onramp.start': [{ guard: 'isFollowing', actions: [pushView('OnRamp'), pushView('OnRampCheckout')] }, { actions: [pushView('OnRamp'), 'raiseOpen'] }],
    // `open({ view: 'OnRamp' })`: the form (the router already shows it).
    'root.open': { guard: 'isOpeningForm', actions: 'raiseOpen' },
  },
  states: {
    idle: {
      on: {
        'onramp.open': { guard: 'hasTarget', target: 'loading' },
      },
    },
    loading: {
      tags: ['loading'],
      invoke: { id: 'fetchOptions', src: 'fetchOptions', onDone: { target: 'form', actions: { type: 'setOptions', params: ({ event }) => event.output } } },
    },
    form: {
      initial: 'checking',
      on: {
        'onramp.setAmount': { target: '.checking', actions: ['setField', 'dropQuote'] },
        'onramp.setPurchaseCurrency': { target: '.checking', actions: ['setField', 'dropQuote'] },
        'onramp.setPaymentCurrency': { target: '.checking', actions: ['setField', 'fitMethod', 'dropQuote'] },
        'onramp.setPaymentMethod': { target: '.checking', actions: ['setField', 'dropQuote'] },
        'onramp.chooseProvider': { actions: pushView('OnRampProviders') },
        'onramp.pickProvider': { actions: ['selectProvider', 'backToForm'] },
      },
      states: {
        checking: {
          always: [{ guard: 'amountEmpty', target: 'empty' }, { guard: 'amountRefused', target: 'invalid', actions: 'setMessage' }, { target: 'quoting' }],
        },
        empty: {},
        invalid: {},
        quoting: {
          tags: ['quoting'],
          invoke: {
            id: 'fetchQuote',
            src: 'fetchQuote',
            input: ({ context }) => ({
              purchaseCurrency: context.purchaseCurrency ?? '',
              paymentCurrency: context.paymentCurrency ?? '',
              amount: context.amount.trim(),
              network: context.options ? networkFor(context.options.options, context.purchaseCurrency, context.target?.caipNetworkId) : '',
            }),
            onDone: { target: 'quoted', actions: { type: 'setQuote', params: ({ event }) => event.output } },
          },
        },
        quoted: {
          on: { 'onramp.continue': { target: '#onramp.checkout', actions: ['openCheckout', 'emitCheckout', pushView('OnRampCheckout')] } },
        },
      },
    },
    checkout: {
      tags: ['busy'],
      initial: 'generating',
      on: {
        'onramp.cancel': { target: '#onramp.form.quoted', actions: ['closeCheckout', 'dropBaseline', 'emitCancelled', leaveCheckout] },
        // Back from the purchase being followed cancels it (the root then goes back to the form).
        'root.back': { guard: 'isBackFromCheckout', target: '#onramp.form.quoted', actions: ['closeCheckout', 'dropBaseline', 'emitCancelled'] },
      },
      states: {
        generating: {
          invoke: {
            id: 'generateUrl',
            src: 'generateUrl',
            input: ({ context }) => ({
              target: context.target!,
              provider: context.provider,
              purchaseCurrency: context.purchaseCurrency ?? '',
              network: context.options ? networkFor(context.options.options, context.purchaseCurrency, context.target?.caipNetworkId) : '',
              fiatAmount: context.amount.trim(),
              fiatCurrency: context.paymentCurrency ?? '',
              cryptoAmount: context.quote && !context.quoteEstimate ? context.quote.purchaseAmount.amount : undefined,
            }),
            onDone: { target: 'following', actions: { type: 'navigateCheckout', params: ({ event }) => ({ url: event.output }) } },
            onError: { target: '#onramp.form.quoted', actions: ['closeCheckout', 'checkoutFailed', 'emitCancelled', leaveCheckout] },
          },
        },
        following: {
          initial: 'polling',
          states: {
            polling: {
              invoke: {
                id: 'pollPurchase',
                src: 'pollPurchase',
                input: ({ context }) => ({ target: context.target!, provider: context.provider }),
                onDone: [
                  { guard: 'noBaseline', target: 'waiting', actions: { type: 'setBaseline', params: ({ event }) => event.output } },
                  { guard: { type: 'settled', params: ({ event }) => event.output }, target: '#onramp.arrived', actions: [{ type: 'setPurchase', params: ({ event }) => event.output }, 'closeCheckout'] },
                  { guard: { type: 'closed', params: ({ event }) => event.output }, target: '#onramp.form.quoted', actions: ['dropBaseline', 'emitCancelled', leaveCheckout] },
                  { target: 'waiting' },
                ],
                // The history did not answer: look again.
                onError: { target: 'waiting' },
              },
            },
            waiting: { after: { poll: 'polling' } },
          },
        },
      },
    },
    /** The history lists the purchase: its transfer is followed on the chain when it names one, else taken as it is. */
    arrived: {
      always: [
        { guard: 'hasFollowableHash', target: 'settling' },
        { target: 'done', actions: ['emitSucceeded', 'refreshBalances'] },
      ],
    },
    /**
     * The purchase's transfer, paid at the provider, until the chain decides it: one run of the transaction machine
     * started with its hash (no wallet prompt; the receipt rule of `adapters/receipt.ts`, bounded by the receipt
     * timeout of spec §9). Cancel no longer applies (the payment is made): `onramp.cancel` is not heard here.
     */
    settling: {
      // Still the purchase being followed (`busy`): Account's Buy shows this view, not a new form.
      tags: ['loading', 'busy'],
      invoke: {
        id: 'transaction',
        src: 'transaction',
        input: ({ context }): TransactionInput => ({
          caipNetworkId: context.purchase?.caipNetworkId ?? context.target!.caipNetworkId,
          namespace: context.target!.namespace,
          connectorId: context.target!.connectorId,
          hash: context.purchase!.hash,
        }),
        onDone: [
          { guard: { type: 'isOutcome', params: outcomeIn('confirmed') }, target: 'done', actions: [{ type: 'setSettlement', params: outcomeOf }, 'emitSucceeded', 'refreshBalances'] },
          { target: 'unsettled', actions: { type: 'setSettlement', params: outcomeOf } },
        ],
      },
    },
    // The purchase shows until the form is asked for again (Buy more, or Account's Buy).
    done: {
      on: { 'onramp.open': { target: 'form', actions: ['resetForm', leaveCheckout] } },
    },
    /** Paid, but its transfer reverted, was replaced, or did not end within the receipt timeout: shown until Buy more. */
    unsettled: {
      on: { 'onramp.open': { target: 'form', actions: ['resetForm', leaveCheckout] } },
    },
  },
})
