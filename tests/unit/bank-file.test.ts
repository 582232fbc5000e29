import { readBankFile, writeBankFile, type Originator, type Payee } from '@/payouts/bank/bank-file'
import { bacsCarries, bacsText } from '@/payouts/bank/bacs-text'

const from: Originator = { sortCode: '60-16-13', accountNumber: '31926819', name: 'Handback Ltd' }

const payees: Payee[] = [
  {
    sortCode: '30-94-30',
    accountNumber: '12345678',
    accountHolder: 'Ada Lovelace',
    reference: 'HB-7K4M-Q2XP',
    amountPence: 12_345,
  },
  {
    sortCode: '200000',
    accountNumber: '55779911',
    accountHolder: 'Zoë Brontë-O’Hara',
    reference: 'HB-AAAA-BBBB',
    amountPence: 1,
  },
  {
    sortCode: '401276',
    accountNumber: '00012345',
    accountHolder: 'Sir Bartholomew Featherstonehaugh & Sons (Holdings) Limited',
    reference: 'HB-ZZZZ-9999',
    amountPence: 99_999_99,
  },
]

describe('the Bacs Standard 18 bank file', () => {
  it('reads back the same payees and amounts, pence exact, with a contra equal to the total', () => {
    const file = writeBankFile(payees, from, 'PR-261127-0930-K7Q')
    expect(file.count).toBe(3)
    expect(file.totalPence).toBe(12_345 + 1 + 99_999_99)
    const read = readBankFile(file.text)
    expect(read.payments).toEqual([
      {
        sortCode: '309430',
        accountNumber: '12345678',
        accountName: 'ADA LOVELACE',
        reference: 'HB-7K4M-Q2XP',
        amountPence: 12_345,
      },
      {
        sortCode: '200000',
        accountNumber: '55779911',
        accountName: 'ZOE BRONTE-O HARA',
        reference: 'HB-AAAA-BBBB',
        amountPence: 1,
      },
      {
        sortCode: '401276',
        accountNumber: '00012345',
        accountName: 'SIR BARTHOLOMEW FE',
        reference: 'HB-ZZZZ-9999',
        amountPence: 99_999_99,
      },
    ])
    expect(read.contraPence).toBe(file.totalPence)
    expect(read.originator).toEqual({ sortCode: '601613', accountNumber: '31926819', name: 'HANDBACK LTD' })
    // The run's reference, whole, in the contra record: what tells one run's debit from another's.
    expect(read.runReference).toBe('PR-261127-0930-K7Q')
  })

  it('refuses a run reference the contra record cannot carry whole, rather than cutting it', () => {
    // The old 20-character form lost 2 of its 3 random characters to the 18-character field.
    expect(() => writeBankFile(payees, from, 'PR-20261127-0930-K7Q')).toThrow(/run's reference/)
    expect(() => writeBankFile(payees, from, 'pr-1')).toThrow(/run's reference/)
  })

  it('refuses a payee whose name would be blank in the file, naming the order', () => {
    for (const accountHolder of ['Дмитрий Иванов', '李小龍', '😀', ' - ']) {
      expect(() => writeBankFile([payees[0]!, { ...payees[1]!, accountHolder }], from, 'PR-1')).toThrow(/HB-AAAA-BBBB/)
    }
  })

  it('writes 100-character records, each at its place', () => {
    const [first, contra] = writeBankFile(payees.slice(0, 1), from, 'PR-1').text.split('\r\n')
    expect(first).toHaveLength(100)
    expect(first).toBe(
      '309430' +
        '12345678' +
        '0' +
        '99' +
        '601613' +
        '31926819' +
        '    ' +
        '00000012345' +
        'HANDBACK LTD      ' +
        'HB-7K4M-Q2XP      ' +
        'ADA LOVELACE      ',
    )
    expect(contra).toBe(
      '601613' +
        '31926819' +
        '0' +
        '17' +
        '601613' +
        '31926819' +
        '    ' +
        '00000012345' +
        'PR-1              ' +
        'CONTRA            ' +
        'HANDBACK LTD      ',
    )
  })

  it('keeps names to the Bacs character set and 18 characters', () => {
    expect(bacsText('  Renée  "Smith", Jr.; <b>')).toBe('RENEE SMITH JR. B')
    expect(bacsText('Ünïcödé Straße 123 & Co/Ltd-x')).toBe('UNICODE STRASSE 12')
    expect(bacsText('😀')).toBe('')
    // Latin letters that do not come apart into a letter and an accent are spelled as banks do.
    expect(bacsText('Łukasz Søren Æsir')).toBe('LUKASZ SOREN AESIR')
  })

  it('tells a name the file carries from one it would lose, letter by letter', () => {
    for (const name of ['Ada Lovelace', 'Zoë Brontë-O’Hara', 'Łukasz Żółć', 'Søren Kierkegaard', 'J. Smith 2nd']) {
      expect([name, bacsCarries(name)]).toEqual([name, true])
    }
    for (const name of ['Дмитрий Иванов', 'Dmitry Иванов', '李 Smith', 'Γιώργος', '😀', '.-/', '']) {
      expect([name, bacsCarries(name)]).toEqual([name, false])
    }
  })

  it('refuses amounts that are not whole pence above nothing, and malformed account numbers', () => {
    for (const amountPence of [0, -5, 10.5, 1e12]) {
      expect(() => writeBankFile([{ ...payees[0]!, amountPence }], from, 'PR-1')).toThrow(/pence/)
    }
    expect(() => writeBankFile([{ ...payees[0]!, sortCode: '30-94-3' }], from, 'PR-1')).toThrow(/sort code/)
    expect(() => writeBankFile([{ ...payees[0]!, accountNumber: '1234567' }], from, 'PR-1')).toThrow(/account number/)
    expect(() => writeBankFile([], from, 'PR-1')).toThrow()
  })

  it('refuses to read a file whose contra does not match, or a record out of shape', () => {
    const { text } = writeBankFile(payees, from, 'PR-1')
    expect(() => readBankFile(text.replace('00000012345', '00000012346'))).toThrow(/contra/)
    expect(() => readBankFile(text.replace('ADA LOVELACE', 'ada lovelace'))).toThrow(/Record 1/)
    expect(() => readBankFile(text.replace(/\r\n$/, ''))).toThrow()
  })
})
