import { readOutboxFiles, type ReceivedMail } from '../../web/mail/eml'

export { decodeQuotedPrintable, parseMail, type ReceivedMail } from '../../web/mail/eml'

/** Every .eml file in the folder (none if it does not exist yet), sorted by file name. */
export async function readOutbox(folder: string): Promise<ReceivedMail[]> {
  return (await readOutboxFiles(folder)).map(({ mail }) => mail)
}
