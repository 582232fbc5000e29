import 'server-only'
import { siteOrigin, type Env } from '@/config'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { admin, twoFactor } from 'better-auth/plugins'
import { PASSWORD_MAX, PASSWORD_MIN } from '@/accounts/validation'
import type { Db } from '@/db/connection'
import * as schema from '@/db/schema'
import { RESET_LINK_SECONDS, SESSION_SECONDS, VERIFY_LINK_SECONDS } from './lifetimes'
import { accessControl, roles } from './roles'
import { sessionOrigin } from './second-factor'
import { readAuthSecret } from '@/config/secrets'

export type AccountMailer = (
  kind: 'verifyEmail' | 'existingAccount' | 'resetPassword' | 'passwordChanged',
  user: { name: string; email: string },
  options?: { token?: string },
) => Promise<void>

/**
 * better-auth over the project's Drizzle schema. The site calls it from its own route handlers
 * (web/app/api/account/*), which check the origin, rate-limit by client address and turn every
 * refusal into a 4xx with the content's words; its own HTTP handler is not mounted.
 */
export function createAuth(db: Db, mail: AccountMailer, env?: Env) {
  const siteUrl = siteOrigin(env)
  return betterAuth({
    secret: readAuthSecret(env),
    // Links in e-mails are built by the site (web/accounts/link-origin.ts); this is only better-auth's own.
    baseURL: siteUrl || 'http://localhost:3000',
    basePath: '/api/auth',
    database: drizzleAdapter(db, { provider: 'pg', schema, transaction: true }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // An account orders at once; its order history waits for a verified address.
      requireEmailVerification: false,
      // No session at sign-up, so a known address and a new one look the same (no enumeration).
      autoSignIn: false,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) => mail('resetPassword', user, { token }),
      onExistingUserSignUp: ({ user }) => mail('existingAccount', user),
      onPasswordReset: ({ user }) => mail('passwordChanged', user),
    },
    emailVerification: {
      sendOnSignUp: true,
      // Never: the link proves the mailbox, not the password (see confirmEmail).
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_LINK_SECONDS,
      sendVerificationEmail: ({ user, token }) => mail('verifyEmail', user, { token }),
    },
    session: {
      expiresIn: SESSION_SECONDS,
      updateAge: 24 * 60 * 60,
      // Whether this session passed the second step (web/accounts/second-factor.ts); never from a request.
      additionalFields: { secondFactorAt: { type: 'date', required: false, input: false } },
    },
    databaseHooks: {
      session: {
        create: {
          // better-auth lays what this returns over the session it is about to write.
          before: async (_made, context) => ({
            data: sessionOrigin(context?.path, context?.context.session?.session),
          }),
        },
      },
    },
    user: { deleteUser: { enabled: true } },
    // The site's own limiter (web/accounts/limits.ts) guards every entry point, keyed by its client
    // address rule; better-auth's would trust X-Forwarded-For as sent.
    rateLimit: { enabled: false },
    advanced: {
      // Secure cookies wherever the site is served over HTTPS, which SITE_URL says in production.
      useSecureCookies: siteUrl?.startsWith('https://') ?? false,
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
    plugins: [
      admin({ ac: accessControl, roles, defaultRole: 'user', adminRoles: ['manager'] }),
      // An authenticator app (TOTP) and backup codes; staff and managers must enrol (web/accounts/two-factor.ts).
      twoFactor({
        // Five wrong codes end one sign-in step. The plugin's lock of the whole account would let
        // whoever has the password lock its owner out: the site's own per-account code limit,
        // which counts the owner's browser apart, replaces it (web/accounts/code-limit.ts).
        accountLockout: { enabled: false },
      }),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>
