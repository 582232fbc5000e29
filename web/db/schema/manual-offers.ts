import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { OFFER_MAX_PENCE, OFFER_MIN_PENCE } from '@/lib/offer-bounds'
import { user } from './account-schema'
import { at } from './columns'
import { contactMessage } from './contact'
import { sellerOrder } from './orders'

/** Staff's offers for devices not in the catalogue, made from a contact message. */
export const MANUAL_OFFER_STATUSES = ['open', 'accepted', 'withdrawn'] as const

/**
 * An offer staff made for a device not in the catalogue, answering a contact message: it goes to
 * the message's address, and accepting it places an order at its price. It is the message's, and
 * goes with it (retention, erasure); the order it made stays, as every order does.
 */
export const manualOffer = pgTable(
  'manual_offer',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessage.id, { onDelete: 'cascade' }),
    // The device as staff typed it, e.g. "Google Pixel Fold 256GB".
    model: text('model').notNull(),
    pricePence: integer('price_pence').notNull(),
    // A free recycling offer (a device with no resale value): its price is £0, and its order asks
    // for no payout details and is never paid (web/orders/manual-offers/offer-rules.ts).
    recycle: boolean('recycle').notNull().default(false),
    reason: text('reason').notNull(),
    // 'open' until accepted (once: its order below) or withdrawn; past expires_at it can no longer be accepted.
    status: text('status').notNull().default('open'),
    madeBy: text('made_by').references(() => user.id, { onDelete: 'set null' }),
    // The staff member's name as it was, so the order's history still says who after their account is gone.
    madeByName: text('made_by_name').notNull(),
    madeAt: at('made_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    // When it was accepted or withdrawn, and by whom when withdrawn.
    closedAt: at('closed_at'),
    closedByName: text('closed_by_name'),
    orderId: uuid('order_id').references(() => sellerOrder.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('manual_offer_message_idx').on(table.messageId, table.madeAt),
    check('manual_offer_status_known', sql`${table.status} in ('open', 'accepted', 'withdrawn')`),
    // £0 only for a recycling offer; any other within the bounds.
    check(
      'manual_offer_price_bounds',
      sql`(${table.recycle} and ${table.pricePence} = 0) or (not ${table.recycle} and ${table.pricePence} between ${sql.raw(String(OFFER_MIN_PENCE))} and ${sql.raw(String(OFFER_MAX_PENCE))})`,
    ),
  ],
)

export type ManualOfferRow = typeof manualOffer.$inferSelect
