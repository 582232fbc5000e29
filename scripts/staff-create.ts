// `npm run staff:create -- --email someone@example.co.uk --role manager [--name "Sam Smith"]`
// Creates a staff account, or gives an existing account the role. The password of a new account
// comes from STAFF_PASSWORD (for scripts) or is asked for without echoing it.
import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import { isCommonPassword } from '@/auth/common-passwords'
import { createAuth } from '@/auth/create-auth'
import { isStaffRole } from '@/auth/roles'
import { validateSignUp } from '@/lib/forms/account-validation'
import { openDatabase } from '@/orders/db'
import { user } from '@/orders/schema'

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
    const [existing] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.email, email))
    if (existing) {
      await db.update(user).set({ role }).where(eq(user.id, existing.id))
      console.log(`${email} was ${existing.role ?? 'user'} and is now ${role}.`)
      return
    }
    const password = process.env.STAFF_PASSWORD ?? (await askHidden(`Password for ${email}: `))
    const name = values.name?.trim() || email.split('@')[0]!
    const checked = validateSignUp({ name, email, password })
    if (!checked.ok) return fail(`Not created: ${checked.errors.map((e) => `${e.field} (${e.code})`).join(', ')}.`, 1)
    if (isCommonPassword(password)) return fail('Not created: that password is one of the most common.', 1)

    // No e-mail is sent: the account is made by someone who already knows its address.
    const auth = createAuth(db, async () => undefined)
    const created = await auth.api.createUser({ body: { email, password, name, role } })
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, created.user.id))
    console.log(`Created ${email} as ${role}. They can log in at /login; /admin is theirs.`)
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
  if (!input.isTTY) throw new Error('set STAFF_PASSWORD, or run this in a terminal to be asked for a password.')
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
