import { asRecord, checkEmail, error, honeypot, unexpected, type Validation } from './field-checks'

export type NewsletterInput = { email: string; consent: true }

export function validateNewsletter(input: unknown): Validation<NewsletterInput> {
  const body = asRecord(input)
  const errors = [...unexpected(body, ['email', 'consent', 'website']), ...honeypot(body)]
  const email = checkEmail(body.email, errors)
  if (body.consent !== true)
    errors.push(error('consent', 'consent_required', 'Consent to receive e-mails is required.'))
  return errors.length ? { ok: false, errors } : { ok: true, value: { email: email!, consent: true } }
}
