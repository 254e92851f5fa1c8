/**
 * `npm run bench`: what a visitor's browser pays for latchkey, measured for real, next to a peer
 * (RainbowKit) measured in the same run.
 *
 * 1. Builds for production: the demo (dist/demo, with the dev wallet), the library-only page
 *    (tests/bench/fixture), a React-only floor page (tests/bench/react-only) and the RainbowKit peer page
 *    (tests/bench/peer-rainbowkit), the last three into a temp dir.
 * 2. Serves each build on 127.0.0.1, starts two anvils (38545, 38546) for the demo, and loads every page in
 *    Chromium: the JS loaded before 'Connect Wallet' is clicked, gzipped (level 9) from the files on disk;
 *    then the chunks that opening the modal (and, for latchkey, All Wallets) loads.
 * 3. Click to paint: 10 reloads of each page, alternating latchkey and RainbowKit, timed in the page by
 *    tests/bench/probe.ts.
 * 4. AllWallets with the full catalogue: a reference API server (dev/api, on a free port, reading the bench's
 *    anvils) serves its wallet directory to the library-only page (`?api=`); 10 reloads time the click on
 *    'All Wallets' to the first 40 wallets painted and a keystroke in the search box to the filtered list
 *    painted (tests/bench/allWallets.ts). The RainbowKit page's modal is inspected for a comparable view.
 * 5. The lazy rule (tests/bench/lazyRule.ts): the WalletConnect, Solana and Bitcoin libraries
 *    in the library-only page's initial JS (0 B expected); the WalletConnect chunks weighed, and checked in
 *    Chromium against a loopback relay (dev/relay, free port): no socket and no SDK chunk until the visitor
 *    clicks 'WalletConnect'; the multi-chain page (tests/bench/fixture-multichain: EVM + Solana + Bitcoin) and
 *    the lazy chunks of the Solana and Bitcoin adapters, when createModal imports them.
 * 6. What each feature's first use fetches (tests/bench/firstUse.ts): the library-only and multi-chain
 *    pages driven through Connect, AllWallets, a stand-in browser wallet, Account and its tabs, SwitchNetwork,
 *    Receive, Buy, Swap (the dev exchange, deployed on the first anvil), Send, onboarding, names (dev account 3),
 *    sign-in (SIWX), the email login and the embedded wallet's views (a secure site of the bench's own, dev/secure-site,
 *    with its SMTP server), Farcaster, and the Solana and Bitcoin namespaces, against a second reference API server
 *    whose eip155:1 reads the first anvil; the files and requests between each gesture and its view painted, and when
 *    the features' code was first fetched.
 * 7. Prints the tables, with the size budgets as figures (never as a failing assertion). Everything it
 *    started stops on success, failure, Ctrl-C or time-out.
 *
 * Not part of `npm test`.
 */
import { BenchError, cleanUp, argValue } from './harness.ts'
import { main } from './fullRun.ts'
import { firstUseMain, payMain, localeMain, inspectMain, lazyRuleMain, phoneMain, buildFixtureMain, phoneCompareMain, profileTapMain, sizeMain, coldContentMain } from './modes.ts'

/** The whole run gives up (and cleans up) after this long; it takes 2–4 minutes on a loaded 2-core machine. */
const BUDGET_MS = 480_000

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n  ${signal}: stopping the anvils, servers and browser…`)
    void cleanUp().finally(() => process.exit(130))
  })
}

/** `--phone-compare` runs as many rounds as asked: an hour at most. */
const budgetMs = argValue('phone-compare') ? 3_600_000 : BUDGET_MS

const watchdog = setTimeout(() => {
  console.error(`\n  ✗ The bench took longer than ${budgetMs / 1000} s; stopping.`)
  void cleanUp().finally(() => process.exit(1))
}, budgetMs)

/** The mode a flag asks for (the first one given, in this order), else the whole bench. */
const modes: Array<[flag: string, main: () => Promise<void>]> = [
  ['--build-fixture=', buildFixtureMain],
  ['--phone-compare=', phoneCompareMain],
  ['--phone', phoneMain],
  ['--profile-tap=', profileTapMain],
  ['--profile-tap', profileTapMain],
  ['--cold-content=', coldContentMain],
  ['--cold-content', coldContentMain],
  ['--lazy-rule', lazyRuleMain],
  ['--size', sizeMain],
  ['--first-use', firstUseMain],
  ['--pay', payMain],
  ['--locale', localeMain],
  ['--inspect', inspectMain],
]

const given = (flag: string): boolean => (flag.endsWith('=') ? process.argv.some((a) => a.startsWith(flag)) : process.argv.includes(flag))

const run = modes.find(([flag]) => given(flag))?.[1] ?? main
run()
  .then(async () => {
    await cleanUp()
    clearTimeout(watchdog)
    process.exit(0)
  })
  .catch(async (error: unknown) => {
    console.error('\n  ✗ npm run bench failed:', error instanceof BenchError ? error.message : error)
    await cleanUp()
    clearTimeout(watchdog)
    process.exit(1)
  })
