// Next's cache (pages, route answers, content fetches) shared by every instance through Redis.
// next.config.mjs names this file only when REDIS_URL is set; without it each process keeps its
// cache on its own disk, as Next does by default.
//
// Storage is @fortedigital/nextjs-cache-handler's: Redis first, then a small in-memory LRU that
// answers only while Redis cannot (a read that fails falls through to it; writes go to both).
// Revalidation is ours. The package deletes an entry whose tag is revalidated, so a page whose
// content source is down at that moment would be an error instead of the last good page, which the
// publish webhook promises. Here, as in Next's own cache, a revalidated tag only marks entries
// stale: the tag's time goes into a Redis hash every instance reads before each lookup and copies
// into Next's tag manifest, so Next serves the stale page once and renders a new one behind it,
// on whichever instance the next visitor reaches. A tag that cannot reach Redis is kept and sent
// again once Redis answers, so an outage delays a publish on the other instances but never loses it.
import { CacheHandler } from '@fortedigital/nextjs-cache-handler'
import createLruHandler from '@fortedigital/nextjs-cache-handler/local-lru'
import createRedisHandler from '@fortedigital/nextjs-cache-handler/redis-strings'
import { createClient } from '@redis/client'
import { tagsManifest } from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js'

const TIMEOUT_MS = 1000
const SYNC_EVERY_MS = 200
const SHARED = Symbol.for('handback.sharedCache')

/** One Redis client per process, however many times Next loads this file. */
function shared() {
  if (globalThis[SHARED]) return globalThis[SHARED]
  const client = createClient({
    url: process.env.REDIS_URL,
    // A command while Redis is away fails at once (and the LRU answers) rather than waiting.
    disableOfflineQueue: true,
    socket: { connectTimeout: TIMEOUT_MS, reconnectStrategy: (tries) => Math.min(100 * 2 ** tries, 2000) },
  })
  let down = false
  client.on('error', (error) => {
    if (!down)
      console.error(`Shared cache: Redis unreachable (${error.code ?? error.name}); serving from this instance`)
    down = true
  })
  client.on('ready', () => {
    if (down) console.error('Shared cache: Redis is back')
    down = false
    // Send the publishes this instance took while Redis was away now, not at its next lookup: an
    // instance nobody visits would otherwise keep them from the others.
    if (globalThis[SHARED]?.pending.size) syncTags().catch(() => {})
  })
  // Never awaited: a process whose Redis is down starts and serves all the same.
  client.connect().catch(() => {})
  globalThis[SHARED] = { client, pending: new Map(), applied: new Map(), sync: null, syncedAt: 0 }
  return globalThis[SHARED]
}

CacheHandler.onCreation(({ buildId }) => {
  const { client } = shared()
  // Keys carry the build: two builds side by side (a deploy in progress) never serve each other's pages.
  const keyPrefix = `handback:${buildId}:`
  return {
    handlers: [
      createRedisHandler({ client, keyPrefix, timeoutMs: TIMEOUT_MS }),
      createLruHandler({ maxItemsNumber: 1000, maxItemSizeBytes: 50 * 1024 * 1024 }),
    ],
  }
})

const TAGS_KEY = 'handback:tags'

/**
 * A revalidation, as the tag's record: when it was made (`at`), and the times Next's tag manifest
 * takes from it: stale from, and expired from (ms). The latest record of a tag wins.
 */
function merge(tag, record) {
  const applied = shared().applied
  if (record.at <= (applied.get(tag) ?? 0)) return
  applied.set(tag, record.at)
  const times = { ...(tagsManifest.get(tag) ?? {}) }
  if (record.stale !== undefined) times.stale = record.stale
  if (record.expired !== undefined) times.expired = record.expired
  tagsManifest.set(tag, times)
}

/** Sends the tags Redis missed, then copies every instance's revalidations into this one's manifest. */
async function syncTags() {
  const state = shared()
  if (!state.client.isReady) return
  // A page's render looks up several entries one after another: one read of the marks serves them
  // all, and a publish reaches this instance at most SYNC_EVERY_MS late.
  if (!state.pending.size && Date.now() - state.syncedAt < SYNC_EVERY_MS) return
  // One read at a time per process: lookups that arrive together share it.
  state.sync ??= (async () => {
    try {
      const command = state.client.withAbortSignal(AbortSignal.timeout(TIMEOUT_MS))
      if (state.pending.size) {
        const sending = new Map(state.pending)
        await command.hSet(
          TAGS_KEY,
          Object.fromEntries([...sending].map(([tag, times]) => [tag, JSON.stringify(times)])),
        )
        for (const [tag, times] of sending) if (state.pending.get(tag) === times) state.pending.delete(tag)
      }
      const all = await command.hGetAll(TAGS_KEY)
      for (const [tag, json] of Object.entries(all)) merge(tag, JSON.parse(json))
      state.syncedAt = Date.now()
    } catch {
      // Redis went away mid-way: this instance's own manifest still holds its own revalidations.
    } finally {
      state.sync = null
    }
  })()
  return state.sync
}

export default class SharedCache extends CacheHandler {
  async get(key, context) {
    await syncTags()
    return super.get(key, context)
  }

  /** Marks the tags stale here and, through Redis, everywhere; deletes nothing (see the top). */
  async revalidateTag(tags, durations) {
    const now = Date.now()
    const state = shared()
    for (const tag of typeof tags === 'string' ? [tags] : tags) {
      // As Next's own cache does: with a profile, stale now and expired after its `expire`;
      // without one, expired now.
      const record = durations
        ? { at: now, stale: now, expired: durations.expire === undefined ? undefined : now + durations.expire * 1000 }
        : { at: now, expired: now }
      merge(tag, record)
      state.pending.set(tag, record)
    }
    await syncTags()
  }
}
