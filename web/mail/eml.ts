import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'

/**
 * Reading the e-mails the site wrote to its outbox folder (when no SMTP server is configured), as
 * a mail client would: headers unfolded and decoded, the plain-text part taken out of the multipart
 * message and its transfer encoding undone. Enough for the messages nodemailer writes; not a
 * general MIME parser. The tests read their links with it; an account's data download and its
 * erasure find the person's messages with it.
 */
export type ReceivedMail = { to: string; subject: string; text: string; replyTo?: string }
/** A message in the folder: its file name, when it was written (its Date header) and what it says. */
export type OutboxFile = { file: string; date: string; mail: ReceivedMail }

/** The names of the .eml files in the folder (none if it does not exist yet), sorted. */
export async function outboxFileNames(folder: string): Promise<string[]> {
  let names: string[]
  try {
    names = await readdir(folder)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  return names.filter((name) => name.endsWith('.eml') && !name.startsWith('.')).sort()
}

/** Every .eml file in the folder (none if it does not exist yet), sorted by file name. */
export async function readOutboxFiles(folder: string): Promise<OutboxFile[]> {
  const files = await outboxFileNames(folder)
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(folder, file), 'utf8')
      return { file, date: headerOf(raw, 'date'), mail: parseMail(raw) }
    }),
  )
}

/** Deletes the named files from the folder; one already gone is not an error. */
export async function deleteOutboxFiles(folder: string, files: string[]): Promise<void> {
  await Promise.all(files.map((file) => rm(path.join(folder, path.basename(file)), { force: true })))
}

/** The bare address of a To header such as `"Ann" <ann@example.com>`, lower-cased. */
export function recipientAddress(to: string): string {
  return (/<([^>]+)>\s*$/.exec(to)?.[1] ?? to).trim().toLowerCase()
}

/** One raw message (LF or CRLF line ends) as its recipient, subject, plain text and Reply-To (when set). */
export function parseMail(raw: string): ReceivedMail {
  const { headers, body } = splitEntity(raw.replace(/\r\n/g, '\n'))
  const replyTo = headers.get('reply-to')
  return {
    to: decodeHeader(headers.get('to') ?? ''),
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: plainText(headers, body),
    ...(replyTo ? { replyTo: decodeHeader(replyTo) } : {}),
  }
}

function headerOf(raw: string, name: string): string {
  return splitEntity(raw.replace(/\r\n/g, '\n')).headers.get(name) ?? ''
}

/** Quoted-printable (RFC 2045) to text: soft line breaks joined, =XX bytes decoded as UTF-8. */
export function decodeQuotedPrintable(encoded: string): string {
  const joined = encoded.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3)
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

type Entity = { headers: Map<string, string>; body: string }

function splitEntity(raw: string): Entity {
  const end = raw.indexOf('\n\n')
  const head = end === -1 ? raw : raw.slice(0, end)
  const body = end === -1 ? '' : raw.slice(end + 2)
  const headers = new Map<string, string>()
  for (const line of head.replace(/\n(?=[ \t])/g, '').split('\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function plainText(headers: Map<string, string>, body: string): string {
  const type = headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1)
    for (const part of parts) {
      // The line break before a boundary belongs to the boundary.
      const entity = splitEntity(part.replace(/^\n/, '').replace(/\n$/, ''))
      const text = plainText(entity.headers, entity.body)
      if (text) return text
    }
    return ''
  }
  if (!/^text\/plain/i.test(type)) return ''
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body)
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8')
  return body
}

/** Encoded words (RFC 2047, UTF-8, Q or B) decoded; the space between two of them dropped. */
function decodeHeader(value: string): string {
  const word = /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(word, (_whole, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}
