import 'server-only'
import { and, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { sellerOrder, user } from '@/db/schema'

export type AccountOrder = { reference: string; status: string; totalPence: number; placedAt: Date }

/**
 * The orders an account sees: those it placed, and those placed with its address as a guest. Only
 * once the address is verified: until then anyone could sign up with a seller's address to read
 * their orders.
 */
export async function listAccountOrders(
  db: Db,
  owner: { id: string; email: string; emailVerified: boolean },
): Promise<AccountOrder[]> {
  if (!owner.emailVerified) return []
  return selectOrders(db, ordersOf(owner))
}

/** An account's orders: those it placed, and guest orders with its address once that is verified. */
export function ordersOf(owner: { id: string; email: string; emailVerified: boolean }): SQL | undefined {
  return owner.emailVerified
    ? or(eq(sellerOrder.userId, owner.id), guestOrdersOf(owner.email))
    : eq(sellerOrder.userId, owner.id)
}

function selectOrders(db: Db, which: SQL | undefined): Promise<AccountOrder[]> {
  return db
    .select({
      reference: sellerOrder.reference,
      status: sellerOrder.status,
      totalPence: sellerOrder.totalPence,
      placedAt: sellerOrder.placedAt,
    })
    .from(sellerOrder)
    .where(which)
    .orderBy(desc(sellerOrder.placedAt), desc(sellerOrder.reference))
}

// A guest order only: an order another account placed is never this one's, whatever its address.
const guestOrdersOf = (email: string) =>
  and(isNull(sellerOrder.userId), eq(sql`lower(${sellerOrder.email})`, email.toLowerCase()))

/**
 * Whether the account is the only manager left: paying sellers and managing staff need one, so
 * that account cannot delete itself.
 */
export async function isLastManager(
  db: Pick<Db, 'select'>,
  person: { id: string; role: string | null },
): Promise<boolean> {
  if (person.role !== 'manager') return false
  const others = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.role, 'manager'), ne(user.id, person.id)))
    .limit(1)
  return others.length === 0
}
