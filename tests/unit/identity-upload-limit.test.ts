/**
 * The seller's upload endpoint from an attacker's side: one address posting again and again (a
 * guessed link, or many photos to make the server re-encode them) is stopped after the forms'
 * limit, sent back to the page with the link it came from and the wait in seconds, and never
 * reaches the store; another address is not held up by it.
 */
import { POST } from '@/app/api/proof-of-identity/route'
import { uploadIdentity } from '@/orders/identity/identity-store'

jest.mock('@/orders/identity/identity-store', () => ({
  uploadIdentity: jest.fn(async () => ({ ok: false, code: 'fileMissing' })),
}))
jest.mock('@/db/connection', () => ({ getDb: async () => ({}) }))

const post = (address: string) => {
  const form = new FormData()
  form.set('token', 'guessed-token')
  form.set('document', 'passport')
  return new Request('http://localhost/api/proof-of-identity?token=guessed-token', {
    method: 'POST',
    body: form,
    headers: { origin: 'http://localhost', host: 'localhost', 'x-forwarded-for': address },
  })
}

it('sends one address back with "tooMany" and the wait once past the limit, without reading its photo', async () => {
  const answers: Array<string | null> = []
  for (let i = 0; i < 12; i++) answers.push((await POST(post('203.0.113.9'))).headers.get('location'))
  expect(answers[0]).toContain('problem=fileMissing')
  const refused = answers.filter((location) => location?.includes('problem=tooMany'))
  expect(refused.length).toBeGreaterThan(0)
  expect(refused[0]).toContain('token=guessed-token')
  expect(refused[0]).toMatch(/wait=\d+/)
  expect(uploadIdentity).toHaveBeenCalledTimes(12 - refused.length)

  const other = await POST(post('198.51.100.7'))
  expect(other.status).toBe(303)
  expect(other.headers.get('location')).toContain('problem=fileMissing')
})
