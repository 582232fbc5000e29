import 'server-only'
import { createHmac, randomBytes } from 'node:crypto'
import { smsSettings, type SmsSettings } from '@/config'
import { CHALLENGE_HEADER, PROOF_HEADER, provedByStandIn } from '@/config/stand-in-guard'
import { describeError } from '@/lib/log'

/**
 * Text messages, behind one interface, in the shape of GOV.UK Notify's API (it sends to UK mobiles
 * and is what a UK business can use without a contract): `POST /v2/notifications/sms` with the
 * number, a template whose one placeholder ((body)) takes our words, and our reference. The
 * reference is the queued text's id: the stand-in (sms-api/) sends a reference once and answers it
 * again with the first notification, so a crash between sending and marking it sent does not text
 * twice. Notify itself keeps the reference without refusing a repeat: against it that window
 * remains, and is why the queue marks each text sent the moment the answer comes back.
 */
export type SmsAnswer = { ok: true; id: string } | { ok: false; reason: 'refused' | 'unavailable' }
export type Sms = {
  send(text: { to: string; body: string; reference: string }): Promise<SmsAnswer>
}

const UNAVAILABLE: SmsAnswer = { ok: false, reason: 'unavailable' }

export function smsClient(settings: SmsSettings = smsSettings()): Sms {
  const standIn = settings.standInKey !== null
  return {
    async send({ to, body, reference }) {
      const challenge = randomBytes(16).toString('hex')
      const payload = {
        phone_number: to,
        template_id: settings.templateId ?? 'stand-in',
        personalisation: { body },
        reference,
      }
      try {
        const response = await fetch(`${settings.url}/v2/notifications/sms`, {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            ...(standIn ? { [CHALLENGE_HEADER]: challenge } : {}),
            ...(!standIn && settings.key ? { authorization: `Bearer ${notifyToken(settings.key)}` } : {}),
          },
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(settings.timeoutMs),
          cache: 'no-store',
        })
        const text = await response.text()
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
        // A number or template the provider will never take: trying again changes nothing.
        if (response.status === 400) {
          console.error('Text messages: the provider refused the text (400)')
          return { ok: false, reason: 'refused' }
        }
        if (response.status !== 200 && response.status !== 201) {
          console.error(`Text messages: the provider answered ${response.status}`)
          return UNAVAILABLE
        }
        const id = (JSON.parse(text) as { id?: unknown }).id
        return typeof id === 'string' && id ? { ok: true, id } : UNAVAILABLE
      } catch (error) {
        // Never the number or the words: only the kind of failure.
        console.error(`Text messages: the provider is unreachable: ${describeError(error)}`)
        return UNAVAILABLE
      }
    },
  }
}

/**
 * GOV.UK Notify's bearer token: a JWT (HS256) whose issuer is the service id and whose secret is
 * the key's last part ("name-<service id>-<secret>", both UUIDs), made fresh for each request.
 */
function notifyToken(apiKey: string): string {
  const serviceId = apiKey.slice(-73, -37)
  const secret = apiKey.slice(-36)
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const unsigned = `${part({ typ: 'JWT', alg: 'HS256' })}.${part({ iss: serviceId, iat: Math.floor(Date.now() / 1000) })}`
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`
}
