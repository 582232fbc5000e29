import 'server-only'
import { asc, desc, eq } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import {
  paymentRun,
  paymentRunDownload,
  paymentRunLine,
  sellerOrder,
  type PaymentRunLineRow,
  type PaymentRunRow,
} from '@/db/schema'
import { isUuid } from '@/orders/record/order-values'

/** The runs as staff see them: the list, and one run with its lines and downloads (never its file). */

export type RunSummary = Pick<
  PaymentRunRow,
  'id' | 'reference' | 'createdByName' | 'createdAt' | 'orderCount' | 'totalPence' | 'state'
>

/** The runs, newest first. */
export async function listRuns(db: Pick<Db, 'select'>, limit = 200): Promise<RunSummary[]> {
  return db
    .select({
      id: paymentRun.id,
      reference: paymentRun.reference,
      createdByName: paymentRun.createdByName,
      createdAt: paymentRun.createdAt,
      orderCount: paymentRun.orderCount,
      totalPence: paymentRun.totalPence,
      state: paymentRun.state,
    })
    .from(paymentRun)
    .orderBy(desc(paymentRun.createdAt), desc(paymentRun.id))
    .limit(limit)
}

export type RunLine = Pick<PaymentRunLineRow, 'id' | 'orderId' | 'amountPence' | 'state' | 'failureReason'> & {
  reference: string
  name: string | null
}

export type RunDetail = Omit<PaymentRunRow, 'fileSealed'> & {
  fileHeld: boolean
  lines: RunLine[]
  downloads: Array<{ name: string; at: Date }>
}

/** One run, its lines in the file's order and who downloaded its file; never the file itself. */
export async function getRun(db: Pick<Db, 'select'>, runId: string): Promise<RunDetail | null> {
  if (!isUuid(runId)) return null
  const [run] = await db.select().from(paymentRun).where(eq(paymentRun.id, runId))
  if (!run) return null
  const [lines, downloads] = await Promise.all([
    db
      .select({
        id: paymentRunLine.id,
        orderId: paymentRunLine.orderId,
        amountPence: paymentRunLine.amountPence,
        state: paymentRunLine.state,
        failureReason: paymentRunLine.failureReason,
        reference: sellerOrder.reference,
        name: sellerOrder.name,
      })
      .from(paymentRunLine)
      .innerJoin(sellerOrder, eq(sellerOrder.id, paymentRunLine.orderId))
      .where(eq(paymentRunLine.runId, runId))
      .orderBy(asc(paymentRunLine.id)),
    db
      .select({ name: paymentRunDownload.actorName, at: paymentRunDownload.at })
      .from(paymentRunDownload)
      .where(eq(paymentRunDownload.runId, runId))
      .orderBy(asc(paymentRunDownload.id)),
  ])
  const { fileSealed, ...rest } = run
  return { ...rest, fileHeld: fileSealed !== null, lines, downloads }
}
