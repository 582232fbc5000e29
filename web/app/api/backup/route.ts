import { checkBackupRequest } from '@/db/backup-request'
import { openedAppDatabase } from '@/db/connection'
import { describeError } from '@/lib/log'

export const dynamic = 'force-dynamic'

const NO_STORE = { 'cache-control': 'no-store' }

const REFUSALS = {
  missing: 'This address is for npm run db:backup on the site’s own machine: it needs the site’s secret.',
  invalid: 'The request is not signed with this site’s secret.',
  expired: 'The request is more than a minute old: run npm run db:backup again.',
  replayed: 'This request has been answered once already: run npm run db:backup again.',
} as const

/**
 * The embedded database's copy, for `npm run db:backup` while the site runs (PGlite is one
 * process: only the process that holds it can copy it consistently). Signed requests only; a
 * server database answers 404, as pg_dump copies it directly. Never cached.
 */
export async function POST(request: Request) {
  const check = checkBackupRequest(request.headers.get('authorization'))
  if (check !== 'ok') return Response.json({ error: REFUSALS[check] }, { status: 401, headers: NO_STORE })
  let opened
  try {
    opened = await openedAppDatabase()
  } catch (error) {
    console.error(`Backup: the database could not be opened: ${describeError(error)}`)
    return Response.json({ error: 'The database is not available.' }, { status: 503, headers: NO_STORE })
  }
  if (!opened.dumpDataDir) {
    return Response.json(
      { error: 'This site runs on a PostgreSQL server: npm run db:backup copies it with pg_dump.' },
      { status: 404, headers: NO_STORE },
    )
  }
  let tarball
  try {
    tarball = await opened.dumpDataDir()
  } catch (error) {
    console.error(`Backup: the copy failed: ${describeError(error)}`)
    return Response.json({ error: 'The copy failed: see the site’s log.' }, { status: 503, headers: NO_STORE })
  }
  return new Response(tarball, {
    headers: { ...NO_STORE, 'content-type': 'application/gzip', 'content-length': String(tarball.size) },
  })
}
