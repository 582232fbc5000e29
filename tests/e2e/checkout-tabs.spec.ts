import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { MAIL_OUTBOX_DIR, uniqueEmail } from '../support/e2e-env'
import { readOutbox } from '../support/mail-messages'
import { errorSummary, outboxCaughtUp, ownAddress } from './account-helpers'
import { fillCheckout, REFERENCE } from './order-helpers'
import { addGoodIphone } from './sell-helpers'

test.beforeEach(async () => {
  test.skip(test.info().project.name !== 'desktop', 'one basket, two tabs: once is enough')
})

const mailsTo = async (email: string) => (await readOutbox(MAIL_OUTBOX_DIR)).filter((mail) => mail.to === email)

/** Both buttons pressed in the same instant: each tab's clock fires one click at an agreed time. */
async function pressTogether(tabs: Page[]) {
  const at = Date.now() + 500
  await Promise.all(
    tabs.map((tab) =>
      tab
        .getByRole('button', { name: 'Place order and get free postage' })
        .evaluate(
          (button: HTMLButtonElement, when) =>
            new Promise<void>((resolve) => setTimeout(() => resolve(button.click()), when - Date.now())),
          at,
        ),
    ),
  )
}

/** One basket, shown at checkout in two tabs (each form with its own key), placed from both at once. */
async function placeFromTwoTabs(context: BrowserContext, [first, second]: Page[]) {
  await addGoodIphone(first!)
  const email = uniqueEmail('two-tabs')
  for (const tab of [first!, second!]) {
    await tab.goto('/complete-order')
    await fillCheckout(tab, email)
  }
  await pressTogether([first!, second!])

  // One tab lands on its order; the other is told the basket is empty now.
  const landed = () => [first!, second!].filter((tab) => /\/order-successful\?order=/.test(tab.url()))
  await expect.poll(() => landed().length).toBeGreaterThan(0)
  const [winner] = landed()
  const loser = winner === first ? second! : first!
  await expect(winner!.getByText(REFERENCE).first()).toBeVisible()
  await expect(errorSummary(loser)).toContainText('Your basket is empty. Add a device, then place your order')
  expect(landed()).toHaveLength(1)
  // One confirmation e-mail: one order (the outbox sends after the answer; any second one, queued
  // with its order before both tabs had their answers, is in the folder once the outbox caught up).
  await expect.poll(async () => (await mailsTo(email)).length).toBe(1)
  await outboxCaughtUp(context.request)
  expect(await mailsTo(email)).toHaveLength(1)
  expect(context.pages()).toContain(loser)
}

test('two tabs checking out one basket at once, each with its own form key, place one order', async ({ context }) => {
  test.setTimeout(120_000)
  const tabs = [await context.newPage(), await context.newPage()]
  await ownAddress(tabs[0]!)
  // Three baskets in turn: the first also warms the server's caches, so the later two arrive in step.
  for (let round = 0; round < 3; round++) await placeFromTwoTabs(context, tabs)
})
