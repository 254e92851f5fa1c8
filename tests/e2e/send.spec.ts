/**
 * Send (spec §4 Send, §5 validation): native ETH on both dev chains and the two dev ERC-20 tokens (DEV, and
 * the USDT-style dUSDT whose `transfer` returns nothing) from the connected dev account 0 to fresh receivers,
 * checked against the anvil chains; the wallet's rejection; the validation messages word for word, refused
 * before the wallet is asked; a wallet failure; a name as receiver; a receiver without 0x or chain-qualified (CAIP-10);
 * Max; axe on the Send and Review Send views.
 */
import { en } from '../../ui/locales/en.ts'
import type { Locator, Page } from '@playwright/test'
import { formatUnits, parseEther, parseUnits } from 'viem'
import { DEV_TETHER_ADDRESS, DEV_TOKEN_ADDRESS } from '../../dev/tokens/tokens.ts'
import {
  ACCOUNT_0,
  ACCOUNT_1,
  accountButton,
  anvilBalanceWei,
  anvilBlockNumber,
  anvilTokenBalance,
  anvilTransactionsFrom,
  approveWalletRequest,
  openConnected,
  dialog,
  expect,
  expectedBalance,
  grouped,
  expectNoAxeViolations,
  freshAddress,
  liveState,
  rejectWalletRequest,
  setAnvilBalanceWei,
  test,
  truncated,
  walletRequests,
  type DevChainId,
  type DevTokenSymbol,
} from './fixtures.ts'
import { resumeConnected, withSharedPage } from './sharedPage.ts'

/** The names of the dev tokens in the picker (dev/tokens/tokens.ts). */
const tokenNames: Record<DevTokenSymbol, string> = { DEV: 'Dev Token', dUSDT: 'Dev Tether' }
const tokenDecimals: Record<DevTokenSymbol, number> = { DEV: 18, dUSDT: 6 }

/** Starts connected (resumeConnected: the demo opened connected, or the shared page as the test before left it), opens Account and its Send button; returns the 'Send' dialog once ETH is selected. */
async function openSendForm(page: Page): Promise<Locator> {
  await resumeConnected(page)
  await accountButton(page).address.click()
  await dialog(page, 'Account').getByRole('button', { name: 'Send', exact: true }).click()
  const send = dialog(page, 'Send')
  await expect(send.getByRole('button', { name: /^Token: ETH\b/ })).toBeVisible()
  return send
}

/** The form's controls. */
function form(send: Locator) {
  return {
    token: send.getByRole('button', { name: /^Token: / }),
    amount: send.getByRole('textbox', { name: 'Amount', exact: true }),
    receiver: send.getByRole('textbox', { name: 'To', exact: true }),
    receiverStatus: send.getByTestId('send-receiver-status'),
    error: send.getByTestId('send-error'),
    review: send.getByRole('button', { name: 'Review send', exact: true }),
  }
}

/** Picks a token in the 'Select Token' view and waits for the form to show it. */
async function pickToken(page: Page, send: Locator, symbol: DevTokenSymbol | 'ETH'): Promise<void> {
  await form(send).token.click()
  const picker = dialog(page, 'Select Token')
  await expect(picker).toBeVisible()
  const name = symbol === 'ETH' ? 'Ether' : tokenNames[symbol]
  await picker.getByRole('button', { name: new RegExp(`^${name}\\b`) }).click()
  await expect(form(send).token).toHaveAccessibleName(new RegExp(`^Token: ${symbol}\\b`))
}

/** Fills amount and receiver, reviews, and returns the 'Review Send' dialog once the fee is estimated. */
async function review(page: Page, send: Locator, amount: string, receiver: string): Promise<Locator> {
  const f = form(send)
  await f.amount.fill(amount)
  await f.receiver.fill(receiver)
  await f.review.click()
  const preview = dialog(page, 'Review Send')
  await expect(preview).toBeVisible()
  await expect(preview.getByTestId('send-preview-fee')).toHaveText(/^\d+(\.\d+)? ETH$/)
  return preview
}

/**
 * Confirms in the preview, checks what the wallet is asked (`detail`: lines of the panel's request, e.g. the
 * receiver and value), approves, and expects Account with the 'Transaction sent' toast, which replaced the loading toast
 * 'Waiting for the transaction…' after the 150 ms swap (anvil mines at once, so the loading toast is too brief to assert).
 */
async function confirmAndApprove(page: Page, preview: Locator, detail: string[]): Promise<void> {
  await preview.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(preview.getByRole('status')).toHaveText('Confirm the transaction in your wallet')
  const request = walletRequests(page).filter({ hasText: 'Send transaction?' })
  for (const line of detail) await expect(request).toContainText(line)
  await approveWalletRequest(page, 'Send transaction?')
  await expect(dialog(page, 'Account')).toBeVisible()
  // The toast (a live region outside the dialog; the message element is what shows).
  await expect(page.getByRole('status').getByText('Transaction sent', { exact: true })).toBeVisible()
  await expect(page.getByRole('status').getByText('Waiting for the transaction…', { exact: true })).toBeHidden()
}

/** Switches the dapp and the wallet to 'Anvil Local 2' from the Account view (as network.spec.ts does). */
async function switchToAnvil2(page: Page): Promise<void> {
  await accountButton(page).address.click()
  await dialog(page, 'Account').getByRole('button', { name: 'Switch network (Anvil Local)', exact: true }).click()
  await dialog(page, 'Switch Network').getByRole('button', { name: 'Anvil Local 2', exact: true }).click()
  await approveWalletRequest(page, 'Switch to chain 31338?')
  await expect(liveState(page).network).toHaveText('eip155:31338')
  await expect(dialog(page, 'Account')).toBeVisible()
}

/** `1234.5678…` floored to 3 decimals, as the modal shows token amounts. */
function floor3(units: bigint, decimals: number): string {
  const [whole, fraction = ''] = formatUnits(units, decimals).split('.')
  return `${whole}.${fraction.padEnd(3, '0').slice(0, 3)}`
}

/** The current month as the Activity tab labels its groups ('November 2026'). */
function currentMonth(): string {
  return new Date().toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
}

/**
 * Sends `amount` ETH from dev account 0 to a fresh address on `chainId` through the modal and checks the chain
 * (exact amount received; sender down by amount + fee), the Account balance and the Activity tab.
 */
async function sendNativeAndCheck(page: Page, chainId: DevChainId, amount: string): Promise<void> {
  const receiver = freshAddress()
  const account = dialog(page, 'Account')
  await account.getByRole('button', { name: 'Send', exact: true }).click()
  const send = dialog(page, 'Send')
  await expect(form(send).token).toHaveAccessibleName(/^Token: ETH\b/)
  const before = await anvilBalanceWei(ACCOUNT_0, chainId)
  const mark = await anvilBlockNumber(chainId)

  const preview = await review(page, send, amount, receiver)
  await expect(preview.getByTestId('send-preview-amount')).toContainText(`${amount} ETH`)
  await expect(preview.getByTestId('send-preview-receiver')).toHaveText(truncated(receiver))
  await expect(preview).toContainText(chainId === 31337 ? 'Anvil Local' : 'Anvil Local 2')
  await confirmAndApprove(page, preview, [`To ${receiver}`, `Value ${amount} ETH`])

  const value = parseEther(amount)
  expect(await anvilBalanceWei(receiver, chainId)).toBe(value)
  const [receipt, ...more] = await anvilTransactionsFrom(ACCOUNT_0, mark, chainId)
  expect(more).toHaveLength(0)
  expect(receipt?.status).toBe('success')
  expect(receipt?.to?.toLowerCase()).toBe(receiver.toLowerCase())
  const fee = receipt!.gasUsed * receipt!.effectiveGasPrice
  expect(fee).toBeGreaterThan(0n)
  expect(before - (await anvilBalanceWei(ACCOUNT_0, chainId))).toBe(value + fee)

  const balance = `${grouped(await expectedBalance(ACCOUNT_0, chainId))} ETH`
  await expect(account.getByTestId('account-balance')).toHaveText(balance)
  await expect(accountButton(page).balance).toHaveText(balance)

  await account.getByRole('tab', { name: 'Activity' }).click()
  const month = account.getByRole('region', { name: currentMonth() })
  // Written like a balance: floored to 3 decimals ('0.0123' → '0.012').
  const [whole = '0', fraction = ''] = amount.split('.')
  await expect(month.getByRole('listitem').filter({ hasText: truncated(receiver) })).toContainText(`Sent ${grouped(`${whole}.${fraction.padEnd(3, '0').slice(0, 3)}`)} ETH`)
}

// Each of these tests but the last ends on a send that went through, which clears the form (spec §4 reset): they share
// one connected page (resumeConnected: Account closed on its Tokens tab, no wallet request, no toast, dev account 0 on
// chain 31337). The rejected send keeps its form (by design) and comes last.
test.describe('on one connected page', () => {
  const shared = withSharedPage(test)

  shared('sending ETH on Anvil Local: the receiver gets the exact amount, the sender pays amount + gas, Account shows it', async ({ page }) => {
    await resumeConnected(page)
    await accountButton(page).address.click()
    await sendNativeAndCheck(page, 31337, '0.0123')
  })

  for (const symbol of ['DEV', 'dUSDT'] as const) {
    shared(`sending ${symbol} from the token picker: the receiver's balanceOf is the amount, the Tokens tab the sender's new balance`, async ({ page }) => {
      const send = await openSendForm(page)
      await pickToken(page, send, symbol)
      await expect(send).toContainText(`Balance: `)
      const receiver = freshAddress()
      const before = await anvilTokenBalance(symbol, ACCOUNT_0)
      const amount = '12.345678'
      const units = parseUnits(amount, tokenDecimals[symbol])

      const preview = await review(page, send, amount, receiver)
      await expect(preview.getByTestId('send-preview-amount')).toContainText(`${amount} ${symbol}`)
      await expect(preview.getByTestId('send-preview-receiver')).toHaveText(truncated(receiver))
      // The transaction goes to the token contract; the transfer's receiver and amount are in its calldata.
      const contract = symbol === 'DEV' ? DEV_TOKEN_ADDRESS : DEV_TETHER_ADDRESS
      await confirmAndApprove(page, preview, [`To ${contract}`, `Calls transfer(${receiver}, ${units})`])

      expect(await anvilTokenBalance(symbol, receiver)).toBe(units)
      const after = await anvilTokenBalance(symbol, ACCOUNT_0)
      expect(before - after).toBe(units)
      const tokens = dialog(page, 'Account').getByRole('tabpanel')
      // The row writes a million or more compact (1M DEV) with the exact amount in its title; the sender's DEV balance
      // crosses a million or not depending on what ran before on this chain.
      const shown = tokens.getByRole('listitem').filter({ hasText: tokenNames[symbol] }).locator('.lk-token-amount')
      await expect.poll(async () => (await shown.getAttribute('title')) ?? (await shown.textContent())?.replace(/\s+/g, ' ').trim()).toBe(`${grouped(floor3(after, tokenDecimals[symbol]))} ${symbol}`)
    })
  }

  shared('a receiver without 0x, or chain-qualified (CAIP-10) on this network, is the checksummed address (spec §5)', async ({ page }) => {
    const send = await openSendForm(page)
    const f = form(send)
    const receiver = freshAddress()
    const bare = receiver.slice(2).toLowerCase()
    await f.receiver.fill(`eip155:31337:${receiver}`)
    await expect(f.receiverStatus).toHaveText(truncated(receiver))
    await f.receiver.fill(bare)
    await expect(f.receiverStatus).toHaveText(truncated(receiver))

    const preview = await review(page, send, '0.0321', bare)
    await expect(preview.getByTestId('send-preview-receiver')).toHaveText(truncated(receiver))
    await expect(preview.getByTestId('send-preview-receiver')).toHaveAttribute('title', receiver)
    await confirmAndApprove(page, preview, [`To ${receiver}`, 'Value 0.0321 ETH'])
    expect(await anvilBalanceWei(receiver)).toBe(parseEther('0.0321'))
  })

  shared('a name as receiver: bob.reown.id resolves to dev account 1, the preview names it, the ETH arrives', async ({ page }) => {
    const send = await openSendForm(page)
    const f = form(send)
    const before = await anvilBalanceWei(ACCOUNT_1)
    await f.receiver.fill('bob.reown.id')
    await expect(f.receiverStatus).toHaveText(`bob.reown.id · ${truncated(ACCOUNT_1)}`)
    expect(truncated(ACCOUNT_1)).toBe('0x7099…79C8')

    const preview = await review(page, send, '0.0789', 'bob.reown.id')
    await expect(preview.getByTestId('send-preview-receiver')).toHaveText(`bob.reown.id (${truncated(ACCOUNT_1)})`)
    await expect(preview.getByTestId('send-preview-receiver')).toHaveAttribute('title', ACCOUNT_1)
    await confirmAndApprove(page, preview, [`To ${ACCOUNT_1}`, 'Value 0.0789 ETH'])
    expect((await anvilBalanceWei(ACCOUNT_1)) - before).toBe(parseEther('0.0789'))
  })

  shared('a send rejected in the wallet returns to the form with token, amount and receiver kept; nothing moves', async ({ page }) => {
    const send = await openSendForm(page)
    await pickToken(page, send, 'DEV')
    const receiver = freshAddress()
    const mark = await anvilBlockNumber()
    const ethBefore = await anvilBalanceWei(ACCOUNT_0)
    const devBefore = await anvilTokenBalance('DEV', ACCOUNT_0)

    const preview = await review(page, send, '3.5', receiver)
    await preview.getByRole('button', { name: 'Send', exact: true }).click()
    await rejectWalletRequest(page, 'Send transaction?')

    await expect(send).toBeVisible()
    const f = form(send)
    await expect(f.token).toHaveAccessibleName(/^Token: DEV\b/)
    await expect(f.amount).toHaveValue('3.5')
    await expect(f.receiver).toHaveValue(receiver)
    await expect(f.error).toHaveText('')
    expect(await anvilTransactionsFrom(ACCOUNT_0, mark)).toHaveLength(0)
    expect(await anvilBalanceWei(ACCOUNT_0)).toBe(ethBefore)
    expect(await anvilTokenBalance('DEV', ACCOUNT_0)).toBe(devBefore)
    expect(await anvilTokenBalance('DEV', receiver)).toBe(0n)

    // The form still works: reviewing again asks the wallet again.
    await f.review.click()
    await dialog(page, 'Review Send').getByRole('button', { name: 'Send', exact: true }).click()
    await expect(walletRequests(page)).toHaveCount(1)
  })
})

test('sending ETH on Anvil Local 2 after switching networks', async ({ page }) => {
  await openConnected(page)
  await switchToAnvil2(page)
  await sendNativeAndCheck(page, 31338, '0.0456')
})

test('a send that fails in the wallet returns to the form with an error toast, the inputs kept', async ({ page }) => {
  const send = await openSendForm(page)
  const receiver = freshAddress()
  const preview = await review(page, send, '5', receiver)
  await preview.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(walletRequests(page)).toHaveCount(1)
  // The balance drops below the amount after the fee estimate: the wallet's send fails (insufficient funds).
  const balance = await anvilBalanceWei(ACCOUNT_0)
  await setAnvilBalanceWei(ACCOUNT_0, 10n ** 15n)
  try {
    await approveWalletRequest(page, 'Send transaction?')
    await expect(send).toBeVisible()
    // The visitor reads the catalogue's sentence for TransferWouldFailError, not the adapter's own message.
    await expect(page.getByRole('status').getByText(en.errors.byName.TransferWouldFailError!, { exact: true })).toBeVisible()
    await expect(form(send).amount).toHaveValue('5')
    await expect(form(send).receiver).toHaveValue(receiver)
    expect(await anvilBalanceWei(receiver)).toBe(0n)
  } finally {
    await setAnvilBalanceWei(ACCOUNT_0, balance)
  }
})

test('more than the balance is refused with "Insufficient … balance" before the wallet is asked', async ({ page }) => {
  const send = await openSendForm(page)
  const f = form(send)
  const receiver = freshAddress()
  const eth = await anvilBalanceWei(ACCOUNT_0)
  await f.amount.fill(formatUnits(eth + 1n, 18))
  await f.receiver.fill(receiver)
  await f.review.click()
  await expect(f.error).toHaveText('Insufficient ETH balance')
  await expect(f.amount).toHaveAttribute('aria-invalid', 'true')

  await pickToken(page, send, 'dUSDT')
  const usdt = await anvilTokenBalance('dUSDT', ACCOUNT_0)
  await f.amount.fill(formatUnits(usdt + 1n, 6))
  await f.review.click()
  await expect(f.error).toHaveText('Insufficient dUSDT balance')

  await expect(send).toBeVisible()
  await expect(dialog(page, 'Review Send')).toHaveCount(0)
  await expect(walletRequests(page)).toHaveCount(0)
})

test('invalid inputs show their message word for word and never reach the wallet', async ({ page }) => {
  const send = await openSendForm(page)
  const f = form(send)
  const valid = freshAddress()
  // A wrong EIP-55 checksum: one letter of a mixed-case address in the other case.
  const i = ACCOUNT_1.search(/[a-f]/)
  const wrongChecksum = `${ACCOUNT_1.slice(0, i)}${ACCOUNT_1[i]!.toUpperCase()}${ACCOUNT_1.slice(i + 1)}`
  expect(wrongChecksum.toLowerCase()).toBe(ACCOUNT_1.toLowerCase())

  // `invalid`: the input(s) the message is about, marked aria-invalid (and only those).
  type Case = { token?: DevTokenSymbol; amount: string; receiver: string; message: string; invalid: Array<'amount' | 'receiver'> }
  const cases: Case[] = [
    { amount: '1', receiver: '0x123', message: 'Invalid receiver address', invalid: ['receiver'] },
    { amount: '1', receiver: wrongChecksum, message: 'Invalid receiver address', invalid: ['receiver'] },
    // Without 0x the checksum still counts.
    { amount: '1', receiver: wrongChecksum.slice(2), message: 'Invalid receiver address', invalid: ['receiver'] },
    // Chain-qualified (CAIP-10, spec §5): malformed, of an unknown namespace, of another network.
    { amount: '1', receiver: 'eip155:31337', message: 'Invalid CAIP-10 address', invalid: ['receiver'] },
    { amount: '1', receiver: `foo:31337:${valid}`, message: 'Invalid CAIP-10 address', invalid: ['receiver'] },
    { amount: '1', receiver: `eip155:1:${valid}`, message: 'This address is on another network (eip155:1)', invalid: ['receiver'] },
    { amount: '', receiver: valid, message: 'An amount and receiver address are required', invalid: ['amount'] },
    { amount: '1', receiver: '', message: 'An amount and receiver address are required', invalid: ['receiver'] },
    { amount: '-1', receiver: valid, message: 'The amount must be greater than 0', invalid: ['amount'] },
    { amount: 'abc', receiver: valid, message: 'Enter a valid amount', invalid: ['amount'] },
    { amount: '0', receiver: valid, message: 'The amount must be greater than 0', invalid: ['amount'] },
    { token: 'dUSDT', amount: '1.1234567', receiver: valid, message: 'Too many decimals: dUSDT allows 6', invalid: ['amount'] },
  ]
  for (const c of cases) {
    if (c.token) await pickToken(page, send, c.token)
    await f.amount.fill(c.amount)
    await f.receiver.fill(c.receiver)
    await f.review.click()
    const what = `amount '${c.amount}', receiver '${c.receiver}'`
    await expect(f.error, what).toHaveText(c.message)
    for (const field of ['amount', 'receiver'] as const) {
      const input = f[field]
      if (c.invalid.includes(field)) {
        await expect(input, `${field} of ${what}`).toHaveAttribute('aria-invalid', 'true')
        await expect(input, `${field} of ${what}`).toHaveAccessibleDescription(new RegExp(c.message.replace(/[()]/g, '\\$&')))
      } else {
        await expect(input, `${field} of ${what}`).not.toHaveAttribute('aria-invalid')
      }
    }
  }
  // 6 decimals are fine for dUSDT: the same form reaches the preview.
  await f.amount.fill('1.123456')
  await f.review.click()
  await expect(dialog(page, 'Review Send')).toBeVisible()
  await expect(walletRequests(page)).toHaveCount(0)
})

test('Max on a token fills its whole balance', async ({ page }) => {
  const send = await openSendForm(page)
  await pickToken(page, send, 'dUSDT')
  const balance = await anvilTokenBalance('dUSDT', ACCOUNT_0)
  await send.getByRole('button', { name: 'Max: use the whole dUSDT balance', exact: true }).click()
  const typed = await form(send).amount.inputValue()
  expect(parseUnits(typed, 6)).toBe(balance)

  await pickToken(page, send, 'DEV')
  await send.getByRole('button', { name: 'Max: use the whole DEV balance', exact: true }).click()
  expect(parseUnits(await form(send).amount.inputValue(), 18)).toBe(await anvilTokenBalance('DEV', ACCOUNT_0))
})

// Bug, not in the files of this spec: the preview lowers a Max ETH amount to balance − gas × eth_gasPrice
// (machines/send.ts `lowerAmountForFee` with the estimate of adapters/eip155.transfer.ts `estimateTransfer`), but
// `sendTransfer` lets the wallet fill the fees: an EIP-1559 wallet commits to gas × maxFeePerGas (viem: 1.2 ×
// base fee + tip, above eth_gasPrice), the node refuses for insufficient funds, and the flow returns to the form
// with the toast 'This transfer would fail. …' (TransferWouldFailError); nothing is sent.
test('Max ETH sends the whole balance less the network fee', async ({ page }) => {
  const saved = await anvilBalanceWei(ACCOUNT_0)
  const start = parseEther('2')
  await setAnvilBalanceWei(ACCOUNT_0, start)
  try {
    const send = await openSendForm(page)
    await send.getByRole('button', { name: 'Max: use the whole ETH balance', exact: true }).click()
    await expect(form(send).amount).toHaveValue('2')
    const receiver = freshAddress()
    const mark = await anvilBlockNumber()
    const preview = await review(page, send, '2', receiver)
    await expect(preview).toContainText('The amount was lowered to leave room for the network fee.')
    const shown = (await preview.getByTestId('send-preview-amount').innerText()).split(' ')[0]!
    await confirmAndApprove(page, preview, [`To ${receiver}`])

    const received = await anvilBalanceWei(receiver)
    expect(received).toBe(parseEther(shown))
    const [receipt] = await anvilTransactionsFrom(ACCOUNT_0, mark)
    expect(start - received - receipt!.gasUsed * receipt!.effectiveGasPrice).toBe(await anvilBalanceWei(ACCOUNT_0))
  } finally {
    await setAnvilBalanceWei(ACCOUNT_0, saved)
  }
})

// Send and Review Send as they first show are scanned by visual.spec.ts on the phone, with more rules: here the states
// that walk does not reach (a validation message and a resolved name) and the Select Token list.
test('Send with a validation message and a resolved name, and Select Token, have no axe violations', async ({ page }) => {
  const send = await openSendForm(page)
  await form(send).review.click()
  await expect(form(send).error).toHaveText('An amount and receiver address are required')
  await form(send).receiver.fill('alice.reown.id')
  await expect(form(send).receiverStatus).toHaveText(`alice.reown.id · ${truncated(ACCOUNT_0)}`)
  await expectNoAxeViolations(page, 'Send (with a message and a name)')

  await form(send).token.click()
  await expect(dialog(page, 'Select Token').getByRole('button', { name: /^Dev Tether\b/ })).toBeVisible()
  await expectNoAxeViolations(page, 'Select Token')
})
