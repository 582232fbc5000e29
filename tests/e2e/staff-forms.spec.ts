import { expect, test } from '@playwright/test'
import { STAFF_ACCOUNTS, STAFF_RECHECK_SECONDS, uniqueEmail } from '../support/e2e-env'
import { ownAddress } from './account-helpers'
import { violations } from './axe'
import { readPageForm, sendPageForm } from './form-post'
import { answerChecklist, CHECKLIST_SCREEN, checklistFields, staffDoes, staffPage, orderByPost } from './order-helpers'

// Skipped in beforeAll: a project that skips never opens a page for it.
test.beforeAll(({}, testInfo) =>
  test.skip(testInfo.project.name !== 'desktop', 'staff work at desktop width: run once'),
)
test.beforeEach(async ({ page }) => {
  test.setTimeout(120_000)
  await ownAddress(page)
})

// A well-known valid IMEI, and the same with its check digit changed.
const IMEI = '490154203237518'
const BAD_IMEI = '490154203237519'
const NOTES = 'Scuff on the back <b>, left corner'

test('a refused check without scripts: the same page with the problem and what was typed, nothing in the address', async ({
  page,
  browser,
}) => {
  const { reference } = await orderByPost(page, uniqueEmail('staff-nojs'))
  const staff = await staffPage(browser)
  await staffDoes(staff, reference, 'Mark received')

  const path = `/admin/orders/${reference}?action=check`
  const { hidden, origin } = await readPageForm(staff.request, path, { form: 'expectedStatus' })
  const html = await (await staff.request.get(path)).text()
  const id = /name="imei-([0-9a-f-]+)"/.exec(html)![1]!
  const fields = { ...checklistFields(html), [`imei-${id}`]: BAD_IMEI, [`notes-${id}`]: NOTES }

  const refused = await sendPageForm(staff.request, path, { ...hidden, ...fields }, { origin })
  expect(refused.status).toBe(200)
  expect(refused.location).toBeNull()
  expect(refused.problems).toEqual([{ code: 'invalid', message: expect.stringMatching(/^IMEI \(.+\)$/) }])
  // What was typed comes back, escaped; the field says what is wrong with it.
  expect(refused.html).toContain(`value="${BAD_IMEI}"`)
  expect(refused.html).toContain('Scuff on the back &lt;b&gt;, left corner</textarea>')
  expect(refused.html).toMatch(new RegExp(`id="imei-${id}"[^>]*aria-invalid="true"`))
  // Nothing happened to the order.
  expect((await readPageForm(staff.request, path, { form: 'expectedStatus' })).hidden.expectedStatus).toBe('received')

  const done = await sendPageForm(staff.request, path, { ...hidden, ...fields, [`imei-${id}`]: IMEI }, { origin })
  expect([done.status, done.location]).toEqual([303, `/admin/orders/${reference}?done=check`])
})

test('a refused check with scripts: the summary takes the focus, names the field, and keeps what was typed', async ({
  page,
  browser,
}) => {
  const { reference } = await orderByPost(page, uniqueEmail('staff-js'))
  const staff = await staffPage(browser)
  await staffDoes(staff, reference, 'Mark received')
  await staff.goto(`/admin/orders/${reference}?action=check`)
  await answerChecklist(staff, 'Fair')
  await staff.getByLabel('IMEI').fill(BAD_IMEI)
  await staff.getByLabel('Notes').fill(NOTES)

  // The order's own rules run in the browser first: the server is not asked.
  const posts: string[] = []
  staff.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url())
  })
  await staff.getByRole('button', { name: 'Confirm', exact: true }).click()
  const summary = staff.getByRole('alert').filter({ hasText: 'There is a problem' })
  await expect(summary).toBeFocused()
  await expect(summary.getByRole('link')).toHaveText([/^IMEI \(.+\)$/])
  expect(posts).toEqual([])
  await expect(staff.getByLabel('IMEI')).toHaveAttribute('aria-invalid', 'true')
  await expect(staff.getByLabel('Notes')).toHaveValue(NOTES)
  await expect(staff.getByRole('group', { name: 'Screen' }).getByLabel(CHECKLIST_SCREEN.Fair)).toBeChecked()
  expect(await violations(staff)).toEqual([])
  await summary.getByRole('link').click()
  await expect(staff.getByLabel('IMEI')).toBeFocused()

  await staff.keyboard.press('ControlOrMeta+a')
  await staff.keyboard.type(IMEI)
  await staff.getByRole('button', { name: 'Confirm', exact: true }).click()
  await expect(staff.getByText('Done.', { exact: true })).toBeVisible()
  expect(new URL(staff.url()).search).toBe('?done=check')
})

test('two staff with the same form open: the second is told, in the page, who moved it first', async ({
  page,
  browser,
}) => {
  const { reference } = await orderByPost(page, uniqueEmail('staff-race'))
  const [first, second] = await Promise.all([staffPage(browser), staffPage(browser, 'manager')])
  for (const staff of [first, second]) await staff.goto(`/admin/orders/${reference}?action=receive#action-form`)

  await first.getByRole('button', { name: 'Confirm', exact: true }).click()
  await expect(first.getByText('Done.', { exact: true })).toBeVisible()

  await second.getByLabel('Why (kept in the order’s history)').fill('Parcel was damp')
  await second.getByRole('button', { name: 'Confirm', exact: true }).click()
  const told = second.getByRole('alert').filter({ hasText: 'Someone else moved this order first' })
  await expect(told).toHaveText(
    'Someone else moved this order first: it is now Device received. Check it and try again.',
  )
  // The page around it is redrawn with the order as it now is: received, with the next actions.
  await expect(second.getByRole('link', { name: 'Record the check', exact: true })).toBeVisible()
  await expect(second.getByRole('link', { name: 'Mark received', exact: true })).toHaveCount(0)
  // The form the answer came from is gone with that redraw; the notice, and the focus on it, stay.
  await expect(second.getByRole('form', { name: 'Mark received' })).toHaveCount(0)
  await expect(told).toBeFocused()
  expect(second.url()).not.toMatch(/moved|problem|errors/)
})

test('paying past the re-check window: a wrong password is said in the summary and the field, never kept', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000 + STAFF_RECHECK_SECONDS * 1000)
  const { reference } = await orderByPost(page, uniqueEmail('staff-pay'))
  const manager = await staffPage(browser, 'manager')
  await staffDoes(manager, reference, 'Mark received')
  await staffDoes(manager, reference, 'Record the check', async () => {
    await manager.getByLabel('IMEI').fill(IMEI)
  })
  await manager.waitForTimeout(STAFF_RECHECK_SECONDS * 1000 + 1000)

  await manager.goto(`/admin/orders/${reference}?action=pay#action-form`)
  const form = manager.getByRole('form', { name: 'Mark paid' })
  const password = form.getByLabel('Your password', { exact: true })
  await password.fill('not my password at all')
  await form.getByRole('button', { name: 'Confirm', exact: true }).click()
  const summary = form.getByRole('alert').filter({ hasText: 'There is a problem' })
  await expect(summary).toBeFocused()
  await expect(summary.getByRole('link')).toHaveText(['That is not your password. Enter the password you log in with.'])
  await expect(password).toHaveValue('')
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expect(manager.getByText('Done.', { exact: true })).toHaveCount(0)
  expect(manager.url()).not.toContain('recheck')

  await summary.getByRole('link').click()
  await expect(password).toBeFocused()
  await manager.keyboard.type(STAFF_ACCOUNTS.manager.password)
  await form.getByRole('button', { name: 'Confirm', exact: true }).click()
  await expect(manager.getByText('Done.', { exact: true })).toBeVisible()
  await expect(manager.getByRole('link', { name: 'Mark paid', exact: true })).toHaveCount(0)
})
