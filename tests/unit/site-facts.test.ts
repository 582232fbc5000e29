import { siteFactsFrom, withSiteFacts, type SiteFactSource } from '@/content/site-facts'

const source: SiteFactSource = {
  settings: {
    productName: 'Handback',
    contactPhone: '020 7946 0123',
    contactEmail: 'hello@example.co.uk',
    postalAddress: 'Handback Returns\nUnit 4 Example Trade Park\n\nLondon\nE1 6AN',
    paymentCutoff: '14:00',
    openingHours: {
      template: '{opens} to {closes}, {fromDay} to {toDay}',
      periods: [
        { fromDay: 'Monday', toDay: 'Friday', opens: '10:00', closes: '17:00' },
        { fromDay: 'Saturday', toDay: 'Saturday', opens: '09:30', closes: '12:00' },
      ],
    },
    reviewRating: { siteName: 'Trustpilot', score: 4.5, reviewCount: 12345 },
  },
  priceHoldDays: 14,
  basketLimit: 10,
  collectionMinimum: 20,
  revisedOfferDays: 7,
  quarantineDays: 28,
  bankDetailsDays: 30,
  recordYears: 6,
  identityPhotoDays: 14,
  astrayDays: 5,
  contactKeepDays: 90,
  collectionContactYears: 2,
  unanswered: {
    lapsedOffer: 'accept',
    unansweredAccept: 'we accept the new price for you and pay it',
    unansweredReturn: 'we send the device back to you free',
  },
}
const facts = siteFactsFrom(source)

describe('site facts', () => {
  it('writes each fact as a visitor reads it', () => {
    expect(facts).toEqual({
      productName: 'Handback',
      phone: '020 7946 0123',
      email: 'hello@example.co.uk',
      openingHours: '10am to 5pm, Monday to Friday; 9:30am to 12pm, Saturday to Saturday',
      postalAddress: 'Handback Returns, Unit 4 Example Trade Park, London, E1 6AN',
      paymentCutoff: '2pm',
      reviewSite: 'Trustpilot',
      reviewScore: '4.5',
      reviewCount: '12,345',
      holdDays: '14',
      offerDays: '7',
      quarantineDays: '28',
      maxDevices: '10',
      collectionMinimum: '20',
      bankDetailsDays: '30',
      recordYears: '6',
      identityPhotoDays: '14',
      unansweredOffer: 'we accept the new price for you and pay it',
      payoutHoldHours: '24',
      contactKeepDays: '90',
      collectionContactYears: '2',
      astrayDays: '5',
    })
  })

  it('says the one rule for an unanswered device in the words the CMS gives the rule chosen', () => {
    const returning: SiteFactSource = { ...source, unanswered: { ...source.unanswered, lapsedOffer: 'return' } }
    expect(siteFactsFrom(returning).unansweredOffer).toBe('we send the device back to you free')
  })

  it('fills {placeholders} in every string of the content, and leaves the ones it does not know', () => {
    const copy = {
      title: 'Call {phone}',
      nested: [{ _key: 'a', text: 'Held for {holdDays} days, order {reference}' }],
      count: 3,
      none: null,
    }
    expect(withSiteFacts(copy, facts)).toEqual({
      title: 'Call 020 7946 0123',
      nested: [{ _key: 'a', text: 'Held for 14 days, order {reference}' }],
      count: 3,
      none: null,
    })
    expect(copy.title).toBe('Call {phone}')
  })

  it('gives a rich-text site fact its text, and a link for the phone and the e-mail', () => {
    const block = {
      _type: 'block',
      children: [
        { _type: 'span', _key: 's1', text: 'Call ' },
        { _type: 'siteFact', _key: 'f1', fact: 'phone' },
        { _type: 'span', _key: 's2', text: ' or write to ' },
        { _type: 'siteFact', _key: 'f2', fact: 'email' },
        { _type: 'siteFact', _key: 'f3', fact: 'reviewCount' },
      ],
    }
    expect(withSiteFacts(block, facts).children.slice(1)).toEqual([
      { _type: 'siteFact', _key: 'f1', fact: 'phone', text: '020 7946 0123', href: 'tel:02079460123' },
      { _type: 'span', _key: 's2', text: ' or write to ' },
      {
        _type: 'siteFact',
        _key: 'f2',
        fact: 'email',
        text: 'hello@example.co.uk',
        href: 'mailto:hello@example.co.uk',
      },
      { _type: 'siteFact', _key: 'f3', fact: 'reviewCount', text: '12,345', href: null },
    ])
  })
})
