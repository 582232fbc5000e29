import 'server-only'
import { and, eq } from 'drizzle-orm'
import { isCommonPassword } from '@/accounts/common-passwords'
import { createAuth } from '@/accounts/create-auth'
import { validateSignUp } from '@/accounts/validation'
import type { Db } from '@/db/connection'
import { account, session, user } from '@/db/schema'

export type StaffGrant = { email: string; role: 'staff' | 'manager'; name?: string; password: string }

export type StaffGrantResult =
  { ok: true; outcome: 'created' | 'promoted'; message: string } | { ok: false; message: string }

/**
 * Makes a staff account, or gives the role to an account its owner already holds. An existing
 * account is promoted only when its address is verified and the password given is its own: anyone
 * may sign up with an address that staff will use later, and a stranger's password must never open
 * /admin. Promoting signs the account out everywhere, so no session older than the role carries it.
 */
export async function grantStaffRole(db: Db, grant: StaffGrant): Promise<StaffGrantResult> {
  const email = grant.email.trim().toLowerCase()
  const [existing] = await db
    .select({ id: user.id, role: user.role, emailVerified: user.emailVerified, hash: account.password })
    .from(user)
    .leftJoin(account, and(eq(account.userId, user.id), eq(account.providerId, 'credential')))
    .where(eq(user.email, email))

  // No e-mail is sent by this command: it is run by someone who already knows the address.
  const auth = createAuth(db, async () => undefined)

  if (existing) {
    if (!existing.emailVerified) {
      return {
        ok: false,
        message:
          `Not changed: ${email} has an account whose address is not verified, so it may not be its owner's. ` +
          'Its owner must open the link in the verification e-mail (or reset the password) first; then run this again with their password.',
      }
    }
    const context = await auth.$context
    const own = existing.hash ? await context.password.verify({ hash: existing.hash, password: grant.password }) : false
    if (!own) {
      return {
        ok: false,
        message: `Not changed: the password given is not the one of ${email}'s account. Run this with the account owner's own password.`,
      }
    }
    await db.transaction(async (tx) => {
      await tx.update(user).set({ role: grant.role }).where(eq(user.id, existing.id))
      await tx.delete(session).where(eq(session.userId, existing.id))
    })
    return {
      ok: true,
      outcome: 'promoted',
      message: `${email} was ${existing.role ?? 'user'} and is now ${grant.role}; its sessions were ended, so it logs in again.`,
    }
  }

  const name = grant.name?.trim() || email.split('@')[0]!
  const checked = validateSignUp({ name, email, password: grant.password })
  if (!checked.ok)
    return { ok: false, message: `Not created: ${checked.errors.map((e) => `${e.field} (${e.code})`).join(', ')}.` }
  if (isCommonPassword(grant.password))
    return { ok: false, message: 'Not created: that password is one of the most common.' }

  const created = await auth.api.createUser({ body: { email, password: grant.password, name, role: grant.role } })
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, created.user.id))
  return {
    ok: true,
    outcome: 'created',
    message: `Created ${email} as ${grant.role}. They can log in at /login; /admin is theirs.`,
  }
}
