import { randomUUID } from 'node:crypto'
import { and, eq, inArray, lt, notInArray } from 'drizzle-orm'
import { parseContactSearch } from '@/contact/search'
import {
  contactMessagesOf,
  eraseContactMessagesOf,
  getContactMessage,
  listContactMessages,
  purgeEndedContactMessages,
  recordContactMessage,
  setContactStatus,
} from '@/contact/store'
import type { ContactMailContext } from '@/contact/mail'
import type { EmailCopy } from '@/content/types'
import type { Db } from '@/db/connection'
import { contactMessage, contactMessageEvent, emailOutbox, user } from '@/db/schema'
import type { ContactInput } from '@/contact/validation'
import { seedWithFacts } from '../../support/seed-facts'
import { withFileDatabase } from '../../support/test-database'

let db: Db
withFileDatabase((opened) => (db = opened))

const DAY = 24 * 60 * 60 * 1000
const BUSINESS = 'hello@example.co.uk'
const mail: ContactMailContext = {
  // The seed's own words, with its site facts written in: what a new dataset sends.
  copy: seedWithFacts('emailCopy') as EmailCopy,
  to: BUSINESS,
  origin: 'https://shop.example',
}

// Each test's messages carry a word of their own, so they can be listed apart from the others'.
const tag = () => `t${randomUUID().slice(0, 8)}`
const message = (over: Partial<ContactInput> = {}): ContactInput => ({
  name: 'Jo Bloggs',
  email: `jo.${tag()}@example.com`,
  phone: null,
  message: 'Has my parcel arrived?',
  ...over,
})
const record = (input: ContactInput, at = new Date()) => recordContactMessage(db, input, mail, at)

async function staffMember(name: string) {
  const id = randomUUID()
  await db.insert(user).values({ id, name, email: `${id}@example.com`, role: 'staff', twoFactorEnabled: true })
  return { userId: id, name }
}

const outboxOf = (id: string) => db.select().from(emailOutbox).where(eq(emailOutbox.contactMessageId, id))

describe('recording a contact message', () => {
  it('stores it, address lower-cased, and queues one e-mail to the business that replies to the sender', async () => {
    const input = message({ email: 'Jo.Bloggs@Example.COM', phone: '020 7946 0123', message: 'Line one\nLine two' })
    const id = await record(input)

    const stored = await getContactMessage(db, id)
    expect(stored).toMatchObject({
      name: 'Jo Bloggs',
      email: 'jo.bloggs@example.com',
      phone: '020 7946 0123',
      message: 'Line one\nLine two',
      status: 'new',
      events: [],
    })
    const queued = await outboxOf(id)
    expect(queued).toHaveLength(1)
    expect(queued[0]).toMatchObject({
      kind: 'contact-received',
      toAddress: BUSINESS,
      replyTo: 'jo.bloggs@example.com',
      subject: 'Contact message from Jo Bloggs',
      status: 'pending',
    })
    const text = queued[0]!.textBody
    expect(text).toMatch(/^Hello,\n/)
    expect(text).toContain('Line one\nLine two')
    expect(text).toContain('E-mail: jo.bloggs@example.com')
    expect(text).toContain('Phone: 020 7946 0123')
    expect(text).toContain(`https://shop.example/admin/messages/${id}`)
    expect(queued[0]!.htmlBody).toContain(`href="https://shop.example/admin/messages/${id}"`)
  })

  it('says so in the content’s words when no phone number was given', async () => {
    const id = await record(message())
    const [queued] = await outboxOf(id)
    expect(queued!.textBody).toContain('Phone: not given')
  })

  it('keeps neither the message nor its e-mail when the e-mail cannot be queued', async () => {
    const input = message()
    // The outbox refuses a row with no recipient: the message's insert must be undone with it.
    const broken = { ...mail, to: null as unknown as string }
    await expect(recordContactMessage(db, input, broken)).rejects.toThrow()
    expect(await contactMessagesOf(db, input.email)).toEqual([])
  })
})

describe('the staff list', () => {
  it('lists newest first, by status or all, and finds by name, address or words, whatever their case', async () => {
    const word = tag()
    const now = Date.now()
    const older = await record(
      message({ name: `Ann ${word}`, message: 'Where is my iPhone?' }),
      new Date(now - 2 * DAY),
    )
    const newer = await record(
      message({ name: 'Sam Smith', email: `sam.${word}@example.com`, message: 'Do you buy tablets?' }),
      new Date(now - DAY),
    )
    const newest = await record(message({ name: 'Kim Lee', message: `About ${word}: a cracked screen` }), new Date(now))
    await setContactStatus(db, { id: newer, from: 'new', to: 'closed', actor: await staffMember('Robin Staff') })

    const ids = async (status: 'new' | 'answered' | 'closed' | null, typed: string) =>
      (await listContactMessages(db, { status, words: parseContactSearch(typed) })).map((row) => row.id)

    expect(await ids(null, word)).toEqual([newest, newer, older])
    expect(await ids('new', word)).toEqual([newest, older])
    expect(await ids('closed', word)).toEqual([newer])
    expect(await ids('answered', word)).toEqual([])
    // Case does not matter, and every word typed must be found somewhere in the message.
    expect(await ids(null, `${word.toUpperCase()} IPHONE`)).toEqual([older])
    expect(await ids(null, `SAM.${word}`)).toEqual([newer])
    expect(await ids(null, `  kim   ${word}  `)).toEqual([newest])
    expect(await ids(null, `${word} nothing-like-this`)).toEqual([])

    const [row] = await listContactMessages(db, { words: [word, 'cracked'] })
    expect(row).toMatchObject({
      id: newest,
      name: 'Kim Lee',
      status: 'new',
      excerpt: `About ${word}: a cracked screen`,
    })
  })

  it('treats % and _ in a search as themselves', async () => {
    const word = tag()
    const percent = await record(message({ message: `${word} is 100% scratched` }))
    await record(message({ message: `${word} is 100 scratched` }))
    expect((await listContactMessages(db, { words: parseContactSearch(`${word} 100%`) })).map((r) => r.id)).toEqual([
      percent,
    ])
    expect(await listContactMessages(db, { words: parseContactSearch(`${word} _00`) })).toEqual([])
  })

  it('reads the search box as words, ignoring spaces and repeats; nothing typed is no filter', () => {
    expect(parseContactSearch('  Where   IS  where ')).toEqual(['where', 'is'])
    expect(parseContactSearch('   ')).toBeNull()
    expect(parseContactSearch(undefined)).toBeNull()
  })
})

describe('changing a message’s status', () => {
  it('moves it from the status seen, and records who and when', async () => {
    const id = await record(message())
    const robin = await staffMember('Robin Staff')
    const at = new Date('2026-03-02T10:15:00Z')

    expect(await setContactStatus(db, { id, from: 'new', to: 'answered', actor: robin }, at)).toEqual({ ok: true })

    const stored = (await getContactMessage(db, id))!
    expect(stored.status).toBe('answered')
    expect(stored.statusChangedAt).toEqual(at)
    expect(stored.events).toEqual([
      expect.objectContaining({
        messageId: id,
        at,
        actorUserId: robin.userId,
        actorName: 'Robin Staff',
        fromStatus: 'new',
        toStatus: 'answered',
      }),
    ])
  })

  it('changes nothing from a stale status: a concurrent change is reported, not overwritten', async () => {
    const id = await record(message())
    const [first, second] = [await staffMember('Robin Staff'), await staffMember('Morgan Manager')]
    await setContactStatus(db, { id, from: 'new', to: 'answered', actor: first })

    // The second saw it new, and wants it closed: it is answered now, and stays so.
    const stale = await setContactStatus(db, { id, from: 'new', to: 'closed', actor: second })
    expect(stale).toEqual({ ok: false, code: 'moved', status: 'answered' })
    const stored = (await getContactMessage(db, id))!
    expect(stored.status).toBe('answered')
    expect(stored.events.map((event) => event.actorName)).toEqual(['Robin Staff'])
  })

  it('makes a form sent twice at once change the status once', async () => {
    const id = await record(message())
    const robin = await staffMember('Robin Staff')
    const change = { id, from: 'new', to: 'closed', actor: robin } as const
    const results = await Promise.all([setContactStatus(db, change), setContactStatus(db, change)])
    expect(results).toContainEqual({ ok: true })
    expect(results).toContainEqual({ ok: false, code: 'moved', status: 'closed' })
    expect((await getContactMessage(db, id))!.events).toHaveLength(1)
  })

  it('refuses a move the statuses do not allow, and a message that does not exist', async () => {
    const id = await record(message())
    const robin = await staffMember('Robin Staff')
    await setContactStatus(db, { id, from: 'new', to: 'closed', actor: robin })
    expect(await setContactStatus(db, { id, from: 'closed', to: 'answered', actor: robin })).toEqual({
      ok: false,
      code: 'notAllowed',
    })
    expect(await setContactStatus(db, { id, from: 'closed', to: 'closed', actor: robin })).toEqual({
      ok: false,
      code: 'notAllowed',
    })
    expect((await getContactMessage(db, id))!.events).toHaveLength(1)
    // Reopening is allowed.
    expect(await setContactStatus(db, { id, from: 'closed', to: 'new', actor: robin })).toEqual({ ok: true })

    const missing = { id: randomUUID(), from: 'new', to: 'answered', actor: robin } as const
    expect(await setContactStatus(db, missing)).toEqual({ ok: false, code: 'notFound' })
    expect(await setContactStatus(db, { ...missing, id: 'not-a-uuid' })).toEqual({ ok: false, code: 'notFound' })
    expect(await getContactMessage(db, 'not-a-uuid')).toBeNull()
  })

  it('keeps the history with the staff member’s name once their account is gone', async () => {
    const id = await record(message())
    const robin = await staffMember('Robin Staff')
    await setContactStatus(db, { id, from: 'new', to: 'answered', actor: robin })
    await db.delete(user).where(eq(user.id, robin.userId))
    expect((await getContactMessage(db, id))!.events).toEqual([
      expect.objectContaining({ actorUserId: null, actorName: 'Robin Staff' }),
    ])
  })
})

describe('deleting messages after the period', () => {
  it('deletes only messages answered or closed longer ago than the period, with their history and e-mail', async () => {
    const now = new Date()
    const ago = (days: number) => new Date(now.getTime() - days * DAY)
    const robin = await staffMember('Robin Staff')
    const closedAt = async (days: number, received = days + 1) => {
      const id = await record(message(), ago(received))
      await setContactStatus(db, { id, from: 'new', to: 'closed', actor: robin }, ago(days))
      return id
    }
    const expired = await closedAt(91)
    const recent = await closedAt(89)
    // Received long ago and closed only lately: the period runs from the closing.
    const lateClosed = await closedAt(2, 400)
    // Answered is an end too: the privacy policy keeps a conversation the same days after our answer.
    const answered = await record(message(), ago(400))
    await setContactStatus(db, { id: answered, from: 'new', to: 'answered', actor: robin }, ago(300))
    const answeredLately = await record(message(), ago(400))
    await setContactStatus(db, { id: answeredLately, from: 'new', to: 'answered', actor: robin }, ago(10))
    // Never answered: it waits for us, however old.
    const untouched = await record(message(), ago(400))
    const all = [expired, recent, lateClosed, answered, answeredLately, untouched]

    // Other tests here leave an answer dated in March: it is due as well.
    const othersDue = await db.$count(
      contactMessage,
      and(
        inArray(contactMessage.status, ['answered', 'closed']),
        lt(contactMessage.statusChangedAt, ago(90)),
        notInArray(contactMessage.id, all),
      ),
    )
    expect(await purgeEndedContactMessages(db, 90, now)).toBe(2 + othersDue)

    const left = await db.select({ id: contactMessage.id }).from(contactMessage).where(inArray(contactMessage.id, all))
    expect(left.map((row) => row.id).sort()).toEqual([recent, lateClosed, answeredLately, untouched].sort())
    expect(await outboxOf(expired)).toEqual([])
    expect(await db.select().from(contactMessageEvent).where(eq(contactMessageEvent.messageId, expired))).toEqual([])
    // The others keep theirs.
    expect(await outboxOf(recent)).toHaveLength(1)
    expect(await db.select().from(contactMessageEvent).where(eq(contactMessageEvent.messageId, recent))).toHaveLength(1)
    // Again: nothing more is due.
    expect(await purgeEndedContactMessages(db, 90, now)).toBe(0)
    // A shorter period set in the content takes the recent one too.
    expect(await purgeEndedContactMessages(db, 30, now)).toBe(1)
    // And five days, the one answered ten days ago (the one closed two days ago stays).
    expect(await purgeEndedContactMessages(db, 5, now)).toBe(1)
    const kept = await db.select({ id: contactMessage.id }).from(contactMessage).where(inArray(contactMessage.id, all))
    expect(kept.map((row) => row.id).sort()).toEqual([lateClosed, untouched].sort())
  })
})

describe('a person’s messages, for their data download and deletion', () => {
  it('finds and erases every message sent with the address, whatever its case, keeping everyone else’s', async () => {
    const address = `Pat.${tag()}@Example.com`
    const first = await record(message({ email: address, message: 'First' }), new Date(Date.now() - DAY))
    const second = await record(message({ email: address.toLowerCase(), message: 'Second' }))
    const other = await record(message())
    await setContactStatus(db, { id: second, from: 'new', to: 'answered', actor: await staffMember('Robin Staff') })

    const found = await contactMessagesOf(db, address.toUpperCase())
    expect(found.map((row) => [row.id, row.message])).toEqual([
      [first, 'First'],
      [second, 'Second'],
    ])

    const erased = await db.transaction((tx) => eraseContactMessagesOf(tx, address))
    expect(erased).toBe(2)
    expect(await contactMessagesOf(db, address)).toEqual([])
    expect(await outboxOf(first)).toEqual([])
    expect(await db.select().from(contactMessageEvent).where(eq(contactMessageEvent.messageId, second))).toEqual([])
    expect(await getContactMessage(db, other)).not.toBeNull()
    expect(await eraseContactMessagesOf(db, address)).toBe(0)
  })
})
