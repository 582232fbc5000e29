import { matchItems, shortBrand } from '@/lib/search'
import { fillTemplate, formatTitle } from '@/lib/templates'
import { formatClock, formatOpeningHours } from '@/lib/opening-hours'

const items = [
  { id: 1, title: 'Apple iPhone 13 128GB', brand: 'Apple' },
  { id: 2, title: 'Samsung Galaxy S24', brand: 'Samsung' },
  { id: 3, title: 'Apple iPad mini', brand: 'Apple' },
]

describe('device search', () => {
  it('matches a substring of the title whatever the case', () => {
    expect(matchItems(items, 'IPHONE').map((i) => i.id)).toEqual([1])
    expect(matchItems(items, 'apple').map((i) => i.id)).toEqual([1, 3])
    expect(matchItems(items, 'laxy s2').map((i) => i.id)).toEqual([2])
  })

  it('matches nothing for empty text and for text in no title', () => {
    expect(matchItems(items, '')).toEqual([])
    expect(matchItems(items, '   ')).toEqual([])
    expect(matchItems(items, 'nokia')).toEqual([])
  })

  it('does not match on the brand alone', () => {
    expect(matchItems([{ title: 'Galaxy S24', brand: 'Samsung' }], 'samsung')).toEqual([])
  })

  it('cuts the brand to its first five characters', () => {
    expect(shortBrand('Samsung')).toBe('Samsu')
    expect(shortBrand('Sony')).toBe('Sony')
  })
})

describe('titles and templates', () => {
  it('names pages "{title} | {product name}"', () => {
    expect(formatTitle('{title} | {productName}', 'FAQs', 'Handback')).toBe('FAQs | Handback')
    expect(formatTitle('{productName}: {title}', 'About', 'Handback')).toBe('Handback: About')
  })

  it('leaves unknown placeholders as written', () => {
    expect(fillTemplate('Up to {price} {unknown}', { price: '£50' })).toBe('Up to £50 {unknown}')
  })
})

describe('opening hours', () => {
  it('writes times the UK way', () => {
    expect(formatClock('10:00')).toBe('10am')
    expect(formatClock('17:00')).toBe('5pm')
    expect(formatClock('12:00')).toBe('12pm')
    expect(formatClock('00:00')).toBe('12am')
    expect(formatClock('09:30')).toBe('9:30am')
  })

  it('fills the editor’s wording from each period', () => {
    expect(
      formatOpeningHours('{opens} to {closes}, {fromDay} to {toDay}', [
        { fromDay: 'Monday', toDay: 'Friday', opens: '10:00', closes: '17:00' },
      ]),
    ).toEqual(['10am to 5pm, Monday to Friday'])
  })
})
