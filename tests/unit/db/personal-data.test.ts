import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { eraseAccount } from '@/your-data/erasure'
import { exportAccountData } from '@/your-data/export'
import type { Db } from '@/db/connection'
import { CLASSIFY_HINT, COLUMNS, type ColumnUse } from '@/db/personal-data'
import { withFileDatabase } from '../../support/test-database'
import { addPerson, rowsOf, type Person } from '../../support/personal-data-fixture'

// One person in a database of the file's own: every row in it is theirs.
let db: Db
withFileDatabase((opened) => (db = opened))
const home = mkdtempSync(path.join(tmpdir(), 'personal-data-'))
const outboxFolder = path.join(home, 'outbox')
let person: Person
beforeAll(async () => {
  person = await addPerson(db, { label: 'pia', outboxFolder })
})
afterAll(() => {})

type Column = { table: string; column: string; type: string; use: ColumnUse | undefined }

async function columns(): Promise<Column[]> {
  const rows = await rowsOf<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`select c.table_name, c.column_name, c.data_type from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
         order by c.table_name, c.ordinal_position`,
  )
  return rows.map((row) => ({
    table: row.table_name,
    column: row.column_name,
    type: row.data_type,
    use: COLUMNS[row.table_name]?.[row.column_name],
  }))
}

/** Every value at a path such as `orders[].devices[].check.imei` (`[]` walks an array). */
function valuesAt(root: unknown, where: string): unknown[] {
  let current: unknown[] = [root]
  for (const part of where.split('.')) {
    const many = part.endsWith('[]')
    const key = many ? part.slice(0, -2) : part
    current = current.flatMap((value) => {
      const next = (value as Record<string, unknown> | null | undefined)?.[key]
      return many ? (Array.isArray(next) ? next : []) : [next]
    })
  }
  return current
}

const count = async (query: ReturnType<typeof sql>) => (await rowsOf<{ n: number }>(db, query))[0]?.n ?? 0
const nonNull = ({ table, column }: Column) =>
  count(sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} is not null`)
const unlike = ({ table, column }: Column, value: false | []) =>
  count(
    sql`select count(*)::int as n from ${sql.identifier(table)}
         where ${sql.identifier(column)}::text is distinct from ${JSON.stringify(value)}`,
  )

it('classifies every column of every table as personal or not', async () => {
  const found = await columns()
  const unclassified = found
    .filter((column) => !column.use)
    .map(
      ({ table, column }) =>
        `Column ${table}.${column} is not classified: add COLUMNS.${table}.${column} ${CLASSIFY_HINT}.`,
    )
  const known = new Set(found.map(({ table, column }) => `${table}.${column}`))
  const stale = Object.entries(COLUMNS).flatMap(([table, uses]) =>
    Object.keys(uses)
      .filter((column) => !known.has(`${table}.${column}`))
      .map((column) => `COLUMNS.${table}.${column} in web/db/personal-data.ts names no column: remove it.`),
  )
  expect([...unclassified, ...stale]).toEqual([])
})

it('gives every personal and sale-record column in "Download my data", each value as stored', async () => {
  const data = JSON.parse(JSON.stringify(await exportAccountData(db, person.id, { outboxFolder }))) as unknown
  const text = JSON.stringify(data)
  const problems: string[] = []
  for (const column of await columns()) {
    const use = column.use
    if (!use || use.kind === 'not personal' || !use.exported) continue
    const name = `${column.table}.${column.column}`
    if (!valuesAt(data, use.exported).some((value) => value !== undefined)) {
      problems.push(`${name}: the download has nothing at ${use.exported}`)
      continue
    }
    // Text kept as typed must appear as typed; a column shown otherwise says so in its note.
    if (column.type !== 'text' || (use.kind === 'personal' && use.note)) continue
    const stored = await rowsOf<{ value: string }>(
      db,
      sql`select distinct ${sql.identifier(column.column)} as value from ${sql.identifier(column.table)}
           where ${sql.identifier(column.column)} is not null`,
    )
    for (const { value } of stored)
      if (!text.includes(JSON.stringify(value))) problems.push(`${name}: "${value}" is not in the download`)
  }
  expect(problems).toEqual([])
})

it('removes every personal column on "Delete my account", and keeps the sale record', async () => {
  const all = await columns()
  const personal = all.filter((column) => column.use?.kind === 'personal')
  const kept = all.filter((column) => column.use?.kind === 'sale record')
  // The fixture fills every column: a column that was empty to start with would prove nothing.
  const emptyBefore = []
  for (const column of personal) if (!(await nonNull(column))) emptyBefore.push(`${column.table}.${column.column}`)
  expect(emptyBefore).toEqual([])

  await expect(eraseAccount(db, person.id, { outboxFolder })).resolves.toBe(true)

  const left: string[] = []
  for (const column of personal) {
    const use = column.use as Extract<ColumnUse, { kind: 'personal' }>
    const remaining = use.erased.by === 'reset' ? await unlike(column, use.erased.to) : await nonNull(column)
    if (remaining) left.push(`${column.table}.${column.column}: ${remaining} row(s) not ${use.erased.by}`)
  }
  expect(left).toEqual([])
  const lost: string[] = []
  for (const column of kept) if (!(await nonNull(column))) lost.push(`${column.table}.${column.column}`)
  expect(lost).toEqual([])
})
