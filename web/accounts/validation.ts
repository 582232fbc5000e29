import * as v from 'valibot'
import { mustTick, oneLine, text, ticked, validatorFor, type Validation } from '@/forms/schema'
import { isEmailAddress } from '@/lib/email-address'

/**
 * The rules of the account forms, run in the browser for instant messages and again on the server,
 * which trusts nothing (and also refuses the most common passwords, a list too big to ship to
 * browsers). One valibot schema per form; each problem is a code naming the words in the Accounts
 * document that describe it.
 */
export const PASSWORD_MIN = 12
// Long enough for any passphrase; short enough that hashing it costs nothing unusual.
export const PASSWORD_MAX = 128
export const NAME_MAX = 100

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

export type SignUpInput = { name: string; email: string; password: string }
export type LoginInput = { email: string; password: string; rememberMe: boolean }
export type EmailInput = { email: string }
export type NewPasswordInput = { token: string; password: string }
export type ChangePasswordInput = { currentPassword: string; password: string }
export type ConfirmEmailInput = { token: string; password: string }
export type DeleteInput = { currentPassword: string }
export type CodeInput = { code: string }
export type PasswordInput = { password: string }

// Control characters and anything that reads as markup: a name is shown in pages and e-mails.
export const NOT_A_NAME = /[\u0000-\u001F\u007F-\u009F<>{}]|&#?\w+;/

const problem = (code: AccountProblem) => code

/** A name as shown in pages and e-mails: one line, not markup. */
export const nameField = v.pipe(
  oneLine,
  v.nonEmpty(problem('nameMissing')),
  v.maxLength(NAME_MAX, problem('nameTooLong')),
  v.check((name) => !NOT_A_NAME.test(name), problem('nameInvalid')),
)

/** Lower-cased whole: an account is found by its address whatever case it is typed in. */
const emailField = v.pipe(
  text,
  v.transform((email) => email.trim().toLowerCase()),
  v.nonEmpty(problem('emailMissing')),
  v.check(isEmailAddress, problem('emailInvalid')),
)

/** No composition rules (NCSC): long enough, not absurdly long; spaces count like any character. */
const newPassword = v.pipe(
  text,
  v.nonEmpty(problem('passwordMissing')),
  v.check((password) => [...password].length >= PASSWORD_MIN, problem('passwordTooShort')),
  v.maxLength(PASSWORD_MAX, problem('passwordTooLong')),
)

/** An existing password is only checked for presence and size: its rules may have changed since. */
const givenPassword = v.pipe(
  text,
  v.nonEmpty(problem('passwordMissing')),
  v.maxLength(PASSWORD_MAX, problem('passwordTooLong')),
)

/** A code from an authenticator app (6 digits) or a backup code; spaces as typed are dropped. */
const codeField = v.pipe(
  text,
  v.transform((code) => code.replace(/\s+/g, '').slice(0, 64)),
  v.nonEmpty(problem('codeMissing')),
)

const validator = <S extends v.GenericSchema<unknown, unknown>>(schema: S) =>
  validatorFor<AccountProblem, S>(schema) as (body: unknown) => Validation<v.InferOutput<S>, AccountProblem>

export const validateSignUp = validator(v.object({ name: nameField, email: emailField, password: newPassword }))

export const validateLogin = validator(v.object({ email: emailField, password: givenPassword, rememberMe: ticked }))

export const validateEmailOnly = validator(v.object({ email: emailField }))

/** The token is not checked here: a bad one is answered like a used one, by the server. */
export const validateNewPassword = validator(v.object({ token: text, password: newPassword }))

/** Confirming an address: the account's password, given by whoever opened the e-mail's link. */
export const validateConfirmEmail = validator(v.object({ token: text, password: givenPassword }))

export const validateCode = validator(v.object({ code: codeField }))

/** The account's own password, asked again (to start two-step login). */
export const validatePasswordOnly = validator(v.object({ password: givenPassword }))

export const validateChangePassword = validator(v.object({ currentPassword: givenPassword, password: newPassword }))

export const validateDelete = validator(
  v.pipe(
    v.object({ currentPassword: givenPassword, confirm: mustTick(problem('confirmDelete')) }),
    v.transform(({ currentPassword }) => ({ currentPassword })),
  ),
)
