import { renderToStaticMarkup } from 'react-dom/server'
import { CollectionHistory } from '@/components/admin/collections/collection-history'
import type { CollectionRequestRecord } from '@/collections/store'
import { getContactInboxCopy } from '@/content/loaders'

// A collection's history on its staff page, in the seed's words: staff's moves and the site's own entries.
it('reads a move as who moved it where and why, the site’s entry as its name and what it wrote, and a quote’s change in its place in time', async () => {
  const inbox = await getContactInboxCopy()
  const copy = inbox.collections
  const at = new Date('2027-03-09T15:00:00Z')
  const event = { requestId: 'r', at, actorUserId: null }
  const request = {
    createdAt: new Date('2027-03-01T09:00:00Z'),
    events: [
      {
        ...event,
        id: 1,
        actorUserId: 'u',
        actorName: 'Robin Bench',
        fromStatus: 'collected',
        toStatus: 'closed',
        reason: 'Nothing there',
      },
      {
        ...event,
        id: 2,
        actorName: 'Automatic',
        fromStatus: 'closed',
        toStatus: 'closed',
        reason: copy.closedWithoutDevices,
      },
    ],
  } as unknown as CollectionRequestRecord
  const quoteEvents = [
    {
      id: 1,
      at: new Date('2027-03-05T10:00:00Z'),
      actorName: 'Sam Grader',
      device: { make: 'Apple', model: 'iPhone 12', imei: '356938035643809' },
      valuePence: 4550,
      recycle: false,
      gradeName: 'Good',
    },
    {
      id: 2,
      at: new Date('2027-03-05T10:05:00Z'),
      actorName: 'Sam Grader',
      device: { make: 'Apple', model: 'iPhone 12', imei: '356938035643817' },
      valuePence: null,
      recycle: true,
      gradeName: 'Faulty',
    },
    // A value given before grades were: said as the devices table says it.
    {
      id: 3,
      at: new Date('2027-03-05T10:06:00Z'),
      actorName: 'Sam Grader',
      device: { make: 'Apple', model: 'iPhone 11', imei: '356938035643825' },
      valuePence: 1200,
      recycle: false,
      gradeName: null,
    },
  ]
  const payment = {
    state: 'paid',
    amountPence: 4550,
    bankLast4: '5678',
    reference: 'COL-0123456789AB',
    paidAt: new Date('2027-03-06T10:00:00Z'),
    linkIssuedAt: new Date('2027-03-05T09:00:00Z'),
    payee: { payeeCheck: 'match', payeeBankName: null, payeeReason: null },
    events: [
      { id: 1, at: new Date('2027-03-05T12:00:00Z'), action: 'bank-details', actorName: 'Acme Ltd', reason: null },
      { id: 2, at: new Date('2027-03-06T10:00:00Z'), action: 'pay', actorName: 'Morgan Manager', reason: null },
      {
        id: 3,
        at: new Date('2027-03-06T10:00:00Z'),
        action: 'returned',
        actorName: 'faster-payments',
        reason: 'Account closed',
      },
      { id: 4, at: new Date('2027-03-06T11:00:00Z'), action: 'new-link', actorName: 'Morgan Manager', reason: null },
      { id: 5, at: new Date('2027-03-06T12:00:00Z'), action: 'paid', actorName: 'Morgan Manager', reason: null },
    ],
  }
  const html = renderToStaticMarkup(
    <CollectionHistory
      copy={copy}
      paymentCopy={inbox.collectionPayment}
      request={request}
      quoteEvents={quoteEvents}
      payment={payment}
    />,
  )
  expect(html).toContain('Acme Ltd gave bank details for payment')
  expect(html).toContain('Morgan Manager sent the payment')
  expect(html).toContain('faster-payments sent the payment back: Account closed')
  expect(html).toContain('Morgan Manager e-mailed the business a new bank details link')
  expect(html).toContain('Paid £45.50 by bank transfer, reference COL-0123456789AB')
  const valued = 'Sam Grader valued Apple iPhone 12 (356938035643809) at £45.50, graded Good'
  expect(html).toContain(valued)
  expect(html).toContain('Sam Grader marked Apple iPhone 12 (356938035643817) for recycling, graded Faulty')
  expect(html).toContain(`Sam Grader valued Apple iPhone 11 (356938035643825) at £12.00, graded ${copy.gradeNone}`)
  // Before the close of the 9th: the history is one line of time, whichever table an entry is in.
  expect(html.indexOf(valued)).toBeLessThan(html.indexOf('Robin Bench moved it'))
  expect(html).toContain('Robin Bench moved it from Collected to Closed: Nothing there')
  expect(html).toContain(`Automatic: ${copy.closedWithoutDevices}`)
  expect(html).not.toContain('from Closed to Closed')
})
