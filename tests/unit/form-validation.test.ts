import { validateContact } from '@/contact/validation'
import { validateNewsletter } from '@/subscriptions/validation'

const codes = (result: ReturnType<typeof validateNewsletter> | ReturnType<typeof validateContact>) =>
  result.ok ? [] : result.errors.map((e) => `${e.field}:${e.code}`)

describe('newsletter validation', () => {
  it('accepts an address with consent, trimming it and lower-casing the domain', () => {
    expect(validateNewsletter({ email: '  Jo.Bloggs+news@Example.CO.UK ', consent: true })).toEqual({
      ok: true,
      value: { email: 'Jo.Bloggs+news@example.co.uk', consent: true },
    })
  })

  it.each([
    ['', 'email:required'],
    ['jo', 'email:invalid_email'],
    ['jo@', 'email:invalid_email'],
    ['jo@example', 'email:invalid_email'],
    ['jo@@example.com', 'email:invalid_email'],
    ['jo bloggs@example.com', 'email:invalid_email'],
    ['jo..b@example.com', 'email:invalid_email'],
    [`${'a'.repeat(250)}@example.com`, 'email:too_long'],
    ['<script>@example.com', 'email:invalid_characters'],
    ['jo\u0000@example.com', 'email:invalid_characters'],
  ])('refuses %j', (email, code) => {
    expect(codes(validateNewsletter({ email, consent: true }))).toEqual([code])
  })

  it('requires consent to be exactly true', () => {
    for (const consent of [undefined, false, 'true', 1]) {
      expect(codes(validateNewsletter({ email: 'jo@example.com', consent }))).toEqual(['consent:consent_required'])
    }
  })

  it('refuses unexpected fields, a filled honeypot and non-objects', () => {
    expect(codes(validateNewsletter({ email: 'jo@example.com', consent: true, admin: true }))).toEqual([
      'admin:unexpected_field',
    ])
    expect(codes(validateNewsletter({ email: 'jo@example.com', consent: true, website: 'x' }))).toEqual([
      'website:spam_suspected',
    ])
    expect(codes(validateNewsletter(['jo@example.com']))).toEqual(['email:required', 'consent:consent_required'])
  })
})

describe('contact validation', () => {
  const valid = { name: 'Jo Bloggs', email: 'jo@example.com', phone: '', message: 'Where is my order?\nThanks.' }

  it('accepts a message with or without a UK phone number', () => {
    expect(validateContact(valid)).toEqual({ ok: true, value: { ...valid, phone: null } })
    expect(validateContact({ ...valid, phone: '07700 900123' }).ok).toBe(true)
    expect(validateContact({ ...valid, phone: '+44 20 7946 0123' }).ok).toBe(true)
  })

  it('names each problem', () => {
    expect(codes(validateContact({ ...valid, name: ' ' }))).toEqual(['name:required'])
    expect(codes(validateContact({ ...valid, phone: '12345' }))).toEqual(['phone:invalid_phone'])
    expect(codes(validateContact({ ...valid, phone: '+1 212 555 0100' }))).toEqual(['phone:invalid_phone'])
    expect(codes(validateContact({ ...valid, message: 'x'.repeat(2001) }))).toEqual(['message:too_long'])
    expect(codes(validateContact({ ...valid, message: 'Hi <a href="x">there</a>' }))).toEqual([
      'message:invalid_characters',
    ])
    expect(codes(validateContact({ ...valid, name: 'Jo\nBloggs' }))).toEqual(['name:invalid_characters'])
    expect(codes(validateContact({ ...valid, message: 'bell\u0007' }))).toEqual(['message:invalid_characters'])
  })

  it('lets ordinary punctuation through', () => {
    expect(validateContact({ ...valid, message: 'I paid < £100 & it’s 5 > 4 :)' }).ok).toBe(true)
  })
})
