/**
 * Where a rate limit keeps its hits (web/http/rate-limit.ts): this process's memory, or the shared
 * database (rate-limit-store.ts). Here, below both, so that neither imports the other.
 */
export interface HitStore {
  /** The times of the key's hits still inside the window, oldest first. */
  read(key: string, now: number, windowMs: number): Promise<number[]>
  /** Records a hit at `now`. */
  add(key: string, now: number, windowMs: number): Promise<void>
  /**
   * Atomically: the key's hits inside the window before this one, oldest first, and a hit recorded
   * at `now` only if they were fewer than `limit`. Without it, a read then an add.
   */
  take?(key: string, now: number, windowMs: number, limit: number): Promise<number[]>
  /** Forgets the key's hits. */
  clear(key: string): Promise<void>
}
