/** How long the links in account e-mails work (the e-mails say so) and how long a session lasts. */
export const RESET_LINK_SECONDS = 60 * 60
export const VERIFY_LINK_SECONDS = 24 * 60 * 60
/** "Remember me" keeps a session this long; without it the cookie ends with the browser. */
export const SESSION_SECONDS = 30 * 24 * 60 * 60
/** A staff or manager session ends this long after its login, "remember me" or not. */
export const STAFF_SESSION_SECONDS = 8 * 60 * 60
/** A staff invitation or set-up link works once, for this long (its e-mail says so). */
export const STAFF_SETUP_LINK_SECONDS = 48 * 60 * 60
