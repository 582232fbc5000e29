import type { PanelProps } from './panel-props'
import { safeNextPath } from '@/accounts/next-path'
import { ContentLink } from '../ui/content-link'
import type { AccountCopy } from '@/content/types'
import { AccountForm } from './account-form'
import type { FormAction } from '@/forms/form-state'
import { confirmEmail, forgotPassword, resetPassword, signUp } from '@/accounts/password-actions'
import { logIn, twoFactorCode } from '@/accounts/sign-in-actions'
import { type FormField } from '../forms/page-form'
import { accountFields, codeField, sharedFormProps } from './form-props'
import { Notice } from './notice'

type Notices = 'verified' | 'signedOut' | 'deleted'
const noticeFor = (props: PanelProps) =>
  ['verified', 'signedOut', 'deleted'].includes(props.query.notice ?? '')
    ? props.copy.forms[props.query.notice as Notices]
    : null

export function LoginPanel(props: PanelProps) {
  const { copy, query } = props
  const fields = accountFields(copy)
  const next = query.next ? safeNextPath(query.next) : null
  return (
    <>
      <Notice text={noticeFor(props)} />
      <AccountForm
        {...sharedFormProps(props)}
        action={logIn}
        rules="login"
        fields={[{ ...fields.email, hint: null }, fields.password, fields.rememberMe]}
        hidden={next ? { next } : {}}
        submitLabel={copy.forms.loginButton}
      />
      <ul className="account-links">
        <li>
          <ContentLink link={copy.forms.forgotLink} />
        </li>
        <li>
          <ContentLink link={copy.forms.signUpLink} />
        </li>
      </ul>
    </>
  )
}

export function SignUpPanel(props: PanelProps) {
  const { copy, query } = props
  if (query.sent === '1') {
    return (
      <div className="notice notice--panel" role="status">
        <h2>{copy.forms.signUpSentHeading}</h2>
        <p>{copy.forms.signUpSent}</p>
      </div>
    )
  }
  const fields = accountFields(copy)
  return (
    <>
      <AccountForm
        {...sharedFormProps(props)}
        action={signUp}
        rules="signUp"
        fields={[fields.name, fields.email, { ...fields.newPassword, label: copy.fields.password }]}
        submitLabel={copy.forms.signUpButton}
      />
      <p className="account-links">
        <ContentLink link={copy.forms.loginLink} />
      </p>
    </>
  )
}

export function ForgotPasswordPanel(props: PanelProps) {
  const fields = accountFields(props.copy)
  return (
    <AccountForm
      {...sharedFormProps(props)}
      action={forgotPassword}
      rules="email"
      fields={[fields.email]}
      submitLabel={props.copy.forms.resetButton}
    />
  )
}

/**
 * The verification e-mail's link: the account's password confirms the address. Whoever does not
 * know it (someone else chose it) can reset it from here, which also proves the mailbox.
 */
export function ConfirmEmailPanel(props: PanelProps) {
  const { copy } = props
  return (
    <TokenForm
      {...props}
      action={confirmEmail}
      rules="confirmEmail"
      field={accountFields(copy).password}
      submitLabel={copy.forms.confirmEmailButton}
      link={copy.forms.forgotLink}
    />
  )
}

/** The second step of logging in, after the password: the app's code, or a backup code. */
export function TwoFactorPanel(props: PanelProps) {
  const { copy, query } = props
  const next = query.next ? safeNextPath(query.next, '/admin') : null
  return (
    <AccountForm
      {...sharedFormProps(props)}
      action={twoFactorCode}
      rules="code"
      fields={[codeField(copy)]}
      hidden={next ? { next } : {}}
      submitLabel={copy.forms.codeButton}
    />
  )
}

export function NewPasswordPanel(props: PanelProps) {
  const { copy } = props
  return (
    <TokenForm
      {...props}
      action={resetPassword}
      rules="newPassword"
      field={accountFields(copy).newPassword}
      submitLabel={copy.forms.setPasswordButton}
      link={copy.forms.requestAgainLink}
      linkWhenMissing
    />
  )
}

type TokenFormProps = PanelProps & {
  action: FormAction
  rules: 'confirmEmail' | 'newPassword'
  field: FormField
  submitLabel: string
  link: AccountCopy['forms']['forgotLink']
  /** Offer the link with the problem too, when the address has no token. */
  linkWhenMissing?: boolean
}

/** A form opened by an e-mail's one-time link: the token rides along; without one, it is refused. */
function TokenForm(props: TokenFormProps) {
  const { copy, query, action, rules, field, submitLabel, link, linkWhenMissing } = props
  const token = query.token ?? ''
  if (!token) {
    return (
      <div className="notice notice--problem" role="alert">
        <p>{copy.problems.linkInvalid}</p>
        {linkWhenMissing ? (
          <p>
            <ContentLink link={link} />
          </p>
        ) : null}
      </div>
    )
  }
  return (
    <>
      <AccountForm
        {...sharedFormProps(props)}
        action={action}
        rules={rules}
        fields={[field]}
        hidden={{ token }}
        submitLabel={submitLabel}
      />
      <p className="account-links">
        <ContentLink link={link} />
      </p>
    </>
  )
}
