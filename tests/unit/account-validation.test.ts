import { isCommonPassword } from '@/accounts/common-passwords'
import {
  validateChangePassword,
  validateDelete,
  validateEmailOnly,
  validateLogin,
  validateNewPassword,
  validateSignUp,
} from '@/accounts/validation'
import type { Validation } from '@/forms/schema'

const codes = (result: Validation<unknown>) => (result.ok ? [] : result.errors.map((e) => `${e.field}:${e.code}`))

const ann = { name: 'Ann Smith', email: 'ann@example.com', password: 'violet harbour tractor' }
const twelve = 'abcdefghijkl'

describe('passwords', () => {
  it('accepts 12 characters and refuses 11', () => {
    expect(codes(validateSignUp({ ...ann, password: twelve }))).toEqual([])
    expect(codes(validateSignUp({ ...ann, password: twelve.slice(1) }))).toEqual(['password:passwordTooShort'])
  })

  it('counts characters, not code units: 11 emoji are too short, 12 are enough', () => {
    expect(codes(validateSignUp({ ...ann, password: '🐱'.repeat(11) }))).toEqual(['password:passwordTooShort'])
    expect(codes(validateSignUp({ ...ann, password: '🐱'.repeat(12) }))).toEqual([])
  })

  it('accepts 128 characters and refuses 129 as too long', () => {
    expect(codes(validateSignUp({ ...ann, password: 'x'.repeat(128) }))).toEqual([])
    expect(codes(validateSignUp({ ...ann, password: 'x'.repeat(129) }))).toEqual(['password:passwordTooLong'])
  })

  it('has no composition rules: lower-case words with spaces pass', () => {
    const result = validateSignUp({ ...ann, password: 'correct horse battery staple' })
    expect(result).toEqual({ ok: true, value: { ...ann, password: 'correct horse battery staple' } })
  })

  it('keeps the password exactly as typed, spaces included', () => {
    const result = validateNewPassword({ token: 't', password: '  spaced out pass  ' })
    expect(result).toEqual({ ok: true, value: { token: 't', password: '  spaced out pass  ' } })
  })

  it('names a missing password, and one that is not a string', () => {
    expect(codes(validateSignUp({ ...ann, password: '' }))).toEqual(['password:passwordMissing'])
    expect(codes(validateSignUp({ ...ann, password: 123456789012 }))).toEqual(['password:passwordMissing'])
  })
})

describe('e-mail addresses', () => {
  it('are trimmed and lower-cased', () => {
    expect(validateEmailOnly({ email: '  Ann.Smith+Phones@Example.CO.UK ' })).toEqual({
      ok: true,
      value: { email: 'ann.smith+phones@example.co.uk' },
    })
  })

  it.each([
    ['no domain ending', 'a@b'],
    ['two dots in a row', 'a..b@example.com'],
    ['a one-letter ending', 'x@example.c'],
    ['no @', 'ann.example.com'],
    ['a space', 'ann smith@example.com'],
    ['255 characters', `${'a'.repeat(243)}@example.com`],
  ])('are refused with %s', (_label, email) => {
    expect(codes(validateEmailOnly({ email }))).toEqual(['email:emailInvalid'])
  })

  it('are accepted at 254 characters', () => {
    const email = `${'a'.repeat(242)}@example.com`
    expect(email).toHaveLength(254)
    expect(validateEmailOnly({ email }).ok).toBe(true)
  })

  it('are missing when blank', () => {
    expect(codes(validateEmailOnly({ email: '   ' }))).toEqual(['email:emailMissing'])
    expect(codes(validateEmailOnly({}))).toEqual(['email:emailMissing'])
  })
})

describe('names', () => {
  it('are trimmed, with runs of spaces made one', () => {
    const result = validateSignUp({ ...ann, name: '  Ann   Marie  Smith ' })
    expect(result.ok && result.value.name).toBe('Ann Marie Smith')
  })

  it.each([
    ['a script tag', '<script>alert(1)</script>'],
    ['braces', 'Ann {x}'],
    ['an HTML entity', 'Ann &amp; Bob'],
    ['a numeric entity', 'Ann &#60;b&#62;'],
    ['a NUL character', 'Ann\u0000Smith'],
    ['a bell character', 'Ann\u0007'],
    ['a DEL character', 'Ann\u007F'],
  ])('are refused with %s', (_label, name) => {
    expect(codes(validateSignUp({ ...ann, name }))).toEqual(['name:nameInvalid'])
  })

  it('may carry ordinary punctuation and accents', () => {
    expect(validateSignUp({ ...ann, name: "Zoë O'Brien-Smith & Co." }).ok).toBe(true)
  })

  it('are too long at 101 characters, not at 100', () => {
    expect(codes(validateSignUp({ ...ann, name: 'A'.repeat(101) }))).toEqual(['name:nameTooLong'])
    expect(validateSignUp({ ...ann, name: 'A'.repeat(100) }).ok).toBe(true)
  })

  it('are missing when only whitespace', () => {
    expect(codes(validateSignUp({ ...ann, name: ' \t\n ' }))).toEqual(['name:nameMissing'])
  })
})

describe('each form', () => {
  it('sign-up names every problem at once', () => {
    expect(codes(validateSignUp({}))).toEqual(['name:nameMissing', 'email:emailMissing', 'password:passwordMissing'])
  })

  it('login checks only that a password is there, since the old rules may have been shorter', () => {
    expect(validateLogin({ email: 'Ann@Example.com', password: 'short' })).toEqual({
      ok: true,
      value: { email: 'ann@example.com', password: 'short', rememberMe: false },
    })
    expect(codes(validateLogin({ email: 'ann@example.com', password: '' }))).toEqual(['password:passwordMissing'])
    expect(codes(validateLogin({ email: 'ann@example.com', password: 'x'.repeat(129) }))).toEqual([
      'password:passwordTooLong',
    ])
  })

  it.each([
    ['on', true],
    ['true', true],
    [true, true],
    ['yes', false],
    ['1', false],
    ['off', false],
    ['false', false],
    [1, false],
    [undefined, false],
  ])('login reads remember me %j as %j', (rememberMe, expected) => {
    const result = validateLogin({ email: 'ann@example.com', password: 'whatever', rememberMe })
    expect(result.ok && result.value.rememberMe).toBe(expected)
  })

  it('a new password from a reset link passes the token through unchecked', () => {
    expect(validateNewPassword({ password: twelve })).toEqual({ ok: true, value: { token: '', password: twelve } })
    expect(codes(validateNewPassword({ token: 'abc', password: 'short' }))).toEqual(['password:passwordTooShort'])
  })

  it('changing a password needs the current one and a new one that follows the rules', () => {
    expect(validateChangePassword({ currentPassword: 'old', password: twelve })).toEqual({
      ok: true,
      value: { currentPassword: 'old', password: twelve },
    })
    expect(codes(validateChangePassword({ currentPassword: '', password: 'short' }))).toEqual([
      'currentPassword:passwordMissing',
      'password:passwordTooShort',
    ])
  })

  it('deleting the account needs the password and the box ticked', () => {
    expect(validateDelete({ currentPassword: 'pw', confirm: 'on' })).toEqual({
      ok: true,
      value: { currentPassword: 'pw' },
    })
    expect(codes(validateDelete({ currentPassword: 'pw' }))).toEqual(['confirm:confirmDelete'])
    expect(codes(validateDelete({ currentPassword: 'pw', confirm: 'no' }))).toEqual(['confirm:confirmDelete'])
    expect(codes(validateDelete({ confirm: true }))).toEqual(['currentPassword:passwordMissing'])
  })
})

describe('isCommonPassword', () => {
  it.each(['password1234', '123456789012', 'passwordpassword'])('finds %j in the list', (password) => {
    expect(isCommonPassword(password)).toBe(true)
  })

  it('finds a listed password typed in capitals', () => {
    expect(isCommonPassword('PASSWORD1234')).toBe(true)
  })

  it.each(['violet harbour tractor', 'qwertyuiopas'])('lets %j through', (password) => {
    expect(isCommonPassword(password)).toBe(false)
  })
})
