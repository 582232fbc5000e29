import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The signature on the PayPal stand-in's webhooks: HMAC-SHA256, with the secret the site and the
 * stand-in share by configuration, of the transmission id, its time and the body. Real PayPal signs
 * with its certificate instead (checked by PayPal's verify-webhook-signature call, or against the
 * certificate at `paypal-cert-url`); that check replaces this one behind the client, alone.
 * Imported by the stand-in too (paypal-api/), so it holds no imports of the site's.
 */
export const TRANSMISSION_ID = 'paypal-transmission-id'
export const TRANSMISSION_TIME = 'paypal-transmission-time'
export const TRANSMISSION_SIG = 'paypal-transmission-sig'
export const AUTH_ALGO = 'paypal-auth-algo'
export const STAND_IN_ALGO = 'HMACSHA256'

export function webhookSignature(secret: string, transmissionId: string, time: string, body: string): string {
  return createHmac('sha256', secret).update(`${transmissionId}|${time}|${body}`).digest('base64')
}

/** Whether the signature is the one only the holder of the shared secret could make. */
export function webhookSigned(secret: string, transmissionId: string, time: string, body: string, signature: string) {
  const expected = Buffer.from(webhookSignature(secret, transmissionId, time, body))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
