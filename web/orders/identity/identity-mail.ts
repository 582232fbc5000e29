/**
 * The e-mail asking a seller for proof of identity, in the E-mails document's words: its button
 * opens their own upload page, by the token made for this request.
 */
import 'server-only'
import { renderEmail } from '@/mail/templates'
import type { OrderMailContext, QueuedMail } from '@/orders/record/mail'
import { IDENTITY_LINK_DAYS, identityPath } from './identity-rules'

type Order = { reference: string; name: string | null; email: string | null }

export function identityMail(order: Order, token: string, context: OrderMailContext): QueuedMail[] {
  if (!order.email) return []
  const { copy, origin } = context
  const values = { name: order.name ?? '', reference: order.reference, days: IDENTITY_LINK_DAYS }
  const link = `${origin}${identityPath(token)}`
  return [{ ...renderEmail(copy, copy.identityAsked, values, order.email, link), kind: 'identityAsked' }]
}
