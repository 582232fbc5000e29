import { expect, test } from '@playwright/test'
import { confirmEmail, errorSummary, mailTo, newSeller, ownAddress } from './account-helpers'

test.use({ javaScriptEnabled: false })
test.beforeEach(async ({ page }) => ownAddress(page))

test('with scripts off, the account forms post, show their problems and keep working', async ({ page }) => {
  const seller = newSeller('noscript')

  // Sign-up problems come back from the server, in the same summary.
  await page.goto('/sign-up')
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('<b>Alex</b>')
  await page.getByRole('textbox', { name: 'E-mail address', exact: true }).fill('not-an-address')
  await page.getByLabel('Password', { exact: true }).fill('short')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/sign-up$/)
  await expect(errorSummary(page).getByRole('link')).toHaveText([
    'Enter your name without < > { } or codes',
    'Enter an e-mail address like name@example.co.uk',
    'Your password must be at least 12 characters',
  ])
  await expect(page.getByRole('textbox', { name: 'Full name', exact: true })).toHaveAttribute('aria-invalid', 'true')

  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill(seller.name)
  await page.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(seller.email)
  await page.getByLabel('Password', { exact: true }).fill('password1234')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(errorSummary(page)).toContainText('That password is one of the most used')

  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill(seller.name)
  await page.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(seller.email)
  await page.getByLabel('Password', { exact: true }).fill(seller.password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()

  // The account works at once, before the address is verified; its orders wait for that.
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(seller.email)
  await page.getByLabel('Password', { exact: true }).fill('wrong wrong wrong')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(errorSummary(page)).toContainText('The e-mail address or password is not right.')
  // What was typed comes back with the page, the password excepted.
  await expect(page.getByRole('textbox', { name: 'E-mail address', exact: true })).toHaveValue(seller.email)
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
  await page.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(seller.email)
  await page.getByLabel('Password', { exact: true }).fill(seller.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByText('Your orders appear here once your e-mail address is confirmed.')).toBeVisible()

  // Ask for the link again; open it; the orders list is open now.
  await page.getByRole('button', { name: 'Send the link again' }).click()
  await expect(page.getByRole('status')).toHaveText('We have sent a new link. It replaces any earlier one.')
  const verification = await mailTo(seller.email, /^Confirm your e-mail address$/, 1)
  await confirmEmail(page, verification, seller.password)
  await expect(page.getByText('You have no orders yet.')).toBeVisible()

  // Change password: a wrong current password is named by its field.
  const password = page.getByRole('region', { name: 'Change your password' })
  await password.getByLabel('Current password').fill('not the current one')
  await password.getByLabel('New password').fill('sapphire bicycle thunder')
  await password.getByRole('button', { name: 'Change password' }).click()
  // The same page comes back (its address unchanged: no problem in it), with the problem.
  await expect(page).toHaveURL(/\/profile\?notice=verified$/)
  await expect(page.getByRole('region', { name: 'Change your password' }).getByRole('alert')).toContainText(
    'Your current password is not right',
  )
  await page.getByRole('region', { name: 'Change your password' }).getByLabel('Current password').fill(seller.password)
  await page
    .getByRole('region', { name: 'Change your password' })
    .getByLabel('New password')
    .fill('sapphire bicycle thunder')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Your password has changed. Every other device has been signed out.',
  )

  await page.getByRole('button', { name: 'Sign out everywhere' }).click()
  await expect(page).toHaveURL(/\/login\?notice=signedOut$/)
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/)
})
