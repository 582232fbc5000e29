import { readSeed, type Doc } from '../support/seed-copy'
import { seedWithFacts } from '../support/seed-facts'
import { studioValidationErrors } from '../support/studio-validation'

/**
 * Facts that belong to the business are stored once and referred to everywhere else, so an editor
 * who changes one changes the whole site. These checks keep the seed (what every new dataset
 * starts from) that way.
 */
const seed = readSeed()
const settings = seed.find((doc) => doc._id === 'siteSettings') as Doc & {
  productName: string
  contactPhone: string
  contactEmail: string
  reviewRating: { reviewCount: number }
}

// Where each fact is stored; anywhere else it is a copy that an edit would leave behind.
const SOURCES = new Set([
  'siteSettings.productName',
  'siteSettings.contactPhone',
  'siteSettings.contactEmail',
  'siteSettings.postalAddress',
])

function literals(docs: Doc[]): string[] {
  const count = settings.reviewRating.reviewCount
  const facts: Array<[string, string]> = [
    ['phone', settings.contactPhone],
    ['phone', settings.contactPhone.replace(/\s/g, '')],
    ['e-mail', settings.contactEmail],
    ['product name', settings.productName],
    ['review count', count.toLocaleString('en-GB')],
    ['review count', String(count)],
  ]
  const found: string[] = []
  const walk = (value: unknown, at: string) => {
    if (typeof value === 'string') {
      if (SOURCES.has(at)) return
      for (const [fact, literal] of facts) if (value.includes(literal)) found.push(`${at}: the ${fact} "${literal}"`)
    } else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${at}[${(item as Doc)?._key ?? i}]`))
    else if (value && typeof value === 'object')
      for (const [key, child] of Object.entries(value)) if (key !== '_key') walk(child, `${at}.${key}`)
  }
  for (const doc of docs)
    for (const [key, value] of Object.entries(doc)) if (key !== '_id') walk(value, `${doc._id}.${key}`)
  return found
}

const withPage = (id: string, change: (doc: Doc) => Doc) => seed.map((doc) => (doc._id === id ? change(doc) : doc))

describe('facts in the seed', () => {
  it('writes no settings value out as a literal outside Site settings', () => {
    expect(literals(seed)).toEqual([])
  })

  // The check must be able to fail, or the test above proves nothing.
  it('finds a phone number typed into page copy, and the review count typed into a label', () => {
    const planted = withPage('page-about', (doc) => ({ ...doc, intro: `Call us on ${settings.contactPhone}.` }))
    expect(literals(planted)).toEqual([`page-about.intro: the phone "${settings.contactPhone}"`])
    const count = withPage('header', (doc) => ({ ...doc, search: { label: 'Read 1,770 reviews' } }))
    expect(literals(count)).toEqual(['header.search.label: the review count "1,770"'])
  })

  it('uses only placeholders the Studio accepts', () => {
    expect(studioValidationErrors(seed)).toEqual([])
  })

  it('rejects an unknown placeholder as the Studio would, naming the ones that work', () => {
    const typo = withPage('page-about', (doc) => ({ ...doc, intro: 'Call {phnoe} today.' }))
    const [error, ...rest] = studioValidationErrors(typo)
    expect(rest).toEqual([])
    expect(error).toMatch(/^page-about\.intro: \{phnoe\} is not a placeholder\. Use one of: .*\{phone\}/)
  })

  it('accepts the placeholders a field names in its own description', () => {
    const email = seed.find((doc) => doc._id === 'emailCopy') as Doc & { orderConfirmation: { subject: string } }
    expect(email.orderConfirmation.subject).toContain('{reference}')
    const wrongPlace = withPage('page-about', (doc) => ({ ...doc, intro: 'Your order {reference}' }))
    expect(studioValidationErrors(wrongPlace)).toEqual([expect.stringMatching(/^page-about\.intro: \{reference\}/)])
  })
})

describe('the privacy policy’s periods', () => {
  it('names the days an unchecked identity photo is kept by the Orders → Timings number, written in', () => {
    const policy = (doc: Doc | undefined) => JSON.stringify(doc)
    const timings = (seed.find((doc) => doc._id === 'orderCopy') as Doc & { timings: { identityPhotoDays: number } })
      .timings
    expect(policy(seed.find((doc) => doc._id === 'page-privacy-policy'))).toContain(
      '{identityPhotoDays} days after you send it',
    )
    expect(policy(seedWithFacts('page-privacy-policy') as Doc)).toContain(
      `${timings.identityPhotoDays} days after you send it`,
    )
    // An editor's new number reaches the policy with no second edit.
    const edited = seed.map((doc) =>
      doc._id === 'orderCopy' ? { ...doc, timings: { ...timings, identityPhotoDays: 9 } } : doc,
    )
    expect(policy(seedWithFacts('page-privacy-policy', edited) as Doc)).toContain('9 days after you send it')
  })
})
