import 'server-only'
import { randomUUID } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer, { type Transporter } from 'nodemailer'
import { mailSettings, outboxFolder, type Env } from '@/config'

export type MailMessage = {
  to: string
  subject: string
  text: string
  html: string
  /** Where an answer goes, when not to us: a contact message's sender. */
  replyTo?: string | null
  /** A subscription e-mail's one-click unsubscribe address (RFC 8058): both List-Unsubscribe headers. */
  listUnsubscribe?: string | null
}
/** The sender's display name comes from the content (the product name); the address from MAIL_FROM. */
export type OutgoingMail = MailMessage & { fromName: string }

/**
 * Sends every message the site sends. With SMTP_URL set (smtp://user:pass@host:587, or smtps://)
 * through that server; otherwise each message is written as an .eml file to `.data/outbox/` (or
 * MAIL_OUTBOX_DIR), so that a developer can open the links the site e-mails.
 */
export async function sendMail({ fromName, ...message }: OutgoingMail, env?: Env) {
  const { smtpUrl, fromAddress } = mailSettings(env)
  const from = { name: fromName, address: fromAddress }
  const { replyTo, listUnsubscribe, ...content } = message
  const envelope = {
    from,
    ...content,
    ...(replyTo ? { replyTo } : {}),
    ...(listUnsubscribe
      ? {
          headers: {
            'List-Unsubscribe': `<${listUnsubscribe}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
    textEncoding: 'quoted-printable' as const,
  }
  if (smtpUrl) {
    await smtpTransport(smtpUrl).sendMail(envelope)
    return
  }
  const { message: raw } = await outboxTransport.sendMail(envelope)
  await writeOutboxFile(outboxFolder(env), raw as Buffer)
}

const outboxTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })

const smtpTransports = new Map<string, Transporter>()
function smtpTransport(url: string): Transporter {
  let transport = smtpTransports.get(url)
  if (!transport) {
    transport = nodemailer.createTransport(url)
    smtpTransports.set(url, transport)
  }
  return transport
}

/** Written under a temporary name and renamed, so a reader never sees half a message. */
async function writeOutboxFile(folder: string, raw: Buffer) {
  await mkdir(folder, { recursive: true, mode: 0o700 })
  // The monotonic clock orders two messages written in the same millisecond.
  const sequence = process.hrtime.bigint().toString().padStart(20, '0')
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${sequence}-${randomUUID().slice(0, 8)}.eml`
  const temporary = path.join(folder, `.${name}.tmp`)
  await writeFile(temporary, raw, { mode: 0o600 })
  await rename(temporary, path.join(folder, name))
}
