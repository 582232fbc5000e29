import { mkdtempSync, readFileSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { sellerOrder } from '@/db/schema'
import { ordersDueReduction, reduceOrder } from '@/orders/moves/retention'
import { eraseAccount } from '@/your-data/erasure'
import { exportAccountData } from '@/your-data/export'
import type { Db } from '@/db/connection'
import { withFileDatabase } from '../../support/test-database'
import { addPerson, findAnywhere, personalValues, type Person } from '../../support/personal-data-fixture'

let db: Db
withFileDatabase((opened) => (db = opened))

// The outbox folder is the test file's own, like its database.
const home = mkdtempSync(path.join(tmpdir(), 'account-data-'))
const outboxFolder = path.join(home, 'outbox')

const filesText = () =>
  readdirSync(outboxFolder)
    .map((file) => readFileSync(path.join(outboxFolder, file), 'utf8'))
    .join('\n')

describe('"Download my data"', () => {
  let pat: Person
  let other: Person
  beforeAll(async () => {
    pat = await addPerson(db, { label: 'pat', outboxFolder })
    other = await addPerson(db, { label: 'other', outboxFolder })
  })

  it('holds the account, its sessions and every detail of every order', async () => {
    const data = await exportAccountData(db, pat.id, { outboxFolder })
    expect(data?.account).toMatchObject({ name: pat.name, email: pat.email, emailVerified: true })
    expect(data?.account.createdAt).toBeInstanceOf(Date)
    expect(data?.sessions).toEqual([
      expect.objectContaining({ ipAddress: pat.ipAddress, userAgent: pat.userAgent, expiresAt: expect.any(Date) }),
    ])
    expect(data?.orders).toHaveLength(1)
    const [order] = data!.orders
    expect(order).toMatchObject({
      reference: pat.reference,
      status: 'returned',
      totalPence: 12_000,
      contact: {
        name: pat.name,
        email: pat.email,
        phone: pat.phone,
        addressLine1: pat.addressLine1,
        addressLine2: pat.addressLine2,
        town: pat.town,
        postcode: pat.postcode,
      },
      marketingConsent: true,
      termsRevision: 'terms-2026-01',
      declarations: ['declareAge', 'declareOwner', 'declareWiped', 'declareTerms'],
      returnTracking: pat.returnTracking,
      payout: { method: 'bank', accountNumberEnding: pat.payoutLast4 },
    })
    expect(order?.devices).toEqual([
      expect.objectContaining({
        device: 'Apple iPhone 13 128GB',
        gradeChosen: 'Good',
        pricePence: 12_000,
        check: {
          gradeFound: 'Fair',
          imei: pat.imei,
          notes: pat.checkNotes,
          answers: [
            {
              question: 'screen',
              questionText: 'Screen',
              answer: 'heavy',
              answerText: 'Heavy scratches',
              effect: 'cap',
            },
          ],
          register: 'pass',
          registerCertificate: pat.registerCertificate,
          registerCheckedAt: new Date('2026-01-05T10:00:00Z'),
          cautionClearedAt: new Date('2026-01-05T11:00:00Z'),
          cautionClearedReason: `${pat.checkNotes} looked up`,
          cautionClearedCertificate: pat.registerCertificate,
        },
        revisedPricePence: 9_000,
        revisedReason: pat.revisedReason,
      }),
    ])
    expect(order?.history.map((event) => [event.action, event.reason])).toEqual([
      ['place', null],
      ['receive', pat.eventReason],
      ['return', null],
    ])
  })

  it('holds the e-mails sent to the person, from the outbox and its folder, with their links disarmed', async () => {
    const data = await exportAccountData(db, pat.id, { outboxFolder })
    const subjects = data!.emails.map((mail) => `${mail.source}: ${mail.subject}`).sort()
    expect(subjects).toEqual([
      // Forwarded to us, with their address to reply to.
      `database: Confirm your sign-up`,
      `database: Contact message from ${pat.name}`,
      `database: Reset your password`,
      // Their business collection's acknowledgement.
      `database: We have your collection request for 25 devices`,
      `database: Your device is on its way back – ${pat.reference}`,
      `file: Reset your password`,
      `file: Your device is on its way back – ${pat.reference}`,
    ])
    const reset = data!.emails.find((mail) => mail.source === 'file' && mail.subject === 'Reset your password')
    expect(reset?.to).toContain(pat.email)
    expect(reset?.text).toContain(`Hello ${pat.name}`)
    // A download is no way round the password: a link that signs in or resets is not handed out.
    expect(JSON.stringify(data)).not.toContain(pat.resetLinkToken)
  })

  it('holds the subscriptions and the contact message sent with the address, with what staff did', async () => {
    const data = await exportAccountData(db, pat.id, { outboxFolder })
    expect(data?.subscriptions).toEqual([
      expect.objectContaining({ topic: 'newsletter', modelId: null, email: pat.email, confirmedAt: expect.any(Date) }),
      expect.objectContaining({ topic: 'price-alert', modelId: 'model-iphone-13', lastAlertedAt: expect.any(Date) }),
    ])
    expect(data?.contactMessages).toEqual([
      expect.objectContaining({
        name: pat.name,
        phone: pat.phone,
        message: pat.contactMessage,
        history: [expect.objectContaining({ fromStatus: 'new', toStatus: 'answered' })],
      }),
    ])
    // Who answered is the staff member's to know, not the download's.
    expect(JSON.stringify(data?.contactMessages)).not.toContain('Sam Staff')
    expect(data?.emails.find((mail) => mail.subject.startsWith('Contact message'))?.replyTo).toBe(pat.email)
  })

  it("holds nothing of anyone else's, and no secret: password hash, session token, sealed bank details", async () => {
    const json = JSON.stringify(await exportAccountData(db, pat.id, { outboxFolder }))
    for (const value of personalValues(other)) expect(json).not.toContain(value)
    for (const secret of [pat.passwordHash, pat.sessionToken, pat.resetToken, pat.payoutSealed]) {
      expect(json).not.toContain(secret)
    }
  })

  it('gives an account whose address is not verified nothing found by that address alone', async () => {
    const owner = await addPerson(db, { label: 'owner', guest: true, outboxFolder })
    const impostor = await addPerson(db, {
      label: 'impostor',
      verified: false,
      email: owner.email,
      forms: false,
      outboxFolder,
    })
    const data = await exportAccountData(db, impostor.id, { outboxFolder })
    // Its own order, and that order's e-mails...
    expect(data?.orders.map((order) => order.reference)).toEqual([impostor.reference])
    expect(data?.emails.map((mail) => mail.subject)).toEqual([
      `Your device is on its way back – ${impostor.reference}`,
      `Your device is on its way back – ${impostor.reference}`,
    ])
    // ...but nothing anyone sent with the address: it may be someone else's, like the owner's.
    expect(data).toMatchObject({ subscriptions: [], contactMessages: [] })
    const json = JSON.stringify(data)
    for (const value of [owner.reference, owner.name, owner.imei, owner.contactMessage]) {
      expect(json).not.toContain(value)
    }
  })

  it('answers null for an unknown account', async () => {
    await expect(exportAccountData(db, 'nobody', { outboxFolder })).resolves.toBeNull()
  })
})

describe('"Delete my account"', () => {
  it('leaves no personal value in any column of any table or the outbox folder', async () => {
    const sid = await addPerson(db, { label: 'sid', outboxFolder })
    const other = await addPerson(db, { label: 'other', outboxFolder })
    expect(await findAnywhere(db, personalValues(sid))).not.toEqual([])

    await expect(eraseAccount(db, sid.id, { outboxFolder })).resolves.toBe(true)

    expect(await findAnywhere(db, personalValues(sid))).toEqual([])
    for (const value of personalValues(sid)) {
      expect(filesText()).not.toContain(value)
    }
    // The same search still finds the other person everywhere: it would have found the first.
    const others = await findAnywhere(db, [other.email, other.imei, other.eventReason, other.returnTracking])
    expect(new Set(others.map((hit) => hit.split(':')[0]))).toEqual(
      new Set([
        'user',
        'seller_order',
        'order_item',
        'order_event',
        'email_outbox',
        'subscription',
        'contact_message',
        'collection_request',
      ]),
    )
    expect(filesText()).toContain(other.email)
  })

  it('keeps the sale for HMRC: reference, dates, amounts, device and grades, and nothing else of the seller', async () => {
    const tia = await addPerson(db, { label: 'tia', outboxFolder })
    await eraseAccount(db, tia.id, { outboxFolder })
    const data = JSON.stringify(await findAnywhere(db, [tia.reference]))
    expect(data).toContain('seller_order')
    const { rows } = (await db.execute(
      `select o.reference, o.status, o.total_pence, o.placed_at is not null as dated, o.declarations, o.marketing_consent,
              i.device, i.grade_name, i.found_grade_name, i.price_pence, i.revised_price_pence, i.imei, i.check_notes,
              i.revised_reason, o.return_tracking, o.request_hash, o.idempotency_key
         from seller_order o join order_item i on i.order_id = o.id where o.reference = '${tia.reference}'`,
    )) as unknown as { rows: unknown[] }
    expect(rows).toEqual([
      {
        reference: tia.reference,
        status: 'returned',
        total_pence: 12_000,
        dated: true,
        declarations: [],
        marketing_consent: false,
        device: 'Apple iPhone 13 128GB',
        grade_name: 'Good',
        found_grade_name: 'Fair',
        price_pence: 12_000,
        revised_price_pence: 9_000,
        imei: null,
        check_notes: null,
        revised_reason: null,
        return_tracking: null,
        request_hash: null,
        idempotency_key: null,
      },
    ])
  })

  it.each(['paid', 'closed'])(
    'keeps a %s order for the law’s records: the name, address and IMEI until the record period ends, nothing else',
    async (status) => {
      const ava = await addPerson(db, { label: `ava-${status}`, outboxFolder })
      const [order] = await db
        .update(sellerOrder)
        .set({ status })
        .where(eq(sellerOrder.reference, ava.reference))
        .returning({ id: sellerOrder.id })
      await expect(eraseAccount(db, ava.id, { outboxFolder })).resolves.toBe(true)

      const record = async () => {
        const { rows } = (await db.execute(
          `select o.name, o.address_line1, o.address_line2, o.town, o.postcode, i.imei
             from seller_order o join order_item i on i.order_id = o.id where o.reference = '${ava.reference}'`,
        )) as unknown as { rows: unknown[] }
        return rows
      }
      // The purchase register and the stock book name the seller and the device; the police ask by IMEI.
      expect(await record()).toEqual([
        {
          name: ava.name,
          address_line1: ava.addressLine1,
          address_line2: ava.addressLine2,
          town: ava.town,
          postcode: ava.postcode,
          imei: ava.imei,
        },
      ])
      // Everything else of theirs is gone at once: the account, e-mail, phone, bank details, notes, mail.
      // (The tag alone is left out of the search: the kept name and address carry it.)
      const kept = [ava.name, ava.addressLine1, ava.addressLine2, ava.town, ava.postcode, ava.imei, ava.tag]
      const rest = personalValues(ava).filter((value) => !kept.includes(value))
      expect(await findAnywhere(db, rest)).toEqual([])
      // Then retention takes the name, address and IMEI too, once the record period has ended.
      const ended = new Date(Date.UTC(2033, 5, 1))
      expect(await ordersDueReduction(db, new Date(Date.UTC(2031, 5, 1)), 6)).not.toContain(order!.id)
      expect(await ordersDueReduction(db, ended, 6)).toContain(order!.id)
      await expect(reduceOrder(db, order!.id, ended)).resolves.toBe(true)
      expect(await record()).toEqual([
        { name: null, address_line1: null, address_line2: null, town: null, postcode: null, imei: null },
      ])
    },
  )

  it("erases an unverified account's own orders and mail, and leaves the address owner's", async () => {
    const owner = await addPerson(db, { label: 'owner', guest: true, outboxFolder })
    const impostor = await addPerson(db, {
      label: 'impostor',
      verified: false,
      email: owner.email,
      forms: false,
      outboxFolder,
    })

    await expect(eraseAccount(db, impostor.id, { outboxFolder })).resolves.toBe(true)

    const impostors = personalValues(impostor).filter((value) => value !== owner.email)
    expect(await findAnywhere(db, impostors)).toEqual([])
    for (const value of impostors) expect(filesText()).not.toContain(value)
    // The owner's guest order, its e-mails and the owner's sign-up are not the impostor's to erase.
    const owners = await findAnywhere(db, [owner.reference, owner.imei, owner.name, owner.contactMessage])
    expect(new Set(owners.map((hit) => hit.split(':')[0]))).toEqual(
      new Set(['seller_order', 'order_item', 'email_outbox', 'contact_message', 'collection_request']),
    )
    // Both the owner's subscriptions, newsletter and price alert.
    const tokens = [`hash-${owner.tag}-newsletter`, `hash-${owner.tag}-alert`]
    expect(await findAnywhere(db, tokens)).toEqual(tokens.map((token) => `subscription: ${token}`))
    expect(filesText()).toContain(owner.reference)
  })
})
