'use client'

import { useStaffForm } from '@/components/admin/staff-form-state'
import { collectionLinkForm } from '@/collections/payment/link-form'
import { collectionPayForm } from '@/collections/payment/pay-form'
import { Refusal } from './collection-quote-forms'

/** The manager's one button that pays the quote; refused, why, above it. */
export function PayCollectionForm({ id, label }: { id: string; label: string }) {
  const staff = useStaffForm(undefined, collectionPayForm)
  const refusal = staff.problems[0] ?? null
  return (
    <form {...staff.form} className="admin-action-form" aria-label={label}>
      <Refusal message={refusal?.message ?? null} code={refusal?.code} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="button" aria-disabled={staff.sending || undefined}>
        {label}
      </button>
    </form>
  )
}

/** The manager's button that e-mails the business a new bank details link, against the link the page shows. */
export function BankLinkForm({ id, issued, label }: { id: string; issued: string; label: string }) {
  const staff = useStaffForm(undefined, collectionLinkForm)
  const refusal = staff.problems[0] ?? null
  return (
    <form {...staff.form} className="admin-action-form" aria-label={label}>
      <Refusal message={refusal?.message ?? null} code={refusal?.code} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="issued" value={issued} />
      <button type="submit" className="button button--secondary" aria-disabled={staff.sending || undefined}>
        {label}
      </button>
    </form>
  )
}
