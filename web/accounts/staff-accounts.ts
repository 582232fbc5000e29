import 'server-only'
import { and, eq } from 'drizzle-orm'
import { createAuth } from '@/accounts/create-auth'
import { validateSignUp } from '@/accounts/validation'
import type { Db } from '@/db/connection'
import { account, session, user } from '@/db/schema'
import { linkOrigin } from '@/mail/link-origin'
import { sendSetupLink } from './staff-invitations'

/**
 * `password` is asked for only to give the role to an account that already exists (its owner's
 * own); a new account gets none from the operator. `origin` is where the invitation's link points.
 */
export type StaffGrant = { email: string; role: 'staff' | 'manager'; name?: string; password?: string; origin?: string }

export type StaffGrantResult =
  { ok: true; outcome: 'created' | 'promoted'; message: string } | { ok: false; message: string }

/**
 * Invites a new member of staff, or gives the role to an account its owner already holds. A new
 * account has no password: the owner is sent a one-time link (web/accounts/staff-invitations.ts)
 * where they choose one and set up two-step login. An existing account is promoted only when its
 * address is verified and the password given is its own: anyone may sign up with an address that
 * staff will use later, and a stranger's password must never open /admin. Promoting signs the
 * account out everywhere, so no session older than the role carries it, and sends the same link
 * for the set-up.
 */
export async function grantStaffRole(db: Db, grant: StaffGrant): Promise<StaffGrantResult> {
  const email = grant.email.trim().toLowerCase()
  const [existing] = await db
    .select({
      id: user.id,
      name: user.name,
      role: user.role,
      emailVerified: user.emailVerified,
      hash: account.password,
    })
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
    const own =
      existing.hash && grant.password
        ? await context.password.verify({ hash: existing.hash, password: grant.password })
        : false
    if (!own) {
      return {
        ok: false,
        message: `Not changed: the password given is not the one of ${email}'s account. Run this with the account owner's own password.`,
      }
    }
    await db.transaction(async (tx) => {
      await tx.update(user).set({ role: grant.role }).where(eq(user.id, existing.id))
      await tx.delete(session).where(eq(session.userId, existing.id))
      await sendSetupLink(tx, { id: existing.id, name: existing.name, email }, invitation(grant))
    })
    return {
      ok: true,
      outcome: 'promoted',
      message: `${email} was ${existing.role ?? 'user'} and is now ${grant.role}; its sessions were ended, and a link to set up two-step login was sent to the address.`,
    }
  }

  const name = grant.name?.trim() || email.split('@')[0]!
  // The rules of sign-up for the name and address; the password is the owner's to choose.
  const checked = validateSignUp({ name, email, password: 'placeholder only checked for shape' })
  if (!checked.ok)
    return { ok: false, message: `Not created: ${checked.errors.map((e) => `${e.field} (${e.code})`).join(', ')}.` }

  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(user)
      .values({ id: crypto.randomUUID(), name, email, emailVerified: true, role: grant.role })
      .returning({ id: user.id })
    await sendSetupLink(tx, { id: created!.id, name, email }, invitation(grant))
  })
  return {
    ok: true,
    outcome: 'created',
    message: `Invited ${email} as ${grant.role}: an e-mail with a one-time link to choose a password and set up two-step login is on its way to the address.`,
  }
}

const invitation = (grant: StaffGrant) => ({
  mail: 'staffInvitation' as const,
  by: { actor: 'operator' as const },
  reason: `staff:create --role ${grant.role}`,
  origin: grant.origin ?? linkOrigin(),
})
