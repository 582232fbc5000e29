import { randomInt, randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { sendMail } from '@/mail/send'
import type { Db } from '@/db/connection'
import {
  account,
  collectionPayment,
  collectionPaymentEvent,
  collectionRequest,
  collectionRequestEvent,
  contactMessage,
  contactMessageEvent,
  manualOffer,
  emailOutbox,
  orderEvent,
  orderItem,
  orderIdentityCheck,
  orderItemPhoto,
  paymentRun,
  paymentRunDownload,
  payment,
  paymentEvent,
  paymentRunLine,
  payoutApproval,
  payoutLimit,
  payoutChangeCode,
  sellerOrder,
  session,
  staffEvent,
  subscription,
  twoFactor,
  user,
  verification,
} from '@/db/schema'
import { newReference } from '@/orders/record/references'

/**
 * A seller with something in every place the site keeps personal data: an account with sessions,
 * a password and a reset token; a finished order with contact details, bank details, devices
 * checked with IMEIs and notes, a revised offer, a return's tracking number and free-text reasons
 * in its history; its e-mails in the outbox table and as .eml files; a newsletter sign-up and a
 * contact message. Every value is the person's own (a random tag in each), so a search for them
 * after erasure finds nothing that belongs to anyone else.
 */
export type Person = Awaited<ReturnType<typeof addPerson>>

const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('')

export async function addPerson(
  db: Db,
  {
    label,
    verified = true,
    outboxFolder,
    email,
    guest = false,
    forms = true,
  }: {
    label: string
    verified?: boolean
    outboxFolder: string
    /** Another person's address, as someone signing up with it would give. */
    email?: string
    /** No account: the order is a guest's. */
    guest?: boolean
    /** Subscriptions, a contact message and a collection request with the address (false: someone else's address, unused). */
    forms?: boolean
  },
) {
  const tag = randomUUID().slice(0, 8)
  const id = randomUUID()
  const reference = newReference()
  const mail = { MAIL_OUTBOX_DIR: outboxFolder }
  const values = {
    id,
    tag,
    reference,
    name: `${label} Person${tag}`,
    email: email ?? `${label}.${tag}@example.com`,
    phone: `07700 ${digits(6)}`,
    addressLine1: `${randomInt(1, 999)} ${tag} Street`,
    addressLine2: `Flat ${tag}`,
    town: `Town${tag}`,
    postcode: `LS${randomInt(1, 29)} ${randomInt(1, 9)}AB`,
    payoutSealed: `v1.key.sealed-${tag}`,
    payoutMatch: `key.match-${tag}`,
    payoutLast4: digits(4),
    imei: digits(15),
    checkNotes: `Back glass scuffed, noticed by ${tag}`,
    registerCertificate: `SR${digits(10)}`,
    revisedReason: `Screen cracked (${tag})`,
    eventReason: `Seller ${tag} called to say it was dropped`,
    returnTracking: `RT${digits(9)}GB`,
    ipAddress: `2001:db8::${tag.slice(0, 4)}:${tag.slice(4)}`,
    userAgent: `Mozilla/5.0 (${tag})`,
    sessionToken: `session-${randomUUID()}`,
    passwordHash: `scrypt$${randomUUID()}`,
    resetToken: `reset-password:${randomUUID()}`,
    resetLinkToken: `link${tag}${digits(8)}`,
    contactMessage: `Where is my payment? (${tag})`,
  }

  if (!guest) await addAccount(db, values, verified)

  const [order] = await db
    .insert(sellerOrder)
    .values({
      reference,
      userId: guest ? null : id,
      email: values.email,
      status: 'returned',
      totalPence: 12_000,
      placedAt: new Date(Date.UTC(2026, 2, 1)),
      name: values.name,
      phone: values.phone,
      addressLine1: values.addressLine1,
      addressLine2: values.addressLine2,
      town: values.town,
      postcode: values.postcode,
      payoutSealed: values.payoutSealed,
      payoutMatch: values.payoutMatch,
      payoutLast4: values.payoutLast4,
      payeeCheck: 'close_match_accepted',
      payeeBankName: `Mr ${values.name}`,
      payeeReason: 'MBAM',
      marketingConsent: true,
      termsRevision: 'terms-2026-01',
      declarations: ['declareAge', 'declareOwner', 'declareWiped', 'declareTerms'],
      statusSince: new Date(Date.UTC(2026, 2, 12)),
      holdUntil: new Date(Date.UTC(2026, 2, 15)),
      offerDeadline: new Date(Date.UTC(2026, 2, 20)),
      offerRemindedAt: new Date(Date.UTC(2026, 2, 17)),
      returnTracking: values.returnTracking,
      payoutHeldUntil: new Date(Date.UTC(2026, 2, 10)),
      idempotencyKey: randomUUID(),
      requestHash: `hash-${tag}`,
    })
    .returning({ id: sellerOrder.id })
  const orderId = order!.id
  const [item] = await db
    .insert(orderItem)
    .values({
      orderId,
      position: 1,
      modelId: 'model-iphone-13',
      device: 'Apple iPhone 13 128GB',
      variantKey: '128gb',
      gradeKey: 'good',
      gradeName: 'Good',
      answers: { power: 'yes' },
      pricePence: 12_000,
      catalogueRevision: 'rev-1',
      foundGradeKey: 'fair',
      foundGradeName: 'Fair',
      checkAnswers: [
        { question: 'screen', questionText: 'Screen', answer: 'heavy', answerText: 'Heavy scratches', effect: 'cap' },
      ],
      imei: values.imei,
      checkNotes: values.checkNotes,
      registerResult: 'pass',
      registerCertificate: values.registerCertificate,
      registerCheckedAt: new Date('2026-01-05T10:00:00Z'),
      // A caution cleared by a manager before the register answered again: a staff account in life.
      cautionClearedAt: new Date('2026-01-05T11:00:00Z'),
      cautionClearedBy: guest ? null : id,
      cautionClearedReason: `${values.checkNotes} looked up`,
      cautionClearedCertificate: values.registerCertificate,
      revisedPricePence: 9_000,
      revisedReason: values.revisedReason,
      // A second rise asked for and not yet decided: its reason is staff's, about this seller's device.
      proposedPricePence: 9_500,
      proposedReason: `${values.revisedReason} again`,
      offerAnswer: 'decline',
      offerAnsweredAt: new Date(Date.UTC(2026, 2, 18)),
      returnTracking: values.returnTracking,
      returnedAt: new Date(Date.UTC(2026, 2, 19)),
    })
    .returning({ id: orderItem.id })
  await db.insert(orderItemPhoto).values({
    orderId,
    orderItemId: item!.id,
    contentType: 'image/webp',
    bytes: Buffer.from(`RIFF....WEBPVP8 photo of ${tag}'s phone`),
    byteSize: 42,
    width: 1600,
    height: 1200,
    // A staff member's in life; any account fills the column here.
    createdBy: guest ? null : id,
  })
  // Asked above the amount, a photo sent and not yet looked at.
  await db.insert(orderIdentityCheck).values({
    orderId,
    askedAt: new Date(Date.UTC(2026, 2, 8)),
    askedBecause: 'amount',
    tokenHash: `identity-hash-${tag}`,
    documentType: 'passport',
    image: Buffer.from(`RIFF....WEBPVP8 passport of ${tag}`),
    uploadedAt: new Date(Date.UTC(2026, 2, 8, 1)),
  })
  await db.insert(payoutChangeCode).values({
    orderId,
    codeHash: `code-hash-${tag}`,
    createdAt: new Date(Date.UTC(2026, 2, 9)),
    expiresAt: new Date(Date.UTC(2026, 2, 9, 0, 15)),
    attempts: 1,
    usedAt: new Date(Date.UTC(2026, 2, 9, 0, 5)),
  })
  // Paid once in a run that failed (their details in its sealed file), then sent back.
  const [run] = await db
    .insert(paymentRun)
    .values({
      reference: `PR-${randomUUID()}`,
      createdByName: 'A manager',
      orderCount: 1,
      totalPence: 12_000,
      fileSealed: `v1.key.run-file-${tag}`,
      fileSha256: 'f'.repeat(64),
    })
    .returning({ id: paymentRun.id })
  await db.insert(paymentRunDownload).values({ runId: run!.id, actorName: 'A manager' })
  await db.insert(paymentRunLine).values({
    runId: run!.id,
    orderId,
    amountPence: 12_000,
    state: 'failed',
    failureReason: `Account closed (${tag})`,
    settledAt: new Date(Date.UTC(2026, 2, 12)),
  })
  await db.insert(payment).values({
    orderId,
    attempt: 1,
    idempotencyKey: `${orderId}.1`,
    payer: 'faster-payments',
    amountPence: 12_000,
    reference: 'HB-PAID-0001',
    day: '2026-03-12',
    state: 'rejected',
    payerPaymentId: `pay_${randomUUID()}`,
    reason: `AC01 account closed (${tag})`,
  })
  // What the payout job keeps beside the payments: none of it names a seller.
  await db.insert(paymentEvent).values({ payer: 'faster-payments', eventId: `evt_${randomUUID()}` })
  await db.insert(payoutApproval).values({ day: '2026-03-12', amountPence: 12_000, approvedByName: 'A manager' })
  await db.insert(payoutLimit).values({ dailyPence: 2_000_000, setByName: 'A manager' }).onConflictDoNothing()

  await db.insert(orderEvent).values([
    {
      orderId,
      actor: 'seller',
      actorUserId: guest ? null : id,
      action: 'place',
      fromStatus: 'placed',
      toStatus: 'placed',
    },
    {
      orderId,
      actor: 'staff',
      action: 'receive',
      fromStatus: 'placed',
      toStatus: 'received',
      reason: values.eventReason,
    },
    { orderId, actor: 'staff', action: 'return', fromStatus: 'returning', toStatus: 'returned' },
  ])

  const orderMail = {
    to: values.email,
    subject: `Your device is on its way back – ${reference}`,
    text: `Hello ${values.name}, order ${reference} is on its way back: tracking ${values.returnTracking}.`,
    html: `<p>Hello ${values.name}, order ${reference} is on its way back.</p>`,
  }
  const resetMail = {
    to: values.email,
    subject: 'Reset your password',
    text: `Hello ${values.name}, reset it here: https://shop.example/set-new-password?token=${values.resetLinkToken}`,
    html: `<p>Hello ${values.name}</p>`,
  }
  const mails = guest ? [orderMail] : [orderMail, resetMail]
  await db.insert(emailOutbox).values(
    mails.map((message) => ({
      orderId: message === orderMail ? orderId : null,
      kind: message === orderMail ? 'returned' : 'resetPassword',
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      ...(message === orderMail ? { status: 'sent', attempts: 1, lastError: 'ECONNREFUSED', sentAt: new Date() } : {}),
    })),
  )
  for (const message of mails) await sendMail({ ...message, fromName: 'Handback' }, mail)

  if (!forms) return { ...values, orderId }
  // Subscriptions and contact messages are found by the address (stored lower-cased).
  const address = values.email.toLowerCase()
  const [newsletter] = await db
    .insert(subscription)
    .values([
      {
        topic: 'newsletter',
        email: address,
        confirmTokenHash: `hash-${tag}-newsletter`,
        confirmedAt: new Date(),
        lastAlertedAt: null,
      },
      {
        topic: 'price-alert',
        modelId: 'model-iphone-13',
        email: address,
        confirmTokenHash: `hash-${tag}-alert`,
        confirmedAt: new Date(),
        lastAlertedAt: new Date(),
      },
    ])
    .returning({ id: subscription.id })
  const [message] = await db
    .insert(contactMessage)
    .values({ name: values.name, email: address, phone: values.phone, message: values.contactMessage })
    .returning({ id: contactMessage.id })
  await db.insert(contactMessageEvent).values({
    messageId: message!.id,
    // A staff member's account in truth; the person's own here, so that the column is filled.
    actorUserId: guest ? null : id,
    actorName: 'Sam Staff',
    fromStatus: 'new',
    toStatus: 'answered',
  })
  // A business collection asked for with the address, booked by staff (the person's own account
  // here, so that the column is filled).
  const [collection] = await db
    .insert(collectionRequest)
    .values({
      organisation: `Acme Trading ${tag}`,
      contactName: values.name,
      email: address,
      phone: values.phone,
      address: `Unit 4 ${tag}, Mill Lane, Leeds`,
      postcode: 'LS1 4AB',
      deviceCount: 25,
      devices: `25 iPhone 11 ${tag}`,
      preferredDates: `Any Tuesday ${tag}`,
      sicCode: '62020',
      status: 'booked',
    })
    .returning({ id: collectionRequest.id })
  await db.insert(collectionRequestEvent).values({
    requestId: collection!.id,
    actorUserId: guest ? null : id,
    actorName: 'Sam Staff',
    fromStatus: 'requested',
    toStatus: 'booked',
    reason: `Van booked ${tag}`,
  })
  // Its payment, every column filled (a link's hash and the details it gave, which in truth are
  // never kept together), and one step of it.
  await db.insert(collectionPayment).values({
    requestId: collection!.id,
    amountPence: 16_550,
    state: 'paid',
    tokenHash: `hash-${tag}`,
    bankSealed: `v1.sealed.${tag}`,
    bankLast4: '5678',
    bankGivenAt: new Date(),
    payeeCheck: 'close_match_kept',
    payeeBankName: `Acme Trading ${tag}`,
    payeeReason: 'MBAM',
    idempotencyKey: `collection.${collection!.id}`,
    reference: 'COL-0123456789AB',
    payer: 'faster-payments',
    payerPaymentId: `p-${tag}`,
    paidAt: new Date(),
  })
  await db.insert(collectionPaymentEvent).values({
    requestId: collection!.id,
    action: 'paid',
    actorUserId: guest ? null : id,
    actorName: 'Sam Manager',
    // A return's, which a paid step has not in truth: every column filled.
    reason: 'Account closed',
    payerPaymentId: `p-${tag}`,
  })
  // A staff offer for a device not in the catalogue, accepted (its order the person's own), so
  // that every column is filled; withdrawal's name too, which an accepted offer has not in truth.
  await db.insert(manualOffer).values({
    messageId: message!.id,
    model: `Pixel Fold ${tag}`,
    pricePence: 24_000,
    reason: `as described ${tag}`,
    status: 'accepted',
    madeBy: guest ? null : id,
    madeByName: 'Sam Staff',
    expiresAt: new Date(Date.now() + 86_400_000),
    closedAt: new Date(),
    closedByName: 'Sam Staff',
    orderId,
  })
  // A staff account's record in truth (an invitation, a reset); the person's own here, so that
  // every column is filled and goes with the account.
  if (!guest) {
    await db.insert(staffEvent).values({
      userId: id,
      actor: 'manager',
      actorUserId: id,
      actorName: 'Sam Staff',
      action: 'two-step-reset',
      reason: `lost phone ${tag}`,
    })
  }
  await db.insert(emailOutbox).values([
    {
      kind: 'newsletter-confirm',
      toAddress: values.email,
      subject: 'Confirm your sign-up',
      textBody: `Confirm: https://shop.example/confirm-subscription?token=${tag}`,
      htmlBody: '<p>Confirm</p>',
      listUnsubscribe: `https://shop.example/api/unsubscribe?s=${newsletter!.id}&t=signed`,
    },
    {
      kind: 'contact-received',
      toAddress: 'hello@shop.example',
      replyTo: values.email,
      contactMessageId: message!.id,
      subject: `Contact message from ${values.name}`,
      textBody: `${values.name} wrote: ${values.contactMessage}`,
      htmlBody: `<p>${values.name} wrote</p>`,
    },
    {
      kind: 'collection-requested',
      toAddress: address,
      collectionRequestId: collection!.id,
      subject: 'We have your collection request for 25 devices',
      textBody: `Hello ${values.name}, we have your request ${tag}`,
      htmlBody: `<p>Hello ${values.name}</p>`,
    },
  ])

  return { ...values, orderId }
}

async function addAccount(
  db: Db,
  values: { id: string; tag: string; name: string; email: string } & Record<
    'passwordHash' | 'sessionToken' | 'ipAddress' | 'userAgent' | 'resetToken',
    string
  >,
  verified: boolean,
) {
  const { id } = values
  // Every column filled, even those the site does not use yet, so a test can tell each is handled.
  await db.insert(user).values({
    id,
    name: values.name,
    email: values.email,
    emailVerified: verified,
    image: `https://example.com/${values.tag}.png`,
    role: 'user',
    banned: false,
    banReason: `Warned once (${values.tag})`,
    banExpires: new Date(Date.UTC(2026, 0, 1)),
    twoFactorEnabled: true,
  })
  await db.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: values.passwordHash,
    accessToken: `access-${values.tag}`,
    refreshToken: `refresh-${values.tag}`,
    idToken: `id-${values.tag}`,
    accessTokenExpiresAt: new Date(Date.UTC(2027, 0, 1)),
    refreshTokenExpiresAt: new Date(Date.UTC(2027, 0, 1)),
    scope: `scope-${values.tag}`,
  })
  await db.insert(session).values({
    id: randomUUID(),
    token: values.sessionToken,
    userId: id,
    expiresAt: new Date(Date.UTC(2027, 0, 1)),
    ipAddress: values.ipAddress,
    userAgent: values.userAgent,
    impersonatedBy: `staff-${values.tag}`,
    recheckedAt: new Date(Date.UTC(2026, 5, 1)),
    secondFactorAt: new Date(Date.UTC(2026, 5, 1)),
  })
  await db.insert(twoFactor).values({
    id: randomUUID(),
    secret: `sealed-secret-${values.tag}`,
    backupCodes: `sealed-codes-${values.tag}`,
    userId: id,
    verified: true,
    failedVerificationCount: 1,
    lockedUntil: new Date(Date.UTC(2026, 5, 1)),
    enrolmentSessionId: `session-${values.tag}`,
    keyShownAt: new Date(Date.UTC(2026, 5, 1)),
  })
  await db
    .insert(verification)
    .values({ id: randomUUID(), identifier: values.resetToken, value: id, expiresAt: new Date(Date.UTC(2027, 0, 1)) })
}

/** The values that identify the person: none of them may be found anywhere after erasure. */
export function personalValues(person: Person): string[] {
  return [
    person.id,
    person.name,
    person.email,
    person.phone,
    person.addressLine1,
    person.addressLine2,
    person.town,
    person.payoutSealed,
    person.payoutMatch,
    person.imei,
    person.checkNotes,
    person.registerCertificate,
    person.revisedReason,
    person.eventReason,
    person.returnTracking,
    person.ipAddress,
    person.userAgent,
    person.sessionToken,
    person.passwordHash,
    person.resetToken,
    person.contactMessage,
    person.tag,
    `hash-${person.tag}`,
  ]
}

/** Every row of every table in the database that holds one of the values, as "table: value". */
export async function findAnywhere(db: Db, values: string[]): Promise<string[]> {
  const tables = await rowsOf<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )
  const found: string[] = []
  for (const { table_name: table } of tables) {
    const rows = await rowsOf<{ row: string }>(
      db,
      sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`,
    )
    for (const { row } of rows) {
      for (const value of values) if (row.toLowerCase().includes(value.toLowerCase())) found.push(`${table}: ${value}`)
    }
  }
  return found
}

export async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
