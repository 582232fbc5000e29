import type { OrderCopy } from '@/content/types'
import { formatDateTime } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import type { Claim } from '@/orders/claims/claim-store'
import { ClaimButton } from '@/components/admin/claim-forms'

type Props = {
  reference: string
  copy: OrderCopy
  claim: Claim | null
  staffId: string
  role: 'staff' | 'manager'
}

/**
 * Who has the order, on its staff page: nobody (claim it), the reader (release it), or someone
 * else until a time (a manager may release theirs; staff are told who has it).
 */
export function ClaimPanel({ reference, copy, claim, staffId, role }: Props) {
  const text = copy.claims
  const mine = claim?.userId === staffId
  const name = claim?.name || text.someone
  const said = !claim
    ? text.unclaimed
    : mine
      ? fillTemplate(text.claimedByYou, { until: formatDateTime(claim.until) })
      : fillTemplate(text.claimedBy, { name, until: formatDateTime(claim.until) })
  const button = !claim
    ? text.claimButton
    : mine
      ? text.releaseButton
      : role === 'manager'
        ? fillTemplate(text.releaseOtherButton, { name })
        : null
  return (
    <section aria-labelledby="order-claim-heading" className="admin-section admin-claim" id="order-claim">
      <h2 id="order-claim-heading">{text.heading}</h2>
      <p data-claimed={claim ? (mine ? 'mine' : 'other') : 'none'}>{said}</p>
      {/* Staff see the claim button on another's order too: posting it is how they are told who has it. */}
      <ClaimButton
        reference={reference}
        release={Boolean(claim) && button !== null}
        label={button ?? text.claimButton}
      />
    </section>
  )
}
