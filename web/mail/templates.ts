import { fillTemplate } from '@/lib/templates'
import type { MailMessage } from './send'

/** The words of one e-mail, as editors write them in the E-mails document. */
export type EmailWords = { subject: string; intro: string; button?: string | null; outro?: string | null }
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
): MailMessage {
  const fill = (template: string) => fillTemplate(template, values)
  const intro = paragraphs(fill(words.intro))
  const outro = words.outro ? paragraphs(fill(words.outro)) : []
  const greeting = fill(frame.greeting)
  const signOff = paragraphs(fill(frame.signOff))
  const footer = paragraphs(fill(frame.footer))
  const button = link && words.button ? { label: fill(words.button), href: link } : null

  const text = [
    greeting,
    ...intro,
    ...(button ? [`${button.label}:\n${button.href}`] : []),
    ...outro,
    ...signOff,
    '--',
    ...footer,
  ].join('\n\n')

  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(fill(words.subject))}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f4;font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<p>${escape(greeting)}</p>
${intro.map((p) => `<p>${lines(p)}</p>`).join('\n')}
${
  button
    ? `<p><a href="${escape(button.href)}" style="display:inline-block;padding:12px 20px;background:#0b3d91;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">${escape(button.label)}</a></p>
<p style="font-size:14px;color:#4a4a4a">${escape(button.href)}</p>`
    : ''
}
${outro.map((p) => `<p>${lines(p)}</p>`).join('\n')}
${signOff.map((p) => `<p>${lines(p)}</p>`).join('\n')}
</div>
<div style="max-width:560px;margin:16px auto 0;font-size:13px;color:#4a4a4a">
${footer.map((p) => `<p>${lines(p)}</p>`).join('\n')}
</div>
</body></html>`

  return { to, subject: fill(words.subject), text, html }
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
