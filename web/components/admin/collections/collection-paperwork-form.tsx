'use client'

import { useStaffForm } from '@/components/admin/staff-form-state'
import { collectionCertificateForm } from '@/collections/paperwork/paperwork-form'

/** The one button that issues the certificate; refused, why, above it, where the focus goes. */
export function IssueCertificateForm({ id, label }: { id: string; label: string }) {
  const staff = useStaffForm(undefined, collectionCertificateForm)
  const refusal = staff.problems[0] ?? null
  return (
    <form {...staff.form} className="admin-action-form" aria-label={label}>
      {refusal ? (
        <p
          className="admin-notice admin-notice--problem"
          role="alert"
          tabIndex={-1}
          autoFocus
          data-notice
          data-problem={refusal.code}
        >
          {refusal.message}
        </p>
      ) : null}
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="button button--secondary" aria-disabled={staff.sending || undefined}>
        {label}
      </button>
    </form>
  )
}
