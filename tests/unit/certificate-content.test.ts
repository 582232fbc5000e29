import type { OrderCopy } from '@/content/types'
import { certificateContent, certificatePath } from '@/stock/certificate-content'
import { seedWithFacts } from '../support/seed-facts'

// A certificate's rows, as its check page and its PDF both print them, in the seed's words.
const words = (seedWithFacts('orderCopy') as OrderCopy).certificate
const facts = {
  code: '3F9A07C2E41B',
  device: 'Samsung Galaxy S23 256GB',
  imeiEnding: null,
  level: 'destroy' as const,
  technique: 'Shredding',
  tool: 'WipeSure Mobile',
  toolVersion: '5.2.1',
  mediaType: 'Flash, 256 GB',
  verification: 'Visual inspection',
  erasedAt: new Date('2026-11-27T23:30:00Z'),
}

describe('a certificate’s content', () => {
  it('gives its number as printed, the level in the editors’ words and the date in UK time', () => {
    const content = certificateContent(facts, words)
    expect(content.number).toBe('3F9A-07C2-E41B')
    expect(content.title).toBe('Data-erasure certificate 3F9A-07C2-E41B')
    expect(Object.fromEntries(content.rows)).toMatchObject({
      'Certificate number': '3F9A-07C2-E41B',
      'IMEI or serial ending in': 'Not recorded',
      'Standard and level': 'NIST SP 800-88 Destroy',
      'Erasure tool': 'WipeSure Mobile 5.2.1',
      'Erased on': expect.stringMatching(/^Friday,? 27 November 2026$/),
      Result: 'Passed',
    })
  })

  it('is checked at an address with the number as printed', () => {
    expect(certificatePath('3F9A07C2E41B')).toBe('/certificates/3F9A-07C2-E41B')
    expect(certificatePath('3F9A07C2E41B', 'pdf')).toBe('/certificates/3F9A-07C2-E41B/pdf')
  })
})
