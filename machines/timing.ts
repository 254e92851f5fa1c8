/**
 * Every duration of spec §9 that the machines use, in milliseconds, in one place (STYLE.md rule 5).
 * Machines reference them as named delays.
 */
export const timing = {
  /** How often an on-ramp purchase is looked for while its checkout is open (spec §9: popup poll 1000 ms). */
  onrampPoll: 1_000,
  /** Modal shake (spec §4, §9). */
  shakeDuration: 500,
  /** An open toast closes and the next appears after this (spec §2, §9). */
  toastSwap: 150,
  /** How long a success or error toast stays. Not in the spec; long enough to read two lines. */
  toastTtl: 2_500,
  /**
   * How long a success or error toast with a Details button (`opens`: a batch of calls) stays: long enough to read it
   * and reach its button by keyboard or touch. Not in the spec.
   */
  toastActionTtl: 8_000,
  /** Modal height and view transitions; the presence stays `unmountSuspended` this long on close (spec §2). */
  viewTransition: 150,
  /**
   * The header's title text fades in over this when the title changes (spec §2 "120 ms header text"): the modal's CSS
   * (`ui/styles.ts`, `.lk-title`); none under `prefers-reduced-motion`.
   */
  headerTextTransition: 120,
  /** Swap: the quote is asked after the visitor stops typing this long (spec §9 default debounce). */
  swapQuoteDebounce: 500,
  /** Swap: a shown quote is read again this often, on the form and the review (not in the spec; a block or so). */
  swapQuoteRefresh: 15_000,
  /** Balance retry back-off after a failure (spec §9). */
  balanceRetry: 30_000,
  /**
   * The Account view's data loads (balances, identity, names, history) end after this: 'Token Balance Unavailable' or
   * 'Failed to fetch transactions' (spec §8). A little over the API client's request timeout (spec §9 "RPC default
   * timeout 10 s", `defaultRequestTimeout` of services/api.ts), so the client's own timeout usually ends the request
   * first; this bound also ends a wait that is not the request (a body that never ends, a chunk that never arrives).
   */
  accountLoadTimeout: 12_000,
  /** The WalletConnect provider's code and socket load (spec §4 "Wallet pairing"): past this, the view says so and offers Try again. */
  pairingLoadTimeout: 20_000,
  /** The relay's pairing URI (spec §4): past this with none, the view says so and offers Try again. Not in the spec; the relay answers in about a second. */
  pairingUriTimeout: 15_000,
  /** Wallet search: the server is asked after the visitor stops typing this long (spec §9 default debounce). */
  searchDebounce: 500,
  /** Wallet search: its spinner shows at least this long (spec §9). */
  searchMinDuration: 300,
  /** Wallet images: a preload gives up after this long (spec §9). */
  imagePreloadTimeout: 2_000,
  /** Send: a typed receiver name is resolved after the visitor stops typing this long. Not in the spec. */
  nameResolveDebounce: 300,
  /** Name registration: suggestions and availability are asked after the visitor stops typing this long. Not in the spec. */
  nameSuggestionDebounce: 300,
  /** Native balance cache (spec §9); kept in storage too (`balance_cache`), so a reload within it shows the balance at once. */
  nativeBalanceTtl: 30_000,
  /** Portfolio (token balances) cache, in memory and in storage (`portfolio_cache`; spec §3, §9). */
  portfolioTtl: 30_000,
  /** Name-service cache (names and reverse names), in memory and in storage (`name_cache`; spec §3, §9). */
  nameCacheTtl: 300_000,
  /** Identity (name and avatar of an address) cache, in memory and in storage (`identity_cache`; spec §3, §9). */
  identityTtl: 300_000,
  /** A new WalletConnect pairing expires after this long (spec §4, §9). */
  pairingTtl: 240_000,
  /** A pairing counts as expired when this much or less remains (spec §4, §9): it is refreshed then. */
  pairingExpiryMargin: 10_000,
  /**
   * A wallet call nobody is asked to approve (the restore's `eth_accounts`/`eth_chainId` or a Wallet Standard silent
   * connect, a balance read) ends with `RequestTimeoutError` after this (spec §9 "RPC default timeout 10 s").
   */
  walletRequestTimeout: 10_000,
  /**
   * Each of a wallet's asset-list reads (EIP-7811: `wallet_getCapabilities`, `wallet_getAssets`) for Account's tokens
   * ends after this: a wallet that does not answer leaves the tokens to the API within `accountLoadTimeout`.
   */
  walletAssetsTimeout: 4_000,
  /**
   * Send: the wait for a transaction's end is given up as "sent, status unknown" after this, ms, even when the transfer
   * adapter never settles (a dapp's own). A little over the receipt rule's own timeout (`adapters/receipt.ts`
   * `receiptTiming.receiptTimeout`, 120 s), which ends the built-in adapters' waits first (spec §4 Send, §9).
   */
  receiptWaitTimeout: 130_000,
  /**
   * Pay: what is asked is read before the Pay view shows (the asset's decimals, the wallet's balances, the fee, on the
   * network's node); a read that has not ended after this is given up and `modal.pay` rejects, nothing opened. A little
   * over one read's worst case on the JSON-RPC transport (spec §9: 10 s per attempt, 3 retries 1 s apart).
   */
  payReadTimeout: 45_000,
  /**
   * Pay with an exchange: the deposit session's status is asked this often while the visitor is on the exchange's page,
   * until it ends or its deadline (the exchange's own) passes. Not in the spec; the on-ramp's popup poll (spec §9 1000 ms)
   * doubled, as an exchange settles in blocks, not in clicks.
   */
  payExchangePoll: 2_000,
  /**
   * Pay: a transfer the chain included is a success once it holds the confirmations the payment asks (`confirmations`);
   * the count not reached after this (a stalled chain, a transfer reorganised away and not included again) ends the
   * payment failed as "sent, not confirmed in time". Not in the spec: 64 blocks of Ethereum (12.8 min) with room.
   */
  payConfirmationTimeout: 900_000,
  /**
   * Batched calls (EIP-5792): a batch the wallet accepted is asked about (`wallet_getCallsStatus`) this often until it
   * ends. Not in the spec; about a block on the chains the modal serves.
   */
  callsStatusPoll: 2_000,
  /**
   * Batched calls: a batch with no end reported within this is "sent, status unknown" (a wallet whose status never ends
   * leaves nothing loading for ever). The receipt wait's bound (`receiptWaitTimeout`), for the same reason.
   */
  callsStatusTimeout: 130_000,
  /** Disconnecting waits this long for the wallet's revoke (`wallet_revokePermissions`), then forgets it anyway (spec §9 "Disconnect wait"). */
  disconnectWait: 3_000,
  /** The `siwx` option's calls (`getSessions`, `createMessage`, `addSession`, `revokeSession`) end after this (spec §9 RPC timeout). */
  siwxRequestTimeout: 10_000,
  /**
   * On a phone, after the visitor taps a wallet's deep link: when the page is still visible this long later (no
   * `visibilitychange` to hidden, no `pagehide`), nothing opened, and the "Copy link" and "Get the app" fallbacks show
   *. Not in the spec; long enough for an app switch to hide the page.
   */
  deepLinkFallbackDelay: 1_500,
  /** The embedded wallet's frame: no FRAME_READY within this → `iframe_load_failed` (spec §8, §9). */
  iframeLoadTimeout: 20_000,
  /** The frame counts as ready this long after its FRAME_READY (spec §9 "Iframe ready delay"). */
  iframeReadyDelay: 500,
  /** A connect email/device/OTP request to the frame ends with `iframe_request_timeout` after this (spec §8, §9). */
  iframeRequestTimeout: 120_000,
  /**
   * A frame request the frame answers without the visitor (a read, a setting, a step of the email change) ends as
   * timed out after this: a frame that stopped answering leaves no view loading for ever. Not in the spec (its 120 s is
   * for the connect requests); three times the API's request timeout (spec §9 10 s), as the frame calls its own server.
   */
  frameReplyTimeout: 30_000,
  /** A disallowed embedded-wallet RPC: 'Action not allowed' shows this long after the rejection (spec §8). */
  actionNotAllowedDelay: 300,
  /** Email login cooldown (spec §5, §9): a second email login within this is refused with the seconds left. */
  emailLoginCooldown: 30_000,
  /** The email update: the frame's user is read this often until it reports the new email (spec §9 "email change poll 1000 ms"). */
  emailChangePoll: 1_000,
  /** Resending the email code waits this long after the last send (the email login cooldown, spec §9). */
  otpResendCooldown: 30_000,
} as const
