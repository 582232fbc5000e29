// `npm run staff:reset-two-step -- --email someone@example.co.uk --reason "lost their phone"`
// For a member of staff who lost their authenticator app and backup codes: turns their two-step
// login off, ends every session of the account, stops its password, records who (the operator),
// when and why, and sends the owner a fresh one-time link to set it all up again
// (web/accounts/staff-invitations.ts). With the embedded database, run it while the site is stopped.
import { parseArgs } from 'node:util'
import { resetTwoStep } from '@/accounts/staff-invitations'
import { openDatabase } from '@/db/connection'
import { linkOrigin } from '@/mail/link-origin'

const USAGE = 'Usage: npm run staff:reset-two-step -- --email ADDRESS --reason "WHY"'

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, reason: { type: 'string' } },
    allowPositionals: false,
  })
  const reason = values.reason?.trim() ?? ''
  if (!values.email || !reason) return fail(USAGE, 2)
  const { db, close } = await openDatabase()
  try {
    const result = await resetTwoStep(db, values.email, { by: { actor: 'operator' }, reason, origin: linkOrigin() })
    if (!result.ok) return fail(`Not changed: ${values.email} is not a staff or manager account.`, 1)
    console.log(`Two-step login of ${values.email} was reset; its sessions were ended and a set-up link was sent.`)
  } finally {
    await close()
  }
}

function fail(message: string, code: number) {
  console.error(message)
  process.exitCode = code
}

main().catch((error: Error) => fail(`staff:reset-two-step failed: ${error.message}`, 1))
