import { bankLinkMailer } from '@/collections/payment/link-mail'
import { applyCollectionAnswer } from '@/collections/payment/payment-returns'
import { getEmailCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { describeError } from '@/lib/log'
import { kickOutbox } from '@/mail/outbox-kick'
import { payoutEmails } from '@/orders/payments/payout-context'
import { applyAnswer } from '@/orders/payments/payment-store'
import { sitePayers } from '@/payouts/site-payers'

export const dynamic = 'force-dynamic'

const NO_STORE = { 'cache-control': 'no-store' }
/** A payer's event is a few hundred bytes: anything far larger is not one. */
const MAX_BODY = 64 * 1024

/**
 * A payer's webhook: the final status of a payment (settled, rejected, returned later). Believed
 * only with the payer's signature (its client checks it, with the time it was signed); each event
 * is applied once, so a duplicate or a replay answers 200 and changes nothing. An event for a
 * payment this site does not know by that id yet answers 404, so the payer sends it again (and the
 * payout job reads the payment back in any case). A payment that is not a seller's may be a
 * business collection's: its rejection or return asks the business for its bank details again.
 */
export async function POST(request: Request, { params }: { params: Promise<{ payer: string }> }) {
  const payer = sitePayers()[(await params).payer]
  if (!payer) return Response.json({ error: 'No such payer.' }, { status: 404, headers: NO_STORE })
  const raw = await request.text()
  if (raw.length > MAX_BODY) return Response.json({ error: 'Too large.' }, { status: 413, headers: NO_STORE })
  const event = payer.verifyWebhook(raw, request.headers)
  if (!event) return Response.json({ error: 'Not signed by the payer.' }, { status: 401, headers: NO_STORE })
  try {
    const db = await getDb()
    const target = { payer: payer.id, payerPaymentId: event.payment.id }
    const forOrder = await applyAnswer(db, target, event.payment, await payoutEmails(), new Date(), event.eventId)
    const applied =
      forOrder === 'unknown-payment'
        ? await applyCollectionAnswer(
            db,
            target,
            event.payment,
            bankLinkMailer(await getEmailCopy()),
            new Date(),
            event.eventId,
          )
        : forOrder
    if (applied === 'unknown-payment')
      return Response.json({ error: 'No such payment yet.' }, { status: 404, headers: NO_STORE })
    if (applied === 'applied') kickOutbox()
    return Response.json({ ok: true, applied: applied === 'applied' }, { headers: NO_STORE })
  } catch (error) {
    console.error(`Payout webhook (${payer.id}): ${describeError(error)}`)
    return Response.json({ error: 'Try again.' }, { status: 503, headers: NO_STORE })
  }
}
