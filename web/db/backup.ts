/**
 * Backups of people's data that are known to restore. A backup is a folder: the engine's own copy
 * (PGlite's data folder as a gzipped tar, or pg_dump's custom format) beside `manifest.json`, which
 * says what it holds: the engine, its checksum, and every table's row count as copied. The counts
 * are taken from the copy itself (PGlite: by opening it; PostgreSQL: in pg_dump's own snapshot), so
 * a restore can prove it brought back exactly what was copied. Keys are never in it unless asked.
 */
import 'server-only'

export {
  BackupError,
  countRows,
  DUMP_FILES,
  KEYS_FILE,
  knownMigrations,
  MANIFEST_FILE,
  type Engine,
  type Manifest,
} from './backup/manifest'
export { backupServer, dumpPgliteFolder, prepareBackupFolder, writePgliteBackup } from './backup/write'
export { differences, readBackup, restorePglite, restoreServer } from './backup/restore'
export { redact, toolPath } from './backup/postgres-tools'
