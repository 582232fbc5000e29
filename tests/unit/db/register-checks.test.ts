import { eq } from 'drizzle-orm'
import type { EmailCopy } from '@/content/types'
import type { Db } from '@/db/connection'
import { emailOutbox } from '@/db/schema'
import { moveOrder } from '@/orders/moves/move-store'
import { retryWaitingChecks } from '@/orders/moves/register-checks'
import { askRegister } from '@/register/checks'
import { getOrder, placeOrder } from '@/orders/record/store'
import type { StolenDeviceRegister } from '@/register/client'
import { sampleOrder } from '../../support/order-fixtures'
import { seedWithFacts } from '../../support/seed-facts'
import { withFileDatabase } from '../../support/test-database'
import { seedCheckoutWords } from '../../support/seed-email-loaders'

let db: Db
withFileDatabase((opened) => (db = opened))

// Signed links in the e-mails need the site's secret.
process.env.BETTER_AUTH_SECRET ??= 'register-checks-test-secret-0123456789abcdef'

const mail = {
  copy: seedWithFacts('emailCopy') as EmailCopy,
  origin: 'https://shop.example',
  reviewUrl: 'https://reviews.example/handback',
  checkout: seedCheckoutWords(),
}
const PHONE = '490154203237518'
const TABLET = 'DMPXK2ABCD12'

/** A register whose answers the test sets, device by device; unknown devices find it down. */
function fakeRegister(answers: Record<string, 'pass' | 'caution' | 'fail'>) {
  const asked: string[] = []
  const register: StolenDeviceRegister = {
    async check(deviceId) {
      asked.push(deviceId)
      const result = answers[deviceId]
      return result
        ? { ok: true, result, certificateId: `SR${deviceId.slice(-6)}0000`, checkedAt: new Date() }
        : { ok: false, reason: 'unavailable' }
    },
  }
  return { register, asked }
}

/** An order with a phone and a tablet, received and checked while the register was `answers`. */
async function checkedWhile(answers: Record<string, 'pass' | 'caution' | 'fail'>) {
  const base = sampleOrder()
  const placed = await placeOrder(
    db,
    sampleOrder({
      items: [base.items[0]!, { ...base.items[0]!, device: 'Apple iPad 9th gen 64GB', modelId: 'model-ipad-9' }],
      emails: () => [],
    }),
  )
  if (placed.kind !== 'placed') throw new Error('not placed')
  const order = (await getOrder(db, { id: placed.id }))!
  await moveOrder(db, { orderId: order.id, move: 'receive', actor: 'staff', expectedStatus: 'placed' })
  const fields = await askRegister(fakeRegister(answers).register, [PHONE, TABLET])
  await moveOrder(db, {
    orderId: order.id,
    move: 'check',
    actor: 'staff',
    expectedStatus: 'received',
    items: order.items.map((item, index) => ({
      id: item.id,
      set: { foundGradeKey: 'good', foundGradeName: 'Good', imei: [PHONE, TABLET][index]!, ...fields[index] },
    })),
  })
  return order.id
}

const mailsOf = async (orderId: string) =>
  (await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId))).map((row) => row.kind)

describe('device checks that wait for the register', () => {
  it('are recorded as waiting while the register is down, and asked again until it answers', async () => {
    const id = await checkedWhile({})
    let order = (await getOrder(db, { id }))!
    expect(order.status).toBe('checked')
    expect(order.items.map((item) => [item.foundGradeName, item.registerResult, item.registerCertificate])).toEqual([
      ['Good', 'waiting', null],
      ['Good', 'waiting', null],
    ])

    // Still down: nothing changes, nothing is sent.
    const down = fakeRegister({})
    await expect(retryWaitingChecks(db, down.register, mail)).resolves.toEqual({ answered: 0, flagged: 0 })
    expect(down.asked).toEqual(expect.arrayContaining([PHONE, TABLET]))
    expect(await mailsOf(id)).toEqual([])

    // Back for one device: that one is recorded, and "checked" waits for the other.
    await retryWaitingChecks(db, fakeRegister({ [PHONE]: 'pass' }).register, mail)
    order = (await getOrder(db, { id }))!
    expect(order.items.map((item) => item.registerResult)).toEqual(['pass', 'waiting'])
    expect(order.items[0]!.registerCertificate).toBe('SR2375180000')
    expect(order.items[0]!.registerCheckedAt).toBeInstanceOf(Date)
    expect(await mailsOf(id)).toEqual([])

    // Back for both: the last answer sends "checked", once.
    const up = fakeRegister({ [PHONE]: 'pass', [TABLET]: 'pass' })
    await retryWaitingChecks(db, up.register, mail)
    await retryWaitingChecks(db, up.register, mail)
    expect(up.asked.filter((device) => device === PHONE)).toEqual([])
    order = (await getOrder(db, { id }))!
    expect(order.items.map((item) => item.registerResult)).toEqual(['pass', 'pass'])
    expect(order.status).toBe('checked')
    expect(await mailsOf(id)).toEqual(['checked'])
    const [checked] = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, id))
    expect(checked!.subject).toBe(`We have checked your devices for order ${order.reference}`)
    expect(checked!.textBody).toContain(
      'Apple iPad 9th gen 64GB: no record of loss or theft (certificate SRABCD120000)',
    )
    expect(order.events.filter((event) => event.action === 'register-answer')).toEqual([
      expect.objectContaining({ actor: 'system', fromStatus: 'checked', toStatus: 'checked', reason: 'pass' }),
      expect.objectContaining({ actor: 'system', fromStatus: 'checked', toStatus: 'checked', reason: 'pass' }),
    ])
  })

  it('quarantine the order by themselves when the late answer is a fail, and tell the seller', async () => {
    const id = await checkedWhile({ [PHONE]: 'pass' })
    await expect(retryWaitingChecks(db, fakeRegister({ [TABLET]: 'fail' }).register, mail)).resolves.toEqual({
      answered: 1,
      flagged: 1,
    })
    const order = (await getOrder(db, { id }))!
    expect(order.status).toBe('quarantined')
    expect(order.events.at(-1)).toMatchObject({
      actor: 'system',
      action: 'flag',
      fromStatus: 'checked',
      toStatus: 'quarantined',
      reason: 'register-fail',
    })
    expect(await mailsOf(id)).toEqual(['quarantined'])
    const [held] = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, id))
    expect(held!.textBody).toContain('Apple iPad 9th gen 64GB: reported lost or stolen (certificate SRABCD120000)')
    expect(held!.textBody).not.toContain('Apple iPhone 13 128GB:')
  })

  it('quarantine an order a fail was recorded on but that was never flagged (a crash between the two)', async () => {
    const id = await checkedWhile({ [PHONE]: 'pass', [TABLET]: 'fail' })
    expect((await getOrder(db, { id }))!.status).toBe('checked')
    await expect(retryWaitingChecks(db, fakeRegister({}).register, mail)).resolves.toEqual({ answered: 0, flagged: 1 })
    expect((await getOrder(db, { id }))!.status).toBe('quarantined')
    await expect(retryWaitingChecks(db, fakeRegister({}).register, mail)).resolves.toEqual({ answered: 0, flagged: 0 })
  })

  it('leave a paid or cancelled order alone', async () => {
    const id = await checkedWhile({})
    await moveOrder(db, { orderId: id, move: 'pay', actor: 'manager', expectedStatus: 'checked' })
    const up = fakeRegister({ [PHONE]: 'fail', [TABLET]: 'fail' })
    await retryWaitingChecks(db, up.register, mail)
    expect(up.asked).toEqual([])
    expect((await getOrder(db, { id }))!.status).toBe('paid')
  })
})
