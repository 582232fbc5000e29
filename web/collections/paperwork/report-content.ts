/**
 * What a business collection's itemised report says, in the Orders document's words (Itemised
 * reports): the collection's totals, then every device with its IMEI or serial, its grade, its value
 * and whether it was reused or recycled. Pure: facts and words in, lines out, drawn as the rest of
 * the paperwork is (paperwork-pdf.ts). It names the organisation and never a person or an address.
 */
import type { OrderCopy } from '@/content/types'
import { formatLongDate } from '@/lib/dates'
import { formatPenceExact } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { formatCertificateCode } from '@/stock/certificate-code'
import type { PaperworkContent } from './paperwork-content'
import type { CollectionReportFacts } from './report-store'

export function collectionReportContent(
  facts: CollectionReportFacts,
  words: OrderCopy['collectionReport'],
): PaperworkContent {
  const number = formatCertificateCode(facts.number)
  const ends = { reused: words.reused, recycled: words.recycled }
  const count = (end: 'reused' | 'recycled') => facts.devices.filter((device) => device.end === end).length
  const totalPence = facts.devices.reduce((sum, device) => sum + (device.valuePence ?? 0), 0)
  return {
    number,
    title: fillTemplate(words.title, { number }),
    heading: words.heading,
    rows: [
      [words.numberLabel, number],
      [words.organisationLabel, facts.organisation],
      [words.issuedLabel, formatLongDate(facts.issuedAt)],
      [words.deviceCountLabel, String(facts.devices.length)],
      [words.reusedLabel, String(count('reused'))],
      [words.recycledLabel, String(count('recycled'))],
      [words.totalLabel, formatPenceExact(totalPence)],
    ],
    list: {
      heading: words.listHeading,
      lines: facts.devices.map((device) =>
        fillTemplate(words.listLine, {
          position: device.position,
          device: device.device,
          imei: device.imei,
          grade: device.gradeName ?? words.notGraded,
          value: device.valuePence === null ? words.noValue : formatPenceExact(device.valuePence),
          end: device.end ? ends[device.end] : words.undecided,
        }),
      ),
    },
  }
}
