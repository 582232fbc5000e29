import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { PROCESS_STATE, processState, readProcessState, writeProcessState } from '@/config/process-state'

/**
 * What one process shares on globalThis (with scripts/server.mjs, and across Next's bundles) is
 * named in one module, where a reader and this test see it: a name made anywhere else is a
 * channel between files that no import shows.
 */
const root = path.resolve(__dirname, '../..')
const HOME = 'web/config/process-state.ts'
const DIRS = ['web', 'scripts', 'tests', 'content-api', 'content-rules', 'register-api', 'studio']
const SOURCE = /\.(ts|tsx|mts|cts|mjs|cjs|js)$/
const MAKES_A_NAME = /Symbol\.for\(\s*['"`]handback\./

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name.startsWith('.') || name === 'dist') return []
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return SOURCE.test(name) ? [full] : []
  })
}

/** The files that make a process-wide name, other than the one module. */
function strays(sources: ReadonlyArray<readonly [file: string, text: string]>): string[] {
  return sources.filter(([file, text]) => file !== HOME && MAKES_A_NAME.test(text)).map(([file]) => file)
}

describe('the process-wide globals', () => {
  const sources = DIRS.flatMap((dir) => sourceFiles(path.join(root, dir))).map(
    (file) => [path.relative(root, file), readFileSync(file, 'utf8')] as const,
  )

  it('are read from the source (the walk finds the module that names them)', () => {
    expect(sources.length).toBeGreaterThan(300)
    expect(sources.filter(([file, text]) => file === HOME && MAKES_A_NAME.test(text))).toHaveLength(1)
  })

  it('are named in web/config/process-state.ts and nowhere else', () => {
    expect(strays(sources)).toEqual([])
  })

  it('finds a file that makes a name of its own', () => {
    const made = ['Symbol', ".for('handback.", "elsewhere')"].join('')
    expect(strays([['web/rooms/elsewhere.ts', `const KEY = ${made}`]])).toEqual(['web/rooms/elsewhere.ts'])
  })

  it('each have a name of their own, the one every copy of a module reaches', () => {
    const names = Object.values(PROCESS_STATE).map((symbol) => symbol.description)
    expect(new Set(names).size).toBe(names.length)
    for (const symbol of Object.values(PROCESS_STATE)) expect(Symbol.for(symbol.description!)).toBe(symbol)
  })

  it('are made once per process and kept until set again', () => {
    const make = jest.fn(() => new Map<string, Date>())
    const first = processState('basketUses', make)
    expect(processState('basketUses', make)).toBe(first)
    expect(make).toHaveBeenCalledTimes(1)
    writeProcessState('basketUses', new Map())
    expect(readProcessState('basketUses')).not.toBe(first)
    expect((globalThis as Record<symbol, unknown>)[PROCESS_STATE.basketUses]).toBe(readProcessState('basketUses'))
  })
})
