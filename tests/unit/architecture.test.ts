import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { APP_ROUTES } from '@/proxy'

/**
 * The house's shape, read from the imports (static, `import()` and `require`): no module reaches
 * itself again through its own imports (a circle makes load order matter and hides which room owns
 * what), and no room reaches up the floors below.
 */
const root = path.resolve(__dirname, '../..')
const ROOTS = ['web', 'content-api', 'content-rules', 'scripts', 'studio/schemaTypes']
const SOURCE = /\.(ts|tsx|mts|mjs)$/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name.startsWith('.')) return []
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [full] : []
  })
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]|\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g

/**
 * The floors, lowest first: a room (a top-level folder of web/, a top-level file there, or
 * content-rules) imports only from floors below its own, never from its own floor's other rooms.
 * What two domains share goes down a floor; the minute job and the outbox sit below every domain,
 * which registers its job with the one and queues its e-mails in the other.
 */
const FLOORS: readonly (readonly string[])[] = [
  ['content-rules'],
  ['config'],
  ['lib'],
  ['content'],
  ['db'],
  ['jobs'],
  ['http', 'mail', 'register', 'carrier', 'sms'],
  ['forms'],
  ['catalogue', 'subscriptions', 'accounts'],
  ['basket', 'contact', 'payouts'],
  ['orders'],
  ['stock'],
  // A business collection's devices are stock devices: it builds on the ledger.
  ['collections'],
  ['your-data'],
  ['components'],
  ['app', 'proxy.ts', 'instrumentation.ts'],
]

/**
 * A room big enough to have rooms of its own keeps floors inside it too, lowest first: each folder
 * (or top-level file) of the room imports only from the floors below it. Adding a folder without a
 * floor here fails the test, so the room's shape is written down where it is checked.
 */
const INNER_FLOORS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  orders: [
    ['photos'],
    ['record'],
    ['moves'],
    ['lock-hold', 'identity'],
    ['parcels'],
    ['actions'],
    ['checkout'],
    ['payout-change', 'payment-runs', 'queue', 'holds', 'claims', 'goods-in', 'locks', 'invoice', 'manual-offers'],
    ['payments'],
    ['jobs.ts'],
  ],
}

/** Imports allowed to run up, each with its reason (at most four; none is needed today). */
const UPWARD_ALLOWED: ReadonlyArray<{ from: string; to: string; why: string }> = []

function resolve(from: string, specifier: string): string | null {
  let base: string
  if (specifier.startsWith('@/')) base = path.join(root, 'web', specifier.slice(2))
  else if (specifier.startsWith('@rules/')) base = path.join(root, 'content-rules', specifier.slice(7))
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier)
  else return null
  const candidates = [base, ...['.ts', '.tsx', '.mts', '.mjs'].map((ext) => base + ext)]
  candidates.push(...['index.ts', 'index.tsx'].map((name) => path.join(base, name)))
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null
}

function importGraph(): Map<string, string[]> {
  const files = ROOTS.flatMap((dir) => sourceFiles(path.join(root, dir)))
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8')
      const targets = [...text.matchAll(IMPORT)]
        .map((match) => resolve(file, match[1] ?? match[2] ?? match[3]!))
        .filter((target): target is string => target !== null && SOURCE.test(target))
      return [file, targets]
    }),
  )
}

/** Every circle, each as the list of files it passes through (found by a depth-first walk). */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    stack.push(file)
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next])
      else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(file, 'done')
  }
  for (const file of graph.keys()) if (!state.has(file)) visit(file)
  return found.map((circle) => circle.map((file) => path.relative(root, file)))
}

/** The room a file is in: content-rules, or the top-level folder (or file) of web/ it is in. */
function roomOf(file: string): string | null {
  const relative = path.relative(root, file).split(path.sep)
  if (relative[0] === 'content-rules') return 'content-rules'
  return relative[0] === 'web' ? relative[1]! : null
}

/** Every import from one room to another that does not run down the floors, as "from -> to". */
function importsNotDown(graph: Map<string, string[]>, floors = FLOORS): string[] {
  const floorOf = (room: string) => floors.findIndex((floor) => floor.includes(room))
  const found: string[] = []
  for (const [file, targets] of graph) {
    const from = roomOf(file)
    for (const target of targets) {
      const to = roomOf(target)
      if (!from || !to || from === to) continue
      if (floorOf(from) < 0 || floorOf(to) < 0) throw new Error(`No floor for ${floorOf(from) < 0 ? from : to}`)
      if (floorOf(to) >= floorOf(from)) found.push(`${path.relative(root, file)} -> ${path.relative(root, target)}`)
    }
  }
  return found
}

/** The inner room a file of a room with inner floors is in: its folder there, or its own name. */
function innerRoomOf(file: string): [string, string] | null {
  const relative = path.relative(root, file).split(path.sep)
  if (relative[0] !== 'web' || !INNER_FLOORS[relative[1]!] || relative.length < 3) return null
  return [relative[1]!, relative[2]!]
}

/** Every import between two inner rooms of one room that does not run down its inner floors. */
function innerImportsNotDown(graph: Map<string, string[]>, inner = INNER_FLOORS): string[] {
  const found: string[] = []
  for (const [file, targets] of graph) {
    const from = innerRoomOf(file)
    if (!from) continue
    const floors = inner[from[0]]!
    const floorOf = (name: string) => floors.findIndex((floor) => floor.includes(name))
    for (const target of targets) {
      const to = innerRoomOf(target)
      if (!to || to[0] !== from[0] || to[1] === from[1]) continue
      for (const name of [from[1], to[1]])
        if (floorOf(name) < 0) throw new Error(`No inner floor for web/${from[0]}/${name}`)
      if (floorOf(to[1]) >= floorOf(from[1]))
        found.push(`${path.relative(root, file)} -> ${path.relative(root, target)}`)
    }
  }
  return found
}

describe('the import graph', () => {
  const graph = importGraph()

  it('is read from the source (the walk finds the files and their imports)', () => {
    expect(graph.size).toBeGreaterThan(200)
    expect(graph.get(path.join(root, 'web/orders/record/order-token.ts'))).toContain(
      path.join(root, 'web/config/secrets.ts'),
    )
  })

  it('has no circles', () => {
    expect(circles(graph)).toEqual([])
  })

  it('reads import() and require() too', () => {
    expect(graph.get(path.join(root, 'web/instrumentation.ts'))).toContain(path.join(root, 'web/jobs/tick.ts'))
  })

  it('runs only down the floors', () => {
    expect(UPWARD_ALLOWED.length).toBeLessThanOrEqual(4)
    const allowed = UPWARD_ALLOWED.map(({ from, to }) => `${from} -> ${to}`)
    expect(importsNotDown(graph).filter((edge) => !allowed.includes(edge))).toEqual([])
  })

  it('runs only down the floors inside a room that has rooms of its own', () => {
    expect(innerImportsNotDown(graph)).toEqual([])
  })

  it('finds an import that runs up inside a room', () => {
    const record = path.join(root, 'web/orders/record/store.ts')
    const moves = path.join(root, 'web/orders/moves/move-store.ts')
    expect(
      innerImportsNotDown(
        new Map([
          [record, [moves]],
          [moves, [record]],
        ]),
      ),
    ).toEqual(['web/orders/record/store.ts -> web/orders/moves/move-store.ts'])
  })

  it('finds an import that runs up, or across one floor', () => {
    const lib = path.join(root, 'web/lib/money.ts')
    const orders = path.join(root, 'web/orders/record/store.ts')
    const contact = path.join(root, 'web/contact/store.ts')
    const basket = path.join(root, 'web/basket/store.ts')
    const graphWith = new Map([
      [lib, [orders]],
      [orders, [lib]],
      [contact, [basket]],
    ])
    expect(importsNotDown(graphWith)).toEqual([
      'web/lib/money.ts -> web/orders/record/store.ts',
      'web/contact/store.ts -> web/basket/store.ts',
    ])
  })

  it('finds a circle when there is one', () => {
    const a = path.join(root, 'a.ts')
    const b = path.join(root, 'b.ts')
    expect(
      circles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts', 'a.ts']])
  })
})

describe('the proxy', () => {
  it('knows every route of its own in app/, so that it never answers one with the not-found page', () => {
    const contentRoutes = ['[[...slug]]', 'sell-my-phone', 'sell-my-tab']
    const own = readdirSync(path.join(root, 'web/app'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !contentRoutes.includes(entry.name) && !entry.name.startsWith('_'))
      .map((entry) => entry.name)
    expect([...APP_ROUTES].sort()).toEqual(['_next', ...own].sort())
  })
})

describe('configuration', () => {
  const webFiles = sourceFiles(path.join(root, 'web'))
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

  it('is read from the environment in web/config/index.ts only', () => {
    const readers = webFiles
      .filter((file) => /process\.env/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file))
    // instrumentation.ts tests NEXT_RUNTIME, a constant Next writes into each build.
    expect(readers.sort()).toEqual(['web/config/index.ts', 'web/instrumentation.ts'])
    expect(read('web/instrumentation.ts').match(/process\.env\.\w+/g)).toEqual(['process.env.NEXT_RUNTIME'])
  })

  it('names every variable in .env.example, each with a line on what it does', () => {
    const example = read('.env.example')
    const listed = [...example.matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1])
    const config = read('web/config/index.ts')
    const readByConfig = [...config.matchAll(/setting\(env, '([A-Z0-9_]+)'\)|env\.([A-Z][A-Z0-9_]+)/g)]
      .map((match) => match[1] ?? match[2])
      .filter((name) => name !== 'NODE_ENV')
    expect(readByConfig.length).toBeGreaterThan(15)
    for (const name of readByConfig) expect(listed).toContain(name)
    // And each listed variable is one that something reads, with a comment above it or its group.
    const everywhere = [
      config,
      ...['scripts', 'studio'].flatMap((dir) =>
        sourceFiles(path.join(root, dir)).map((file) => readFileSync(file, 'utf8')),
      ),
      read('next.config.mjs'),
    ].join('\n')
    for (const name of listed) expect(everywhere).toContain(name)
    expect(new Set(listed).size).toBe(listed.length)
  })
})

describe('server actions', () => {
  const actionFiles = sourceFiles(path.join(root, 'web')).filter((file) =>
    /^\s*['"]use server['"]/.test(readFileSync(file, 'utf8')),
  )
  // Built by formAction, directly or through a room's own wrapper of it.
  const BUILDERS = ['formAction', 'accountForm', 'orderEndpoint']
  // Answer nothing: one only moves the seller on, one is the no-script form of an action that does answer.
  const ANSWER_NOTHING = ['showPrice', 'changeLineForm']

  it('are found (every room with a form has its file of them)', () => {
    expect(actionFiles.length).toBeGreaterThanOrEqual(8)
  })

  it('all answer one FormState, through formAction', () => {
    const strays = actionFiles.flatMap((file) => {
      const source = readFileSync(file, 'utf8')
      const built = [...source.matchAll(/^export const (\w+)\s*=\s*(\w+)/gm)]
        .filter(([, , builder]) => !BUILDERS.includes(builder ?? ''))
        .map(([, name]) => name)
      const handWritten = [...source.matchAll(/^export async function (\w+)/gm)]
        .map(([, name]) => name)
        .filter((name) => !ANSWER_NOTHING.includes(name ?? ''))
      return [...built, ...handWritten].map((name) => `${path.relative(root, file)}: ${name}`)
    })
    expect(strays).toEqual([])
  })

  it('finds an action that answers its own way', () => {
    const source =
      "'use server'\nexport async function subscribe(_: unknown, form: FormData) { return { status: 'created' } }"
    expect([...source.matchAll(/^export async function (\w+)/gm)].map(([, name]) => name)).toEqual(['subscribe'])
  })
})
