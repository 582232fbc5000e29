// `npm run staff:create -- --email someone@example.co.uk --role manager [--name "Sam Smith"]`
// Invites a new member of staff: the account is made without a password, and a one-time link to
// choose one and set up two-step login goes to the address through the site's e-mail outbox. For
// an address that already has an account, gives it the role only when its address is verified and
// the password given is its own (web/accounts/staff-accounts.ts says why); that password comes from
// STAFF_PASSWORD (for scripts) or is asked for without echoing it.
// Several people at once: repeat --email and --role (and --name for all or none), in the same order;
// the database is opened once. Each is invited or refused on its own, and any refusal exits 1.
import { eq } from 'drizzle-orm'
import { parseArgs } from 'node:util'
import { isStaffRole } from '@/accounts/roles'
import { grantStaffRole } from '@/accounts/staff-accounts'
import { openDatabase } from '@/db/connection'
import { user } from '@/db/schema'

const USAGE =
  'Usage: npm run staff:create -- --email ADDRESS --role staff|manager [--name "FULL NAME"] [--email ... --role ...]'

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string', multiple: true },
      role: { type: 'string', multiple: true },
      name: { type: 'string', multiple: true },
    },
    allowPositionals: false,
  })
  const emails = values.email ?? []
  const given = values.role ?? []
  const roles = given.filter(isStaffRole)
  const names = values.name ?? []
  const paired = emails.length > 0 && roles.length === given.length && roles.length === emails.length
  if (!paired || (names.length > 0 && names.length !== emails.length)) return fail(USAGE, 2)

  const { db, close } = await openDatabase()
  try {
    for (const [index, address] of emails.entries()) {
      const email = address.trim().toLowerCase()
      const role = roles[index]!
      const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email))
      const password = existing
        ? (process.env.STAFF_PASSWORD ?? (await askHidden(`The account's own password, for ${email}: `)))
        : undefined
      const result = await grantStaffRole(db, { email, role, name: names[index], password })
      if (!result.ok) fail(result.message, 1)
      else console.log(result.message)
    }
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
