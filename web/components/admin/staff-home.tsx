import type { AccountCopy } from '@/content/types'
import { fillTemplate } from '@/lib/templates'

type Props = { copy: AccountCopy['staff']; member: { name: string; role: 'staff' | 'manager' } }

/** The staff area's front page: who is signed in; orders arrive here with checkout. */
export function StaffHome({ copy, member }: Props) {
  const role = member.role === 'manager' ? copy.managerRole : copy.staffRole
  return (
    <article className="page">
      <header className="page__header">
        <h1>{copy.heading}</h1>
        <p className="page__intro">{fillTemplate(copy.signedInAs, { name: member.name, role })}</p>
      </header>
      <p>{copy.ordersSoon}</p>
    </article>
  )
}
