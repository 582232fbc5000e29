import { customType, timestamp } from 'drizzle-orm/pg-core'

/** The columns every room's tables share. Every default and check here must run on PostgreSQL 15 (servers) and 18 (PGlite): no uuidv7(). */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const at = (name: string) => timestamp(name, { withTimezone: true })

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})
