import { expect, test, type Page } from '@playwright/test'
import { uniqueEmail } from '../support/e2e-env'
import { newSeller, logIn, ownAddress, signUp } from './account-helpers'
import { violations } from './axe'
import { readPageForm, sendPageForm } from './form-post'
import { staffPage, orderByPost } from './order-helpers'

// Work that belongs to someone: two members of staff cannot both claim an order, "My work" lists
// what one holds, a manager releases another's claim; postage packs marked posted in bulk. At
// 1280 px, where staff work, with the pages checked by axe at 375 px too.
test.beforeAll(({}, testInfo) =>
  test.skip(testInfo.project.name !== 'desktop', 'staff work at desktop width: run once'),
)
test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000)
  await ownAddress(page)
})

async function order(page: Page, tag: string, pack = false): Promise<string> {
  return (await orderByPost(page, uniqueEmail(tag), pack ? { postagePack: 'true' } : {})).reference
}

const claimPanel = (page: Page) => page.getByRole('region', { name: 'Who has it' })
const history = (page: Page) => page.getByRole('region', { name: 'History' })

async function checkBothWidths(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await violations(page), `${name} at ${width}`).toEqual([])
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

test('one claims, the other is told who has it; My work lists it; only a manager releases another’s claim', async ({
  page,
  browser,
}) => {
  const reference = await order(page, 'claims')
  const path = `/admin/orders/${reference}`
  const manager = await staffPage(browser, 'manager')
  const staff = await staffPage(browser, 'staff')
  await manager.goto(path)
  await staff.goto(path)
  await expect(claimPanel(manager)).toContainText('Nobody has claimed this order.')
  await expect(claimPanel(staff)).toContainText('Nobody has claimed this order.')

  // Both pages show "Claim"; the manager's gets there first, the staff member is told who has it.
  await claimPanel(manager).getByRole('button', { name: 'Claim', exact: true }).click()
  await expect(manager.getByText('You have claimed this order.', { exact: true })).toBeVisible()
  await expect(claimPanel(manager)).toContainText(/You have claimed this order until .+\./)
  await claimPanel(staff).getByRole('button', { name: 'Claim', exact: true }).click()
  await expect(claimPanel(staff).getByRole('alert')).toHaveText(
    /^Morgan Manager has already claimed this order, until .+\. Nothing changed\.$/,
  )
  await staff.goto(path)
  await expect(claimPanel(staff)).toContainText(/Morgan Manager has claimed this order until/)
  await expect(history(staff).getByText('Claimed', { exact: true })).toHaveCount(1)

  // The attack: plain staff forge a release of the manager's claim (the manager's own form). Refused.
  const release = await readPageForm(manager.request, path, { button: 'Release' })
  const forged = await sendPageForm(staff.request, path, release.hidden, { origin: release.origin })
  expect(forged.problems.map((problem) => problem.code)).toEqual(['notYours'])
  expect(forged.problems[0]!.message).toBe('Only a manager can release Morgan Manager’s claim.')
  await manager.goto(path)
  await expect(claimPanel(manager)).toContainText(/You have claimed this order until/)

  // The manager's "My work" lists it; the staff member's does not, and "Unclaimed" leaves it out.
  await manager.goto('/admin/orders?view=mine&sort=newest')
  await expect(manager.getByRole('link', { name: reference })).toBeVisible()
  await checkBothWidths(manager, 'my-work')
  await staff.goto('/admin/orders?view=mine&sort=newest')
  await expect(staff.getByRole('link', { name: reference })).toHaveCount(0)
  await staff.goto('/admin/orders?view=unclaimed&sort=newest')
  await expect(staff.getByRole('link', { name: reference })).toHaveCount(0)

  // The manager releases from the page; the staff member claims it from the list, and it is theirs.
  await manager.goto(path)
  await claimPanel(manager).getByRole('button', { name: 'Release', exact: true }).click()
  await expect(manager.getByText('Claim released: anyone can claim the order now.')).toBeVisible()
  await staff.goto('/admin/orders?view=unclaimed&sort=newest')
  const row = staff.getByRole('row').filter({ has: staff.getByRole('link', { name: reference }) })
  await row.getByRole('button', { name: `Claim ${reference}` }).click()
  await expect(staff.getByRole('status').filter({ hasText: 'You have claimed this order.' })).toBeVisible()
  await staff.goto('/admin/orders?view=mine&sort=newest')
  const mine = staff.getByRole('row').filter({ has: staff.getByRole('link', { name: reference }) })
  await expect(mine).toContainText('Robin Staff')
  await checkBothWidths(staff, 'staff-list')

  // A manager releases another's claim: the button names whose, and the history says so.
  await manager.goto(path)
  await expect(claimPanel(manager)).toContainText(/Robin Staff has claimed this order until/)
  await claimPanel(manager).getByRole('button', { name: 'Release Robin Staff’s claim' }).click()
  await expect(manager.getByText('Claim released: anyone can claim the order now.')).toBeVisible()
  await expect(claimPanel(manager)).toContainText('Nobody has claimed this order.')
  await expect(history(manager).getByText('Claim released', { exact: true })).toHaveCount(2)
  await expect(history(manager)).toContainText('Robin Staff')
  await checkBothWidths(manager, 'order-claim')
})

test('without scripts: a claim by a plain post, and a second post is told who has it', async ({ page, browser }) => {
  const reference = await order(page, 'claims-noscript')
  const path = `/admin/orders/${reference}`
  const staff = await staffPage(browser, 'staff')
  const manager = await staffPage(browser, 'manager')
  const claim = await readPageForm(staff.request, path, { button: 'Claim' })
  const first = await sendPageForm(staff.request, path, claim.hidden, { origin: claim.origin })
  expect([first.status, first.location]).toEqual([303, `${path}?done=claim#order-claim`])
  // The manager sends the same claim form (as their own page drew it before): told who has it.
  const second = await sendPageForm(manager.request, path, claim.hidden, { origin: claim.origin })
  expect(second.problems.map((problem) => problem.code)).toEqual(['taken'])
  expect(second.problems[0]!.message).toMatch(/^Robin Staff has already claimed this order/)
})

test('a visitor and a seller posting the claim form get 404, and nothing is claimed', async ({ page, browser }) => {
  const reference = await order(page, 'claims-attack')
  const path = `/admin/orders/${reference}`
  const staff = await staffPage(browser, 'staff')
  const claim = await readPageForm(staff.request, path, { button: 'Claim' })

  const visitor = await (await browser.newContext()).newPage()
  await ownAddress(visitor)
  const byVisitor = await sendPageForm(visitor.request, path, claim.hidden, { origin: claim.origin })
  expect([byVisitor.status, byVisitor.location]).toEqual([404, null])

  const seller = newSeller('claims-seller')
  await signUp(page, seller)
  await logIn(page, seller.email, seller.password)
  await expect(page).toHaveURL(/\/profile$/)
  const bySeller = await sendPageForm(page.request, path, claim.hidden, { origin: claim.origin })
  expect([bySeller.status, bySeller.location]).toEqual([404, null])

  await staff.goto(path)
  await expect(claimPanel(staff)).toContainText('Nobody has claimed this order.')
  await expect(history(staff).getByText('Claimed', { exact: true })).toHaveCount(0)
})

test('postage packs to post: chosen ones marked posted in bulk, once each', async ({ page, browser }) => {
  const first = await order(page, 'pack-one', true)
  const second = await order(page, 'pack-two', true)
  const staff = await staffPage(browser, 'staff')
  const list = '/admin/orders?view=packs&sort=newest'
  await staff.goto(list)
  await staff.getByLabel(`Mark the pack for ${first} posted`).check()
  await staff.getByLabel(`Mark the pack for ${second} posted`).check()
  await checkBothWidths(staff, 'packs-to-post')
  await staff.getByRole('button', { name: 'Mark the chosen packs posted' }).click()
  await expect(staff.getByRole('status').filter({ hasText: '2 postage packs marked posted.' })).toBeVisible()
  await expect(staff.getByRole('link', { name: first })).toHaveCount(0)
  await expect(staff.getByRole('link', { name: second })).toHaveCount(0)

  // In the whole list the pack says when it was posted; the order's history has one entry.
  await staff.goto(`/admin/orders?q=${first}`)
  await expect(staff.getByRole('row').filter({ hasText: first })).toContainText(/Posted \d/)
  await staff.goto(`/admin/orders/${first}`)
  await expect(history(staff).getByText('Postage pack posted', { exact: true })).toHaveCount(1)
})

test('the dashboard counts late work per step and says who did what today, axe clean at both widths', async ({
  browser,
}) => {
  const manager = await staffPage(browser, 'manager')
  await manager.goto('/admin')
  const late = manager.getByRole('region', { name: 'Late' })
  await expect(late.getByRole('link', { name: 'Devices not checked in time' })).toBeVisible()
  await expect(late.getByRole('link', { name: 'Returns not sent in time' })).toHaveAttribute(
    'href',
    '/admin/orders?status=returning',
  )
  // The inbox's replies are counted beside the orders' steps, and lead to the new messages.
  await expect(late.getByRole('link', { name: 'Messages not answered in time' })).toHaveAttribute(
    'href',
    '/admin/messages?status=new',
  )
  // And business collections still without their quote past its working days, leading to their list.
  await expect(late.getByRole('link', { name: 'Business quotes not sent in time' })).toHaveAttribute(
    'href',
    '/admin/collections',
  )
  await expect(manager.getByRole('region', { name: 'Who did what today' })).toBeVisible()
  await checkBothWidths(manager, 'dashboard-claims')
})
