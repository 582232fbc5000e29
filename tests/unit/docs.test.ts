import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

import { findPromises } from '../support/promise-finder'

/**
 * The README is the door and docs/ the manual. Both name commands and link to each other's
 * headings, and both go stale in silence when a script is renamed or a heading reworded: these
 * checks make that fail instead.
 */
const ROOT = path.resolve(__dirname, '../..')
const README_MAX_LINES = 200
const DEVELOPERS_MAX_LINES = 500
const PAGES = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')
const scriptsOf = (packageFile: string) =>
  new Set(Object.keys((JSON.parse(read(packageFile)) as { scripts?: Record<string, string> }).scripts ?? {}))
const SCRIPTS = { root: scriptsOf('package.json'), studio: scriptsOf('studio/package.json') }

/** The text outside fenced code blocks: what renders as prose, headings and links. */
function prose(markdown: string): string {
  return markdown.replace(/^[ \t]*(`{3,}|~{3,})[^\n]*\n[\s\S]*?^[ \t]*\1[ \t]*$/gm, '')
}

/** GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped, each space a `-`. */
function headingSlug(heading: string): string {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
  return text.replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '').replace(/\s/g, '-')
}

/** Every anchor a file's headings make; a repeated heading gets `-1`, `-2`, as on GitHub. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  for (const [, heading = ''] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = headingSlug(heading)
    let anchor = base
    for (let repeat = 1; anchors.has(anchor); repeat++) anchor = `${base}-${repeat}`
    anchors.add(anchor)
  }
  return anchors
}

/** `npm run NAME` (with `-w studio` for the Studio's own), `npm start` and `npm test`, code blocks included. */
function scriptsNamed(markdown: string): Array<{ name: string; studio: boolean }> {
  const named = [...markdown.matchAll(/\bnpm run ([A-Za-z0-9][\w:.-]*\w)( -w studio\b)?/g)].map(
    ([, name = '', studio]) => ({ name, studio: Boolean(studio) }),
  )
  const shorthands = [...markdown.matchAll(/\bnpm (start|test)\b/g)].map(([, name = '']) => ({ name, studio: false }))
  return [...named, ...shorthands]
}

/** Relative link targets in the prose, inline code aside; links to web addresses are not followed. */
function relativeLinks(markdown: string): string[] {
  const text = prose(markdown).replace(/`[^`\n]*`/g, '')
  return [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map(([, target = '']) => target)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
}

/** What is wrong with one link from `file`, or null. */
function brokenLink(file: string, target: string): string | null {
  const [pathPart = '', fragment] = target.split('#', 2)
  const linked = pathPart ? path.posix.join(path.posix.dirname(file), decodeURIComponent(pathPart)) : file
  if (linked.startsWith('..') || !existsSync(path.join(ROOT, linked))) return `${target}: no file ${linked}`
  if (fragment === undefined) return null
  if (!linked.endsWith('.md') || statSync(path.join(ROOT, linked)).isDirectory()) {
    return `${target}: ${linked} is not a Markdown file, so it has no headings`
  }
  return anchorsOf(read(linked)).has(decodeURIComponent(fragment))
    ? null
    : `${target}: no heading #${fragment} in ${linked}`
}

describe('the README and docs/', () => {
  it('finds the pages, and commands and links in them to check', () => {
    expect(PAGES).toEqual(expect.arrayContaining(['README.md', 'docs/editors.md', 'docs/operators.md']))
    const all = PAGES.map(read).join('\n')
    expect(scriptsNamed(all).length).toBeGreaterThan(10)
    expect(relativeLinks(all).length).toBeGreaterThan(10)
  })

  it(`keeps the README a door: at most ${README_MAX_LINES} lines`, () => {
    const text = read('README.md')
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES)
  })

  it(`keeps the developers' manual to ${DEVELOPERS_MAX_LINES} lines: the rest on the page its reader looks for`, () => {
    const text = read('docs/developers.md')
    expect(text.split('\n').length - (text.endsWith('\n') ? 1 : 0)).toBeLessThanOrEqual(DEVELOPERS_MAX_LINES)
  })

  it.each(PAGES)('%s names only npm scripts that exist', (file) => {
    const missing = scriptsNamed(read(file))
      .filter(({ name, studio }) => !(studio ? SCRIPTS.studio : SCRIPTS.root).has(name))
      .map(({ name, studio }) => (studio ? `npm run ${name} -w studio` : `npm run ${name}`))
    expect(missing).toEqual([])
  })

  it.each(PAGES)('%s links only to files and headings that exist', (file) => {
    const broken = relativeLinks(read(file))
      .map((target) => brokenLink(file, target))
      .filter((problem) => problem !== null)
    expect(broken).toEqual([])
  })
})

/** Every test file under tests/, as a path from there (`unit/db/orders.test.ts`). */
function testFiles(dir = path.join(ROOT, 'tests')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return testFiles(full)
    return /\.(spec|test)\.tsx?$/.test(entry.name) ? [path.relative(path.join(ROOT, 'tests'), full)] : []
  })
}

// Where CI finds tests: Jest's root, Playwright's test folder, and the stack suite's.
const RUN_IN_CI = ['unit/', 'e2e/', 'stack/']

describe('the tests the documents cite', () => {
  const files = testFiles()
  const cited = PAGES.flatMap((file) =>
    [...read(file).matchAll(/`(?:tests\/)?([\w./-]+\.(?:spec|test)\.tsx?)`/g)].map(([, name = '']) => ({ file, name })),
  )

  it('are found in the pages (the security table alone names dozens)', () => {
    expect(cited.length).toBeGreaterThan(40)
  })

  it.each(PAGES)('%s cites only test files that exist where CI runs them', (page) => {
    const missing = cited
      .filter(({ file }) => file === page)
      .filter(
        ({ name }) =>
          !files.some((found) => RUN_IN_CI.some((dir) => found.startsWith(dir)) && `/${found}`.endsWith(`/${name}`)),
      )
      .map(({ name }) => name)
    expect(missing).toEqual([])
  })

  it('would find one that does not exist', () => {
    expect(files.some((found) => `/${found}`.endsWith('/no-such-attack.spec.ts'))).toBe(false)
    expect(files.some((found) => `/${found}`.endsWith('/db/payout-change.test.ts'))).toBe(true)
  })
})

describe('headingSlug', () => {
  it.each([
    [
      'Editing the seed in the Studio, offline: `npm run studio:local`',
      'editing-the-seed-in-the-studio-offline-npm-run-studiolocal',
    ],
    ['Security: what is defended, and what the operator sets', 'security-what-is-defended-and-what-the-operator-sets'],
    [
      'What a request to `next start` costs, and what was done about it',
      'what-a-request-to-next-start-costs-and-what-was-done-about-it',
    ],
    ['snake_case and kebab-case stay', 'snake_case-and-kebab-case-stay'],
  ])('%s → #%s', (heading, slug) => {
    expect(headingSlug(heading)).toBe(slug)
  })
})

/** Every text in a seed document, deep: its fields, and the spans of its portable text. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(textsOf)
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf)
  return []
}

/**
 * Promises the seed makes that no code keeps yet: not rows (nothing keeps them) and not "not a
 * promise" (they are). Each comes out when its work lands and a row names what keeps it.
 */
const PENDING: ReadonlyArray<{ document: string; words: string }> = []

describe('the promises table (docs/editors.md)', () => {
  const seed = new Map(
    read('studio/seed/data.ndjson')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { _id: string })
      .map((doc) => [doc._id, textsOf(doc)] as const),
  )
  const section = read('docs/editors.md').split('### Promises the pages make')[1]?.split('\n### ')[0] ?? ''
  const rows = [...section.matchAll(/^\| `([^`]+)`: "([^"]+)"\s*\| (.+?)\s*\| `([^`]+)` › "([^"]+)"\s*\|$/gm)].map(
    ([, document, words, keptBy, testFile, testName]) => ({ document, words, keptBy, testFile, testName }),
  )

  it('lists the promises, each in the seed’s words, the code that keeps it and the test that proves it', () => {
    expect(rows.length).toBeGreaterThanOrEqual(12)
    // A row the pattern above cannot read would be a promise nobody checks.
    expect(section.split('\n').filter((line) => line.startsWith('| `')).length).toBe(rows.length)
  })

  it('finds every promise’s words in the document it names', () => {
    const missing = rows.filter(
      ({ document, words }) => !(seed.get(document ?? '') ?? []).some((text) => text.includes(words ?? '')),
    )
    expect(missing.map(({ document, words }) => `${document}: ${words}`)).toEqual([])
  })

  it('finds every file that keeps a promise, and every test that proves one', () => {
    const gone = rows.flatMap(({ keptBy, testFile, testName }) => [
      ...[...(keptBy ?? '').matchAll(/`([^`]+\.tsx?)`/g)]
        .map(([, file]) => file!)
        .filter((file) => !existsSync(path.join(ROOT, file))),
      ...(existsSync(path.join(ROOT, testFile!)) && read(testFile!).includes(testName!)
        ? []
        : [`${testFile} › ${testName}`]),
    ])
    expect(gone).toEqual([])
  })

  const notPromisesSection =
    read('docs/editors.md').split('### Sentences that read like promises but are not')[1]?.split('\n### ')[0] ?? ''
  const notPromises = [...notPromisesSection.matchAll(/^\| `([^`]+)`: "([^"]+)"\s*\| (.+?)\s*\|$/gm)].map(
    ([, document, words, reason]) => ({ document, words, reason }),
  )
  const found = findPromises(seed)
  const covers = (document: string, sentence: string) => (entry: { document?: string; words?: string }) =>
    entry.document === document && (sentence.includes(entry.words ?? '') || (entry.words ?? '').includes(sentence))

  it('finds the sentences that read as promises (the pattern is in docs/editors.md)', () => {
    expect(found.length).toBeGreaterThan(200)
    expect(found).toContainEqual({
      document: 'page-contact-us',
      sentence: 'We reply within one working day, and usually much sooner.',
    })
    // What the reader is handed is promised too.
    expect(found).toContainEqual({
      document: 'page-sell-weee-business-recycling',
      sentence: 'You receive the waste transfer note, the data-erasure certificate and an itemised report.',
    })
    // Page furniture and questions are not promises.
    expect(found.some(({ sentence }) => sentence === 'Send it free')).toBe(false)
    expect(found.some(({ sentence }) => sentence.endsWith('?'))).toBe(false)
  })

  it('lists each sentence that is not a promise with its reason, in the words of the document it names', () => {
    expect(notPromises.length).toBeGreaterThan(0)
    expect(notPromisesSection.split('\n').filter((line) => line.startsWith('| `')).length).toBe(notPromises.length)
    const unfound = notPromises.filter(
      ({ document, words }) =>
        !found.some(({ document: where, sentence }) => covers(where, sentence)({ document, words })),
    )
    expect(unfound.map(({ document, words }) => `${document}: ${words}`)).toEqual([])
  })

  it('has a row, a reason it is not a promise, or a place in PENDING for every promise the seed makes', () => {
    const uncovered = found.filter(
      ({ document, sentence }) =>
        !rows.some(covers(document, sentence)) &&
        !notPromises.some(covers(document, sentence)) &&
        !PENDING.some(covers(document, sentence)),
    )
    expect(uncovered.map(({ document, sentence }) => `${document}: ${sentence}`)).toEqual([])
  })

  it('keeps in PENDING only promises still unkept: one that has a row, or is gone from the seed, comes out', () => {
    const done = PENDING.filter(
      ({ document, words }) =>
        rows.some(
          (row) => row.document === document && (row.words ?? '').length > 0 && words.includes(row.words ?? ''),
        ) || !found.some(({ document: where, sentence }) => covers(where, sentence)({ document, words })),
    )
    expect(done.map(({ document, words }) => `${document}: ${words}`)).toEqual([])
  })
})
