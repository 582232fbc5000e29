import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { openPayout, readPayoutKeys, sealedWithOldKey, sealPayout } from '@/payouts/payout-crypto'
import type { BankDetails } from '@/payouts/bank/bank-transfer'

const bank: BankDetails = { accountHolder: 'Ada Lovelace', sortCode: '30-94-30', accountNumber: '12345678' }
const reference = 'HB-7K4M-Q2XP'
const newKey = () => randomBytes(32).toString('base64')

/** Flips one bit of the n-th dot-separated part (base64url), decoding and encoding it again. */
function tamper(sealed: string, part: number): string {
  const parts = sealed.split('.')
  const bytes = Buffer.from(parts[part]!, 'base64url')
  const middle = bytes.length >> 1
  bytes.writeUInt8(bytes.readUInt8(middle) ^ 0x01, middle)
  parts[part] = bytes.toString('base64url')
  return parts.join('.')
}

describe('sealPayout and openPayout', () => {
  const keys = readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: newKey() })

  it('opens what it sealed, for the same reference', () => {
    expect(openPayout(sealPayout(bank, reference, keys), reference, keys)).toEqual(bank)
  })

  it('never shows the details in the sealed text, and seals them differently each time', () => {
    const first = sealPayout(bank, reference, keys)
    const second = sealPayout(bank, reference, keys)
    expect(first).not.toBe(second)
    for (const plain of [bank.accountHolder, bank.sortCode, bank.accountNumber, reference]) {
      expect(first).not.toContain(plain)
    }
    expect(first).toMatch(new RegExp(`^v1\\.${keys.current.id}\\.[\\w-]+\\.[\\w-]+\\.[\\w-]+$`))
  })

  it('does not open on another order: the reference is authenticated with the details', () => {
    const sealed = sealPayout(bank, reference, keys)
    expect(() => openPayout(sealed, 'HB-7K4M-Q2XQ', keys)).toThrow()
  })

  it.each([
    ['nonce', 2],
    ['tag', 3],
    ['ciphertext', 4],
  ])('does not open when one bit of the %s changed', (_label, part) => {
    const sealed = sealPayout(bank, reference, keys)
    expect(() => openPayout(tamper(sealed, part), reference, keys)).toThrow()
  })

  it('does not open with another key, naming the key it needs', () => {
    const sealed = sealPayout(bank, reference, keys)
    const other = readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: newKey() })
    expect(() => openPayout(sealed, reference, other)).toThrow(
      `Payout details sealed with key ${keys.current.id}, which is not configured.`,
    )
  })

  it('refuses an unknown version or a truncated value', () => {
    const sealed = sealPayout(bank, reference, keys)
    expect(() => openPayout(sealed.replace(/^v1/, 'v2'), reference, keys)).toThrow('not configured')
    expect(() => openPayout(sealed.split('.').slice(0, 4).join('.'), reference, keys)).toThrow('not configured')
  })
})

describe('key rotation', () => {
  const oldKey = newKey()
  const before = readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: oldKey })
  const rotated = readPayoutKeys({
    PAYOUT_ENCRYPTION_KEY: newKey(),
    PAYOUT_ENCRYPTION_OLD_KEYS: ` ${newKey()},${oldKey} `,
  })

  it('opens details sealed with an old key listed in PAYOUT_ENCRYPTION_OLD_KEYS', () => {
    const sealed = sealPayout(bank, reference, before)
    expect(rotated.old).toHaveLength(2)
    expect(openPayout(sealed, reference, rotated)).toEqual(bank)
  })

  it('says which values need sealing again with the current key', () => {
    const sealedBefore = sealPayout(bank, reference, before)
    const sealedAfter = sealPayout(bank, reference, rotated)
    expect(sealedWithOldKey(sealedBefore, rotated)).toBe(true)
    expect(sealedWithOldKey(sealedAfter, rotated)).toBe(false)
    expect(sealedWithOldKey(sealedBefore, before)).toBe(false)
  })

  it('no longer opens them once the old key is dropped from the list', () => {
    const sealed = sealPayout(bank, reference, before)
    const dropped = readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: newKey(), PAYOUT_ENCRYPTION_OLD_KEYS: '' })
    expect(dropped.old).toEqual([])
    expect(() => openPayout(sealed, reference, dropped)).toThrow('not configured')
  })
})

describe('readPayoutKeys', () => {
  it('reads a key as base64, base64url or hex, with the same id for the same bytes', () => {
    const bytes = randomBytes(32)
    const ids = [
      bytes.toString('base64'),
      bytes.toString('base64url'),
      bytes.toString('hex'),
      ` ${bytes.toString('hex')}\n`,
    ].map((value) => readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: value }).current)
    for (const key of ids) {
      expect(key.bytes.equals(bytes)).toBe(true)
      expect(key.id).toBe(ids[0]!.id)
    }
    expect(ids[0]!.id).toMatch(/^[0-9a-f]{8}$/)
    expect(readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: newKey() }).current.id).not.toBe(ids[0]!.id)
  })

  it.each([
    ['16 bytes', randomBytes(16).toString('base64')],
    ['33 bytes', randomBytes(33).toString('base64')],
    ['62 hex digits', randomBytes(31).toString('hex')],
    ['a passphrase', 'correct horse battery staple'],
  ])('refuses a key of %s, saying what it must be', (_label, value) => {
    expect(() => readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: value })).toThrow(
      'PAYOUT_ENCRYPTION_KEY must be 32 bytes, base64 or hex (try: openssl rand -base64 32).',
    )
  })

  it('names PAYOUT_ENCRYPTION_OLD_KEYS when an old key is the wrong length', () => {
    expect(() =>
      readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: newKey(), PAYOUT_ENCRYPTION_OLD_KEYS: `${newKey()},short` }),
    ).toThrow('PAYOUT_ENCRYPTION_OLD_KEYS must be 32 bytes')
  })

  describe('without PAYOUT_ENCRYPTION_KEY', () => {
    let root: string
    beforeEach(async () => {
      // projectRoot() looks for the migrations' journal from the working directory.
      root = await mkdtemp(path.join(os.tmpdir(), 'payout-key-test-'))
      await mkdir(path.join(root, 'web', 'db', 'migrations', 'meta'), { recursive: true })
      await writeFile(path.join(root, 'web', 'db', 'migrations', 'meta', '_journal.json'), '{}')
      jest.spyOn(process, 'cwd').mockReturnValue(root)
    })
    afterEach(async () => {
      jest.restoreAllMocks()
      await rm(root, { recursive: true, force: true })
    })

    it('generates .data/payout-key, readable by its owner only, and keeps using it', async () => {
      const file = path.join(root, '.data', 'payout-key')
      const first = readPayoutKeys({})
      expect((await stat(file)).mode & 0o777).toBe(0o600)
      expect(Buffer.from(await readFile(file, 'utf8'), 'base64url').equals(first.current.bytes)).toBe(true)
      const sealed = sealPayout(bank, reference, first)
      expect(openPayout(sealed, reference, readPayoutKeys({}))).toEqual(bank)
    })

    it('prefers a configured key to the file', async () => {
      readPayoutKeys({})
      const configured = newKey()
      const keys = readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: configured })
      expect(keys.current.bytes.equals(Buffer.from(configured, 'base64'))).toBe(true)
    })

    it('refuses a damaged key file, naming it', async () => {
      await mkdir(path.join(root, '.data'))
      await writeFile(path.join(root, '.data', 'payout-key'), 'x'.repeat(40))
      expect(() => readPayoutKeys({})).toThrow('.data/payout-key must be 32 bytes')
    })
  })
})
