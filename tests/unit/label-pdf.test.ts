import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream } from 'pdf-lib'
import type { OrderCopy, SiteSettings } from '@/content/types'
import { code128Widths } from '@/lib/barcode'
import { freepostAddress, postageLabelContent } from '@/orders/checkout/label-content'
import { labelsPdf, MODULE, postageLabelPdf } from '@/orders/checkout/label-pdf'
import { returnLabelContent } from '@/orders/queue/return-labels'
import { decodeCode128 } from '../support/code128-decode'
import { seedWithFacts } from '../support/seed-facts'
import { readSeed } from '../support/seed-copy'

const copy = seedWithFacts('orderCopy') as OrderCopy
const settings = readSeed().find((doc) => doc._id === 'siteSettings') as unknown as SiteSettings
const order = {
  reference: 'HB-7K4M-Q2XP',
  name: 'Ann Smith',
  totalPence: 31_000,
  items: [
    { device: 'Apple iPhone 13 128GB', gradeName: 'Good', pricePence: 25_000 },
    { device: 'Google Pixel 7 128GB', gradeName: 'Fair', pricePence: 6_000 },
  ],
}

/** What the page's content stream writes: each hex string shown with Tj, as Windows-1252 text. */
function textOf(stream: string): string[] {
  return [...stream.matchAll(/<([0-9A-F]*)> Tj/g)].map((match) => Buffer.from(match[1]!, 'hex').toString('latin1'))
}

/** The bars drawn, left to right, read back into bar and space widths in modules. */
function barWidths(stream: string): number[] {
  const bars = [
    ...stream.matchAll(/1 0 0 1 ([\d.]+) [\d.]+ cm\n(?:1 0 0 1 0 0 cm\n)*0 0 m\n0 64 l\n([\d.]+) 64 l/g),
  ].map((match) => ({ x: Number(match[1]), width: Number(match[2]) }))
  return bars.flatMap((bar, index) => {
    const next = bars[index + 1]
    const modules = [Math.round(bar.width / MODULE)]
    return next ? [...modules, Math.round((next.x - bar.x - bar.width) / MODULE)] : modules
  })
}

async function pageStream(pdf: Uint8Array): Promise<string> {
  const document = await PDFDocument.load(pdf)
  const contents = document.getPages()[0]!.node.Contents()!
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref)) : [contents]
  return streams
    .map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1'))
    .join('\n')
}

describe('the postage label as a PDF', () => {
  it('loads back as one A4 page titled with the reference', async () => {
    const pdf = await postageLabelPdf(postageLabelContent(order, copy, settings.postalAddress))
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-')
    const document = await PDFDocument.load(pdf)
    expect(document.getPageCount()).toBe(1)
    expect(document.getPages()[0]!.getSize()).toEqual({ width: 595.28, height: 841.89 })
    expect(document.getTitle()).toBe(`Free postage label HB-7K4M-Q2XP`)
    expect(document.getSubject()).toBe('HB-7K4M-Q2XP')
  })

  it('writes the freepost address from Site settings, the reference and the packing slip', async () => {
    const text = textOf(
      await pageStream(await postageLabelPdf(postageLabelContent(order, copy, settings.postalAddress))),
    )
    const address = freepostAddress(copy, settings.postalAddress)
    // The Freepost line from the Orders document, then each line of the one postal address.
    expect(address[0]).toBe('Freepost HANDBACK')
    expect(address.slice(1)).toEqual(
      settings.postalAddress
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    for (const line of address) expect(text).toContain(line)
    expect(text.filter((line) => line === 'HB-7K4M-Q2XP')).toHaveLength(2)
    expect(text).toContain('Ann Smith')
    expect(text).toContain('Apple iPhone 13 128GB, Good: £250')
    expect(text).toContain('Total: £310')
  })

  it('draws the reference as a Code 128 barcode that reads back as the reference', async () => {
    for (const reference of ['HB-7K4M-Q2XP', 'HB-ZW9X-3N4P']) {
      const stream = await pageStream(
        await postageLabelPdf(postageLabelContent({ ...order, reference }, copy, settings.postalAddress)),
      )
      const widths = barWidths(stream)
      expect(widths).toEqual(code128Widths(reference))
      expect(decodeCode128(widths)).toBe(reference)
    }
  })

  it('prints a character the PDF fonts lack as "?" rather than failing', async () => {
    const content = postageLabelContent({ ...order, name: 'Zoë 🙂 Smith' }, copy, settings.postalAddress)
    const text = textOf(await pageStream(await postageLabelPdf(content)))
    expect(text).toContain('Zoë ? Smith')
  })
})

describe('the Code 128 decoder the label tests read with', () => {
  it('refuses a damaged checksum or an unknown symbol', () => {
    const widths = code128Widths('HB-7K4M-Q2XP')
    const wrongChecksum = [...widths]
    // The checksum symbol is the six widths before the stop's seven: make it another valid symbol.
    wrongChecksum.splice(widths.length - 13, 6, ...[2, 1, 2, 2, 2, 2])
    expect(() => decodeCode128(wrongChecksum)).toThrow(/checksum/)
    expect(() => decodeCode128([9, 9, 9, 9, 9, 9, ...widths.slice(6)])).toThrow(/unknown symbol/)
  })
})

describe('return labels in bulk, one page an order', () => {
  const returning = (reference: string, name: string | null) => ({
    reference,
    name,
    address: ['1 High Street', 'Flat 2', 'Leeds', 'LS1 4AB'],
    devices: ['Apple iPhone 13 128GB', 'Google Pixel 7 128GB'],
  })
  async function pageText(pdf: Uint8Array, index: number): Promise<string[]> {
    const document = await PDFDocument.load(pdf)
    const copyOf = await PDFDocument.create()
    const [page] = await copyOf.copyPages(document, [index])
    copyOf.addPage(page!)
    return textOf(await pageStream(await copyOf.save({ useObjectStreams: false })))
  }

  it('addresses each page to its seller, with the barcode of its reference and what goes back', async () => {
    const text = copy.returnLabels
    const orders = [returning('HB-7K4M-Q2XP', 'Ann Smith'), returning('HB-ZW9X-3N4P', null)]
    const pdf = await labelsPdf(
      orders.map((order) => returnLabelContent(order, text)),
      { title: text.title, subject: 'HB-7K4M-Q2XP HB-ZW9X-3N4P' },
    )
    const document = await PDFDocument.load(pdf)
    expect(document.getPageCount()).toBe(2)
    expect(document.getTitle()).toBe('Return labels')

    const first = await pageText(pdf, 0)
    expect(first).toEqual(expect.arrayContaining(['Deliver to', 'Ann Smith', '1 High Street', 'Flat 2', 'Leeds']))
    expect(first).toContain('LS1 4AB')
    expect(first).toContain('Your device, returned')
    expect(first).toContain('Apple iPhone 13 128GB')
    expect(first.join(' ')).toContain('with order HB-7K4M-Q2XP, returned free of charge')
    // A return's note has no total: nothing is paid for it.
    expect(first.join(' ')).not.toMatch(/Total|£/)
    expect(decodeCode128(barWidths(await pageStream(pdf)))).toBe('HB-7K4M-Q2XP')

    // An order whose seller's name is gone still gets its address.
    const second = await pageText(pdf, 1)
    expect(second).not.toContain('Ann Smith')
    expect(second).toEqual(expect.arrayContaining(['Deliver to', '1 High Street', 'HB-ZW9X-3N4P']))
  })
})
