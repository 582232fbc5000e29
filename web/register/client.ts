import 'server-only'
import { randomBytes } from 'node:crypto'
import { registerSettings, type RegisterSettings } from '@/config'
import { CHALLENGE_HEADER, PROOF_HEADER, provedByStandIn } from '@/config/stand-in-guard'
import { describeError } from '@/lib/log'
import { isDeviceId } from './device-id'

/**
 * The stolen-device register, behind one interface. Its API is shaped like CheckMEND's due
 * diligence: a device's IMEI or serial in; a certificate id and a result out. The register answers
 * in colours (green, amber, red); the site keeps them as pass, caution and fail.
 */
export type RegisterResult = 'pass' | 'caution' | 'fail'

export type RegisterAnswer =
  | { ok: true; result: RegisterResult; certificateId: string; checkedAt: Date }
  /** Down, slow past the timeout, or an answer that makes no sense: the check waits and is retried. */
  | { ok: false; reason: 'unavailable' }

export type StolenDeviceRegister = {
  /** One device's due-diligence check, by its IMEI or serial (normalised, see device-id.ts). */
  check(deviceId: string): Promise<RegisterAnswer>
}

const RESULTS: Record<string, RegisterResult> = { green: 'pass', amber: 'caution', red: 'fail' }
const CERTIFICATE = /^[A-Za-z0-9-]{4,64}$/
const UNAVAILABLE = { ok: false, reason: 'unavailable' } as const

/**
 * The register at REGISTER_URL (the local stand-in by default), over HTTP. The real register gets
 * the business's key; the stand-in gets a fresh challenge instead, and an answer counts only with
 * its proof made with the key shared at start: whatever else listens on its port is not believed.
 */
export function registerClient(settings: RegisterSettings = registerSettings()): StolenDeviceRegister {
  return {
    async check(deviceId) {
      if (!isDeviceId(deviceId)) throw new Error('Only an IMEI or a serial number is sent to the register.')
      const challenge = randomBytes(16).toString('hex')
      const standIn = settings.standInKey !== null
      try {
        const response = await fetch(`${settings.url}/duediligence/${encodeURIComponent(deviceId)}`, {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            ...(standIn ? { [CHALLENGE_HEADER]: challenge } : {}),
            ...(!standIn && settings.key ? { authorization: `Bearer ${settings.key}` } : {}),
          },
          body: JSON.stringify({ category: 'mobile' }),
          signal: AbortSignal.timeout(settings.timeoutMs),
          cache: 'no-store',
        })
        if (!response.ok) {
          console.error(`Stolen-device register answered ${response.status}`)
          return UNAVAILABLE
        }
        const text = await response.text()
        if (standIn && !provedByStandIn(settings.standInKey!, challenge, text, response.headers.get(PROOF_HEADER))) {
          console.error("Stolen-device register: the answer on the stand-in's address is not our stand-in's")
          return UNAVAILABLE
        }
        const body = JSON.parse(text) as { result?: unknown; certid?: unknown }
        const result = typeof body.result === 'string' ? RESULTS[body.result] : undefined
        const certificateId = typeof body.certid === 'string' && CERTIFICATE.test(body.certid) ? body.certid : null
        if (!result || !certificateId) {
          console.error('Stolen-device register: an answer without a result or certificate')
          return UNAVAILABLE
        }
        return { ok: true, result, certificateId, checkedAt: new Date() }
      } catch (error) {
        // Never the device's number: only the kind of failure (a timeout, a refused connection).
        console.error(`Stolen-device register unreachable: ${describeError(error)}`)
        return UNAVAILABLE
      }
    },
  }
}
