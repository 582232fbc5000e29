import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/** The map of the code (docs/map.md) is made from the code; this keeps it so. */
const root = path.resolve(__dirname, '../..')
const check = (mapPath?: string) =>
  spawnSync(process.execPath, ['scripts/file-map.mjs', '--check'], {
    cwd: root,
    env: { ...process.env, ...(mapPath ? { FILE_MAP_PATH: mapPath } : {}) },
    encoding: 'utf8',
  })

describe('the map of the code', () => {
  it('is what the code gives: every folder has its line, every file its comment', () => {
    const result = check()
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it('names a folder whose line was taken out, and a map that is not what the code gives', () => {
    const map = readFileSync(path.join(root, 'docs/map.md'), 'utf8')
    const copy = path.join(mkdtempSync(path.join(tmpdir(), 'map-')), 'map.md')
    const heading = '## `web/payouts/`\n\n'
    expect(map).toContain(heading)
    const start = map.indexOf(heading) + heading.length
    writeFileSync(copy, map.slice(0, start) + map.slice(map.indexOf('\n', start) + 1))
    const result = check(copy)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('web/payouts/: no line')
    expect(result.stderr).toContain('not what the code gives')
  })
})
