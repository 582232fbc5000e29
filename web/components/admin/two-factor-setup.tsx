import { problemMessages, problemsFromQuery } from '@/accounts/problems'
import type { Enrolment } from '@/accounts/two-factor'
import { accountFields, codeField } from '@/components/account/form-props'
import { AccountForm } from '@/components/account/account-form'
import type { AccountCopy } from '@/content/types'
import '@/styles/admin.css'

type Props = { copy: AccountCopy; query: Record<string, string>; enrolment: Enrolment }

/**
 * Setting up two-step login: the password to start, then the key for the authenticator app, the
 * backup codes (shown until the first code is checked, never after) and the first code.
 */
export function TwoFactorSetup({ copy, query, enrolment }: Props) {
  const text = copy.staff
  const shared = {
    messages: problemMessages(copy, query.wait),
    summaryTitle: copy.problems.summary,
    passwordToggle: { show: copy.fields.showPassword, hide: copy.fields.hidePassword },
    initialProblems: problemsFromQuery(query),
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
            action="/api/account/two-factor/start"
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
            action="/api/account/two-factor/confirm"
            rules="code"
            fields={[codeField(copy)]}
            submitLabel={text.enrolConfirmButton}
          />
        </>
      )}
    </article>
  )
}
