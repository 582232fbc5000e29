import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startPatchStandIn, type PatchStandIn } from '../support/sanity-patch-stand-in'
import { copySeed, readSeed, type Doc } from '../support/seed-copy'

// The npm scripts themselves, run as npm would run them but on this Node (24, which strips the
// types from the .ts rules): what is tested is exactly what `npm run prices:…` runs.
const ROOT = path.resolve(__dirname, '../..')
const scripts = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts

type Run = { code: number | null; stdout: string; stderr: string }

// Asynchronous, so the Sanity stand-in in this process can answer while the script runs.
function run(script: 'prices:export' | 'prices:import', file: string, env: Record<string, string> = {}): Promise<Run> {
  const [node, ...args] = (scripts[script] ?? '').split(' ')
  expect(node).toBe('node')
  const childEnv = { ...process.env }
  for (const key of Object.keys(childEnv)) {
    if (/SANITY|SEED_DATASET_PATH|INIT_CWD|NODE_OPTIONS/.test(key)) delete childEnv[key]
  }
  const child = spawn(process.execPath, [...args, file], { cwd: ROOT, env: Object.assign(childEnv, env) })
  let [stdout, stderr] = ['', '']
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })))
}

const workDir = () => mkdtempSync(path.join(tmpdir(), 'prices-'))
const seedPrices = (docs: Doc[]) =>
  docs
    .filter((doc) => doc._type === 'deviceModel')
    .flatMap((doc) => doc.variants as Array<{ prices: unknown[] }>)
    .reduce((sum, variant) => sum + variant.prices.length, 0)
const models = readSeed().filter((doc) => doc._type === 'deviceModel')
const first = models[0]
if (!first) throw new Error('The seed has no device models')
const firstSlug = (first.slug as { current: string }).current

/** The exported CSV with one cell changed, the seed's first model's first "Good" price, and that row's number. */
function withNewPrice(csv: string, price: string): { csv: string; row: number } {
  const lines = csv.split('\r\n')
  const index = lines.findIndex((line) => line.includes(`,${firstSlug},`) && line.includes(',Good,'))
  lines[index] = lines[index]?.replace(/,[^,]*$/, `,${price}`) ?? ''
  return { csv: lines.join('\r\n'), row: index + 1 }
}

describe('npm run prices:export and prices:import on the seed', () => {
  it('exports one row per model, storage and grade, and says where from', async () => {
    const seed = copySeed()
    const csv = path.join(workDir(), 'prices.csv')
    const result = await run('prices:export', csv, { SEED_DATASET_PATH: seed })
    expect(result).toMatchObject({ code: 0, stderr: '' })
    const lines = readFileSync(csv, 'utf8').split('\r\n')
    expect(lines[0]).toBe('make,model,model_slug,storage_gb,grade,price_gbp')
    expect(lines).toHaveLength(seedPrices(readSeed(seed)) + 2)
    expect(result.stdout).toContain(
      `Exported ${seedPrices(readSeed(seed))} prices for ${models.length} models from ${seed}`,
    )
  })

  it('imports its own export without touching the seed', async () => {
    const seed = copySeed()
    const before = readFileSync(seed)
    const csv = path.join(workDir(), 'prices.csv')
    await run('prices:export', csv, { SEED_DATASET_PATH: seed })
    const result = await run('prices:import', csv, { SEED_DATASET_PATH: seed })
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`for ${models.length} models (0 changed) into ${seed}`)
    expect(readFileSync(seed).equals(before)).toBe(true)
  })

  it('rewrites only the changed model, leaving every other line byte for byte', async () => {
    const seed = copySeed()
    const before = readFileSync(seed, 'utf8').split('\n')
    const csv = path.join(workDir(), 'prices.csv')
    await run('prices:export', csv, { SEED_DATASET_PATH: seed })
    writeFileSync(csv, withNewPrice(readFileSync(csv, 'utf8'), '"£1,234.56"').csv)

    const result = await run('prices:import', csv, { SEED_DATASET_PATH: seed })
    expect(result).toMatchObject({ code: 0, stderr: '' })
    expect(result.stdout).toContain('(1 changed)')
    const after = readFileSync(seed, 'utf8').split('\n')
    const changed = after.flatMap((line, index) => (line === before[index] ? [] : [index]))
    expect(changed.map((index) => JSON.parse(after[index] ?? '{}')._id)).toEqual([first._id])
    expect(after[changed[0] ?? -1]).toContain('"pence":123456')
    expect(readdirSync(path.dirname(seed)).sort()).toEqual(['data.ndjson', 'images'])
  })

  it('refuses a bad file with every problem by row, and leaves the seed byte for byte', async () => {
    const seed = copySeed()
    const before = readFileSync(seed)
    const csv = path.join(workDir(), 'prices.csv')
    await run('prices:export', csv, { SEED_DATASET_PATH: seed })
    const edited = withNewPrice(readFileSync(csv, 'utf8'), '12.345')
    const lines = edited.csv.split('\r\n')
    lines[1] = lines[1]?.split(',').with(2, 'no-such-phone').join(',') ?? ''
    writeFileSync(csv, lines.join('\r\n'))

    const result = await run('prices:import', csv, { SEED_DATASET_PATH: seed })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('was not imported, and nothing was written')
    expect(result.stderr).toContain('Row 2: unknown model_slug "no-such-phone".')
    expect(result.stderr).toContain(`Row ${edited.row}: price "12.345" is not an amount of pounds and pence above zero`)
    expect(result.stdout).toBe('')
    expect(readFileSync(seed).equals(before)).toBe(true)
    expect(readdirSync(path.dirname(seed)).sort()).toEqual(['data.ndjson', 'images'])
  })

  it('says how to run it when the file is missing', async () => {
    const result = await run('prices:export', '')
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('Usage: npm run prices:export -- FILE.csv')
  })
})

describe('npm run prices:export and prices:import on a Sanity dataset', () => {
  const TOKEN = 'pricing-write-token'
  let standIn: PatchStandIn
  let sanity: Record<string, string>
  const published = readSeed()
  const draft: Doc = { ...first, _id: `drafts.${first._id}`, name: 'A draft nobody published' }

  beforeEach(async () => {
    standIn = await startPatchStandIn([...published, draft], 'production', TOKEN)
    sanity = {
      SANITY_STUDIO_PROJECT_ID: 'prices123',
      SANITY_STUDIO_DATASET: 'production',
      SANITY_API_HOST: standIn.url,
      SANITY_API_WRITE_TOKEN: TOKEN,
    }
  })
  afterEach(() => standIn.close())

  it("exports the published table, the same as from the seed, named by the site's variables and with no token", async () => {
    const [fromSanity, fromSeed] = [path.join(workDir(), 'a.csv'), path.join(workDir(), 'b.csv')]
    const result = await run('prices:export', fromSanity, {
      NEXT_PUBLIC_SANITY_PROJECT_ID: 'prices123',
      NEXT_PUBLIC_SANITY_DATASET: 'production',
      SANITY_API_HOST: standIn.url,
    })
    expect(result.stdout).toContain('from Sanity project prices123, dataset production')
    await run('prices:export', fromSeed, { SEED_DATASET_PATH: copySeed() })
    expect(readFileSync(fromSanity, 'utf8')).toBe(readFileSync(fromSeed, 'utf8'))
  })

  it('patches the changed model in one transaction, tied to the revision it read', async () => {
    const csv = path.join(workDir(), 'prices.csv')
    await run('prices:export', csv, sanity)
    writeFileSync(csv, withNewPrice(readFileSync(csv, 'utf8'), '99.99').csv)
    const revision = standIn.document(first._id)?._rev

    const result = await run('prices:import', csv, sanity)
    expect(result).toMatchObject({ code: 0, stderr: '' })
    expect(result.stdout).toContain('(1 changed) into Sanity project prices123, dataset production')
    expect(standIn.transactions).toHaveLength(1)
    const [transaction] = standIn.transactions
    expect(transaction?.token).toBe(TOKEN)
    expect(transaction?.mutations.map((mutation) => [mutation.patch?.id, mutation.patch?.ifRevisionID])).toEqual([
      [first._id, revision],
    ])
    expect(JSON.stringify(standIn.document(first._id)?.variants)).toContain('"pence":9999')
    expect(standIn.document(draft._id)).toEqual(expect.objectContaining({ variants: draft.variants }))
  })

  it('writes nothing when an editor saved the model while the import ran', async () => {
    const csv = path.join(workDir(), 'prices.csv')
    await run('prices:export', csv, sanity)
    writeFileSync(csv, withNewPrice(readFileSync(csv, 'utf8'), '99.99').csv)
    const edited = { ...first, name: 'Renamed in the Studio' }
    standIn.afterNextQuery = () => standIn.save(edited)

    const result = await run('prices:import', csv, sanity)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('A model was saved in the Studio while the prices were being checked')
    expect(result.stderr).toContain('unexpected revision ID')
    expect(standIn.document(first._id)).toEqual(
      expect.objectContaining({ name: edited.name, variants: first.variants }),
    )
  })

  it('refuses to import without a write token, and writes nothing', async () => {
    const csv = path.join(workDir(), 'prices.csv')
    await run('prices:export', csv, sanity)
    const withoutToken = Object.fromEntries(Object.entries(sanity).filter(([key]) => key !== 'SANITY_API_WRITE_TOKEN'))
    const result = await run('prices:import', csv, withoutToken)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('SANITY_API_WRITE_TOKEN is not set')
    expect(standIn.transactions).toEqual([])
  })
})
