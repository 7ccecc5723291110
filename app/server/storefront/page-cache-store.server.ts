import { sql } from "drizzle-orm";
import { config } from "../config.server";
import { databaseHandle, db } from "../db.server";
import { clearListingCache } from "./listing-counts.server";
import { PAGE_CACHE_TTL_SECONDS } from "./page-cache-key.server";

/** A rendered page as the cache keeps it: headers to replay, the body and its gzip. */
export interface CachedPage {
  etag: string;
  headers: Record<string, string | string[]>;
  body: Buffer;
  gzip: Buffer;
  /** Epoch ms: when it was rendered (for the Age header) and when it stops being served. */
  createdAt: number;
  expiresAt: number;
}

interface PageLookup {
  /** The generation current now: a page rendered after this lookup is stored under it. */
  generation: number;
  page?: CachedPage;
}

export interface PageCacheStore {
  lookup(key: string): Promise<PageLookup>;
  save(key: string, generation: number, page: CachedPage): Promise<void>;
  /** Something the pages show changed: no page cached before this call is served again. */
  invalidate(): Promise<void>;
}

const MAX_ENTRIES = 5_000;

const invalidationListeners = new Set<() => void>();

/**
 * Runs `listener` when this process sees the pages invalidated by another instance: what it keeps
 * of the data pages show (the store settings) is then stale too, and a page rendered from it now
 * would be cached as fresh for every instance.
 */
export function onPagesInvalidatedElsewhere(listener: () => void) {
  invalidationListeners.add(listener);
}

interface LocalEntry {
  generation: number;
  page: CachedPage;
}

/** A bounded least-recently-used map of pages, by total size. */
export class PageLru {
  private entries = new Map<string, LocalEntry>();
  private bytes = 0;
  /** maxBytes: memory held by the pages (bodies and their gzip), PAGE_CACHE_MB by default. */
  constructor(private maxBytes = config().PAGE_CACHE_MB * 1024 * 1024) {}

  get(key: string): LocalEntry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: LocalEntry) {
    this.delete(key);
    const size = entry.page.body.length + entry.page.gzip.length;
    if (size > this.maxBytes / 8) return; // one page must not push out everything else
    this.entries.set(key, entry);
    this.bytes += size;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes && this.entries.size <= MAX_ENTRIES) break;
      this.delete(oldest, old);
    }
  }

  delete(key: string, entry = this.entries.get(key)) {
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.page.body.length + entry.page.gzip.length;
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }

  get size() {
    return this.entries.size;
  }
}

/** PGlite: one process owns the data, so the pages and the generation live in its memory. */
function createMemoryStore(): PageCacheStore {
  const lru = new PageLru();
  let generation = 0;
  return {
    async lookup(key) {
      const entry = lru.get(key);
      if (entry && (entry.generation !== generation || entry.page.expiresAt <= Date.now())) {
        lru.delete(key);
        return { generation };
      }
      return { generation, page: entry?.page };
    },
    async save(key, pageGeneration, page) {
      if (pageGeneration === generation) lru.set(key, { generation: pageGeneration, page });
    },
    async invalidate() {
      generation++;
      lru.clear();
      clearListingCache();
    },
  };
}

type Rows<T> = { rows: T[] };

/**
 * PostgreSQL: the generation and the pages live in the database (page_cache is UNLOGGED), so every
 * instance serves the same pages and an admin change on one is seen by all at once. Each lookup
 * is one indexed read of the generation and the page's ETag; the body comes from this process's
 * own copy when it has that ETag, else from the table once.
 */
export function createPostgresStore(): PageCacheStore {
  const lru = new PageLru();
  let seenGeneration = -1;
  let lastPurge = 0;

  function noteGeneration(generation: number) {
    if (generation === seenGeneration) return;
    // Another instance (or this one) moved on: drop local copies and the listing counts.
    if (seenGeneration !== -1) {
      lru.clear();
      clearListingCache();
      for (const listener of invalidationListeners) listener();
    }
    seenGeneration = generation;
  }

  async function purge() {
    if (Date.now() - lastPurge < PAGE_CACHE_TTL_SECONDS * 1000) return;
    lastPurge = Date.now();
    await db().execute(sql`
      delete from page_cache
      where expires_at < now()
         or generation < (select coalesce(max(generation), 0) from page_cache_generation)`);
  }

  return {
    async lookup(key) {
      const result = (await db().execute(sql`
        with g as (select coalesce(max(generation), 0)::bigint as generation from page_cache_generation)
        select g.generation::text as generation, c.etag
        from g left join page_cache c
          on c.key = ${key} and c.generation = g.generation and c.expires_at > now()`)) as unknown as Rows<{
        generation: string;
        etag: string | null;
      }>;
      const row = result.rows[0];
      const generation = Number(row?.generation ?? 0);
      noteGeneration(generation);
      if (!row?.etag) return { generation };
      const local = lru.get(key);
      if (local && local.page.etag === row.etag && local.page.expiresAt > Date.now())
        return { generation, page: local.page };
      const stored = (await db().execute(sql`
        select headers, body, gzip,
               extract(epoch from created_at) * 1000 as created,
               extract(epoch from expires_at) * 1000 as expires
        from page_cache where key = ${key} and etag = ${row.etag}`)) as unknown as Rows<{
        headers: Record<string, string | string[]>;
        body: Uint8Array;
        gzip: Uint8Array;
        created: string | number;
        expires: string | number;
      }>;
      const hit = stored.rows[0];
      if (!hit) return { generation };
      const page: CachedPage = {
        etag: row.etag,
        headers: hit.headers,
        body: Buffer.from(hit.body),
        gzip: Buffer.from(hit.gzip),
        createdAt: Number(hit.created),
        expiresAt: Number(hit.expires),
      };
      lru.set(key, { generation, page });
      return { generation, page };
    },
    async save(key, generation, page) {
      if (generation === seenGeneration) lru.set(key, { generation, page });
      // A newer generation's page is never replaced by an older one's.
      await db().execute(sql`
        insert into page_cache (key, generation, etag, headers, body, gzip, created_at, expires_at)
        values (${key}, ${generation}, ${page.etag}, ${JSON.stringify(page.headers)}::jsonb,
                ${page.body}, ${page.gzip}, ${new Date(page.createdAt).toISOString()},
                ${new Date(page.expiresAt).toISOString()})
        on conflict (key) do update set
          generation = excluded.generation, etag = excluded.etag, headers = excluded.headers,
          body = excluded.body, gzip = excluded.gzip, created_at = excluded.created_at,
          expires_at = excluded.expires_at
        where page_cache.generation <= excluded.generation`);
      await purge();
    },
    async invalidate() {
      await db().execute(sql`
        insert into page_cache_generation (id, generation) values (1, 1)
        on conflict (id) do update set generation = page_cache_generation.generation + 1`);
      lru.clear();
      clearListingCache();
    },
  };
}

const holder = globalThis as unknown as {
  __budzPageCache?: { handle: unknown; store: PageCacheStore };
};

/** The process's page cache store, for the database in use (tests switch databases per file). */
export function pageCacheStore(): PageCacheStore {
  const handle = databaseHandle();
  if (holder.__budzPageCache?.handle !== handle) {
    holder.__budzPageCache = {
      handle,
      store: handle.driver === "postgres" ? createPostgresStore() : createMemoryStore(),
    };
  }
  return holder.__budzPageCache.store;
}
