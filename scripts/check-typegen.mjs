// Fails when web/content/sanity.types.ts is not what `npm run typegen` makes from the current
// schema and queries. It regenerates the file, so after a failure the fresh file is ready to commit.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const TYPES = 'web/content/sanity.types.ts'
const read = () => {
  try {
    return readFileSync(TYPES, 'utf8')
  } catch {
    return ''
  }
}

const before = read()
execFileSync('npm', ['run', '--silent', 'typegen'], { stdio: ['ignore', 'ignore', 'inherit'] })
if (read() !== before) {
  console.error(`${TYPES} was stale: it has been regenerated from the schema and queries. Review and commit it.`)
  process.exit(1)
}
console.log(`${TYPES} is up to date.`)
