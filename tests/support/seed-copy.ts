import { copyFileSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const SEED_PATH = path.resolve(__dirname, '../../studio/seed/data.ndjson')

export type Doc = { _id: string; _type: string; [key: string]: unknown }

export function readSeed(file = SEED_PATH): Doc[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Doc)
}

/** A private copy of the seed (with its images) that a test may change freely. */
export function copySeed(edit?: (docs: Doc[]) => Doc[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'seed-'))
  const file = path.join(dir, 'data.ndjson')
  copyFileSync(SEED_PATH, file)
  cpSync(path.join(path.dirname(SEED_PATH), 'images'), path.join(dir, 'images'), { recursive: true })
  if (edit) writeSeed(file, edit(readSeed(file)))
  return file
}

export function writeSeed(file: string, docs: Doc[]): void {
  writeFileSync(file, docs.map((doc) => JSON.stringify(doc)).join('\n') + '\n')
}

/**
 * Rewrites one document of a seed file in place (a served copy, which a test then publishes);
 * the returned function puts that line back.
 */
export function editSeedLine(file: string, id: string, edit: (doc: Doc) => Doc): () => void {
  const isTarget = (line: string) => line.includes(`"_id":"${id}"`)
  const original = readFileSync(file, 'utf8').split('\n').find(isTarget)
  if (!original) throw new Error(`${id} is not in ${file}`)
  const replace = (line: string) =>
    writeFileSync(
      file,
      readFileSync(file, 'utf8')
        .split('\n')
        .map((current) => (isTarget(current) ? line : current))
        .join('\n'),
    )
  replace(JSON.stringify(edit(JSON.parse(original) as Doc)))
  return () => replace(original)
}

/**
 * Adds a document to a seed file in place (an editor publishing a new one), touching no other line;
 * the returned function takes that line out again, whatever else changed meanwhile.
 */
export function addSeedLine(file: string, doc: Doc): () => void {
  const line = JSON.stringify(doc)
  writeFileSync(file, `${readFileSync(file, 'utf8').trimEnd()}\n${line}\n`)
  return () =>
    writeFileSync(
      file,
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((current) => current !== line)
        .join('\n'),
    )
}
