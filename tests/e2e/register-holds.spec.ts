import { expect, test, type Page } from '@playwright/test'
import { CAUTION_DEVICES } from '../../register-api/known-devices'
import { uniqueEmail } from '../support/e2e-env'
import { mailTo, ownAddress } from './account-helpers'
import { violations } from './axe'
import { postPageForm, readPageForm, sendPageForm } from './form-post'
import { ownImei, placeOrder, staffDoes, staffPage } from './order-helpers'
import { addGoodIphone } from './sell-helpers'

// A register caution a manager clears, and a hold ended by checking the device again: at 1280 px,
// where staff work. Skipped in beforeAll: a project that skips never opens a page for it.
test.beforeAll(({}, testInfo) =>
  test.skip(testInfo.project.name !== 'desktop', 'staff work at desktop width: run once'),
)
test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000)
  await ownAddress(page)
})

const CAUTION = Object.keys(CAUTION_DEVICES).find((device) => /^\d{15}$/.test(device))!
const CERTIFICATE = /Certificate (SR\d{10}), \d{1,2} \w{3} \d{4}, \d\d:\d\d/

const deviceRow = (page: Page) =>
  page.getByRole('region', { name: 'Devices' }).getByRole('row', { name: /Apple iPhone 13 128GB/ })
const registerPanel = (page: Page) => page.getByRole('region', { name: 'Stolen-device register' })
const history = (page: Page) => page.getByRole('region', { name: 'History' })

/** An order received and checked with `imei`, by a manager: its reference and the seller's address. */
async function checkedOrder(page: Page, manager: Page, imei: string, tag: string) {
  await addGoodIphone(page)
  const email = uniqueEmail(tag)
  const { reference } = await placeOrder(page, email)
  await staffDoes(manager, reference, 'Mark received')
  await staffDoes(manager, reference, 'Record the check', async () => {
    await manager.getByLabel('IMEI').fill(imei)
  })
  return { reference, email }
}

test('a manager clears a caution with why; staff cannot, and the form sent again changes nothing', async ({
  page,
  browser,
}) => {
  const manager = await staffPage(browser, 'manager')
  const { reference } = await checkedOrder(page, manager, CAUTION, 'caution-clear')
  const path = `/admin/orders/${reference}`
  await expect(deviceRow(manager)).toContainText('Caution: not paid')
  const certificate = CERTIFICATE.exec((await deviceRow(manager).textContent())!)![1]!

  // Staff who are not managers see the caution and its certificate, and are told who clears it.
  const staff = await staffPage(browser, 'staff')
  await staff.goto(path)
  await expect(registerPanel(staff)).toContainText(`Apple iPhone 13 128GB: certificate ${certificate}`)
  await expect(registerPanel(staff)).toContainText('Only a manager can clear a caution.')
  await expect(registerPanel(staff).getByRole('button', { name: 'Clear this caution' })).toHaveCount(0)

  // The attack: staff post the manager's form, as a browser without scripts would. Nothing changes.
  const managerForm = await readPageForm(manager.request, path, { button: 'Clear this caution' })
  const forged = await sendPageForm(
    staff.request,
    path,
    { ...managerForm.hidden, reason: 'I say it is fine' },
    { origin: managerForm.origin },
  )
  expect(forged.status).not.toBe(303)
  await manager.goto(path)
  await expect(history(manager)).not.toContainText('Caution cleared')
  await expect(registerPanel(manager).getByRole('button', { name: 'Clear this caution' })).toBeVisible()

  // A reason is needed: the form says so before anything is sent.
  const panel = registerPanel(manager)
  await panel.getByRole('button', { name: 'Clear this caution' }).click()
  await expect(manager.getByText('Say why the caution can be cleared, in up to 500 characters.').first()).toBeVisible()
  await panel.getByLabel('Why it can be cleared (kept in the history)').fill('Finance settled: lender confirmed')
  await panel.getByRole('button', { name: 'Clear this caution' }).click()
  await expect(manager.getByText('Caution cleared: the device counts as passed for payment.')).toBeVisible()
  await expect(registerPanel(manager)).toContainText(
    new RegExp(`Cleared by .+ on .+ \\(certificate ${certificate}\\): Finance settled: lender confirmed`),
  )
  await expect(deviceRow(manager)).toContainText('Caution cleared')
  await expect(history(manager).getByRole('listitem').last()).toContainText('Caution cleared')
  expect(await violations(manager)).toEqual([])

  // The manager's form replayed after the clearing: nothing changes, and they are told so.
  const replayed = await sendPageForm(
    manager.request,
    path,
    { ...managerForm.hidden, reason: 'Replayed' },
    { origin: managerForm.origin },
  )
  expect(replayed.problems.map((problem) => problem.code)).toEqual(['alreadyCleared'])
  await manager.goto(path)
  await expect(history(manager).getByText('Caution cleared', { exact: true })).toHaveCount(1)
  await expect(registerPanel(manager)).not.toContainText('Replayed')

  // The device counts as passed: the manager may pay.
  await staffDoes(manager, reference, 'Mark paid')
  await expect(manager.locator('.admin-facts__status')).toHaveText('Paid')
})

test('a held order checked again and released to be paid, without scripts: a double post checks once', async ({
  page,
  browser,
}) => {
  const staff = await staffPage(browser, 'staff')
  const imei = ownImei()
  const { reference, email } = await checkedOrder(page, staff, imei, 'hold-release')
  const path = `/admin/orders/${reference}`
  await staffDoes(staff, reference, 'Quarantine', async () => {
    await staff.getByLabel('Why (kept in the order’s history)').fill('Seller’s network says it was blocked')
  })
  await expect(staff.locator('.admin-facts__status')).toHaveText('On hold: reported lost or stolen')

  // Released before the devices are checked again: refused, in the content's words.
  const early = await postPageForm(staff.request, `${path}?action=release`, {}, { form: 'expectedStatus' })
  expect(early.problems.map((problem) => problem.code)).toEqual(['notReleasable'])

  // Checked again, as a browser without scripts posts it; the same form sent twice asks once.
  const recheck = await readPageForm(staff.request, path, { button: 'Check every device again' })
  const first = await sendPageForm(staff.request, path, recheck.hidden, { origin: recheck.origin })
  expect([first.status, first.location]).toEqual([303, `${path}?done=recheckHeld#order-register`])
  const second = await sendPageForm(staff.request, path, recheck.hidden, { origin: recheck.origin })
  expect(second.problems.map((problem) => problem.code)).toEqual(['alreadyChecked'])
  await staff.goto(path)
  await expect(history(staff).getByText('Checked again on the register', { exact: true })).toHaveCount(1)
  await expect(registerPanel(staff)).toContainText(
    'Every device now passes the register: the order can be released to be paid.',
  )

  // Released, without scripts: the order is checked again, to be paid; the seller is told.
  const released = await postPageForm(
    staff.request,
    `${path}?action=release`,
    { reason: 'Network cleared the block' },
    { form: 'expectedStatus' },
  )
  expect([released.status, released.location]).toEqual([303, `${path}?done=release`])
  // The same form again: the order moved on, nothing more happens.
  const again = await postPageForm(staff.request, `${path}?action=release`, {}, { form: 'expectedStatus' }).catch(
    () => null,
  )
  expect(again?.status ?? 200).not.toBe(303)
  await staff.goto(path)
  await expect(staff.locator('.admin-facts__status')).toHaveText('Checked')
  await expect(history(staff).getByRole('listitem').last()).toContainText('Release to be paid')
  const mail = await mailTo(email, new RegExp(`^Order ${reference} is no longer on hold$`))
  expect(mail.text).toContain('Apple iPhone 13 128GB: no record of loss or theft')
  expect(await violations(staff)).toEqual([])
})

test('with scripts: staff check a held order again from its page, then keep it for the police', async ({
  page,
  browser,
}) => {
  const staff = await staffPage(browser, 'staff')
  const { reference } = await checkedOrder(page, staff, ownImei(), 'hold-police')
  await staffDoes(staff, reference, 'Quarantine', async () => {
    await staff.getByLabel('Why (kept in the order’s history)').fill('Police asked us to hold it')
  })
  await registerPanel(staff).getByRole('button', { name: 'Check every device again' }).click()
  await expect(staff.getByText('Checked again: the register’s answers are in the devices’ table.')).toBeVisible()
  await staffDoes(staff, reference, 'Keep for the police', async () => {
    await staff.getByLabel('Police reference (kept in the history)').fill('CAD 4471/26')
  })
  await expect(staff.locator('.admin-facts__status')).toHaveText('Closed')
  await expect(history(staff).getByRole('listitem').last()).toContainText('CAD 4471/26')
})
