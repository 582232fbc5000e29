/**
 * The rules of the account forms, run in the browser for instant messages and again on the server,
 * which trusts nothing (and also refuses the most common passwords, a list too big to ship to
 * browsers). Each problem is a code naming the words in the Accounts document that describe it.
 */
export const PASSWORD_MIN = 12
// Long enough for any passphrase; short enough that hashing it costs nothing unusual.
export const PASSWORD_MAX = 128
export const NAME_MAX = 100
export const EMAIL_MAX = 254

export const ACCOUNT_PROBLEMS = [
  'nameMissing',
  'nameTooLong',
  'nameInvalid',
  'emailMissing',
  'emailInvalid',
  'passwordMissing',
  'passwordTooShort',
  'passwordTooLong',
  'passwordCommon',
  'confirmDelete',
  'codeMissing',
] as const
export type AccountProblem = (typeof ACCOUNT_PROBLEMS)[number]
export type AccountFieldError = { field: string; code: AccountProblem }
export type AccountValidation<T> = { ok: true; value: T } | { ok: false; errors: AccountFieldError[] }

export type SignUpInput = { name: string; email: string; password: string }
export type LoginInput = { email: string; password: string; rememberMe: boolean }
export type EmailInput = { email: string }
export type NewPasswordInput = { token: string; password: string }
export type ChangePasswordInput = { currentPassword: string; password: string }
export type ConfirmEmailInput = { token: string; password: string }
export type DeleteInput = { currentPassword: string }
export type CodeInput = { code: string }
export type PasswordInput = { password: string }

export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/
// Control characters and anything that reads as markup: a name is shown in pages and e-mails.
export const NOT_A_NAME = /[\u0000-\u001F\u007F-\u009F<>{}]|&#?\w+;/

type Body = Record<string, unknown>
const text = (value: unknown) => (typeof value === 'string' ? value : '')
const ticked = (value: unknown) => value === true || value === 'on' || value === 'true'

export function validateSignUp(body: Body): AccountValidation<SignUpInput> {
  const errors: AccountFieldError[] = []
  const name = checkName(body.name, errors)
  const email = checkEmail(body.email, errors)
  const password = checkNewPassword(body.password, 'password', errors)
  return errors.length ? { ok: false, errors } : { ok: true, value: { name, email, password } }
}

export function validateLogin(body: Body): AccountValidation<LoginInput> {
  const errors: AccountFieldError[] = []
  const email = checkEmail(body.email, errors)
  const password = checkGivenPassword(body.password, 'password', errors)
  return errors.length
    ? { ok: false, errors }
    : { ok: true, value: { email, password, rememberMe: ticked(body.rememberMe) } }
}

export function validateEmailOnly(body: Body): AccountValidation<EmailInput> {
  const errors: AccountFieldError[] = []
  const email = checkEmail(body.email, errors)
  return errors.length ? { ok: false, errors } : { ok: true, value: { email } }
}

/** The token is not checked here: a bad one is answered like a used one, by the server. */
export function validateNewPassword(body: Body): AccountValidation<NewPasswordInput> {
  const errors: AccountFieldError[] = []
  const password = checkNewPassword(body.password, 'password', errors)
  return errors.length ? { ok: false, errors } : { ok: true, value: { token: text(body.token), password } }
}

/** Confirming an address: the account's password, given by whoever opened the e-mail's link. */
export function validateConfirmEmail(body: Body): AccountValidation<ConfirmEmailInput> {
  const errors: AccountFieldError[] = []
  const password = checkGivenPassword(body.password, 'password', errors)
  return errors.length ? { ok: false, errors } : { ok: true, value: { token: text(body.token), password } }
}

/** A code from an authenticator app (6 digits) or a backup code; spaces as typed are dropped. */
export function validateCode(body: Body): AccountValidation<CodeInput> {
  const code = text(body.code).replace(/\s+/g, '').slice(0, 64)
  return code ? { ok: true, value: { code } } : { ok: false, errors: [{ field: 'code', code: 'codeMissing' }] }
}

/** The account's own password, asked again (to start two-step login). */
export function validatePasswordOnly(body: Body): AccountValidation<PasswordInput> {
  const errors: AccountFieldError[] = []
  const password = checkGivenPassword(body.password, 'password', errors)
  return errors.length ? { ok: false, errors } : { ok: true, value: { password } }
}

export function validateChangePassword(body: Body): AccountValidation<ChangePasswordInput> {
  const errors: AccountFieldError[] = []
  const currentPassword = checkGivenPassword(body.currentPassword, 'currentPassword', errors)
  const password = checkNewPassword(body.password, 'password', errors)
  return errors.length ? { ok: false, errors } : { ok: true, value: { currentPassword, password } }
}

export function validateDelete(body: Body): AccountValidation<DeleteInput> {
  const errors: AccountFieldError[] = []
  const currentPassword = checkGivenPassword(body.currentPassword, 'currentPassword', errors)
  if (!ticked(body.confirm)) errors.push({ field: 'confirm', code: 'confirmDelete' })
  return errors.length ? { ok: false, errors } : { ok: true, value: { currentPassword } }
}

function checkName(value: unknown, errors: AccountFieldError[]): string {
  const name = text(value).trim().replace(/\s+/g, ' ')
  if (!name) errors.push({ field: 'name', code: 'nameMissing' })
  else if (name.length > NAME_MAX) errors.push({ field: 'name', code: 'nameTooLong' })
  else if (NOT_A_NAME.test(name)) errors.push({ field: 'name', code: 'nameInvalid' })
  return name
}

/** Lower-cased whole: an account is found by its address whatever case it is typed in. */
function checkEmail(value: unknown, errors: AccountFieldError[]): string {
  const email = text(value).trim().toLowerCase()
  if (!email) errors.push({ field: 'email', code: 'emailMissing' })
  else if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email) || email.includes('..'))
    errors.push({ field: 'email', code: 'emailInvalid' })
  return email
}

/** No composition rules (NCSC): long enough, not absurdly long; spaces count like any character. */
function checkNewPassword(value: unknown, field: string, errors: AccountFieldError[]): string {
  const password = text(value)
  if (!password) errors.push({ field, code: 'passwordMissing' })
  else if ([...password].length < PASSWORD_MIN) errors.push({ field, code: 'passwordTooShort' })
  else if (password.length > PASSWORD_MAX) errors.push({ field, code: 'passwordTooLong' })
  return password
}

/** An existing password is only checked for presence and size: its rules may have changed since. */
function checkGivenPassword(value: unknown, field: string, errors: AccountFieldError[]): string {
  const password = text(value)
  if (!password) errors.push({ field, code: 'passwordMissing' })
  else if (password.length > PASSWORD_MAX) errors.push({ field, code: 'passwordTooLong' })
  return password
}
