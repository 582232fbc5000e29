'use client'

import { identityForm } from '@/orders/identity/identity-form'
import { IDENTITY_ACTIONS } from '@/orders/identity/identity-actions'
import { Notice, useStaffForm } from '@/components/admin/staff-form-state'

/**
 * One button of the identity panel: ask the seller for proof of identity, or record the photo sent
 * as seen or refused. Posts with scripts or without; a refusal is said at the form.
 */
export function IdentityButton({
  reference,
  action,
  label,
  primary,
}: {
  reference: string
  action: keyof typeof IDENTITY_ACTIONS
  /** The button's words, which also name the form. */
  label: string
  primary?: boolean
}) {
  const staff = useStaffForm(undefined, identityForm)
  const { notice, noticeRef } = staff
  return (
    <form {...staff.form} className="admin-action-form" aria-label={label}>
      <Notice problem={notice} ref={noticeRef} />
      <input type="hidden" name="reference" value={reference} />
      <input type="hidden" name="action" value={IDENTITY_ACTIONS[action]} />
      <button
        type="submit"
        className={primary ? 'button button--primary' : 'button button--secondary'}
        aria-disabled={staff.sending || undefined}
      >
        {label}
      </button>
    </form>
  )
}
