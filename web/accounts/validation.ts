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
  'reasonMissing',
] as const
export type AccountProblem = (typeof ACCOUNT_PROBLEMS)[number]

// Control characters and anything that reads as markup: a name is shown in pages and e-mails.
export const NOT_A_NAME = /[\u0000-\u001F\u007F-\u009F<>{}]|&#?\w+;/

const problem = (code: AccountProblem) => code

/** A person's name (an account's, a seller's, a bank account's holder): one line, not markup. */
export const personName = <Missing extends string>(missing: Missing) =>
  v.pipe(
    oneLine,
    v.nonEmpty(missing),
    v.maxLength(NAME_MAX, problem('nameTooLong')),
    v.check((name) => !NOT_A_NAME.test(name), problem('nameInvalid')),
  )

/** A name as shown in pages and e-mails: one line, not markup. */
export const nameField = personName(problem('nameMissing'))

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

// Each form's rules; what each gives its action (`…Input`) is inferred from them.
const signUp = v.object({ name: nameField, email: emailField, password: newPassword })
const login = v.object({ email: emailField, password: givenPassword, rememberMe: ticked })
const emailOnly = v.object({ email: emailField })
/** The token is not checked here: a bad one is answered like a used one, by the server. */
const newPasswordForm = v.object({ token: text, password: newPassword })
/** Confirming an address: the account's password, given by whoever opened the e-mail's link. */
const confirmEmail = v.object({ token: text, password: givenPassword })
const code = v.object({ code: codeField })
/** The account's own password, asked again (to start two-step login). */
const passwordOnly = v.object({ password: givenPassword })
const changePassword = v.object({ currentPassword: givenPassword, password: newPassword })
/** A manager resets another's two-step login: whose, why (kept with the event), and their own password. */
const resetTwoStep = v.object({
  email: emailField,
  reason: v.pipe(oneLine, v.nonEmpty(problem('reasonMissing')), v.maxLength(500, problem('reasonMissing'))),
  password: givenPassword,
})
const deleteAccount = v.pipe(
  v.object({ currentPassword: givenPassword, confirm: mustTick(problem('confirmDelete')) }),
  v.transform(({ currentPassword }) => ({ currentPassword })),
)

export type SignUpInput = v.InferOutput<typeof signUp>
export type LoginInput = v.InferOutput<typeof login>
export type EmailInput = v.InferOutput<typeof emailOnly>
export type NewPasswordInput = v.InferOutput<typeof newPasswordForm>
export type ConfirmEmailInput = v.InferOutput<typeof confirmEmail>
export type CodeInput = v.InferOutput<typeof code>
export type PasswordInput = v.InferOutput<typeof passwordOnly>
export type ChangePasswordInput = v.InferOutput<typeof changePassword>
export type ResetTwoStepInput = v.InferOutput<typeof resetTwoStep>
export type DeleteInput = v.InferOutput<typeof deleteAccount>

export const validateSignUp = validator(signUp)
export const validateLogin = validator(login)
export const validateEmailOnly = validator(emailOnly)
export const validateNewPassword = validator(newPasswordForm)
export const validateConfirmEmail = validator(confirmEmail)
export const validateCode = validator(code)
export const validatePasswordOnly = validator(passwordOnly)
export const validateChangePassword = validator(changePassword)
export const validateResetTwoStep = validator(resetTwoStep)
export const validateDelete = validator(deleteAccount)
