import {
  ORDER_LINK_DAYS,
  orderToken,
  photoToken,
  readOrderLink,
  readOrderToken,
  readPhotoToken,
} from '@/orders/record/order-token'

const secret = 's'.repeat(40)
const reference = 'HB-7K4M-Q2XP'
const issuedAt = Date.parse('2026-11-10T12:00:00Z')
const DAY_MS = 24 * 60 * 60 * 1000
const expiresAt = issuedAt + ORDER_LINK_DAYS * DAY_MS

/** The token with one of its three parts replaced. */
function withPart(token: string, index: number, value: (part: string) => string): string {
  const parts = token.split('.')
  parts[index] = value(parts[index]!)
  return parts.join('.')
}

describe('order links', () => {
  const token = orderToken(reference, issuedAt, secret)

  it('are the reference, the expiry in seconds and a URL-safe signature', () => {
    expect(token).toMatch(new RegExp(`^${reference}\\.${expiresAt / 1000}\\.[A-Za-z0-9_-]{43}$`))
    expect(encodeURIComponent(token)).toBe(token)
  })

  it(`open their order for ${ORDER_LINK_DAYS} days`, () => {
    expect(readOrderToken(token, issuedAt, secret)).toBe(reference)
    expect(readOrderToken(token, expiresAt - 1, secret)).toBe(reference)
  })

  it('stop opening once they expire', () => {
    expect(readOrderToken(token, expiresAt, secret)).toBeNull()
    expect(readOrderToken(token, expiresAt + DAY_MS, secret)).toBeNull()
  })

  it('do not open another order when the reference is changed', () => {
    expect(
      readOrderToken(
        withPart(token, 0, () => 'HB-7K4M-Q2XQ'),
        issuedAt,
        secret,
      ),
    ).toBeNull()
    expect(
      readOrderToken(
        withPart(token, 0, (part) => part.toLowerCase()),
        issuedAt,
        secret,
      ),
    ).toBeNull()
  })

  it('do not last longer when the expiry is changed', () => {
    const later = withPart(token, 1, (part) => String(Number(part) + 365 * 24 * 3600))
    expect(readOrderToken(later, issuedAt, secret)).toBeNull()
    expect(readOrderToken(later, expiresAt + DAY_MS, secret)).toBeNull()
  })

  it('do not open with a changed, shortened or missing signature', () => {
    const flipped = withPart(token, 2, (part) => `${part[0] === 'A' ? 'B' : 'A'}${part.slice(1)}`)
    expect(readOrderToken(flipped, issuedAt, secret)).toBeNull()
    expect(
      readOrderToken(
        withPart(token, 2, (part) => part.slice(0, -1)),
        issuedAt,
        secret,
      ),
    ).toBeNull()
    expect(
      readOrderToken(
        withPart(token, 2, () => ''),
        issuedAt,
        secret,
      ),
    ).toBeNull()
    expect(readOrderToken(`${reference}.${expiresAt / 1000}`, issuedAt, secret)).toBeNull()
  })

  it('do not open when signed with another secret', () => {
    expect(readOrderToken(token, issuedAt, 't'.repeat(40))).toBeNull()
    expect(readOrderToken(orderToken(reference, issuedAt, 't'.repeat(40)), issuedAt, secret)).toBeNull()
  })

  it.each(['', 'nonsense', '...', `${reference}.soon.abc`, `${reference}.-1.abc`, `${reference}.1e12.abc`])(
    'answer null, without throwing, for %j',
    (value) => {
      expect(readOrderToken(value, issuedAt, secret)).toBeNull()
    },
  )

  it('are signed with BETTER_AUTH_SECRET when no secret is given', () => {
    const saved = process.env.BETTER_AUTH_SECRET
    process.env.BETTER_AUTH_SECRET = secret
    try {
      expect(orderToken(reference, issuedAt)).toBe(token)
      expect(readOrderToken(token, issuedAt)).toBe(reference)
    } finally {
      if (saved === undefined) delete process.env.BETTER_AUTH_SECRET
      else process.env.BETTER_AUTH_SECRET = saved
    }
  })
})

describe('the tracker’s links', () => {
  const view = orderToken(reference, issuedAt, secret, 'view')

  it('open the order to see, and never as the seller’s link does', () => {
    expect(readOrderLink(view, issuedAt, secret)).toEqual({ reference, scope: 'view' })
    expect(readOrderToken(view, issuedAt, secret)).toBeNull()
    expect(readOrderLink(orderToken(reference, issuedAt, secret), issuedAt, secret)).toEqual({
      reference,
      scope: 'act',
    })
  })

  it('cannot be made into a seller’s link by dropping or changing their scope', () => {
    const [ref, expires, , signature] = view.split('.')
    expect(readOrderLink(`${ref}.${expires}.${signature}`, issuedAt, secret)).toBeNull()
    expect(readOrderLink(`${ref}.${expires}.act.${signature}`, issuedAt, secret)).toBeNull()
  })
})

describe('a photo’s link', () => {
  const photoId = '11111111-1111-4111-8111-111111111111'
  const other = '22222222-2222-4222-8222-222222222222'
  const grant = photoToken(photoId, issuedAt, secret)

  it(`opens that photo for ${ORDER_LINK_DAYS} days, and no other photo`, () => {
    expect(readPhotoToken(grant, photoId, issuedAt, secret)).toBe(true)
    expect(readPhotoToken(grant, photoId, expiresAt - 1, secret)).toBe(true)
    expect(readPhotoToken(grant, photoId, expiresAt, secret)).toBe(false)
    expect(readPhotoToken(grant, other, issuedAt, secret)).toBe(false)
    expect(readPhotoToken(grant.replace(photoId, other), other, issuedAt, secret)).toBe(false)
    expect(readPhotoToken(grant, photoId, issuedAt, 't'.repeat(40))).toBe(false)
  })

  it('never opens the order, and an order’s link never passes for it', () => {
    expect(readOrderLink(grant, issuedAt, secret)).toBeNull()
    // Even for a photo whose id were the reference: the two are signed apart.
    const asOrder = orderToken(photoId, issuedAt, secret)
    expect(readPhotoToken(asOrder, photoId, issuedAt, secret)).toBe(false)
    expect(readOrderLink(photoToken(reference, issuedAt, secret), issuedAt, secret)).toBeNull()
  })

  it.each(['', 'nonsense', `${photoId}.soon.abc`, `${photoId}..abc`])(
    'answers false, without throwing, for %j',
    (value) => {
      expect(readPhotoToken(value, photoId, issuedAt, secret)).toBe(false)
    },
  )
})
