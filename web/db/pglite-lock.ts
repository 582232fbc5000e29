import { randomUUID } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * PGlite does not lock its folder: a second process opens it without complaint and one process's
 * writes are silently lost. This lock file (the data folder's path plus `.lock`, holding a PID)
 * makes the second process fail loudly instead. Node built-ins only, and no TypeScript-only
 * syntax, so a test can hold the lock from a second plain `node` process.
 */
export class DatabaseInUseError extends Error {
  override readonly name = 'DatabaseInUseError'
  readonly dataDir: string
  readonly pid: number
  readonly lockFile: string

  constructor(dataDir: string, pid: number, lockFile: string) {
    super(
      `The database folder ${dataDir} is in use by process ${pid} (lock file ${lockFile}). ` +
        'PGlite serves one process at a time: stop that process, or ' +
        'set DATABASE_URL to use a PostgreSQL server when more than one process needs the database.',
    )
    this.dataDir = dataDir
    this.pid = pid
    this.lockFile = lockFile
  }
}

// A PID can be reused (a container restarts with the same one), so "the file names my PID" alone
// does not mean this process holds the lock: only this set says so.
const heldByThisProcess = new Set<string>()

export function lockFileFor(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`
}

/** Takes the folder's lock or throws DatabaseInUseError; returns the function that releases it. */
export function acquirePgliteLock(dataDir: string): () => void {
  const folder = path.resolve(dataDir)
  const lockFile = lockFileFor(folder)
  if (heldByThisProcess.has(lockFile)) throw new DatabaseInUseError(folder, process.pid, lockFile)
  mkdirSync(path.dirname(lockFile), { recursive: true })
  const content = `${process.pid}\n`

  // Each pass either takes the lock, throws, or clears a dead holder's lock; a few passes cover
  // a race with another process doing the same.
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusively(lockFile, content)) return holdLock(lockFile, content)
    const found = readLock(lockFile)
    if (found === undefined) continue
    const pid = parsePid(found)
    if (pid !== undefined && pid !== process.pid && isAlive(pid)) throw new DatabaseInUseError(folder, pid, lockFile)
    removeStaleLock(lockFile, found)
  }
  throw new Error(`Could not take the database lock ${lockFile}: other processes keep replacing it.`)
}

function holdLock(lockFile: string, content: string): () => void {
  heldByThisProcess.add(lockFile)
  const release = () => {
    process.removeListener('exit', release)
    heldByThisProcess.delete(lockFile)
    if (readLock(lockFile) === content) unlinkQuietly(lockFile)
  }
  process.on('exit', release)
  return release
}

/**
 * Written aside, then linked into place: link fails if the lock exists, like `wx`, and the lock
 * never exists without its PID, so no one can mistake a half-written lock for a stale one.
 */
function createExclusively(lockFile: string, content: string): boolean {
  const candidate = `${lockFile}.${randomUUID()}`
  writeFileSync(candidate, content)
  try {
    linkSync(candidate, lockFile)
    return true
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false
    throw error
  } finally {
    unlinkQuietly(candidate)
  }
}

function removeStaleLock(lockFile: string, staleContent: string): void {
  const aside = `${lockFile}.${randomUUID()}.stale`
  try {
    renameSync(lockFile, aside)
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return
    throw error
  }
  // Another process may have replaced the stale lock with its own between our read and the
  // rename: put its lock back (link fails harmlessly if a third one got there first).
  if (readLock(aside) !== staleContent) {
    try {
      linkSync(aside, lockFile)
    } catch {
      // someone else's lock is in place
    }
  }
  unlinkQuietly(aside)
}

function readLock(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined
    throw error
  }
}

function parsePid(content: string): number | undefined {
  const pid = Number(content.trim())
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return errorCode(error) === 'EPERM'
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file)
  } catch {
    // already gone
  }
}

function errorCode(error: unknown): string | undefined {
  // Duck-typed: errors from node:fs fail `instanceof Error` inside Jest's sandbox.
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined
}
