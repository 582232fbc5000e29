import { validateCollectionRequest } from '@/collections/validation'

const filled = {
  organisation: 'Acme Trading Ltd',
  contactName: ' Jo  Bloggs ',
  email: 'Jo@Example.COM',
  phone: '0113 496 0000',
  address: 'Unit 4, Mill Lane\nLeeds',
  postcode: 'ls14ab',
  deviceCount: ' 24 ',
  devices: '20 iPhone 11\n4 iPad Air',
  preferredDates: 'Any Tuesday',
  sicCode: '',
}
const problems = (body: Record<string, unknown>, minimum = 20) => {
  const checked = validateCollectionRequest(body, minimum)
  return checked.ok ? [] : checked.errors
}

describe('the business collection form’s rules', () => {
  it('takes a full request, trimmed, its postcode and count as kept', () => {
    expect(validateCollectionRequest(filled, 20)).toEqual({
      ok: true,
      value: {
        ...filled,
        contactName: 'Jo Bloggs',
        email: 'Jo@example.com',
        postcode: 'LS1 4AB',
        deviceCount: 24,
        sicCode: null,
      },
    })
  })

  it('takes a SIC code of five digits (spaces dropped) for the waste transfer note, or none, and refuses anything else', () => {
    const kept = (sicCode: string) => {
      const checked = validateCollectionRequest({ ...filled, sicCode }, 20)
      return checked.ok ? checked.value.sicCode : checked.errors
    }
    expect(kept('62020')).toBe('62020')
    expect(kept(' 620 20 ')).toBe('62020')
    expect(kept('')).toBeNull()
    for (const wrong of ['6202', '620201', 'ABCDE', '62O20', '62020<'])
      expect(kept(wrong)).toEqual([{ field: 'sicCode', code: 'sicCodeInvalid' }])
  })

  it('names each empty field with its own problem, in the order of the form', () => {
    expect(problems({})).toEqual([
      { field: 'organisation', code: 'organisationMissing' },
      { field: 'contactName', code: 'contactNameMissing' },
      { field: 'email', code: 'emailInvalid' },
      { field: 'phone', code: 'phoneInvalid' },
      { field: 'address', code: 'addressMissing' },
      { field: 'postcode', code: 'postcodeInvalid' },
      { field: 'deviceCount', code: 'deviceCountInvalid' },
      { field: 'devices', code: 'devicesMissing' },
      { field: 'preferredDates', code: 'preferredDatesMissing' },
    ])
  })

  it.each([
    ['19', 'deviceCountTooFew'],
    ['twenty', 'deviceCountInvalid'],
    ['20.5', 'deviceCountInvalid'],
    ['-20', 'deviceCountInvalid'],
    ['9999999', 'deviceCountInvalid'],
  ])('refuses %s devices (%s) and takes the minimum itself', (deviceCount, code) => {
    expect(problems({ ...filled, deviceCount })).toEqual([{ field: 'deviceCount', code }])
    expect(problems({ ...filled, deviceCount: '20' })).toEqual([])
  })

  it('refuses markup, a long list, a wrong postcode or phone, a robot and a stray field', () => {
    expect(problems({ ...filled, organisation: '<b>Acme</b>' })).toEqual([{ field: 'organisation', code: 'plainText' }])
    expect(problems({ ...filled, devices: 'x'.repeat(2001) })).toEqual([{ field: 'devices', code: 'tooLong' }])
    expect(problems({ ...filled, postcode: 'SW1A 1A' })).toEqual([{ field: 'postcode', code: 'postcodeInvalid' }])
    expect(problems({ ...filled, phone: '12345' })).toEqual([{ field: 'phone', code: 'phoneInvalid' }])
    expect(problems({ ...filled, website: 'http://spam.example' })).toEqual([{ field: 'website', code: 'spam' }])
    expect(problems({ ...filled, admin: 'yes' })).toEqual([{ field: 'admin', code: 'spam' }])
  })
})
