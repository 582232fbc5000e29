import { spawn } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

// `npm run bank-holidays`, run as npm runs it, against a local server playing GOV.UK's
// /bank-holidays.json, writing to a copy of the shipped file.
const ROOT = path.resolve(__dirname, '../..')
const SHIPPED = path.join(ROOT, 'content-rules/bank-holidays.json')
const scripts = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts

type Event = { title: string; date: string; notes: string; bunting: boolean }
const thisYear = new Date().getUTCFullYear()
/** A year of eight days, as GOV.UK lists them, for a year the shipped file may not hold. */
const yearOf = (year: number): Event[] =>
  ['01-02', '04-03', '04-06', '05-04', '05-25', '08-31', '12-24', '12-28'].map((monthDay, index) => ({
    title: `Holiday ${index + 1}`,
    date: `${year}-${monthDay}`,
    notes: index === 7 ? 'Substitute day' : '',
    bunting: index !== 1,
  }))

/** GOV.UK's answer: three divisions, this year and next for England and Wales, one field more. */
const GOOD = {
  'england-and-wales': {
    division: 'england-and-wales',
    events: [...yearOf(thisYear), ...yearOf(thisYear + 1)].map((event, index) =>
      index === 0 ? { ...event, colour: 'red' } : event,
    ),
  },
  scotland: {
    division: 'scotland',
    events: [{ title: 'St Andrew’s Day', date: `${thisYear}-11-30`, notes: '', bunting: true }],
  },
  'northern-ireland': { division: 'northern-ireland', events: [] },
}

let server: Server
let port: number
let answer: { status: number; body: string }
let folder: string
let target: string

beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(req.url === '/bank-holidays.json' ? answer.status : 404, { 'content-type': 'application/json' })
    res.end(req.url === '/bank-holidays.json' ? answer.body : '{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise((resolve) => server.close(resolve)))
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'bank-holidays-'))
  target = path.join(folder, 'bank-holidays.json')
  copyFileSync(SHIPPED, target)
  answer = { status: 200, body: JSON.stringify(GOOD) }
})
afterEach(() => rmSync(folder, { recursive: true, force: true }))

type Run = { code: number | null; stdout: string; stderr: string }
function run(url = `http://127.0.0.1:${port}/bank-holidays.json`): Promise<Run> {
  const [command, ...args] = (scripts['bank-holidays'] ?? '').split(' ')
  expect(command).toBe('tsx')
  const env: NodeJS.ProcessEnv = { ...process.env, BANK_HOLIDAYS_URL: url, BANK_HOLIDAYS_FILE: target }
  delete env.NODE_OPTIONS
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), args, { cwd: ROOT, env })
  let [stdout, stderr] = ['', '']
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })))
}

const written = () => readFileSync(target, 'utf8')

describe('npm run bank-holidays', () => {
  it('rewrites the file with the England and Wales division of a good answer, in GOV.UK’s shape', async () => {
    const result = await run()
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const file = JSON.parse(written()) as Record<string, unknown>
    expect(Object.keys(file)).toEqual(['england-and-wales'])
    expect(file).toEqual({
      'england-and-wales': { division: 'england-and-wales', events: [...yearOf(thisYear), ...yearOf(thisYear + 1)] },
    })
    expect(written().endsWith('}\n')).toBe(true)
    expect(result.stdout).toContain(`16 England and Wales days, ${thisYear} to ${thisYear + 1}`)
    expect(result.stdout).toContain(`Added: ${thisYear}-01-02`)
  })

  const unchanged = async (expected: RegExp) => {
    const result = await run()
    expect(result.code).not.toBe(0)
    expect(result.stderr).toMatch(expected)
    expect(result.stderr).toContain('is unchanged')
    expect(written()).toBe(readFileSync(SHIPPED, 'utf8'))
  }

  it('changes nothing when the answer is not JSON', async () => {
    answer = { status: 200, body: '<html>Service unavailable</html>' }
    await unchanged(/not JSON/)
  })

  it('changes nothing when the England and Wales division is missing', async () => {
    answer = { status: 200, body: JSON.stringify({ scotland: GOOD.scotland }) }
    await unchanged(/no "england-and-wales" division/)
  })

  it('changes nothing when an event has no real date', async () => {
    const events = yearOf(thisYear).map((event, index) =>
      index === 3 ? { ...event, date: `${thisYear}-02-30` } : event,
    )
    answer = { status: 200, body: JSON.stringify({ 'england-and-wales': { division: 'england-and-wales', events } }) }
    await unchanged(/no real date/)
  })

  it('changes nothing when the answer is cut short part way through a year', async () => {
    const events = [...yearOf(thisYear), ...yearOf(thisYear + 1).slice(0, 3)]
    answer = { status: 200, body: JSON.stringify({ 'england-and-wales': { division: 'england-and-wales', events } }) }
    await unchanged(new RegExp(`${thisYear + 1} lists 3 days, fewer than 8`))
  })

  it('changes nothing when the server answers an error', async () => {
    answer = { status: 503, body: '{}' }
    await unchanged(/answered 503/)
  })

  it('changes nothing when the server is down', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const downPort = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const result = await run(`http://127.0.0.1:${downPort}/bank-holidays.json`)
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/could not reach .*ECONNREFUSED/)
    expect(written()).toBe(readFileSync(SHIPPED, 'utf8'))
  })
})
