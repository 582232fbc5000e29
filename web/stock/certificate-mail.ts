/**
 * The seller's e-mail when a device they sold us passes its erasure: its certificate's number, a
 * button to its check page and one to the PDF, in the E-mails document's words. Queued in the
 * erasure's own transaction, so the record and the e-mail commit together or not at all.
 */
import 'server-only'
import { eq } from 'drizzle-orm'
import type { EmailCopy } from '@/content/types'
import { orderItem, sellerOrder, stockDevice } from '@/db/schema'
import { queueEmails } from '@/mail/queue'
import { renderEmail } from '@/mail/templates'
import type { Tx } from '@/orders/moves/move-store'
import { formatCertificateCode } from './certificate-code'
import { certificatePath } from './certificate-content'

/** Read before the transaction (certificateMailContext): the E-mails document, site facts written in, and where links start. */
export type CertificateMailContext = { copy: EmailCopy; origin: string }

/** Queues the certificate e-mail for the device's seller; nothing when the order has no address left. */
export async function queueCertificateMail(
  tx: Tx,
  request: { deviceId: string; code: string },
  context: CertificateMailContext,
): Promise<void> {
  const [order] = await tx
    .select({
      orderId: sellerOrder.id,
      reference: sellerOrder.reference,
      name: sellerOrder.name,
      email: sellerOrder.email,
      device: orderItem.device,
    })
    .from(stockDevice)
    .innerJoin(orderItem, eq(orderItem.id, stockDevice.orderItemId))
    .innerJoin(sellerOrder, eq(sellerOrder.id, orderItem.orderId))
    .where(eq(stockDevice.id, request.deviceId))
  if (!order?.email) return
  const { copy, origin } = context
  const values = {
    name: order.name ?? '',
    reference: order.reference,
    device: order.device,
    number: formatCertificateCode(request.code),
  }
  const page = `${origin}${certificatePath(request.code)}`
  const message = renderEmail(copy, copy.erasureCertificate, values, order.email, page, {
    secondLink: `${origin}${certificatePath(request.code, 'pdf')}`,
  })
  await queueEmails(tx, [{ ...message, kind: 'erasureCertificate', orderId: order.orderId }])
}
