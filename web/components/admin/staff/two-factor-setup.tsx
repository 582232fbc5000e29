import { problemMessages } from '@/accounts/problems'
import { acceptStaffInvitation, confirmTwoFactor, startTwoFactor } from '@/accounts/staff-setup-actions'
import type { Enrolment } from '@/accounts/two-factor'
import { accountFields, codeField } from '@/components/account/form-props'
import { AccountForm } from '@/components/account/account-form'
import type { AccountCopy } from '@/content/types'
import '@/styles/admin.css'
import { StaffPage } from '@/components/admin/staff-page'

type Props = { copy: AccountCopy; enrolment: Enrolment }

function sharedProps(copy: AccountCopy) {
  return {
    messages: problemMessages(copy),
    summaryTitle: copy.problems.summary,
    passwordToggle: { show: copy.fields.showPassword, hide: copy.fields.hidePassword },
  }
}

/**
 * The page the invitation's link opens: the owner chooses their password to start. A link that is
 * used, expired or altered (`token` null) says so, and who makes a new one.
 */
export function StaffInvitation({ copy, token }: { copy: AccountCopy; token: string | null }) {
  return (
    <StaffPage className="admin-setup" heading={copy.staff.enrolHeading}>
      {token ? (
        <>
          <p>{copy.staff.enrolIntro}</p>
          <AccountForm
            {...sharedProps(copy)}
            action={acceptStaffInvitation}
            rules="newPassword"
            fields={[accountFields(copy).newPassword]}
            hidden={{ token }}
            submitLabel={copy.staff.enrolStartButton}
          />
        </>
      ) : (
        <p role="alert" data-problem="setupLinkInvalid">
          {copy.problems.setupLinkInvalid}
        </p>
      )}
    </StaffPage>
  )
}

/**
 * Setting up two-step login, in the session the invitation's link started it in: the key for the
 * authenticator app (a QR code, the key to type and the link) and the backup codes, shown once,
 * and the first code. Shown once means a reload offers the code field and a fresh start instead.
 * Any other session of the account is told the set-up comes from the link, and offered nothing.
 */
export function TwoFactorSetup({ copy, enrolment }: Props) {
  const text = copy.staff
  const shared = sharedProps(copy)
  return (
    <StaffPage className="admin-setup" heading={text.enrolHeading}>
      {enrolment.stage === 'start' ? (
        <p>{text.enrolByLink}</p>
      ) : (
        <>
          {enrolment.shown ? (
            <>
              <p>{text.enrolScan}</p>
              <figure className="admin-qr">
                {/* The server's own SVG of the otpauth link (web/accounts/two-factor.ts): no script, no input. */}
                <div
                  role="img"
                  aria-label={text.enrolQrLabel}
                  dangerouslySetInnerHTML={{ __html: enrolment.shown.qrSvg }}
                />
              </figure>
              <dl className="admin-facts">
                <dt>{text.enrolKeyLabel}</dt>
                <dd className="admin-code" data-testid="totp-key">
                  {enrolment.shown.key.match(/.{1,4}/g)!.join(' ')}
                </dd>
                <dt>{text.enrolLinkLabel}</dt>
                <dd className="admin-code">
                  <a href={enrolment.shown.link}>{enrolment.shown.link}</a>
                </dd>
              </dl>
              <section aria-labelledby="backup-codes" className="admin-section">
                <h2 id="backup-codes">{text.enrolBackupHeading}</h2>
                <p>{text.enrolBackupHelp}</p>
                <ul className="admin-backup-codes">
                  {enrolment.shown.backupCodes.map((code) => (
                    <li key={code} className="admin-code">
                      {code}
                    </li>
                  ))}
                </ul>
              </section>
            </>
          ) : (
            <p>{text.enrolShownOnce}</p>
          )}
          <AccountForm
            {...shared}
            action={confirmTwoFactor}
            rules="code"
            fields={[codeField(copy)]}
            submitLabel={text.enrolConfirmButton}
          />
          {enrolment.shown ? null : (
            <AccountForm
              {...shared}
              action={startTwoFactor}
              rules="passwordOnly"
              fields={[accountFields(copy).password]}
              submitLabel={text.enrolStartAgainButton}
            />
          )}
        </>
      )}
    </StaffPage>
  )
}
