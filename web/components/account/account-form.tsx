'use client'

import {
  validateChangePassword,
  validateResetTwoStep,
  validateCode,
  validateConfirmEmail,
  validateDelete,
  validateEmailOnly,
  validateLogin,
  validateNewPassword,
  validatePasswordOnly,
  validateSignUp,
} from '@/accounts/validation'
import { PageForm, type PageFormProps } from '../forms/page-form'

const RULES = {
  signUp: validateSignUp,
  login: validateLogin,
  email: validateEmailOnly,
  newPassword: validateNewPassword,
  confirmEmail: validateConfirmEmail,
  code: validateCode,
  passwordOnly: validatePasswordOnly,
  changePassword: validateChangePassword,
  resetTwoStep: validateResetTwoStep,
  delete: validateDelete,
}

/** An account form: the page form with the account rules named by `rules`, and no others. */
export function AccountForm({ rules, ...props }: Omit<PageFormProps, 'validate'> & { rules: keyof typeof RULES }) {
  return <PageForm {...props} validate={RULES[rules]} />
}
