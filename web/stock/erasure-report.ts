/**
 * An erasure tool's report for one device, read into the record a certificate is made from: the
 * device (make, model, IMEI or serial, media), the NIST SP 800-88 level and technique, the tool and
 * its version, how the erasure was verified, who ran it and when, and the result. Tools write it as
 * JSON or XML (docs/stock.md gives both shapes); anything else, or a report that leaves a fact out,
 * is refused with the fact it lacks. Pure, so the import and its tests share it.
 */
import { createHash } from 'node:crypto'
import { SaxesParser } from 'saxes'
import { isImei, isSerial, normaliseDeviceId } from '@/register/device-id'

/** NIST SP 800-88's three levels of sanitisation. */
export const ERASURE_LEVELS = ['clear', 'purge', 'destroy'] as const
export type ErasureLevel = (typeof ERASURE_LEVELS)[number]
export type ErasureResult = 'passed' | 'failed'

export type ErasureReport = {
  /** The tool's own id for the report, as printed on it. */
  reportId: string
  tool: string
  toolVersion: string
  operator: string
  erasedAt: Date
  make: string
  model: string
  /** The IMEI (checked) or, for a device without one, the serial number; normalised. */
  deviceId: string
  serial: string | null
  mediaType: string
  level: ErasureLevel
  technique: string
  verification: string
  result: ErasureResult
  /** SHA-256 of the report as received, in hex: what the certificate says it was made from. */
  sha256: string
}

/** The facts a report must give, by the names the problems use. */
export type ReportFact =
  | 'reportId'
  | 'tool'
  | 'toolVersion'
  | 'operator'
  | 'erasedAt'
  | 'make'
  | 'model'
  | 'deviceId'
  | 'mediaType'
  | 'level'
  | 'technique'
  | 'verification'
  | 'result'

export type ReportProblem =
  { code: 'tooLarge' | 'unreadable' | 'notAReport' } | { code: 'missing' | 'invalid'; fact: ReportFact }

/** A report is a page or two of text: anything larger is not one. */
export const REPORT_MAX_BYTES = 256 * 1024

type Flat = Record<string, string>

const LEVEL_WORDS: Record<string, ErasureLevel> = { clear: 'clear', purge: 'purge', destroy: 'destroy' }
const RESULT_WORDS: Record<string, ErasureResult> = {
  passed: 'passed',
  pass: 'passed',
  success: 'passed',
  successful: 'passed',
  failed: 'failed',
  fail: 'failed',
  failure: 'failed',
}

/** Reads a tool's report, JSON or XML (told apart by its first character). */
export function readErasureReport(
  raw: string,
): { ok: true; report: ErasureReport } | { ok: false; problem: ReportProblem } {
  if (Buffer.byteLength(raw, 'utf8') > REPORT_MAX_BYTES) return { ok: false, problem: { code: 'tooLarge' } }
  const text = raw.replace(/^\uFEFF/, '').trim()
  const flat = text.startsWith('<') ? flattenXml(text) : text.startsWith('{') ? flattenJson(text) : null
  if (!flat) return { ok: false, problem: { code: 'unreadable' } }
  if (!('report.device.make' in flat) && !('report.erasure.level' in flat)) {
    return { ok: false, problem: { code: 'notAReport' } }
  }
  return fromFacts(flat, createHash('sha256').update(raw, 'utf8').digest('hex'))
}

/** The report's values by dotted path ("report.device.imei"), every value a string; null when it does not parse. */
function flattenJson(text: string): Flat | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return null
  }
  const flat: Flat = {}
  const walk = (value: unknown, at: string) => {
    if (value === null || value === undefined) return
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) walk(inner, at ? `${at}.${key}` : key)
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      flat[at] = String(value)
    }
  }
  walk(parsed, '')
  return flat
}

/**
 * The same paths from the XML shape: elements nest as the JSON's objects do, an element's
 * attributes are its children. A document type is refused outright (no entities are ever expanded).
 */
function flattenXml(text: string): Flat | null {
  const flat: Flat = {}
  const path: string[] = []
  const parser = new SaxesParser({ xmlns: false })
  let failed = false
  parser.on('error', () => {
    failed = true
  })
  parser.on('doctype', () => {
    failed = true
  })
  parser.on('opentag', (tag) => {
    path.push(tag.name)
    for (const [name, value] of Object.entries(tag.attributes)) {
      flat[[...path, name].join('.')] = String(value)
    }
  })
  parser.on('text', (value) => {
    const trimmed = value.trim()
    if (trimmed && path.length) flat[path.join('.')] = (flat[path.join('.')] ?? '') + trimmed
  })
  parser.on('closetag', () => {
    path.pop()
  })
  try {
    parser.write(text).close()
  } catch {
    return null
  }
  return failed ? null : renameRoot(flat)
}

/** The XML's root is `erasureReport`; the JSON's is `report`: both are read as `report`. */
function renameRoot(flat: Flat): Flat {
  return Object.fromEntries(
    Object.entries(flat).map(([key, value]) => [key.replace(/^erasureReport(?=\.|$)/, 'report'), value]),
  )
}

function fromFacts(
  flat: Flat,
  sha256: string,
): { ok: true; report: ErasureReport } | { ok: false; problem: ReportProblem } {
  const read = (...paths: string[]) => {
    for (const at of paths) {
      const value = flat[`report.${at}`]?.trim()
      if (value) return value
    }
    return null
  }
  const given = {
    reportId: read('id'),
    tool: read('tool.name'),
    toolVersion: read('tool.version'),
    operator: read('operator', 'operator.name'),
    erasedAt: read('finished', 'erasure.finished'),
    make: read('device.make'),
    model: read('device.model'),
    imei: read('device.imei'),
    serial: read('device.serial'),
    mediaType: read('device.mediaType'),
    level: read('erasure.level'),
    technique: read('erasure.technique'),
    verification: read('erasure.verification'),
    result: read('erasure.result'),
  }
  const missing = (fact: ReportFact) => ({ ok: false as const, problem: { code: 'missing' as const, fact } })
  const invalid = (fact: ReportFact) => ({ ok: false as const, problem: { code: 'invalid' as const, fact } })
  for (const fact of ['reportId', 'tool', 'toolVersion', 'operator', 'erasedAt', 'make', 'model'] as const) {
    if (!given[fact]) return missing(fact)
  }
  const imei = given.imei ? normaliseDeviceId(given.imei) : null
  const serial = given.serial ? normaliseDeviceId(given.serial) : null
  if (!imei && !serial) return missing('deviceId')
  if (imei && !isImei(imei)) return invalid('deviceId')
  if (!imei && serial && !isSerial(serial)) return invalid('deviceId')
  for (const fact of ['mediaType', 'level', 'technique', 'verification', 'result'] as const) {
    if (!given[fact]) return missing(fact)
  }
  const erasedAt = new Date(given.erasedAt!)
  // An instant with its zone, as tools write them: a bare date or local time is not one.
  if (
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(given.erasedAt!) ||
    Number.isNaN(erasedAt.getTime())
  ) {
    return invalid('erasedAt')
  }
  // "NIST 800-88 Purge", "Purge": the level is the word NIST uses, wherever it stands.
  const level = Object.entries(LEVEL_WORDS).find(([word]) => new RegExp(`\\b${word}\\b`, 'i').test(given.level!))?.[1]
  if (!level) return invalid('level')
  const result = RESULT_WORDS[given.result!.toLowerCase()]
  if (!result) return invalid('result')
  return {
    ok: true,
    report: {
      reportId: given.reportId!,
      tool: given.tool!,
      toolVersion: given.toolVersion!,
      operator: given.operator!,
      erasedAt,
      make: given.make!,
      model: given.model!,
      deviceId: imei ?? serial!,
      serial,
      mediaType: given.mediaType!,
      level,
      technique: given.technique!,
      verification: given.verification!,
      result,
      sha256,
    },
  }
}
