import { expect, test } from 'latchkey/testing/playwright'

test('a signature refused, then a transaction held and approved', async ({ page, wallet }) => {
  await page.goto('/')
  // #region prompts
  await wallet.answerNext('reject', 'sign') // the next signature prompt only; queued answers are used in order
  await wallet.setAnswer('hang') // every prompt from now on
  const prompt = await wallet.waitForPrompt('sendTransaction') // { id, kind, method, params }
  await wallet.settle('approve', prompt.id)
  // #endregion prompts
  expect(prompt.method).toBe('eth_sendTransaction')
})
