import 'server-only'
import { randomBytes } from 'node:crypto'
import { smsSettings, type SmsSettings } from '@/config'
import { CHALLENGE_HEADER, PROOF_HEADER, provedByStandIn } from '@/config/stand-in-guard'
import { describeError } from '@/lib/log'

/**
 * Text messages, behind one interface, in the shape of Twilio's Messages API, which UK businesses
 * buy texts through: `POST {SMS_URL}/2010-04-01/Accounts/{account}/Messages.json`, form-encoded
 * `To` (E.164, "+447700900123"), `From` (our sender) and `Body` (our words), with HTTP Basic
 * authentication (`SMS_API_KEY` is "account:secret"). A provider whose API differs changes this
 * file alone.
 *
 * The answers say what the sender may do next: `sent`; `refused` (the provider will never take it:
 * a number that is not a mobile, say); `unavailable` (the provider said it did not take it: busy or
 * down, so trying again later sends one text); `unknown` (no answer: it may have been sent, so it
 * is not tried again: a seller gets at most one text, and the e-mail that goes with it always).
 */
export type SmsAnswer = { ok: true; id: string } | { ok: false; reason: 'refused' | 'unavailable' | 'unknown' }
export type Sms = {
  send(text: { to: string; body: string }): Promise<SmsAnswer>
}

const UNAVAILABLE: SmsAnswer = { ok: false, reason: 'unavailable' }

/**
 * A UK number as the site stores it ("07700 900123", "+44 7700 900123", "0044…") in E.164
 * ("+447700900123"); null when it is not one.
 */
export function toE164(phone: string): string | null {
  const digits = phone.replace(/[\s()-]/g, '')
  const national = /^(?:\+44|0044|44)(\d{9,10})$/.exec(digits)?.[1] ?? /^0(\d{9,10})$/.exec(digits)?.[1]
  return national ? `+44${national}` : null
}

export function smsClient(settings: SmsSettings = smsSettings()): Sms {
  const standIn = settings.standInKey !== null
  // The stand-in takes any account; the real provider's is the key's first part.
  const account = standIn ? 'ACstandin' : (settings.key ?? '').split(':')[0]
  return {
    async send({ to, body }) {
      const number = toE164(to)
      if (!number) return { ok: false, reason: 'refused' }
      const challenge = randomBytes(16).toString('hex')
      let response: Response
      try {
        response = await fetch(`${settings.url}/2010-04-01/Accounts/${account}/Messages.json`, {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
            ...(standIn ? { [CHALLENGE_HEADER]: challenge } : {}),
            ...(!standIn && settings.key
              ? { authorization: `Basic ${Buffer.from(settings.key).toString('base64')}` }
              : {}),
          },
          body: new URLSearchParams({ To: number, From: settings.from, Body: body }).toString(),
          signal: AbortSignal.timeout(settings.timeoutMs),
          cache: 'no-store',
        })
      } catch (error) {
        // No answer: the text may have gone. Never the number or the words in the log: only the kind of failure.
        console.error(`Text messages: no answer from the provider: ${describeError(error)}`)
        return { ok: false, reason: 'unknown' }
      }
      const text = await response.text().catch(() => '')
      if (response.status >= 500 || response.status === 429) {
        console.error(`Text messages: the provider answered ${response.status}`)
        return UNAVAILABLE
      }
      if (
        standIn &&
        response.status < 300 &&
        !provedByStandIn(settings.standInKey!, challenge, text, response.headers.get(PROOF_HEADER))
      ) {
        console.error("Text messages: the answer on the stand-in's address is not our stand-in's")
        return UNAVAILABLE
      }
      // A number or sender the provider will never take: trying again changes nothing.
      if (response.status === 400) {
        console.error('Text messages: the provider refused the text (400)')
        return { ok: false, reason: 'refused' }
      }
      if (response.status !== 200 && response.status !== 201) {
        console.error(`Text messages: the provider answered ${response.status}`)
        return UNAVAILABLE
      }
      let sid: unknown
      try {
        sid = (JSON.parse(text) as { sid?: unknown }).sid
      } catch {
        sid = undefined
      }
      // Taken (2xx) but unreadable: it may have gone, so it is not sent again.
      return typeof sid === 'string' && sid ? { ok: true, id: sid } : { ok: false, reason: 'unknown' }
    },
  }
}
