import type { ItemStatus } from './known-recipients'

/** A payout batch as the PayPal stand-in takes it, checked as PayPal checks one (the parts we use). */
export type PayoutItem = {
  recipient_type: 'EMAIL'
  receiver: string
  amount: { value: string; currency: string }
  sender_item_id: string
  note?: string
}
export type Item = {
  payout_item_id: string
  transaction_status: ItemStatus
  payout_batch_id: string
  sender_batch_id: string
  payout_item: PayoutItem
  time_processed: string | null
  errors?: { name: string; message: string }
}
type Problem = { field: string; issue: string }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function parsePayout(
  raw: string,
): { ok: true; value: { senderBatchId: string; items: PayoutItem[] } } | { ok: false; details: Problem[] } {
  let body: {
    sender_batch_header?: { sender_batch_id?: unknown }
    items?: unknown
  }
  try {
    body = JSON.parse(raw) as typeof body
  } catch {
    return { ok: false, details: [{ field: '/', issue: 'MALFORMED_REQUEST_JSON' }] }
  }
  const details: Problem[] = []
  const senderBatchId = body?.sender_batch_header?.sender_batch_id
  if (typeof senderBatchId !== 'string' || !senderBatchId || senderBatchId.length > 256) {
    details.push({ field: '/sender_batch_header/sender_batch_id', issue: 'MISSING_OR_INVALID' })
  }
  const items = Array.isArray(body?.items) ? (body.items as Record<string, unknown>[]) : []
  if (!items.length || items.length > 15_000) details.push({ field: '/items', issue: 'MISSING_OR_TOO_MANY' })
  const checked = items.map((item, index): PayoutItem => {
    const amount = (item?.amount ?? {}) as { value?: unknown; currency?: unknown }
    const at = `/items/${index}`
    if ((item?.recipient_type ?? 'EMAIL') !== 'EMAIL')
      details.push({ field: `${at}/recipient_type`, issue: 'UNSUPPORTED' })
    if (typeof item?.receiver !== 'string' || !EMAIL.test(item.receiver)) {
      details.push({ field: `${at}/receiver`, issue: 'INVALID_EMAIL' })
    }
    if (
      typeof amount.value !== 'string' ||
      !/^(0|[1-9]\d{0,6})\.\d{2}$/.test(amount.value) ||
      amount.value === '0.00'
    ) {
      details.push({ field: `${at}/amount/value`, issue: 'INVALID_AMOUNT' })
    }
    if (amount.currency !== 'GBP') details.push({ field: `${at}/amount/currency`, issue: 'CURRENCY_NOT_SUPPORTED' })
    if (typeof item?.sender_item_id !== 'string' || item.sender_item_id.length > 63) {
      details.push({ field: `${at}/sender_item_id`, issue: 'MISSING_OR_INVALID' })
    }
    return {
      recipient_type: 'EMAIL',
      receiver: String(item?.receiver ?? ''),
      amount: { value: String(amount.value), currency: String(amount.currency) },
      sender_item_id: String(item?.sender_item_id ?? ''),
      ...(typeof item?.note === 'string' ? { note: item.note } : {}),
    }
  })
  return details.length
    ? { ok: false, details }
    : { ok: true, value: { senderBatchId: senderBatchId as string, items: checked } }
}
