/**
 * The first-use runs' gestures (firstUse.ts): the stand-in wallets' names, what each step waits for, and the steps of
 * each run (the library-only page's EVM features, multi-wallet, names, email, Farcaster, sign-in, and the multi-chain
 * page's namespaces).
 */
import type { Page } from 'playwright'
import { DEV_ADDRESSES } from '../../dev/accounts.ts'
import type { ViewName } from '../../machines/views.ts'
import { TIMEOUT_MS } from './browser.ts'
import { TestFailure } from '../harness/failures.ts'

/** The stand-in wallets' names in Connect (EIP-6963 `info.name`, Wallet Standard `name`). */
export const BENCH_WALLET = 'Bench Wallet (stand-in)'
/** A second EIP-6963 stand-in (dev account 1), for the multi-wallet run: held beside the first. */
export const BENCH_WALLET_2 = 'Bench Wallet 2 (stand-in)'
export const BENCH_SOLANA_WALLET = 'Bench Solana Wallet (stand-in)'
export const BENCH_BITCOIN_WALLET = 'Bench Bitcoin Wallet (stand-in)'

/** What a step waits for, as a JS expression over the probe's helpers `lk` (see firstUsePage.ts `pageScript`). */
export type Painted = string
export const viewPainted = (view: ViewName): Painted => `lk.view(${JSON.stringify(view)})`
export const tabPainted = (tab: string): Painted => `lk.tab(${JSON.stringify(tab)})`
/** The modal closed with a wallet connected (the page's "Open Account" button shows). */
export const connectedAndClosed: Painted = 'lk.closed()'

/** One gesture of a run. */
export type Step = {
  /** The registry id of the feature it first uses (`ui/features.ts`), or the namespace (`solana`, `bip122`); none: a setup step, not a row. */
  feature?: string
  /** What is first used, as printed (`Send`, `Account: NFTs tab`). */
  label: string
  /** The gesture, as printed. */
  gesture: string
  act(page: Page): Promise<void>
  painted: Painted
  /** The registry views the step paints (their `next` views' chunks count as prefetched). */
  views: readonly ViewName[]
  /** A setup step that should fetch nothing (a Back): whatever it fetches is listed under the table. */
  quiet?: boolean
}

const click =
  (name: string | RegExp, exact = true) =>
  async (page: Page) => {
    await page
      .getByRole('button', { name, exact: typeof name === 'string' ? exact : false })
      .first()
      .click()
  }
const clickTab = (name: string) => async (page: Page) => {
  await page.getByRole('tab', { name, exact: true }).click()
}
const back: Step = { label: 'Back', gesture: "click 'Back'", act: click('Back'), painted: 'true', views: [], quiet: true }

/** Connect, AllWallets, the browser wallet, Account and its tabs, SwitchNetwork, Receive, Send (library-only page). */
export function evmSteps(): Step[] {
  return [
    { feature: 'connect', label: 'Connect (wallets list)', gesture: "click 'Connect Wallet'", act: click('Connect Wallet'), painted: viewPainted('Connect'), views: ['Connect'] },
    { feature: 'connect', label: 'AllWallets', gesture: "click 'All Wallets'", act: click('All Wallets'), painted: `${viewPainted('AllWallets')} && lk.rows() > 0`, views: ['AllWallets'] },
    { ...back, painted: viewPainted('Connect') },
    {
      feature: 'connect',
      label: 'Browser wallet (ConnectingExternal)',
      gesture: `click '${BENCH_WALLET}' → connected, modal closed`,
      act: click(BENCH_WALLET),
      painted: connectedAndClosed,
      views: ['ConnectingExternal'],
    },
    { feature: 'account', label: 'Account (Tokens tab)', gesture: "click the page's 'Open Account'", act: click('Open Account'), painted: viewPainted('Account'), views: ['Account'] },
    { feature: 'account', label: 'Account: NFTs tab', gesture: "click the 'NFTs' tab", act: clickTab('NFTs'), painted: tabPainted('NFTs'), views: ['Account'] },
    { feature: 'account', label: 'Account: Activity tab', gesture: "click the 'Activity' tab", act: clickTab('Activity'), painted: tabPainted('Activity'), views: ['Account'] },
    { feature: 'network', label: 'SwitchNetwork', gesture: "click Account's network button", act: click(/^Switch network/), painted: viewPainted('SwitchNetwork'), views: ['SwitchNetwork'] },
    { ...back, painted: viewPainted('Account') },
    { feature: 'receive', label: 'Receive', gesture: "click 'Receive'", act: click('Receive'), painted: viewPainted('Receive'), views: ['Receive'] },
    { ...back, painted: viewPainted('Account') },
    { feature: 'onramp', label: 'OnRamp (buy form, options)', gesture: "click 'Buy'", act: click('Buy'), painted: `${viewPainted('OnRamp')} && lk.text().includes('You buy')`, views: ['OnRamp'] },
    { feature: 'onramp', label: 'OnRampProviders', gesture: "click the form's provider button", act: click(/^Provider:/), painted: viewPainted('OnRampProviders'), views: ['OnRampProviders'] },
    { ...back, painted: viewPainted('OnRamp') },
    { ...back, painted: viewPainted('Account') },
    // Swap: its view comes prefetched with Account (a next view); its machine with the click.
    { feature: 'swap', label: 'Swap (form, tokens)', gesture: "click 'Swap'", act: click('Swap'), painted: `${viewPainted('Swap')} && lk.text().includes('You pay')`, views: ['Swap'] },
    { feature: 'swap', label: 'SwapSelectToken', gesture: "click the form's 'You receive' token button", act: click(/^You receive:/), painted: viewPainted('SwapSelectToken'), views: ['SwapSelectToken'] },
    {
      label: 'pick DEV',
      gesture: "click the 'DEV' row",
      act: async (page) =>
        page
          .getByRole('button', { name: /Dev Token/ })
          .first()
          .click(),
      painted: viewPainted('Swap'),
      views: ['Swap'],
      quiet: true,
    },
    {
      feature: 'swap',
      label: 'SwapPreview (quote, fee)',
      gesture: "type 0.01 (ETH → DEV), click 'Review swap' once the quote is in",
      act: async (page) => {
        await page.getByLabel('You pay', { exact: true }).fill('0.01')
        // Playwright's click waits until the button is enabled (the quote in).
        await page.getByRole('button', { name: 'Review swap', exact: true }).click()
      },
      painted: `${viewPainted('SwapPreview')} && !lk.text().includes('Preparing')`,
      views: ['SwapPreview'],
    },
    { ...back, painted: viewPainted('Swap') },
    { ...back, painted: viewPainted('Account') },
    { feature: 'send', label: 'Send (form)', gesture: "click 'Send'", act: click('Send'), painted: `${viewPainted('Send')} && lk.text().includes('ETH')`, views: ['Send'] },
    { feature: 'send', label: 'SendSelectToken', gesture: "click the form's token button", act: click(/^Token:/), painted: viewPainted('SendSelectToken'), views: ['SendSelectToken'] },
    { label: 'pick ETH', gesture: "click the 'Ether' row", act: click(/^Ether/), painted: viewPainted('Send'), views: ['Send'], quiet: true },
    {
      feature: 'send',
      label: 'SendPreview (fee estimate)',
      gesture: `type 0.01 and ${DEV_ADDRESSES[1]!.slice(0, 6)}…, click 'Review send'`,
      act: async (page) => {
        await page.getByLabel('Amount', { exact: true }).fill('0.01')
        await page.getByLabel('To', { exact: true }).fill(DEV_ADDRESSES[1]!)
        await page.getByRole('button', { name: 'Review send', exact: true }).click()
      },
      painted: `${viewPainted('SendPreview')} && !lk.text().includes('Loading')`,
      views: ['SendPreview'],
    },
  ]
}

/**
 * Multi-wallet on the library-only page with `?multiWallet` (spec §6): the first stand-in connected, Account's 'Add
 * wallet' → Connect over Account → the second stand-in held beside it, then Account's switcher, and one press on
 * 'Switch to' the first: painted when the first's row is marked active (the switcher's own paint of the switch), then
 * when the modal's account is the first's again (its wallet restored without a prompt).
 */
export function multiWalletSteps(): Step[] {
  const first = DEV_ADDRESSES[0]!
  return [
    { label: 'Connect', gesture: "click 'Connect Wallet'", act: click('Connect Wallet'), painted: viewPainted('Connect'), views: ['Connect'] },
    { label: 'first wallet', gesture: `click '${BENCH_WALLET}' → connected, modal closed`, act: click(BENCH_WALLET), painted: connectedAndClosed, views: [] },
    { label: 'Account', gesture: "click the page's 'Open Account'", act: click('Open Account'), painted: viewPainted('Account'), views: ['Account'] },
    { feature: 'multiWallet', label: 'Add wallet (Connect over Account)', gesture: "click 'Add wallet'", act: click('Add wallet'), painted: viewPainted('Connect'), views: ['Connect'] },
    { feature: 'multiWallet', label: 'second wallet held', gesture: `click '${BENCH_WALLET_2}' → connected, modal closed`, act: click(BENCH_WALLET_2), painted: connectedAndClosed, views: [] },
    {
      feature: 'multiWallet',
      label: 'Account with the switcher',
      gesture: "click the page's 'Open Account'",
      act: click('Open Account'),
      painted: `${viewPainted('Account')} && lk.active().includes(${JSON.stringify(BENCH_WALLET_2)})`,
      views: ['Account'],
    },
    {
      feature: 'multiWallet',
      label: 'Switch: marked active',
      gesture: `click 'Switch to ${BENCH_WALLET}'`,
      act: click(`Switch to ${BENCH_WALLET}`),
      painted: `lk.active().includes(${JSON.stringify(BENCH_WALLET)})`,
      views: ['Account'],
    },
    {
      feature: 'multiWallet',
      label: 'Switch back: account restored',
      gesture: `click 'Switch to ${BENCH_WALLET_2}', until the modal's account is it and no switch is under way`,
      act: click(`Switch to ${BENCH_WALLET_2}`),
      painted: `lk.active().includes(${JSON.stringify(BENCH_WALLET_2)}) && window.__benchModal.getState().account.address !== ${JSON.stringify(first)} && window.__benchModal.getState().account.isConnected && !window.__benchModal.getState().connections?.isSwitching`,
      views: ['Account'],
    },
  ]
}

/**
 * Names, on the library-only page with the stand-in wallet on dev account `NAMELESS_DEV_ACCOUNT` (firstUse.ts)
 * (Account offers 'Register a name' only to an account without one): the form, then a name typed, its availability
 * checked, and 'Register' (the stand-in signs) until the success view. Before connecting, onboarding's two views
 * (Connect's 'New to wallets?').
 */
export function namesSteps(): Step[] {
  const name = 'bench-visitor'
  return [
    { label: 'Connect', gesture: "click 'Connect Wallet'", act: click('Connect Wallet'), painted: viewPainted('Connect'), views: ['Connect'] },
    // Onboarding: Connect's 'New to wallets?' link, not prefetched by Connect.
    { feature: 'onboarding', label: 'WhatIsAWallet', gesture: "click Connect's 'New to wallets?'", act: click('New to wallets?'), painted: viewPainted('WhatIsAWallet'), views: ['WhatIsAWallet'] },
    { feature: 'onboarding', label: "GetWallet (the directory's wallets)", gesture: "click 'Get a wallet'", act: click('Get a wallet'), painted: viewPainted('GetWallet'), views: ['GetWallet'] },
    { ...back, painted: viewPainted('WhatIsAWallet') },
    { ...back, painted: viewPainted('Connect') },
    { label: 'EVM wallet', gesture: `click '${BENCH_WALLET}'`, act: click(BENCH_WALLET), painted: connectedAndClosed, views: ['ConnectingExternal'] },
    { label: 'Open Account', gesture: "click 'Open Account'", act: click('Open Account'), painted: `${viewPainted('Account')} && lk.text().includes('Register a name')`, views: ['Account'] },
    { feature: 'names', label: 'RegisterAccountName (form)', gesture: "click 'Register a name'", act: click('Register a name'), painted: viewPainted('RegisterAccountName'), views: ['RegisterAccountName'] },
    {
      feature: 'names',
      label: 'RegisterAccountNameSuccess (check, sign, register)',
      gesture: `type '${name}', wait for 'available', click 'Register' → registered (ms from the click)`,
      act: async (page) => {
        await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
        await page.getByTestId('name-status').getByText('is available').waitFor()
        await page.getByRole('button', { name: 'Register', exact: true }).click()
      },
      painted: viewPainted('RegisterAccountNameSuccess'),
      views: ['RegisterAccountNameSuccess'],
    },
  ]
}

/**
 * The email login, on the library-only page with `?secure=` (the embedded wallet on the bench's secure
 * site): an email typed in Connect and submitted (the email login's machine, the embedded wallet and the frame load
 * with the typing; the frame page and the secure site's API on submit) until 'Approve this device', then the mailed
 * device link opened from Node until connected.
 */
export function emailSteps(email: string, deviceLink: (timeoutMs: number) => Promise<string>): Step[] {
  return [
    { label: 'Connect', gesture: "click 'Connect Wallet'", act: click('Connect Wallet'), painted: `${viewPainted('Connect')} && lk.text().includes('Continue')`, views: ['Connect'] },
    {
      feature: 'embeddedWallet',
      label: "Email login (typed, submitted → 'Approve this device')",
      gesture: `type ${email} (fill), press Enter (ms from the Enter)`,
      act: async (page) => {
        const field = page.getByRole('textbox', { name: 'Email', exact: true })
        await field.fill(email)
        await field.press('Enter')
      },
      painted: `${viewPainted('Connect')} && lk.text().includes('Approve this device')`,
      views: [],
    },
    {
      feature: 'embeddedWallet',
      label: 'Email login: device link opened → connected',
      gesture: 'open the mailed link (from Node) → connected, modal closed',
      act: async (page) => {
        const link = await deviceLink(TIMEOUT_MS)
        await page.evaluate('window.__benchBegin()')
        const answer = await fetch(link)
        if (!answer.ok) throw new TestFailure(`The device link answered ${answer.status}`)
      },
      painted: connectedAndClosed,
      views: [],
    },
    // The embedded wallet's profile and an unsafe request approved in the frame (ApproveTransaction).
    { label: 'Open Account', gesture: "click 'Open Account'", act: click('Open Account'), painted: `${viewPainted('Account')} && lk.text().includes('Your wallets')`, views: ['Account'] },
    {
      feature: 'profile',
      label: 'ProfileWallets',
      gesture: "click Account's 'Your wallets'",
      act: click('Your wallets'),
      painted: `${viewPainted('ProfileWallets')} && !lk.text().includes('Loading your wallets')`,
      views: ['ProfileWallets'],
    },
    { ...back, painted: viewPainted('Account') },
    { feature: 'profile', label: 'UpdateEmailWallet', gesture: "click Account's 'Change email'", act: click('Change email'), painted: viewPainted('UpdateEmailWallet'), views: ['UpdateEmailWallet'] },
    { ...back, painted: viewPainted('Account') },
    { label: 'Send', gesture: "click 'Send'", act: click('Send'), painted: `${viewPainted('Send')} && lk.text().includes('ETH')`, views: ['Send'] },
    {
      label: 'SendPreview',
      gesture: "type 0.01 and a receiver, click 'Review send'",
      act: async (page) => {
        await page.getByLabel('Amount', { exact: true }).fill('0.01')
        await page.getByLabel('To', { exact: true }).fill(DEV_ADDRESSES[1]!)
        await page.getByRole('button', { name: 'Review send', exact: true }).click()
      },
      painted: `${viewPainted('SendPreview')} && !lk.text().includes('Loading')`,
      views: ['SendPreview'],
    },
    {
      feature: 'embeddedWallet',
      label: 'ApproveTransaction (the frame asks)',
      gesture: "click 'Send' in the preview → the frame's approval shown",
      act: click('Send'),
      painted: viewPainted('ApproveTransaction'),
      views: ['ApproveTransaction'],
    },
  ]
}

/** Farcaster login, on the library-only page with `?secure=`: Connect's Farcaster entry until its QR code. */
export function farcasterSteps(): Step[] {
  return [
    { label: 'Connect', gesture: "click 'Connect Wallet'", act: click('Connect Wallet'), painted: `${viewPainted('Connect')} && lk.text().includes('Continue')`, views: ['Connect'] },
    {
      feature: 'farcasterLogin',
      label: 'ConnectingFarcaster (QR code)',
      gesture: "click 'Continue with Farcaster'",
      act: click('Continue with Farcaster'),
      painted: `${viewPainted('ConnectingFarcaster')} && lk.has('[data-testid=farcaster-qr]')`,
      views: ['ConnectingFarcaster'],
    },
  ]
}

/** Sign-in (SIWX), on the library-only page with `siwx: createSiwx({ url: <reference server>/siwx })` (fixture-siwx). */
export function siwxSteps(): Step[] {
  return [
    { label: 'Connect', gesture: "click 'Connect Wallet'", act: click('Connect Wallet'), painted: viewPainted('Connect'), views: ['Connect'] },
    {
      feature: 'siwx',
      label: 'SIWXSignMessage (prompt)',
      gesture: `click '${BENCH_WALLET}' → connected, sign-in asked`,
      act: click(BENCH_WALLET),
      painted: viewPainted('SIWXSignMessage'),
      // ConnectingExternal shows on the way (connect's, prefetched while Connect showed): only the prompt is sign-in's.
      views: ['SIWXSignMessage'],
    },
    { feature: 'siwx', label: 'Sign in (message, signature, verification)', gesture: "click 'Sign' → signed in, modal closed", act: click('Sign'), painted: connectedAndClosed, views: [] },
  ]
}

/** The Solana and Bitcoin namespaces on the multi-chain page, reached from an EVM connection through SwitchNetwork. */
export function namespaceSteps(): Step[] {
  const toNetwork = (namespace: 'solana' | 'bip122', network: string, wallet: string): Step[] => [
    { label: 'Open Account', gesture: "click 'Open Account'", act: click('Open Account'), painted: viewPainted('Account'), views: ['Account'] },
    { label: 'SwitchNetwork', gesture: 'click the network button', act: click(/^Switch network/), painted: viewPainted('SwitchNetwork'), views: ['SwitchNetwork'] },
    { feature: namespace, label: `${network}: SwitchActiveChain`, gesture: `click '${network}'`, act: click(network), painted: viewPainted('SwitchActiveChain'), views: ['SwitchActiveChain'] },
    {
      feature: namespace,
      label: `${network}: Connect (its wallets)`,
      gesture: "click 'Connect a wallet'",
      act: click('Connect a wallet'),
      painted: `${viewPainted('Connect')} && lk.text().includes(${JSON.stringify(wallet)})`,
      views: ['Connect'],
    },
    // ConnectingExternal shows on the way (connect's, fetched for the EVM wallet): nothing of it is the namespace's.
    { feature: namespace, label: `${network}: connect a wallet (balance)`, gesture: `click '${wallet}' → connected, modal closed`, act: click(wallet), painted: connectedAndClosed, views: [] },
  ]
  return [
    { label: 'Connect', gesture: "click 'Connect Wallet'", act: click('Connect Wallet'), painted: viewPainted('Connect'), views: ['Connect'] },
    { label: 'EVM wallet', gesture: `click '${BENCH_WALLET}'`, act: click(BENCH_WALLET), painted: connectedAndClosed, views: ['ConnectingExternal'] },
    ...toNetwork('solana', 'Solana Localnet', BENCH_SOLANA_WALLET),
    ...toNetwork('bip122', 'Bitcoin Regtest', BENCH_BITCOIN_WALLET),
  ]
}
