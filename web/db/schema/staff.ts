import { sql } from 'drizzle-orm'
import { bigserial, check, index, pgTable, text } from 'drizzle-orm/pg-core'
import { user } from './account-schema'
import { at } from './columns'

/** What happened to a staff account: its set-up, its resets. */
/**
 * What was done to a staff account's sign-in, by whom, when and why: an invitation sent, a lost
 * authenticator reset (by another manager or by the operator's command). Append-only.
 */
export const staffEvent = pgTable(
  'staff_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    at: at('at').notNull().defaultNow(),
    // "operator" (a command on the server) or "manager".
    actor: text('actor').notNull(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    // The manager's name as it was, so the history still says who after their account is gone.
    actorName: text('actor_name'),
    // "invited" or "two-step-reset".
    action: text('action').notNull(),
    reason: text('reason'),
  },
  (table) => [
    index('staff_event_user_idx').on(table.userId, table.id),
    check('staff_event_actor_known', sql`${table.actor} in ('operator', 'manager')`),
  ],
)
