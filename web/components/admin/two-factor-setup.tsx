import { problemMessages } from '@/accounts/problems'
import { confirmTwoFactor, startTwoFactor } from '@/accounts/form-actions'
import type { Enrolment } from '@/accounts/two-factor'
import { accountFields, codeField } from '@/components/account/form-props'
import { AccountForm } from '@/components/account/account-form'
import type { AccountCopy } from '@/content/types'
import '@/styles/admin.css'

type Props = { copy: AccountCopy; enrolment: Enrolment }

/**
 * Setting up two-step login: the password to start, then the key for the authenticator app, the
 * backup codes (shown until the first code is checked, never after) and the first code.
 */
export function TwoFactorSetup({ copy, enrolment }: Props) {
  const text = copy.staff
  const shared = {
    messages: problemMessages(copy),
    summaryTitle: copy.problems.summary,
    passwordToggle: { show: copy.fields.showPassword, hide: copy.fields.hidePassword },
  }
  return (
    <article className="admin admin-setup">
      <header className="page__header">
        <h1>{text.enrolHeading}</h1>
      </header>
      {enrolment.stage === 'start' ? (
        <>
          <p>{text.enrolIntro}</p>
          <AccountForm
            {...shared}
            action={startTwoFactor}
            rules="passwordOnly"
            fields={[accountFields(copy).password]}
            submitLabel={text.enrolStartButton}
          />
        </>
      ) : (
        <>
          <p>{text.enrolScan}</p>
          <dl className="admin-facts">
            <dt>{text.enrolKeyLabel}</dt>
            <dd className="admin-code" data-testid="totp-key">
              {enrolment.key.match(/.{1,4}/g)!.join(' ')}
            </dd>
            <dt>{text.enrolLinkLabel}</dt>
            <dd className="admin-code">
              <a href={enrolment.link}>{enrolment.link}</a>
            </dd>
          </dl>
          <section aria-labelledby="backup-codes" className="admin-section">
            <h2 id="backup-codes">{text.enrolBackupHeading}</h2>
            <p>{text.enrolBackupHelp}</p>
            <ul className="admin-backup-codes">
              {enrolment.backupCodes.map((code) => (
                <li key={code} className="admin-code">
                  {code}
                </li>
              ))}
            </ul>
          </section>
          <AccountForm
            {...shared}
            action={confirmTwoFactor}
            rules="code"
            fields={[codeField(copy)]}
            submitLabel={text.enrolConfirmButton}
          />
        </>
      )}
    </article>
  )
}
