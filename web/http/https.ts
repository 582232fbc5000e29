/**
 * Whether the request reached the site over HTTPS: its own URL says so, or the proxy in front
 * says so in X-Forwarded-Proto. A client that claims it falsely only gets cookies marked Secure,
 * which its browser then keeps to HTTPS: no harm to anyone else.
 */
export function arrivedOverHttps(request: Request): boolean {
  if (new URL(request.url).protocol === 'https:') return true
  return request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https'
}
