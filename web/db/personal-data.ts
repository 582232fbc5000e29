/**
 * Every column of every table, and what it holds about people. A personal column is either given
 * in "Download my data" (at the path named, in web/accounts/export.ts) or withheld for the
 * reason given, and is removed by "Delete my account" (web/accounts/erasure.ts) as `erased`
 * says. A sale-record column is given in the download and kept after deletion: once the personal
 * columns beside it are emptied it names no one. tests/unit/db/personal-data.test.ts reads the
 * migrated database's columns and fails on any column missing here, so a new column cannot hold
 * personal data unnoticed. The columns are classified room by room in personal-data/, in the words of
 * personal-data/column-use.ts.
 */
import type { ColumnUse } from './personal-data/column-use'
import { accountColumns } from './personal-data/accounts'
import { orderColumns } from './personal-data/orders'
import { paymentRunColumns } from './personal-data/payment-runs'
import { visitorColumns } from './personal-data/visitors'
import { goodsInColumns } from './personal-data/goods-in'
import { stockColumns } from './personal-data/stock'

export type { ColumnUse, Erasure } from './personal-data/column-use'

export const COLUMNS: Record<string, Record<string, ColumnUse>> = {
  ...accountColumns,
  ...visitorColumns,
  ...orderColumns,
  ...paymentRunColumns,
  ...goodsInColumns,
  ...stockColumns,
}

/** Where to say what a new column holds: the failure message of the test names it. */
export const CLASSIFY_HINT =
  'in the file of web/db/personal-data/ for its room (accounts, visitors, orders, payment-runs, goods-in, stock), merged into COLUMNS: ' +
  "notPersonal('why'), saleRecord('<path in the download>') or " +
  "personal('<path in the download>', EMPTIED | ROW_DELETED | resetTo(value)) / withheld('why', …); a personal " +
  'column must also be given by exportAccountData (web/accounts/export.ts) and removed by eraseAccount ' +
  '(web/accounts/erasure.ts)'
