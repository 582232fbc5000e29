import { problemMessages } from '@/accounts/problems'
import { resetStaffTwoStep } from '@/accounts/staff-setup-actions'
import { AccountForm } from '@/components/account/account-form'
import type { AccountCopy } from '@/content/types'
import '@/styles/admin.css'
import { StaffPage } from '@/components/admin/staff-page'

type Person = { id: string; name: string; email: string; role: string | null; twoStep: boolean | null }
type Props = { copy: AccountCopy; people: Person[]; selfId: string; reset: boolean }

/**
 * The staff accounts a manager sees: each with whether two-step login is on, and, for everyone but
 * the manager, resetting it (a reason and the manager's own password).
 */
export function StaffAccounts({ copy, people, selfId, reset }: Props) {
  const text = copy.staff
  const shared = {
    messages: problemMessages(copy),
    summaryTitle: copy.problems.summary,
    passwordToggle: { show: copy.fields.showPassword, hide: copy.fields.hidePassword },
  }
  return (
    <StaffPage heading={text.staffAccountsLink} intro={text.staffAccountsIntro}>
      {reset && <p role="status">{text.resetDone}</p>}
      <ul className="admin-section">
        {people.map((person) => (
          <li key={person.id} aria-labelledby={`staff-${person.id}`}>
            <h2 id={`staff-${person.id}`}>{person.name}</h2>
            <p>
              {person.email} · {person.role === 'manager' ? text.managerRole : text.staffRole} ·{' '}
              {person.twoStep ? text.twoStepOn : text.twoStepOff}
            </p>
            {person.id === selfId ? (
              <p>{copy.problems.resetOwn}</p>
            ) : (
              <AccountForm
                {...shared}
                action={resetStaffTwoStep}
                rules="resetTwoStep"
                fields={[
                  { name: 'reason', label: text.resetReasonLabel, type: 'text' },
                  {
                    name: 'password',
                    label: text.resetPasswordLabel,
                    type: 'password',
                    autoComplete: 'current-password',
                  },
                ]}
                hidden={{ email: person.email }}
                submitLabel={text.resetButton}
              />
            )}
          </li>
        ))}
      </ul>
    </StaffPage>
  )
}
