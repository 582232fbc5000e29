import { declaredTooLarge, PHOTO_LIMITS, photoPath, photosProblem, sniffImage } from '@/orders/photos/photo-rules'
import { offerOutcome, revisedTotal, unanswered } from '@/orders/record/order-values'

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)))
const pad = (start: Uint8Array, length = 64) => {
  const out = new Uint8Array(length)
  out.set(start)
  return out
}

const JPEG = pad(bytes([0xff, 0xd8, 0xff, 0xe0]))
const PNG = pad(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
const WEBP = pad(bytes('RIFF', [0x10, 0, 0, 0], 'WEBPVP8 '))
const HEIC = pad(bytes([0, 0, 0, 0x18], 'ftypheic'))
const IPHONE_HEIF = pad(bytes([0, 0, 0, 0x1c], 'ftypmif1'))

describe('what an upload really is', () => {
  it('knows a photo by its first bytes, whatever it is called', () => {
    expect(sniffImage(JPEG)).toBe('jpeg')
    expect(sniffImage(PNG)).toBe('png')
    expect(sniffImage(WEBP)).toBe('webp')
    expect(sniffImage(HEIC)).toBe('heic')
    expect(sniffImage(IPHONE_HEIF)).toBe('heic')
  })

  it('refuses what is not a photo: text, a PDF, an SVG (which runs scripts), a video, a file too short to tell', () => {
    expect(sniffImage(pad(bytes('just some text pretending to be photo.jpg')))).toBeNull()
    expect(sniffImage(pad(bytes('%PDF-1.7')))).toBeNull()
    expect(sniffImage(pad(bytes('<svg xmlns="http://www.w3.org/2000/svg">')))).toBeNull()
    expect(sniffImage(pad(bytes([0, 0, 0, 0x18], 'ftypmp42')))).toBeNull()
    expect(sniffImage(pad(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')))).toBeNull()
    expect(sniffImage(bytes([0xff, 0xd8, 0xff]))).toBeNull()
  })
})

describe('the rules of an upload', () => {
  const big = new Uint8Array(PHOTO_LIMITS.fileBytes + 1)
  big.set(JPEG)

  it('takes one photo or several, up to the limits', () => {
    expect(photosProblem([JPEG], 0)).toBeNull()
    expect(photosProblem([JPEG, PNG, WEBP, HEIC], 0)).toBeNull()
    expect(photosProblem(Array(PHOTO_LIMITS.filesPerUpload).fill(JPEG), 0)).toBeNull()
  })

  it('says what to fix: nothing chosen, too many, too big, not a photo', () => {
    expect(photosProblem([], 0)).toBe('photoMissing')
    expect(photosProblem(Array(PHOTO_LIMITS.filesPerUpload + 1).fill(JPEG), 0)).toBe('photoTooMany')
    expect(photosProblem([JPEG], PHOTO_LIMITS.perDevice)).toBe('photoTooMany')
    expect(photosProblem([JPEG, big], 0)).toBe('photoTooLarge')
    expect(photosProblem([JPEG, pad(bytes('hello'))], 0)).toBe('photoNotImage')
  })

  it('refuses an upload that declares itself too big before reading it: 50 MB is', () => {
    expect(declaredTooLarge(String(50 * 1024 * 1024))).toBe(true)
    expect(declaredTooLarge(String(PHOTO_LIMITS.requestBytes + 1))).toBe(true)
    expect(declaredTooLarge(String(PHOTO_LIMITS.requestBytes))).toBe(false)
    // No length (chunked): counted as it is read instead.
    expect(declaredTooLarge(null)).toBe(false)
  })

  it('gives a photo an address that opens only with a grant to that photo, or for the signed-in', () => {
    expect(photoPath('0b1c', '0b1c.123.sig')).toBe('/api/order-photos/0b1c?photo=0b1c.123.sig')
    expect(photoPath('0b1c')).toBe('/api/order-photos/0b1c')
  })
})

describe('a revised offer, device by device', () => {
  const phone = { pricePence: 16_000, revisedPricePence: 8_000, offerAnswer: null }
  const tablet = { pricePence: 20_000, revisedPricePence: 30_000, offerAnswer: null }
  const watch = { pricePence: 5_000, revisedPricePence: null, offerAnswer: null }
  type Answer = 'accept' | 'decline'
  const answered = <T extends object>(item: T, offerAnswer: Answer) => ({ ...item, offerAnswer })

  it('waits until every revised device is answered', () => {
    expect(offerOutcome([phone, tablet])).toBeNull()
    expect(offerOutcome([answered(phone, 'accept'), tablet])).toBeNull()
    expect(unanswered([answered(phone, 'accept'), tablet, watch])).toEqual([tablet])
  })

  it('pays a higher price as readily as a lower one', () => {
    expect(offerOutcome([answered(tablet, 'accept')])).toEqual({ move: 'accept', totalPence: 30_000 })
  })

  it('pays the accepted and unrevised devices and returns the declined ones', () => {
    expect(offerOutcome([answered(phone, 'decline'), answered(tablet, 'accept'), watch])).toEqual({
      move: 'accept',
      totalPence: 35_000,
    })
    // A device not revised keeps its price: declining the only revised one still sells the rest.
    expect(offerOutcome([answered(phone, 'decline'), watch])).toEqual({ move: 'accept', totalPence: 5_000 })
  })

  it('sends the order back when every device is declined', () => {
    expect(offerOutcome([answered(phone, 'decline'), answered(tablet, 'decline')])).toEqual({
      move: 'decline',
      totalPence: null,
    })
  })

  it('counts a declined device out of the total', () => {
    expect(revisedTotal({ items: [phone, tablet, watch] })).toBe(43_000)
    expect(revisedTotal({ items: [answered(phone, 'decline'), tablet, watch] })).toBe(35_000)
  })
})
