import Link from 'next/link'
import type { AccountCopy, OrderCopy } from '@/content/types'
import { fillTemplate } from '@/lib/templates'
import type { DashboardFigures } from '@/orders/queue/figures'
import '@/styles/admin.css'
import { Dashboard } from './dashboard'
import { MoneyPanel } from './money-panel'
import { PeopleToday } from './people-today'
import { LateWork, type LateWorkCounts } from './late-work'
import type { PersonToday } from '@/orders/claims/people-today'
import type { MoneyFigures } from '@/orders/payments/payout-figures'
import { StaffPage } from '@/components/admin/staff-page'

type Props = {
  copy: OrderCopy
  staffCopy: AccountCopy['staff']
  member: { name: string; role: 'staff' | 'manager' }
  figures: DashboardFigures
  promiseHours: { check: number; pay: number }
  /** The words of the link to the contact messages. */
  messagesLink: string
  /** The staff offers for devices not in the catalogue: made, accepted, open (in the content's words). */
  offersLine: string
  /** Orders with a price rise waiting for a manager, and how many of them a manager asked for. */
  rises: { waiting: number; byManager: number }
  /** Paid today, paying, failed, held and why; the daily limit. */
  money: MoneyFigures
  /** What a manager's money form just did, for its confirmation. */
  moneyDone: 'limit' | 'approved' | null
  /** What each member of staff received, checked and returned today. */
  people: PersonToday[]
  /** What is late now, per step. */
  late: LateWorkCounts
}

/**
 * The staff area's front page: who is signed in, the ways to the orders, the returns to send, the
 * payment runs and the contact messages, and the dashboard.
 */
export function StaffHome({
  copy,
  staffCopy,
  member,
  figures,
  promiseHours,
  messagesLink,
  offersLine,
  rises,
  money,
  moneyDone,
  people,
  late,
}: Props) {
  const role = member.role === 'manager' ? staffCopy.managerRole : staffCopy.staffRole
  const returnsToSend = figures.today.returnsToSend
  return (
    <StaffPage heading={copy.figures.heading} intro={fillTemplate(staffCopy.signedInAs, { name: member.name, role })}>
      <nav aria-label={copy.figures.heading}>
        <ul className="admin-links">
          <li>
            <Link href="/admin/orders">{copy.figures.ordersLink}</Link>
          </li>
          <li>
            <Link href="/admin/goods-in">{copy.goodsIn.heading}</Link>
          </li>
          <li>
            <Link href="/admin/stock">{copy.stock.heading}</Link>
          </li>
          <li>
            <Link href="/admin/orders?view=mine">{copy.claims.viewMine}</Link>
          </li>
          <li>
            <Link href="/admin/orders?view=unclaimed">{copy.claims.viewUnclaimed}</Link>
          </li>
          <li>
            <Link href="/admin/orders?view=packs">{copy.claims.viewPacks}</Link>
          </li>
          <li>
            <Link
              href="/admin/orders?status=returning"
              className={returnsToSend ? 'admin-queue admin-queue--due' : 'admin-queue'}
            >
              {fillTemplate(copy.admin.returnsLink, { count: returnsToSend })}
            </Link>
          </li>
          {member.role === 'manager' && (
            // Payment runs are managers' alone: staff would get the 404 the pages give them.
            <li>
              <Link href="/admin/payments">{copy.figures.paymentsLink}</Link>
            </li>
          )}
          {member.role === 'manager' && (
            <li>
              <Link href="/admin/staff">{staffCopy.staffAccountsLink}</Link>
            </li>
          )}
          <li className="admin-rises-count">
            {member.role === 'manager' ? (
              // The list is managers' alone, as deciding is.
              <Link href="/admin/rises" className={rises.waiting ? 'admin-queue admin-queue--due' : 'admin-queue'}>
                {fillTemplate(copy.rises.dashboardLink, { count: rises.waiting })}
              </Link>
            ) : (
              fillTemplate(copy.rises.dashboardLink, { count: rises.waiting })
            )}
          </li>
          <li className="admin-rises-own">{fillTemplate(copy.rises.dashboardOwn, { count: rises.byManager })}</li>
          <li>
            <Link href="/admin/messages">{messagesLink}</Link>
          </li>
          <li className="admin-offers-count">{offersLine}</li>
        </ul>
      </nav>
      <MoneyPanel words={copy.payouts} figures={money} manager={member.role === 'manager'} done={moneyDone} />
      <Dashboard copy={copy} figures={figures} promiseHours={promiseHours} />
      <LateWork text={copy.claims} late={late} />
      <PeopleToday text={copy.claims} people={people} />
    </StaffPage>
  )
}
