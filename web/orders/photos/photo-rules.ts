/**
 * The rules for photos of a device, taken at its check: what an upload may be and what is kept.
 * Pure, so they are tested on their own; web/orders/photos/photo-store.ts applies them.
 */

const MB = 1024 * 1024

export const PHOTO_LIMITS = {
  /** One upload (every photo in it): a phone's camera makes 2 to 8 MB a photo. */
  requestBytes: 40 * MB,
  /** One photo as sent: a 48-megapixel phone's JPEG or HEIC stays under it. */
  fileBytes: 15 * MB,
  /** Photos in one upload, and kept for one device. */
  filesPerUpload: 8,
  perDevice: 12,
  /** The longest side of a photo as kept: sharp on a laptop screen, about 200 kB as WebP. */
  edgePixels: 1600,
  /** Pixels the decoder may open: stops a small file that unpacks to a huge image. */
  inputPixels: 100_000_000,
} as const

/** Statuses in which staff take photos: while they check a device and while its offer is open. */
export const PHOTO_STATUSES = ['received', 'checked', 'revised'] as const
export const takesPhotos = (status: string) => (PHOTO_STATUSES as readonly string[]).includes(status)

/** What the site keeps every photo as, whatever was sent. */
export const PHOTO_TYPE = 'image/webp'

export const PHOTO_PROBLEMS = [
  'photoMissing',
  'photoNotImage',
  'photoTooLarge',
  'photoTooMany',
  'photoUnreadable',
] as const
export type PhotoProblem = (typeof PHOTO_PROBLEMS)[number]
export const isPhotoProblem = (value: string | undefined): value is PhotoProblem =>
  (PHOTO_PROBLEMS as readonly string[]).includes(value ?? '')

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heic' | 'avif'

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))

/**
 * What an image really is, from its first bytes, whatever its name or the browser says; null for
 * anything that is not one of the photos a phone or a computer sends.
 */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (bytes.length < 12) return null
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => bytes[index] === byte)) return 'png'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp'
  // ISO media (HEIF): a box whose type is "ftyp", then the brand.
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12)
    if (['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand)) return 'heic'
    if (['avif', 'avis'].includes(brand)) return 'avif'
  }
  return null
}

/** Whether the declared length of an upload is already over the limit: refused before reading it. */
export function declaredTooLarge(contentLength: string | null): boolean {
  const length = Number(contentLength ?? '')
  return Number.isFinite(length) && length > PHOTO_LIMITS.requestBytes
}

/**
 * What is wrong with the photos sent for one device, which already holds `kept`: the first problem
 * in the order a person would fix them, or null when each may be kept.
 */
export function photosProblem(files: readonly Uint8Array[], kept: number): PhotoProblem | null {
  if (!files.length) return 'photoMissing'
  if (files.length > PHOTO_LIMITS.filesPerUpload || kept + files.length > PHOTO_LIMITS.perDevice) return 'photoTooMany'
  if (files.some((file) => file.length > PHOTO_LIMITS.fileBytes)) return 'photoTooLarge'
  if (files.some((file) => sniffImage(file) === null)) return 'photoNotImage'
  return null
}

/**
 * A photo's address. With a grant to that photo (photoToken in order-token.ts) it opens for whoever
 * holds it; without, for staff or the order's own account, signed in. The id alone opens nothing.
 */
export function photoPath(id: string, grant?: string): string {
  return `/api/order-photos/${id}${grant ? `?photo=${encodeURIComponent(grant)}` : ''}`
}
