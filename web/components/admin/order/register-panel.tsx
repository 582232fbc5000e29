import { formatDateTime } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import { CLEARABLE_STATUSES, HOLD_EVENTS, looksReleasable } from '@/orders/holds/hold-input'
import { cautionCleared } from '@/register/passed'
import type { AdminOrderProps } from '@/components/admin/admin-order-props'
import { ClearCautionForm, RecheckForm } from './hold-forms'

/**
 * The stolen-device register on an order's staff page, when there is something to do with it:
 * each device with a caution and its certificate (cleared, with who, when and why; or, for a
 * manager, the form that clears it), and on a held order the button that checks every device again.
 */
export function RegisterPanel({ order, copy, role }: AdminOrderProps) {
  const text = copy.holds
  const held = order.status === 'quarantined'
  const cautions = (CLEARABLE_STATUSES as readonly string[]).includes(order.status)
    ? order.items.filter((item) => item.registerResult === 'caution' && item.registerCertificate)
    : []
  if (!held && !cautions.length) return null
  const rechecks = order.events.filter((event) => event.action === HOLD_EVENTS.recheck).length
  return (
    <section aria-labelledby="order-register-heading" className="admin-section" id="order-register">
      <h2 id="order-register-heading">{text.heading}</h2>
      {cautions.length ? <p>{text.cautionHelp}</p> : null}
      {cautions.map((item) => {
        const certificate = item.registerCertificate!
        const label = fillTemplate(text.cautionCertificate, { device: item.device, certificate })
        const clearing = order.events.findLast(
          (event) => event.action === HOLD_EVENTS.clearCaution && event.reason?.includes(certificate),
        )
        return (
          <div key={item.id} className="admin-caution" data-caution={certificate}>
            <h3>{label}</h3>
            {cautionCleared(item) ? (
              <p className="admin-notice">
                {fillTemplate(text.clearedBy, {
                  name: clearing?.actorName ?? '',
                  when: formatDateTime(item.cautionClearedAt!),
                  certificate,
                  reason: item.cautionClearedReason ?? '',
                })}
              </p>
            ) : null}
            {role === 'manager' ? (
              // Kept in its place once cleared, to say why the same form sent again changed nothing.
              <ClearCautionForm
                reference={order.reference}
                itemId={item.id}
                certificate={certificate}
                label={label}
                text={text}
                summaryTitle={copy.problems.summary}
                cleared={cautionCleared(item)}
              />
            ) : cautionCleared(item) ? null : (
              <p className="admin-notice">{text.managerNeeded}</p>
            )}
          </div>
        )
      })}
      {held ? (
        <>
          <p>{text.heldHelp}</p>
          {looksReleasable(order, new Date()) ? <p className="admin-notice">{text.releaseReady}</p> : null}
          <RecheckForm reference={order.reference} seen={rechecks} text={text} />
        </>
      ) : null}
    </section>
  )
}
