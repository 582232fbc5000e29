// `npm run newsletter:export -- subscribers.csv`
// Writes the newsletter's confirmed subscribers to a CSV file for the business's mailing tool:
// each address, when it was confirmed, and its own one-click unsubscribe address, for the tool to
// put in every newsletter (as a link and in its List-Unsubscribe header). Unconfirmed requests are
// never exported. Links start with SITE_URL, or the site's address in Site settings.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { siteOrigin } from '@/config'
import { fetchQuery } from '@/content/fetch-query'
import { siteSettingsQuery } from '@/content/queries'
import { openDatabase } from '@/db/connection'
import { oneClickPath, unsubscribePath } from '@/subscriptions/links'
import { confirmedNewsletter } from '@/subscriptions/store'
import { formatCsv } from '@/lib/csv'
import { asSpreadsheetText } from '@/lib/csv'

const USAGE = 'Usage: npm run newsletter:export -- FILE.csv'

async function main() {
  const file = process.argv[2]
  if (!file || process.argv.length > 3) {
    console.error(USAGE)
    process.exitCode = 2
    return
  }
  const origin = siteOrigin() ?? new URL((await fetchQuery(siteSettingsQuery, { live: true }))!.siteUrl).origin
  const { db, close } = await openDatabase()
  try {
    const rows = await confirmedNewsletter(db)
    const records = [
      ['email', 'confirmed_at', 'unsubscribe_url', 'list_unsubscribe_url'],
      ...rows.map((row) => [
        // A spreadsheet opened on the file runs no formula an address was made to hold.
        asSpreadsheetText(row.email),
        row.confirmedAt!.toISOString(),
        `${origin}${unsubscribePath(row.id)}`,
        `${origin}${oneClickPath(row.id)}`,
      ]),
    ]
    // Personal data: readable by its owner only.
    await writeFile(file, formatCsv(records), { mode: 0o600 })
    console.log(`Wrote ${rows.length} confirmed subscriber(s) to ${path.resolve(file)}.`)
  } finally {
    await close()
  }
}

main().catch((error: Error) => {
  console.error(`newsletter:export failed: ${error.message}`)
  process.exitCode = 1
})
