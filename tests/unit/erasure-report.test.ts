import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { readErasureReport, REPORT_MAX_BYTES } from '@/stock/erasure-report'

/**
 * An erasure tool's report, as the import reads it: the JSON and XML shapes of a made-up tool
 * (tests/fixtures/erasure/, the facts DOMAIN.md lists for a certificate of sanitisation), and what
 * is refused: a report lacking a fact says which, a bad IMEI or level or result is named, and XML
 * with a document type (entities) is not read at all.
 */
const sample = (name: string) => readFileSync(path.join(__dirname, '../fixtures/erasure', name), 'utf8')
const json = sample('iphone-purge.json')
const xml = sample('ipad-clear.xml')
type Report = { device: Record<string, string>; erasure: Record<string, string>; finished: string }
const edited = (change: (report: Report) => void) => {
  const parsed = JSON.parse(json)
  change(parsed.report)
  return JSON.stringify(parsed)
}

it('reads a JSON report: the device by its IMEI, the NIST level, who, when, how verified, and the result', () => {
  expect(readErasureReport(json)).toEqual({
    ok: true,
    report: {
      reportId: 'WS-2026-118204',
      tool: 'WipeSure Mobile',
      toolVersion: '5.2.1 (build 4410)',
      operator: 'Robin Bench',
      erasedAt: new Date('2026-11-27T10:09:45Z'),
      make: 'Apple',
      model: 'iPhone 13',
      deviceId: '356938035643809',
      serial: 'F2LXK0ABCD12',
      mediaType: 'Flash memory (NAND), 128 GB',
      level: 'purge',
      technique: 'Cryptographic erase of the media encryption key, then factory reset',
      verification: 'Full verification: key destroyed, device booted to its setup screen',
      result: 'passed',
      sha256: createHash('sha256').update(json).digest('hex'),
    },
  })
})

it('reads the XML shape the same way: a Wi-Fi tablet by its serial, an erasure that failed', () => {
  const read = readErasureReport(xml)
  expect(read).toMatchObject({
    ok: true,
    report: {
      reportId: 'WS-2026-118377',
      operator: 'Sasha Goods-In',
      erasedAt: new Date('2026-11-27T11:52:30Z'),
      model: 'iPad (9th generation) Wi-Fi',
      deviceId: 'DMPXK2ABCD',
      serial: 'DMPXK2ABCD',
      level: 'clear',
      result: 'failed',
    },
  })
})

it('says which fact a report lacks, and which it gives wrong', () => {
  expect(readErasureReport(edited((r) => delete r.device.imei && delete r.device.serial))).toEqual({
    ok: false,
    problem: { code: 'missing', fact: 'deviceId' },
  })
  expect(readErasureReport(edited((r) => delete r.erasure.verification))).toEqual({
    ok: false,
    problem: { code: 'missing', fact: 'verification' },
  })
  // One digit changed: the IMEI's check digit no longer holds.
  expect(readErasureReport(edited((r) => (r.device.imei = '356938035643808')))).toEqual({
    ok: false,
    problem: { code: 'invalid', fact: 'deviceId' },
  })
  expect(readErasureReport(edited((r) => (r.erasure.level = 'Quick wipe')))).toEqual({
    ok: false,
    problem: { code: 'invalid', fact: 'level' },
  })
  expect(readErasureReport(edited((r) => (r.erasure.result = 'Done')))).toEqual({
    ok: false,
    problem: { code: 'invalid', fact: 'result' },
  })
  // A time with no zone is no instant.
  expect(readErasureReport(edited((r) => (r.finished = '2026-11-27 10:09')))).toEqual({
    ok: false,
    problem: { code: 'invalid', fact: 'erasedAt' },
  })
})

it('refuses what is not a report: another document, broken text, a document type, too many bytes', () => {
  expect(readErasureReport('{"order": {"reference": "HB-1"}}')).toEqual({ ok: false, problem: { code: 'notAReport' } })
  expect(readErasureReport('{"report": ')).toEqual({ ok: false, problem: { code: 'unreadable' } })
  expect(readErasureReport('%PDF-1.7')).toEqual({ ok: false, problem: { code: 'unreadable' } })
  expect(readErasureReport(xml.replace('</erasureReport>', ''))).toEqual({ ok: false, problem: { code: 'unreadable' } })
  const withEntity = xml.replace(
    '<erasureReport',
    '<!DOCTYPE erasureReport [<!ENTITY who SYSTEM "file:///etc/passwd">]>\n<erasureReport',
  )
  expect(readErasureReport(withEntity)).toEqual({ ok: false, problem: { code: 'unreadable' } })
  expect(readErasureReport(json + ' '.repeat(REPORT_MAX_BYTES))).toEqual({ ok: false, problem: { code: 'tooLarge' } })
})
