import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { sendMail } from '@/mail/send'
import { renderEmail, type EmailFrame, type EmailWords } from '@/mail/templates'
import { decodeQuotedPrintable, parseMail, readOutbox } from '../support/mail-messages'

// The seed's words for the verification e-mail, with a second paragraph to split.
const frame: EmailFrame = {
  greeting: 'Hello {name},',
  signOff: 'Thank you,\nThe {productName} team',
  footer: '{productName} buys used phones in the UK. Questions? Call {phone}.',
}
const verify: EmailWords = {
  subject: 'Confirm your e-mail address – {productName}',
  intro: 'Thanks for creating a {productName} account.\n\nConfirm your address so that\nyour orders appear.',
  button: 'Confirm my e-mail address',
  outro: 'The link works for {hours} hours. {unknown} stays as written.',
}
const values = { name: 'Ann Smith', productName: 'SellCell UK', phone: '0800 000 0000', hours: 24 }
const link =
  'https://shop.example/api/account/verify?token=eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFubkBleGFtcGxlLmNvbSJ9.Zm9v-_'
const verifyMail = () => renderEmail(frame, verify, values, 'ann@example.com', link)

describe('renderEmail', () => {
  it('fills the placeholders in every part, and leaves unknown ones as written', () => {
    const mail = verifyMail()
    expect(mail.to).toBe('ann@example.com')
    expect(mail.subject).toBe('Confirm your e-mail address – SellCell UK')
    expect(mail.text).toContain('Hello Ann Smith,')
    expect(mail.text).toContain('Thanks for creating a SellCell UK account.')
    expect(mail.text).toContain('The link works for 24 hours. {unknown} stays as written.')
    expect(mail.text).toContain('The SellCell UK team')
    expect(mail.html).toContain('<title>Confirm your e-mail address – SellCell UK</title>')
    expect(mail.html).toContain('<p>Thanks for creating a SellCell UK account.</p>')
    expect(mail.html).toContain('Call 0800 000 0000.')
  })

  it('escapes markup from the name in the HTML part and keeps it verbatim in the text part', () => {
    const mail = renderEmail(frame, verify, { ...values, name: '<b>Ann</b> & "Bo"' }, 'ann@example.com', link)
    expect(mail.html).toContain('<p>Hello &#60;b&#62;Ann&#60;/b&#62; &#38; &#34;Bo&#34;,</p>')
    expect(mail.html).not.toContain('<b>')
    expect(mail.text.split('\n\n')[0]).toBe('Hello <b>Ann</b> & "Bo",')
  })

  it('puts the link on the button and as text in the HTML part, and after the label in the text part', () => {
    const mail = verifyMail()
    expect(mail.html).toMatch(new RegExp(`<a href="${escapeRegExp(link)}"[^>]*>Confirm my e-mail address</a>`))
    expect(mail.html).toContain(`>${link}</p>`)
    expect(mail.text).toContain(`\n\nConfirm my e-mail address:\n${link}\n\n`)
  })

  it('escapes a link carrying an ampersand in the HTML part only', () => {
    const mail = renderEmail(frame, verify, values, 'ann@example.com', 'https://shop.example/x?a=1&b=2')
    expect(mail.html).toContain('<a href="https://shop.example/x?a=1&#38;b=2"')
    expect(mail.text).toContain('https://shop.example/x?a=1&b=2')
  })

  it('splits paragraphs on blank lines and keeps single line breaks inside one', () => {
    const mail = renderEmail(frame, { ...verify, intro: 'One.\n  \nTwo,\nstill two.\n\n\nThree.' }, values, 'a@b.co')
    expect(mail.html).toContain('<p>One.</p>\n<p>Two,<br>still two.</p>\n<p>Three.</p>')
    expect(mail.text).toContain('Hello Ann Smith,\n\nOne.\n\nTwo,\nstill two.\n\nThree.\n\n')
  })

  it('leaves the button out when there is no link', () => {
    const mail = renderEmail(frame, verify, values, 'ann@example.com')
    expect(mail.html).not.toContain('<a ')
    expect(mail.text).not.toContain('Confirm my e-mail address')
  })
})

describe('sendMail without SMTP_URL', () => {
  let folder: string
  beforeEach(async () => {
    folder = path.join(await mkdtemp(path.join(os.tmpdir(), 'outbox-test-')), 'outbox')
  })
  afterEach(() => rm(path.dirname(folder), { recursive: true, force: true }))

  it('writes exactly one .eml file, readable only by its owner, that a mail client can read', async () => {
    const mail = verifyMail()
    await sendMail({ ...mail, fromName: 'SellCell UK' }, { MAIL_OUTBOX_DIR: folder, MAIL_FROM: 'hello@shop.example' })

    const files = await readdir(folder)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/^[^.].*\.eml$/)
    const file = path.join(folder, files[0] ?? '')
    expect((await stat(file)).mode & 0o777).toBe(0o600)

    const raw = await readFile(file, 'utf8')
    expect(raw).toMatch(/^From: SellCell UK <hello@shop\.example>$/m)
    expect(raw).toMatch(/^To: ann@example\.com$/m)
    expect(raw).toMatch(/^Subject: /m)
    expect(raw).toMatch(/^Content-Transfer-Encoding: quoted-printable$/m)
    expect(await readOutbox(folder)).toEqual([{ to: 'ann@example.com', subject: mail.subject, text: mail.text }])
    expect((await readOutbox(folder))[0]?.text).toContain(link)
  })

  it('reads an outbox that does not exist yet as empty', async () => {
    await expect(readOutbox(folder)).resolves.toEqual([])
  })
})

describe('sendMail with SMTP_URL', () => {
  type Delivery = { from: string; to: string[]; raw: string }
  const deliveries: Delivery[] = []
  let server: SMTPServer
  let port: number

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const { mailFrom, rcptTo } = session.envelope
          deliveries.push({
            from: mailFrom ? mailFrom.address : '',
            to: rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.server.address() as AddressInfo).port
  })

  afterAll(() => new Promise<void>((resolve) => server.close(resolve)))

  it('delivers the message to the SMTP server, and writes nothing to the outbox', async () => {
    const outbox = path.join(os.tmpdir(), `outbox-unused-${process.pid}-${Date.now()}`)
    const mail = verifyMail()
    await sendMail(
      { ...mail, fromName: 'SellCell UK' },
      { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'hello@shop.example', MAIL_OUTBOX_DIR: outbox },
    )

    expect(deliveries).toHaveLength(1)
    const [delivery] = deliveries
    expect(delivery?.from).toBe('hello@shop.example')
    expect(delivery?.to).toEqual(['ann@example.com'])
    const received = parseMail(delivery?.raw ?? '')
    expect(received).toEqual({ to: 'ann@example.com', subject: mail.subject, text: mail.text })
    expect(received.text).toContain(link)
    await expect(readOutbox(outbox)).resolves.toEqual([])
  })
})

describe('decodeQuotedPrintable', () => {
  it('joins soft line breaks and decodes bytes as UTF-8', () => {
    expect(decodeQuotedPrintable('https://shop.example/verify?=\ntoken=3Dabc\r\n=C2=A3100 =E2=80=93 ok')).toBe(
      'https://shop.example/verify?token=abc\r\n£100 – ok',
    )
  })
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
