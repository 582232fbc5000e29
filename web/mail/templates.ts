import { fillTemplate } from '@/lib/templates'
import type { MailMessage } from './send'

/** The words of one e-mail, as editors write them in the E-mails document. */
export type EmailWords = {
  subject: string
  intro: string
  button?: string | null
  secondButton?: string | null
  outro?: string | null
}
/** A table of lines (a device and its price), with a heading and a total under it. */
export type EmailTable = { heading: string; rows: Array<[string, string]>; totalLabel: string; total: string }
/** A subscriber's way out, at the foot of the message: the link's words and the page it opens. */
export type EmailUnsubscribe = { label: string; href: string }
/** Links listed under a heading after the table: the photos of a check, say. */
export type EmailLinks = { heading: string; links: Array<{ label: string; href: string }> }
export type EmailExtras = {
  secondLink?: string
  table?: EmailTable
  links?: EmailLinks
  unsubscribe?: EmailUnsubscribe
}
export type EmailFrame = { greeting: string; signOff: string; footer: string }

/**
 * One message as plain text and as simple HTML (one column, system fonts, a real link for the
 * button), with {placeholders} filled. Paragraphs are separated by blank lines in the content.
 */
export function renderEmail(
  frame: EmailFrame,
  words: EmailWords,
  values: Record<string, string | number>,
  to: string,
  link?: string,
  extras: EmailExtras = {},
): MailMessage {
  const fill = (template: string) => fillTemplate(template, values)
  const intro = paragraphs(fill(words.intro))
  const outro = words.outro ? paragraphs(fill(words.outro)) : []
  const greeting = fill(frame.greeting)
  const signOff = paragraphs(fill(frame.signOff))
  const footer = paragraphs(fill(frame.footer))
  const buttons = [
    link && words.button ? { label: fill(words.button), href: link } : null,
    extras.secondLink && words.secondButton ? { label: fill(words.secondButton), href: extras.secondLink } : null,
  ].filter((button) => button !== null)
  const table = extras.table
  const listed = extras.links

  const text = [
    greeting,
    ...intro,
    ...(table
      ? [
          [
            table.heading,
            ...table.rows.map(([label, value]) => `${label}: ${value}`),
            `${table.totalLabel}: ${table.total}`,
          ].join('\n'),
        ]
      : []),
    ...(listed ? [[listed.heading, ...listed.links.map((item) => `${item.label}:\n${item.href}`)].join('\n\n')] : []),
    ...buttons.map((button) => `${button.label}:\n${button.href}`),
    ...outro,
    ...signOff,
    '--',
    ...footer,
    ...(extras.unsubscribe ? [`${extras.unsubscribe.label}:\n${extras.unsubscribe.href}`] : []),
  ].join('\n\n')

  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(fill(words.subject))}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f4;font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<p>${escape(greeting)}</p>
${intro.map((p) => `<p>${lines(p)}</p>`).join('\n')}
${table ? tableHtml(table) : ''}
${listed ? linksHtml(listed) : ''}
${buttons
  .map(
    (
      button,
    ) => `<p><a href="${escape(button.href)}" style="display:inline-block;padding:12px 20px;background:#0b3d91;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">${escape(button.label)}</a></p>
<p style="font-size:14px;color:#4a4a4a">${escape(button.href)}</p>`,
  )
  .join('\n')}
${outro.map((p) => `<p>${lines(p)}</p>`).join('\n')}
${signOff.map((p) => `<p>${lines(p)}</p>`).join('\n')}
</div>
<div style="max-width:560px;margin:16px auto 0;font-size:13px;color:#4a4a4a">
${footer.map((p) => `<p>${lines(p)}</p>`).join('\n')}
${extras.unsubscribe ? `<p><a href="${escape(extras.unsubscribe.href)}" style="color:#0b3d91">${escape(extras.unsubscribe.label)}</a></p>` : ''}
</div>
</body></html>`

  return { to, subject: fill(words.subject), text, html }
}

function tableHtml(table: EmailTable): string {
  const cell = 'padding:6px 0;border-bottom:1px solid #dddddd'
  const rows = table.rows
    .map(
      ([label, value]) =>
        `<tr><td style="${cell}">${escape(label)}</td><td style="${cell};text-align:right">${escape(value)}</td></tr>`,
    )
    .join('')
  return `<h2 style="font-size:18px;margin:24px 0 8px">${escape(table.heading)}</h2>
<table role="presentation" style="width:100%;border-collapse:collapse">${rows}<tr><td style="padding:6px 0;font-weight:bold">${escape(table.totalLabel)}</td><td style="padding:6px 0;text-align:right;font-weight:bold">${escape(table.total)}</td></tr></table>`
}

function linksHtml(listed: EmailLinks): string {
  const items = listed.links
    .map((item) => `<li><a href="${escape(item.href)}" style="color:#0b3d91">${escape(item.label)}</a></li>`)
    .join('')
  return `<h2 style="font-size:18px;margin:24px 0 8px">${escape(listed.heading)}</h2>
<ul style="padding-left:20px;margin:0">${items}</ul>`
}

function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
}

function lines(paragraph: string): string {
  return paragraph.split('\n').map(escape).join('<br>')
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
