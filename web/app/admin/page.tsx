import type { Metadata } from 'next'
import { requireStaffMember } from '@/accounts/session'
import { StaffHome } from '@/components/admin/home/staff-home'
import { getAccountCopy, getContactInboxCopy, getOrderCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { fillTemplate } from '@/lib/templates'
import { getDb } from '@/db/connection'
import { dashboardFigures, promiseHours } from '@/orders/queue/figures'
import { businessCalendar } from '@/orders/record/business-calendar'
import { riseCounts } from '@/orders/moves/rise-store'
import { moneyFigures } from '@/orders/payments/payout-figures'
import { payoutRules } from '@/orders/payments/payout-context'
import { peopleToday } from '@/orders/claims/people-today'
import { lateCounts } from '@/orders/queue/late-counts'
import { countLateQuotes } from '@/collections/store'
import { workingDaysBefore } from '@/orders/record/working-days'
import { offerCounts } from '@/orders/manual-offers/offer-store'

// Per request, for the member of staff signed in: never prerendered or cached.
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const copy = await withoutStega(getOrderCopy)
  return { title: copy.figures.heading, robots: { index: false, follow: false } }
}

export default async function AdminPage({ searchParams }: { searchParams: Promise<{ done?: string | string[] }> }) {
  const { done } = await searchParams
  // Checked here too, as a layout and its page render in parallel (one session lookup: it is cached).
  const [member, copy, accountCopy, inboxCopy, db, calendar] = await Promise.all([
    requireStaffMember(),
    getOrderCopy(),
    getAccountCopy(),
    getContactInboxCopy(),
    getDb(),
    businessCalendar(),
  ])
  const promises = { checkWorkingDays: copy.timings.checkWorkingDays }
  const now = new Date()
  const [figures, rises, money, people, late, lateQuotes, offers] = await Promise.all([
    dashboardFigures(db, now, promises, calendar),
    riseCounts(db),
    payoutRules().then((rules) => moneyFigures(db, rules, now)),
    peopleToday(db, now),
    lateCounts(db, now, { ...copy.timings, replyWorkingDays: inboxCopy.replyWorkingDays }, calendar),
    countLateQuotes(db, workingDaysBefore(now, inboxCopy.quoteWorkingDays, calendar)),
    offerCounts(db, now),
  ])
  return (
    <StaffHome
      copy={copy}
      staffCopy={accountCopy.staff}
      member={member.user}
      figures={figures}
      promiseHours={promiseHours(promises)}
      messagesLink={inboxCopy.list.staffHomeLink}
      offersLine={fillTemplate(inboxCopy.offers.dashboard, offers)}
      rises={rises}
      money={money}
      moneyDone={done === 'limit' || done === 'approved' ? done : null}
      people={people}
      late={{ ...late, quote: lateQuotes }}
    />
  )
}
