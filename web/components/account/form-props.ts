import { problemMessages } from '@/accounts/problems'
import type { PanelProps } from './panel-props'
import { fillTemplate } from '@/lib/templates'
import { PASSWORD_MIN } from '@/accounts/validation'
import type { FormField } from '../forms/page-form'

/** What every account form takes from the content, whichever form it is. */
export function sharedFormProps({ copy }: PanelProps) {
  return {
    messages: problemMessages(copy),
    summaryTitle: copy.problems.summary,
    passwordToggle: { show: copy.fields.showPassword, hide: copy.fields.hidePassword },
  }
}

/** The fields the forms share, in the content's words. */
export function accountFields({ fields }: PanelProps['copy']) {
  const newPasswordHint = fillTemplate(fields.passwordHint, { min: PASSWORD_MIN })
  return {
    name: { name: 'name', label: fields.name, type: 'text', autoComplete: 'name', hint: fields.nameHint },
    email: { name: 'email', label: fields.email, type: 'email', autoComplete: 'email', hint: fields.emailHint },
    password: { name: 'password', label: fields.password, type: 'password', autoComplete: 'current-password' },
    newPassword: {
      name: 'password',
      label: fields.newPassword,
      type: 'password',
      autoComplete: 'new-password',
      hint: newPasswordHint,
    },
    currentPassword: {
      name: 'currentPassword',
      label: fields.currentPassword,
      type: 'password',
      autoComplete: 'current-password',
    },
    rememberMe: { name: 'rememberMe', label: fields.rememberMe, type: 'checkbox' },
  } satisfies Record<string, FormField>
}

/** A two-step login code: the app's 6 digits or a backup code, filled by the phone when it can. */
export function codeField({ fields }: PanelProps['copy']): FormField {
  return { name: 'code', label: fields.code, type: 'text', autoComplete: 'one-time-code', hint: fields.codeHint }
}
