/**
 * What a business collection's paperwork says, in the Orders document's words (Certificates and
 * Waste transfer notes): the certificate's rows and its list of every device, the same on the
 * public check page and in the PDF (by each IMEI's last digits; whole in the business's own copy);
 * and the waste transfer note's facts. Pure: facts and words
 * in, lines out. The certificate names the organisation and never a person or an address.
 */
import type { OrderCopy, SiteSettings } from '@/content/types'
import { formatLongDate } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import { formatCertificateCode } from '@/stock/certificate-code'
import { IMEI_SHOWN } from '@/stock/imei-shown'
import type { CollectionCertificateFacts, WasteNoteFacts } from './paperwork-store'

export type PaperworkContent = {
  /** The formatted number, as printed: 3F9A-07C2-E41B. */
  number: string
  title: string
  heading: string
  /** Label and value, a row each, in the order they are read. */
  rows: Array<[string, string]>
  /** A list under the rows (the certificate's devices), with its heading. */
  list: { heading: string; lines: string[] } | null
}

/**
 * How the certificate gives each IMEI: whole (the business's own PDF, by its signed link, and
 * staff), or by its last digits (anyone checking it by number), as a seller's certificate does.
 */
export type ImeiShown = 'whole' | 'ending'

export function collectionCertificateContent(
  facts: CollectionCertificateFacts,
  words: OrderCopy['certificate'],
  shown: ImeiShown,
): PaperworkContent {
  const number = formatCertificateCode(facts.number)
  const level = { clear: words.levelClear, purge: words.levelPurge, destroy: words.levelDestroy }
  return {
    number,
    title: fillTemplate(words.collectionTitle, { number }),
    heading: words.collectionHeading,
    rows: [
      [words.numberLabel, number],
      [words.organisationLabel, facts.organisation],
      [words.deviceCountLabel, String(facts.devices.length)],
      [words.issuedLabel, formatLongDate(facts.issuedAt)],
      [words.resultLabel, words.resultPassed],
    ],
    list: {
      heading: words.listHeading,
      lines: facts.devices.map((device) =>
        fillTemplate(shown === 'whole' ? words.listLine : words.listLineEnding, {
          position: device.position,
          device: device.device,
          imei: shown === 'whole' ? device.imei : device.imei.slice(-IMEI_SHOWN),
          standard: level[device.level],
          date: formatLongDate(device.erasedAt),
        }),
      ),
    },
  }
}

/**
 * The note's facts: who handed the waste over (with its SIC code, or the words saying it gave none)
 * and where from, us, what it is, its code, how much, where it changed hands (the collection
 * address, where we picked it up) and when.
 */
export function wasteNoteContent(
  facts: WasteNoteFacts,
  words: OrderCopy['wasteNote'],
  us: Pick<SiteSettings, 'productName' | 'postalAddress' | 'wasteCarrierNumber'>,
): PaperworkContent {
  const number = formatCertificateCode(facts.number)
  const oneLine = (text: string) =>
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join(', ')
  const collectedFrom = `${oneLine(facts.address)}, ${facts.postcode}`
  return {
    number,
    title: fillTemplate(words.title, { number }),
    heading: words.heading,
    rows: [
      [words.numberLabel, number],
      [words.transferorHeading, ''],
      [words.nameLabel, facts.organisation],
      [words.addressLabel, collectedFrom],
      [words.sicLabel, facts.sicCode ?? words.sicMissing],
      [words.transfereeHeading, ''],
      [words.nameLabel, us.productName],
      [words.addressLabel, oneLine(us.postalAddress)],
      [words.carrierLabel, us.wasteCarrierNumber],
      [words.descriptionLabel, words.description],
      [words.ewcLabel, words.ewcCode],
      [words.containerLabel, words.container],
      [words.quantityLabel, fillTemplate(words.quantity, { count: facts.count })],
      [words.placeLabel, collectedFrom],
      [words.dateLabel, formatLongDate(facts.transferredAt)],
      [words.hierarchyLabel, words.hierarchy],
    ],
    list: null,
  }
}
