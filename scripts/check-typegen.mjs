// Fails when the generated files are not what `npm run typegen` makes from the current schema and
// queries: studio/schema.json (the extracted schema) and web/content/sanity.types.ts. It
// regenerates them, so after a failure the fresh files are ready to review and commit.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const GENERATED = ['studio/schema.json', 'web/content/sanity.types.ts']
const read = (file) => {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

const before = GENERATED.map(read)
execFileSync('npm', ['run', '--silent', 'typegen'], { stdio: ['ignore', 'ignore', 'inherit'] })
const stale = GENERATED.filter((file, index) => read(file) !== before[index])
if (stale.length) {
  console.error(`Stale generated files, now regenerated from the schema and queries: ${stale.join(', ')}. Commit them.`)
  process.exit(1)
}
console.log(`${GENERATED.join(' and ')} are up to date.`)
