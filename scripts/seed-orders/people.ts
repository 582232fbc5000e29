// Fake UK sellers for `npm run seed:orders`: names from common lists, addresses on made-up streets,
// e-mail addresses on the domains reserved for examples (RFC 2606), mobile numbers from Ofcom's
// range kept for drama (07700 900000–900999) and bank details from a made-up sort code. Nothing
// here reaches a real person.
import type { Random } from './random'

const FIRST = [
  'Oliver',
  'Amelia',
  'George',
  'Isla',
  'Harry',
  'Ava',
  'Noah',
  'Mia',
  'Jack',
  'Ivy',
  'Leo',
  'Lily',
  'Arthur',
  'Freya',
  'Muhammad',
  'Florence',
  'Oscar',
  'Grace',
  'Charlie',
  'Sophia',
  'Jacob',
  'Emily',
  'Thomas',
  'Poppy',
  'Alfie',
  'Ella',
  'Priya',
  'Aisha',
  'Rhys',
  'Ffion',
  'Callum',
  'Eilidh',
  'Ciaran',
  'Siobhan',
  'Tariq',
  'Mei',
  'Kwame',
  'Zofia',
  'Tomasz',
  'Hannah',
]
const LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Thomas',
  'Clarke',
  'Jackson',
  'Wood',
  'Harris',
  'Edwards',
  'Turner',
  'Martin',
  'Cooper',
  'Hill',
  'Ward',
  'Hughes',
  'Khan',
  'Ahmed',
  'Singh',
  'Campbell',
  'Murphy',
  'MacDonald',
  'Kowalski',
  'Nowak',
  'Chen',
  'Okafor',
]
const STREETS = [
  'Acacia Avenue',
  'Station Road',
  'Church Lane',
  'Victoria Street',
  'Mill Lane',
  'Park Road',
  'Queens Road',
  'The Crescent',
  'Orchard Close',
  'Manor Way',
  'Elm Grove',
  'Kingsway',
  'Chapel Street',
  'Meadow View',
]
// Towns with the postcode area and districts they use.
const TOWNS: Array<[string, string, number]> = [
  ['London', 'SW', 20],
  ['London', 'E', 18],
  ['London', 'N', 22],
  ['Manchester', 'M', 40],
  ['Birmingham', 'B', 90],
  ['Leeds', 'LS', 29],
  ['Glasgow', 'G', 80],
  ['Bristol', 'BS', 49],
  ['Cardiff', 'CF', 48],
  ['Liverpool', 'L', 40],
  ['Sheffield', 'S', 36],
  ['Newcastle upon Tyne', 'NE', 20],
  ['Nottingham', 'NG', 25],
  ['Edinburgh', 'EH', 55],
  ['Belfast', 'BT', 17],
  ['Leicester', 'LE', 19],
  ['Brighton', 'BN', 45],
  ['Southampton', 'SO', 53],
  ['Norwich', 'NR', 35],
  ['Plymouth', 'PL', 9],
  ['York', 'YO', 32],
  ['Aberdeen', 'AB', 25],
  ['Swansea', 'SA', 20],
]
const DOMAINS = ['example.com', 'example.org', 'example.net', 'example.co.uk']
const INWARD = 'ABDEFGHJLNPQRSTUWXYZ'

export type FakeSeller = {
  name: string
  email: string
  phone: string
  addressLine1: string
  addressLine2: string
  town: string
  postcode: string
  bank: { accountHolder: string; sortCode: string; accountNumber: string }
}

export function fakeSeller(random: Random): FakeSeller {
  const first = random.pick(FIRST)
  const last = random.pick(LAST)
  const [town, area, districts] = random.pick(TOWNS)
  const postcode = `${area}${random.int(1, districts)} ${random.int(1, 9)}${random.pick([...INWARD])}${random.pick([...INWARD])}`
  const email = `${first}.${last}${random.int(1, 999)}@${random.pick(DOMAINS)}`.toLowerCase()
  return {
    name: `${first} ${last}`,
    email,
    phone: `07700 900${String(random.int(0, 999)).padStart(3, '0')}`,
    addressLine1: `${random.int(1, 180)} ${random.pick(STREETS)}`,
    addressLine2: random.chance(0.15) ? `Flat ${random.int(1, 40)}` : '',
    town,
    postcode,
    bank: {
      accountHolder: `${first[0]} ${last}`,
      // 00-99-xx: no UK bank uses these sort codes.
      sortCode: `0099${String(random.int(0, 99)).padStart(2, '0')}`,
      accountNumber: String(random.int(10_000_000, 99_999_999)),
    },
  }
}

/** A 15-digit IMEI with a valid Luhn check digit, under a made-up type allocation code. */
export function fakeImei(random: Random): string {
  const body = `35${String(random.int(0, 999_999)).padStart(6, '0')}${String(random.int(0, 999_999)).padStart(6, '0')}`
  let sum = 0
  for (let index = 0; index < body.length; index++) {
    let digit = Number(body[index])
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return `${body}${(10 - (sum % 10)) % 10}`
}
