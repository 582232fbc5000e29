import 'server-only'
import { createHash, randomBytes } from 'node:crypto'
import { and, asc, eq, gt, inArray, like } from 'drizzle-orm'
import { getEmailCopy } from '@/content/loaders'
import type { Db } from '@/db/connection'
import { account, session, staffEvent, twoFactor, user, verification } from '@/db/schema'
import { queueEmails } from '@/mail/queue'
import { renderEmail } from '@/mail/templates'
import { STAFF_SETUP_LINK_SECONDS } from './lifetimes'
import { isStaffRole } from './roles'

/**
 * Set-up belongs to the owner: a staff account's password and two-step login are set up from a
 * one-time link sent to the owner's own address, in the browser that opens it, never from a
 * password alone. The link's token is kept only as a hash, in better-auth's verification table,
 * with its expiry; a new link replaces the account's earlier one, and using one deletes it.
 */
const PREFIX = 'staff-setup:'
const identifierOf = (token: string) => `${PREFIX}${createHash('sha256').update(token).digest('base64url')}`

type Writer = Pick<Db, 'insert' | 'delete'>
export type SetupMail = 'staffInvitation' | 'staffTwoStepReset'
export type StaffEventActor = { actor: 'operator' } | { actor: 'manager'; userId: string; name: string }

/**
 * A fresh set-up link for the account, its e-mail in the outbox and the event that says who sent
 * it and why, in the caller's transaction. `origin` is where the site is reached (SITE_URL).
 */
export async function sendSetupLink(
  db: Writer,
  owner: { id: string; name: string; email: string },
  what: { mail: SetupMail; by: StaffEventActor; reason: string; origin: string },
  now = new Date(),
): Promise<void> {
  const token = randomBytes(32).toString('base64url')
  await db
    .delete(verification)
    .where(and(like(verification.identifier, `${PREFIX}%`), eq(verification.value, owner.id)))
  await db.insert(verification).values({
    id: crypto.randomUUID(),
    identifier: identifierOf(token),
    value: owner.id,
    expiresAt: new Date(now.getTime() + STAFF_SETUP_LINK_SECONDS * 1000),
  })
  await db.insert(staffEvent).values({
    userId: owner.id,
    at: now,
    actor: what.by.actor,
    actorUserId: what.by.actor === 'manager' ? what.by.userId : null,
    actorName: what.by.actor === 'manager' ? what.by.name : null,
    action: what.mail === 'staffInvitation' ? 'invited' : 'two-step-reset',
    reason: what.reason,
  })
  const copy = await getEmailCopy()
  const link = `${what.origin}/staff-setup?token=${encodeURIComponent(token)}`
  const values = { name: owner.name, hours: STAFF_SETUP_LINK_SECONDS / 3600 }
  const message = renderEmail(copy, copy[what.mail], values, owner.email, link)
  await queueEmails(db, [{ ...message, kind: `account-${what.mail}` }])
}

/** The staff account a set-up link is for, while it is unused and in time; reads only. */
export async function setupLinkOwner(db: Db, token: string, now = new Date()) {
  if (!token || token.length > 200) return null
  const [row] = await db
    .select({ id: user.id, email: user.email, role: user.role })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(and(eq(verification.identifier, identifierOf(token)), gt(verification.expiresAt, now)))
  return row && isStaffRole(row.role) ? row : null
}

/**
 * Uses a set-up link, once, in one transaction: the link is deleted, the password the owner chose
 * (its hash) becomes the account's, any earlier two-step login and every session end. Null for a
 * link that is used, expired, altered, or for an account that is no longer staff.
 */
export async function redeemSetupLink(db: Db, token: string, passwordHash: string, now = new Date()) {
  if (!token || token.length > 200) return null
  return db.transaction(async (tx) => {
    const [used] = await tx
      .delete(verification)
      .where(and(eq(verification.identifier, identifierOf(token)), gt(verification.expiresAt, now)))
      .returning({ userId: verification.value })
    if (!used) return null
    const [owner] = await tx
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .where(eq(user.id, used.userId))
    if (!owner || !isStaffRole(owner.role)) return null
    await tx.delete(twoFactor).where(eq(twoFactor.userId, owner.id))
    await tx.update(user).set({ twoFactorEnabled: false, emailVerified: true }).where(eq(user.id, owner.id))
    await tx.delete(session).where(eq(session.userId, owner.id))
    const changed = await tx
      .update(account)
      .set({ password: passwordHash })
      .where(and(eq(account.userId, owner.id), eq(account.providerId, 'credential')))
      .returning({ id: account.id })
    if (!changed.length) {
      await tx.insert(account).values({
        id: crypto.randomUUID(),
        accountId: owner.id,
        providerId: 'credential',
        userId: owner.id,
        password: passwordHash,
      })
    }
    return owner
  })
}

/**
 * A lost authenticator: two-step login is turned off, every session of the account ends, its
 * password stops working, and the owner is sent a fresh set-up link, with the event that says who
 * and why, all in one transaction. Refused for an account that is not staff, and for a manager's
 * own (another manager, or the operator, resets it).
 */
export async function resetTwoStep(
  db: Db,
  email: string,
  what: { by: StaffEventActor; reason: string; origin: string },
): Promise<{ ok: true } | { ok: false; problem: 'notStaff' | 'own' }> {
  const [owner] = await db
    .select({ id: user.id, name: user.name, email: user.email, role: user.role })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()))
  if (!owner || !isStaffRole(owner.role)) return { ok: false, problem: 'notStaff' }
  if (what.by.actor === 'manager' && what.by.userId === owner.id) return { ok: false, problem: 'own' }
  await db.transaction(async (tx) => {
    await tx.delete(twoFactor).where(eq(twoFactor.userId, owner.id))
    await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, owner.id))
    await tx.delete(session).where(eq(session.userId, owner.id))
    await tx.update(account).set({ password: null }).where(eq(account.userId, owner.id))
    await sendSetupLink(tx, owner, { mail: 'staffTwoStepReset', ...what })
  })
  return { ok: true }
}

/** Every staff and manager account, for managers' staff page: who, and whether two-step login is on. */
export async function listStaff(db: Db) {
  return db
    .select({ id: user.id, name: user.name, email: user.email, role: user.role, twoStep: user.twoFactorEnabled })
    .from(user)
    .where(inArray(user.role, ['staff', 'manager']))
    .orderBy(asc(user.name), asc(user.email))
}
