import { createHash } from 'node:crypto'
import path from 'node:path'
import { badRequest } from './errors'

/** What an image asset document needs to know about a file: its type, size in pixels and hash. */
export type ImageFacts = { extension: string; mimeType: string; width: number; height: number; sha1hash: string }

const MIME_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
}

export const mimeTypeOf = (fileName: string) => MIME_TYPES[extensionOf(fileName)]

function extensionOf(fileName: string): string {
  const extension = path.extname(fileName).slice(1).toLowerCase()
  return extension === 'jpeg' ? 'jpg' : extension
}

export function readImageFacts(body: Buffer, fileName: string): ImageFacts {
  const extension = sniffExtension(body) ?? extensionOf(fileName)
  const mimeType = MIME_TYPES[extension]
  const size = mimeType ? dimensions(body, extension) : undefined
  if (!mimeType || !size)
    throw badRequest(`${fileName}: not an image this stand-in can read (png, jpg, gif, webp, svg)`)
  return { extension, mimeType, ...size, sha1hash: createHash('sha1').update(body).digest('hex') }
}

function sniffExtension(body: Buffer): string | undefined {
  if (body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png'
  if (body[0] === 0xff && body[1] === 0xd8) return 'jpg'
  if (body.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif'
  if (body.subarray(0, 4).toString('latin1') === 'RIFF' && body.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp'
  }
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/.test(body.subarray(0, 1024).toString('utf8'))) return 'svg'
  return undefined
}

type Size = { width: number; height: number }

function dimensions(body: Buffer, extension: string): Size | undefined {
  switch (extension) {
    case 'png':
      return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) }
    case 'gif':
      return { width: body.readUInt16LE(6), height: body.readUInt16LE(8) }
    case 'jpg':
      return jpegSize(body)
    case 'webp':
      return webpSize(body)
    case 'svg':
      return svgSize(body.toString('utf8'))
  }
  return undefined
}

function jpegSize(body: Buffer): Size | undefined {
  let offset = 2
  while (offset + 9 < body.length) {
    if (body[offset] !== 0xff) return undefined
    const marker = body[offset + 1] ?? 0
    // Start-of-frame markers carry the size; C4 (huffman), C8 and CC (arithmetic) do not.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: body.readUInt16BE(offset + 5), width: body.readUInt16BE(offset + 7) }
    }
    offset += 2 + body.readUInt16BE(offset + 2)
  }
  return undefined
}

function webpSize(body: Buffer): Size | undefined {
  const chunk = body.subarray(12, 16).toString('latin1')
  if (chunk === 'VP8 ') return { width: body.readUInt16LE(26) & 0x3fff, height: body.readUInt16LE(28) & 0x3fff }
  if (chunk === 'VP8L') {
    const bits = body.readUInt32LE(21)
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8X') return { width: body.readUIntLE(24, 3) + 1, height: body.readUIntLE(27, 3) + 1 }
  return undefined
}

function svgSize(text: string): Size | undefined {
  const tag = /<svg\b[^>]*>/.exec(text)?.[0] ?? ''
  const attribute = (name: string) => Number.parseFloat(new RegExp(`\\s${name}="([\\d.]+)(px)?"`).exec(tag)?.[1] ?? '')
  const [width, height] = [attribute('width'), attribute('height')]
  if (width > 0 && height > 0) return { width: Math.round(width), height: Math.round(height) }
  const box = /\sviewBox="[\d.-]+[\s,]+[\d.-]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/.exec(tag)
  if (!box?.[1] || !box[2]) return undefined
  return { width: Math.round(Number(box[1])), height: Math.round(Number(box[2])) }
}
