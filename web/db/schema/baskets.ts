import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'

/** The basket's tables: a visitor's basket and its lines. */
export const basket = pgTable(
  'basket',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The cookie carries the token; only its SHA-256 is stored, so a leaked table opens no baskets.
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('basket_last_used_at_idx').on(table.lastUsedAt)],
)

export const basketLine = pgTable(
  'basket_line',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    basketId: uuid('basket_id')
      .notNull()
      .references(() => basket.id, { onDelete: 'cascade' }),
    // Sanity document id of the device model, e.g. "model-iphone-13".
    modelId: text('model_id').notNull(),
    variantKey: text('variant_key').notNull(),
    gradeKey: text('grade_key').notNull(),
    // Question key → answer key, as the visitor answered them.
    answers: jsonb('answers').$type<Record<string, string>>().notNull(),
    // Zero keeps a removed line for a while so the basket can offer "undo".
    quantity: integer('quantity').notNull(),
    // Price each, in pence, when the line was added: the quote the visitor saw.
    addedPricePence: integer('added_price_pence').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('basket_line_device_unique').on(table.basketId, table.modelId, table.variantKey, table.gradeKey),
    check('basket_line_quantity_not_negative', sql`${table.quantity} >= 0`),
    check('basket_line_added_price_positive', sql`${table.addedPricePence} > 0`),
  ],
)

export type BasketRow = typeof basket.$inferSelect
export type BasketLineRow = typeof basketLine.$inferSelect
