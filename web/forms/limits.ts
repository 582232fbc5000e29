/** The longest each form field may be, in characters: the forms' maxlength and the server's check. */
export const LIMITS = { email: 254, name: 100, phone: 20, message: 2000 } as const
