import Link from 'next/link'
import type { OrderCopy } from '@/content/types'
import type { LateCounts } from '@/orders/queue/late-counts'

/** The orders' late counts, and the business collections' quotes late (counted by web/collections). */
export type LateWorkCounts = LateCounts & { quote: number }

type Props = { text: OrderCopy['claims']; late: LateWorkCounts }

/** The dashboard's count of late work per step (and the inbox's replies and business quotes), each a link to its queue. */
export function LateWork({ text, late }: Props) {
  const steps: Array<[key: keyof LateWorkCounts, label: string, queue: string]> = [
    ['check', text.lateCheck, '/admin/orders?status=received'],
    ['answer', text.lateAnswer, '/admin/orders?status=revised'],
    ['return', text.lateReturn, '/admin/orders?status=returning'],
    ['reply', text.lateReply, '/admin/messages?status=new'],
    ['quote', text.lateQuote, '/admin/collections'],
  ]
  return (
    <section aria-labelledby="late-work" className="admin-section">
      <h2 id="late-work">{text.lateHeading}</h2>
      <dl className="admin-figures">
        {steps.map(([key, label, queue]) => (
          <div key={key} className="admin-figures__item" data-late={key}>
            <dt>
              <Link href={queue}>{label}</Link>
            </dt>
            <dd className={late[key] ? 'admin-figures__value admin-queue--due' : 'admin-figures__value'}>
              {late[key]}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
