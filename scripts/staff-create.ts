// `npm run staff:create -- --email someone@example.co.uk --role manager [--name "Sam Smith"]`
// Invites a new member of staff: the account is made without a password, and a one-time link to
// choose one and set up two-step login goes to the address through the site's e-mail outbox. For
// an address that already has an account, gives it the role only when its address is verified and
// the password given is its own (web/accounts/staff-accounts.ts says why); that password comes from
// STAFF_PASSWORD (for scripts) or is asked for without echoing it.
import { eq } from 'drizzle-orm'
import { parseArgs } from 'node:util'
import { isStaffRole } from '@/accounts/roles'
import { grantStaffRole } from '@/accounts/staff-accounts'
import { openDatabase } from '@/db/connection'
import { user } from '@/db/schema'

const USAGE = 'Usage: npm run staff:create -- --email ADDRESS --role staff|manager [--name "FULL NAME"]'

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
    allowPositionals: false,
  })
  const role = values.role ?? ''
  if (!values.email || !isStaffRole(role)) return fail(USAGE, 2)
  const email = values.email.trim().toLowerCase()

  const { db, close } = await openDatabase()
  try {
    const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email))
    const password = existing
      ? (process.env.STAFF_PASSWORD ?? (await askHidden(`The account's own password, for ${email}: `)))
      : undefined
    const result = await grantStaffRole(db, { email, role, name: values.name, password })
    if (!result.ok) return fail(result.message, 1)
    console.log(result.message)
  } finally {
    await close()
  }
}

function fail(message: string, code: number) {
  console.error(message)
  process.exitCode = code
}

/** Reads a line from the terminal without showing it. */
function askHidden(prompt: string): Promise<string> {
  const input = process.stdin
  if (!input.isTTY)
    throw new Error(
      'this address has an account: set STAFF_PASSWORD to its own password, or run this in a terminal to be asked for it.',
    )
  process.stdout.write(prompt)
  input.setRawMode(true)
  input.resume()
  input.setEncoding('utf8')
  return new Promise((resolve) => {
    let typed = ''
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          input.setRawMode(false)
          input.pause()
          input.off('data', onData)
          process.stdout.write('\n')
          resolve(typed)
          return
        }
        if (char === '\u0003') process.exit(130)
        typed = char === '\u007f' ? typed.slice(0, -1) : typed + char
      }
    }
    input.on('data', onData)
  })
}

main().catch((error: Error) => fail(`staff:create failed: ${error.message}`, 1))
