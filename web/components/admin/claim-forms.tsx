'use client'

import type { OrderCopy } from '@/content/types'
import { claimForm } from '@/orders/claims/claim-form'
import { CLAIM_ACTIONS } from '@/orders/claims/claim-input'
import { Notice, useStaffForm } from './staff-form-state'

/**
 * One button that claims an order or gives its claim back, from its page or a row of the staff
 * list (`back`: the list's address to return to). Posts with scripts or without; a refusal (someone
 * else has it, or only a manager may release it) is said at the form, in the content's words.
 */
export function ClaimButton({
  reference,
  release,
  label,
  back,
}: {
  reference: string
  release: boolean
  /** The button's words, which also name the form. */
  label: string
  /** From a row of the staff list: where to go back to. The form is then unnamed (not a landmark), its button naming the order. */
  back?: string
}) {
  const staff = useStaffForm(undefined, claimForm)
  const { notice, noticeRef } = staff
  return (
    <form {...staff.form} className="admin-claim-form" aria-label={back ? undefined : label} data-claim={reference}>
      <Notice problem={notice} ref={noticeRef} />
      <input type="hidden" name="reference" value={reference} />
      <input type="hidden" name="action" value={release ? CLAIM_ACTIONS.release : CLAIM_ACTIONS.claim} />
      {back ? <input type="hidden" name="back" value={back} /> : null}
      <button
        type="submit"
        className={release ? 'button button--secondary' : 'button button--primary'}
        aria-disabled={staff.sending || undefined}
      >
        {label}
        {back ? <span className="visually-hidden"> {reference}</span> : null}
      </button>
    </form>
  )
}

/**
 * The postage packs still to post, each chosen by a box in its row (`form` ties the boxes in the
 * table to this form), marked posted together with one button.
 */
export function PacksForm({ id, back, text }: { id: string; back: string; text: OrderCopy['claims'] }) {
  const staff = useStaffForm(undefined, claimForm)
  const { notice, noticeRef } = staff
  return (
    <form {...staff.form} id={id} className="admin-action-form admin-packs-form" aria-label={text.packsButton}>
      <Notice problem={notice} ref={noticeRef} />
      <input type="hidden" name="action" value={CLAIM_ACTIONS.packs} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className="button button--primary" aria-disabled={staff.sending || undefined}>
        {text.packsButton}
      </button>
    </form>
  )
}

/**
 * The staff list's one claim form: each row's Claim or Release button belongs to it (`form=`), so
 * a list of fifty orders draws one form. A refusal (someone else has it, or only a manager may
 * release it) is said here, above the list, naming the order.
 */
export function ClaimRowsForm({ id, back }: { id: string; back: string }) {
  const staff = useStaffForm(undefined, claimForm)
  const { notice, noticeRef } = staff
  return (
    <form {...staff.form} id={id} className="admin-claim-rows">
      <Notice problem={notice} ref={noticeRef} />
      <input type="hidden" name="back" value={back} />
    </form>
  )
}
