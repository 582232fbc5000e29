import type { Metadata } from 'next'
import { requireStaffMember } from '@/accounts/session'
import { StockList } from '@/components/admin/stock/stock-list'
import { getOrderCopy } from '@/content/loaders'
import type { OrderCopy } from '@/content/types'
import { withoutStega } from '@/content/stega'
import { getDb } from '@/db/connection'
import { fillTemplate } from '@/lib/templates'
import { STATES } from '@/stock/stock-input'
import { findDevices, listDevices, parseStockNumber } from '@/stock/stock-store'

// Per request, for the member of staff signed in: never prerendered or cached.
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const copy = await withoutStega(getOrderCopy)
  return { title: copy.stock.heading, robots: { index: false, follow: false } }
}

type Search = Promise<Record<string, string | string[] | undefined>>

/** The import's refusal, in the content's words; the fact a report lacks named as the form names it. */
function importProblem(copy: OrderCopy, problem: string, fact: string): string | null {
  const text = copy.stock
  const facts: Record<string, string> = {
    reportId: text.reportIdLabel,
    tool: text.toolLabel,
    toolVersion: text.toolVersionLabel,
    operator: text.operatorLabel,
    erasedAt: text.erasedAtLabel,
    make: text.deviceColumn,
    model: text.deviceColumn,
    deviceId: text.imeiColumn,
    mediaType: text.mediaTypeLabel,
    level: text.levelLabel,
    technique: text.techniqueLabel,
    verification: text.verificationLabel,
    result: text.resultLabel,
  }
  switch (problem) {
    case 'reportMissing':
    case 'reportUnreadable':
    case 'reportNoDevice':
    case 'reportSeveral':
      return text[problem]
    case 'reportLacks':
      return facts[fact] ? fillTemplate(text.reportLacks, { fact: facts[fact]!.toLowerCase() }) : text.reportUnreadable
    case 'unavailable':
      return copy.problems.unavailable
    default:
      return null
  }
}

export default async function Stock({ searchParams }: { searchParams: Search }) {
  const query = await searchParams
  const one = (name: string) => (typeof query[name] === 'string' ? query[name] : '')
  const [member, copy, db] = await Promise.all([requireStaffMember(), getOrderCopy(), getDb()])
  const typed = one('q').trim().slice(0, 64)
  const state = STATES.find((known) => known === one('state')) ?? 'in-stock'
  const before = parseStockNumber(one('before'))
  const problem = importProblem(copy, one('problem'), one('fact'))
  const found = typed ? { devices: await findDevices(db, typed), next: null } : await listDevices(db, { state, before })
  return (
    <StockList
      copy={copy}
      query={typed}
      state={state}
      devices={found.devices}
      next={found.next ? `/admin/stock?${new URLSearchParams({ state, before: String(found.next) })}` : null}
      notice={problem ? { text: problem, problem: true } : null}
      records={member.user.role === 'manager'}
    />
  )
}
