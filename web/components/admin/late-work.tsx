import Link from 'next/link'
import type { OrderCopy } from '@/content/types'
import type { LateCounts } from '@/orders/queue/late-counts'

type Props = { text: OrderCopy['claims']; late: LateCounts }

/** The dashboard's count of late work per step, each a link to that step's queue. */
export function LateWork({ text, late }: Props) {
  const steps: Array<[key: keyof LateCounts, label: string, status: string]> = [
    ['check', text.lateCheck, 'received'],
    ['answer', text.lateAnswer, 'revised'],
    ['return', text.lateReturn, 'returning'],
  ]
  return (
    <section aria-labelledby="late-work" className="admin-section">
      <h2 id="late-work">{text.lateHeading}</h2>
      <dl className="admin-figures">
        {steps.map(([key, label, status]) => (
          <div key={key} className="admin-figures__item" data-late={key}>
            <dt>
              <Link href={`/admin/orders?status=${status}`}>{label}</Link>
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
