import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// better-auth's tables (its core plus the admin plugin's role and ban columns), in the shape its
// generator (`npx auth@1.7.7 generate`) writes, with time zones kept like the rest of the schema.
const at = (name: string) => timestamp(name, { withTimezone: true })
const createdAt = () => at('created_at').notNull().defaultNow()
const updatedAt = () =>
  at('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  // "user" for sellers; "staff" or "manager" for the people who run the orders.
  role: text('role'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: at('ban_expires'),
  // The two-factor plugin's: set once an authenticator app is enrolled and its first code checked.
  twoFactorEnabled: boolean('two_factor_enabled').default(false),
})

/**
 * The two-factor plugin's: an authenticator app's secret and the backup codes, both sealed by
 * better-auth with the auth secret. Staff and managers must have one (see web/accounts/two-factor.ts).
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // False from enrolment until the first code from the app is checked.
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: at('locked_until'),
    // Set by the site, unknown to better-auth: the one session that started this set-up (after
    // re-entering the password), the only one that may see its key and finish it, and when that
    // session was shown the key and backup codes (once: a lost key means starting over).
    enrolmentSessionId: text('enrolment_session_id'),
    keyShownAt: at('key_shown_at'),
  },
  (table) => [index('two_factor_user_id_idx').on(table.userId), index('two_factor_secret_idx').on(table.secret)],
)

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: at('expires_at').notNull(),
    // Only ever sent in the signed session cookie.
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
    // When the person last proved it was them again (password or code) for a sensitive staff act;
    // the login itself counts as one (created_at). Set by the site, unknown to better-auth.
    recheckedAt: at('rechecked_at'),
    // When this session passed the second step of logging in (a code from the app or a backup
    // code), or was made by finishing enrolment; null for a session the password alone made.
    // Staff pages need it (web/accounts/session.ts): the account having two-step login on is not
    // enough. Written by better-auth through a session hook (web/accounts/create-auth.ts).
    secondFactorAt: at('second_factor_at'),
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
)

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: at('access_token_expires_at'),
    refreshTokenExpiresAt: at('refresh_token_expires_at'),
    scope: text('scope'),
    // The scrypt hash, for the "credential" provider (e-mail and password).
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
)

/** Verification and password-reset tokens, each with its expiry. */
export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
)

export type UserRow = typeof user.$inferSelect
