'use client'

import type { Ref } from 'react'
import type { OrderCopy } from '@/content/types'
import { lockForm } from '@/orders/locks/lock-form'
import { LOCK_ACTIONS, lockDeviceField, parseLockDevices } from '@/orders/locks/lock-input'
import { useStaffForm } from '@/components/admin/staff-form-state'

type LockCopy = OrderCopy['locks']

/** A problem the lock forms answer, said above their fields where the focus goes. */
function Problem({
  message,
  code,
  noticeRef,
}: {
  message?: string
  code?: string
  noticeRef: Ref<HTMLParagraphElement>
}) {
  if (!message) return null
  return (
    <p ref={noticeRef} className="admin-notice admin-notice--problem" role="alert" tabIndex={-1} data-problem={code}>
      {message}
    </p>
  )
}

/**
 * Holding an order for an activation lock: a box per device (the locked ones ticked), one button.
 * With `checked` given and no boxes (holding again), the same devices go hidden with the button.
 */
export function HoldForLockForm({
  reference,
  devices,
  text,
  again,
}: {
  reference: string
  devices: Array<{ id: string; device: string }>
  text: LockCopy
  /** Holding again after the seller said the lock was removed: the devices held before. */
  again?: boolean
}) {
  const staff = useStaffForm((body) => {
    const parsed = parseLockDevices(body)
    return parsed.ok ? [] : [{ field: null, code: 'noDevices', message: text.noDevices }]
  }, lockForm)
  const problem = staff.problems[0]
  const label = again ? text.holdAgainButton : text.holdButton
  return (
    <form {...staff.form} className="admin-action-form" aria-label={label} noValidate>
      <Problem message={problem?.message} code={problem?.code} noticeRef={staff.noticeRef} />
      <input type="hidden" name="reference" value={reference} />
      <input type="hidden" name="action" value={LOCK_ACTIONS.hold} />
      {again ? (
        devices.map((item) => <input key={item.id} type="hidden" name={lockDeviceField(item.id)} value="on" />)
      ) : (
        <fieldset className="admin-lock-devices">
          <legend>{text.devicesLegend}</legend>
          {devices.map((item) => (
            <label key={item.id} className="admin-lock-device">
              <input type="checkbox" name={lockDeviceField(item.id)} defaultChecked={devices.length === 1} />{' '}
              {item.device}
            </label>
          ))}
        </fieldset>
      )}
      <button
        type="submit"
        className={again ? 'button button--secondary' : 'button button--primary'}
        aria-disabled={staff.sending || undefined}
      >
        {label}
      </button>
    </form>
  )
}

/** Releasing the hold the page showed: the lock is off, the check carries on. */
export function ReleaseLockForm({ reference, holdId, text }: { reference: string; holdId: string; text: LockCopy }) {
  const staff = useStaffForm(undefined, lockForm)
  const problem = staff.problems[0]
  return (
    <form {...staff.form} className="admin-action-form" aria-label={text.releaseButton}>
      <Problem message={problem?.message} code={problem?.code} noticeRef={staff.noticeRef} />
      <input type="hidden" name="reference" value={reference} />
      <input type="hidden" name="action" value={LOCK_ACTIONS.release} />
      <input type="hidden" name="hold" value={holdId} />
      <button type="submit" className="button button--primary" aria-disabled={staff.sending || undefined}>
        {text.releaseButton}
      </button>
    </form>
  )
}
