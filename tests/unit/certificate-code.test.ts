import { formatCertificateCode, newCertificateCode, parseCertificateCode } from '@/stock/certificate-code'

describe('an erasure certificate’s number', () => {
  it('is 12 random hexadecimal digits, printed in threes of four', () => {
    const codes = new Set(Array.from({ length: 1000 }, newCertificateCode))
    expect(codes.size).toBe(1000)
    for (const code of codes) expect(code).toMatch(/^[0-9A-F]{12}$/)
    expect(formatCertificateCode('3F9A07C2E41B')).toBe('3F9A-07C2-E41B')
  })

  it('is read back however it is typed, and nothing else is taken for one', () => {
    for (const typed of ['3F9A-07C2-E41B', '3f9a07c2e41b', ' 3F9A 07C2 E41B ', '3f9a-07c2 e41b'])
      expect(parseCertificateCode(typed)).toBe('3F9A07C2E41B')
    for (const typed of ['', '3F9A-07C2-E41', '3F9A-07C2-E41BA', '3F9A-07C2-E41G', 'S-000042', '../etc/passwd'])
      expect(parseCertificateCode(typed)).toBeNull()
  })
})
