import { EMAIL_MAX } from '@/lib/email-address'

/** The longest each form field may be, in characters: the forms' maxlength and the server's check. */
export const LIMITS = { email: EMAIL_MAX, name: 100, phone: 20, message: 2000 } as const
