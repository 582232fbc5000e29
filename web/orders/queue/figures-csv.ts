import type { OrderCopy } from '@/content/types'
import { asSpreadsheetText, formatCsv } from '@/lib/csv'
import { penceAsPounds } from '@/lib/money'
import type { PaidOrder } from './figures'
import { londonWallClock } from '@/orders/record/working-days'

type Words = Pick<
  OrderCopy['figures'],
  'csvReference' | 'csvPaidAt' | 'csvDevices' | 'csvModels' | 'csvAmount' | 'csvTotal' | 'csvMethod' | 'csvPaidBy'
>

/** When it was paid, on London's clock, as a spreadsheet reads a date and time: "2026-07-02 12:00:00". */
const londonStamp = (at: Date) => new Date(londonWallClock(at)).toISOString().slice(0, 19).replace('T', ' ')

/**
 * The accountant's sheet of a day's payments: one row per order paid (its reference, when, how many
 * devices, their makes and models, the amount in pounds and pence, the method and what paid it) and a row of totals. It names
 * no seller. Every cell that a spreadsheet would run as a formula is made plain text.
 */
export function paidDayCsv(orders: PaidOrder[], words: Words): string {
  const header = [
    words.csvReference,
    words.csvPaidAt,
    words.csvDevices,
    words.csvModels,
    words.csvAmount,
    words.csvMethod,
    words.csvPaidBy,
  ]
  const rows = orders.map((order) => [
    order.reference,
    londonStamp(order.paidAt),
    String(order.devices.length),
    order.devices.join('; '),
    penceAsPounds(order.pence),
    order.method,
    order.paidBy,
  ])
  const devices = orders.reduce((sum, order) => sum + order.devices.length, 0)
  const pence = orders.reduce((sum, order) => sum + order.pence, 0)
  const total = [words.csvTotal, '', String(devices), '', penceAsPounds(pence), '', '']
  return '\uFEFF' + formatCsv([header, ...rows, total].map((row) => row.map(asSpreadsheetText)))
}
