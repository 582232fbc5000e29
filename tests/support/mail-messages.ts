import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { outboxFileNames, parseMail, type ReceivedMail } from '../../web/mail/eml'

export { decodeQuotedPrintable, parseMail, type ReceivedMail } from '../../web/mail/eml'

// A message is written under a temporary name and renamed (web/mail/send.ts), and its name is
// unique: a file once listed never changes. So each is read and parsed once per test process, not
// at every poll: a full run's outbox holds over a thousand messages, and parsing them all took
// half a second at each poll of every test waiting for an e-mail.
const parsed = new Map<string, ReceivedMail>()

/** Every .eml file in the folder (none if it does not exist yet), sorted by file name. */
export async function readOutbox(folder: string): Promise<ReceivedMail[]> {
  const files = await outboxFileNames(folder)
  return Promise.all(
    files.map(async (file) => {
      const key = path.join(folder, file)
      let mail = parsed.get(key)
      if (!mail) {
        mail = parseMail(await readFile(key, 'utf8'))
        parsed.set(key, mail)
      }
      return mail
    }),
  )
}
