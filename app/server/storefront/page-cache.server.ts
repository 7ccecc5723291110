import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { config } from "../config.server";
import { logger } from "../logger.server";
import {
  PAGE_CACHE_TTL_SECONDS,
  pageCacheDecision,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_PAGE_CACHE_CONTROL,
} from "./page-cache-key.server";
import { pageCacheStore, type CachedPage, type PageCacheStore } from "./page-cache-store.server";
import { isRestrictedCountry, pageVary } from "./visitor.server";

const gzip = promisify(zlib.gzip);

/** Pages larger than this are served but not kept. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** How long a request waits for another one already rendering the same page before rendering too. */
const COALESCE_WAIT_MS = 10_000;

/** Headers that belong to one transfer, not to the page. */
const TRANSFER_HEADERS = new Set([
  "cache-control",
  "connection",
  "content-encoding",
  "content-length",
  "date",
  "etag",
  "keep-alive",
  "transfer-encoding",
  "vary",
  "x-cache",
]);

/**
 * The shared storefront page cache, an Express middleware in front of React Router. Cacheable
 * requests (page-cache-key.server.ts: GET, a storefront page, no session or unknown cookie) are
 * answered from the store when a page of the current generation is there, with a strong ETag (304
 * on If-None-Match) and gzip made once; otherwise the page is rendered as usual, streamed to the
 * visitor and kept when it is a 200 that sets no cookie. Concurrent misses for one page in one
 * process wait for the first render instead of all rendering. A request with a session (or any
 * unknown cookie) is never cached, and its answer is made `private, no-store` whatever the route
 * said. The cache failing (database down) never fails a page: it is rendered instead.
 */
export function pageCacheMiddleware(options: { store?: () => PageCacheStore } = {}) {
  const store = options.store ?? pageCacheStore;
  const inflight = new Map<string, Promise<CachedPage | undefined>>();

  return async (req: Request, res: Response, next: NextFunction) => {
    const geoHeader = config().GEO_COUNTRY_HEADER;
    const decision = pageCacheDecision({
      method: req.method,
      url: req.originalUrl,
      cookie: req.headers.cookie,
      restricted: geoHeader ? isRestrictedCountry(req.get(geoHeader)) : false,
    });
    if (!decision.cacheable) {
      if (decision.privateAnswer) keepPrivate(res);
      return next();
    }
    let lookup;
    try {
      lookup = await store().lookup(decision.key);
    } catch (error) {
      logger.warn({ err: error }, "page cache unavailable: rendering");
      return next();
    }
    if (lookup.page) return sendCached(req, res, lookup.page, "HIT");

    const flightKey = `${lookup.generation}|${decision.key}`;
    const running = inflight.get(flightKey);
    if (running) {
      let timer: number | NodeJS.Timeout | undefined;
      const page = await Promise.race([
        running,
        new Promise<undefined>((resolve) => (timer = setTimeout(resolve, COALESCE_WAIT_MS))),
      ]);
      clearTimeout(timer);
      if (page) return sendCached(req, res, page, "HIT");
    }
    let settle: (page: CachedPage | undefined) => void = () => {};
    if (!running) {
      const flight = new Promise<CachedPage | undefined>((resolve) => (settle = resolve));
      inflight.set(flightKey, flight);
      void flight.then(() => inflight.delete(flightKey));
    }
    capture(res, async (captured) => {
      if (!captured) return settle(undefined);
      const page = await toCachedPage(captured.headers, captured.body);
      settle(page);
      await store().save(decision.key, lookup.generation, page);
    });
    res.setHeader("X-Cache", "MISS");
    next();
  };
}

/** Makes whatever this response turns out to be uncacheable by anyone but the visitor. */
function keepPrivate(res: Response) {
  res.setHeader("X-Cache", "BYPASS");
  onWriteHead(res, () => {
    const cacheControl = String(res.getHeader("Cache-Control") ?? "");
    if (!cacheControl || /\bpublic\b|s-maxage/.test(cacheControl))
      res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
  });
}

/** Runs `listener` just before the status line and headers go out. */
function onWriteHead(res: Response, listener: () => void) {
  const writeHead = res.writeHead;
  let done = false;
  res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
    if (!done) {
      done = true;
      if (typeof args[0] === "number") res.statusCode = args[0];
      listener();
    }
    return writeHead.apply(this, args);
  } as Response["writeHead"];
}

interface Captured {
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/**
 * Copies the rendered response as it streams out (before compression): `done` gets it when it
 * was a complete 200 without Set-Cookie, else undefined.
 */
function capture(res: Response, done: (captured: Captured | undefined) => Promise<void>) {
  const chunks: Buffer[] = [];
  let size = 0;
  let keep = true;
  let headers: Record<string, string | string[]> = {};
  onWriteHead(res, () => {
    if (res.statusCode !== 200 || res.getHeader("Set-Cookie") !== undefined) {
      keep = false;
      if (res.getHeader("Set-Cookie") !== undefined)
        res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
      return;
    }
    res.setHeader("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
    res.setHeader("Vary", pageVary());
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || TRANSFER_HEADERS.has(name)) continue;
      headers[name] = Array.isArray(value) ? value.map(String) : String(value);
    }
  });
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (!keep || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > MAX_PAGE_BYTES) {
      keep = false;
      chunks.length = 0;
      headers = {};
    } else chunks.push(buffer);
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: Response, ...args: unknown[]) {
    collect(args[0], args[1]);
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as Response["write"];
  res.end = function (this: Response, ...args: unknown[]) {
    collect(args[0], args[1]);
    return (end as (...a: unknown[]) => Response).apply(this, args);
  } as Response["end"];
  let finished = false;
  const finish = (complete: boolean) => {
    if (finished) return;
    finished = true;
    const captured =
      complete && keep && res.statusCode === 200
        ? { headers, body: Buffer.concat(chunks) }
        : undefined;
    done(captured).catch((error: unknown) =>
      logger.warn({ err: error }, "page cache: could not keep a page"),
    );
  };
  res.on("finish", () => finish(true));
  res.on("close", () => finish(res.writableFinished));
}

async function toCachedPage(
  headers: Record<string, string | string[]>,
  body: Buffer,
): Promise<CachedPage> {
  const hash = crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27);
  const now = Date.now();
  return {
    etag: `"${hash}"`,
    headers,
    body,
    gzip: await gzip(body, { level: 6 }),
    createdAt: now,
    expiresAt: now + PAGE_CACHE_TTL_SECONDS * 1000,
  };
}

/** Strong ETags: the identity body's, and a distinct one for its gzip. */
function etags(page: CachedPage) {
  return { identity: page.etag, gzip: `${page.etag.slice(0, -1)}-gz"` };
}

function matchesIfNoneMatch(header: string | undefined, page: CachedPage): boolean {
  if (!header) return false;
  const { identity, gzip: zipped } = etags(page);
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === identity || tag === zipped);
}

function sendCached(req: Request, res: Response, page: CachedPage, status: "HIT") {
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  const zipped = req.acceptsEncodings("gzip", "identity") === "gzip";
  const tags = etags(page);
  res.setHeader("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
  res.setHeader("Vary", `${pageVary()}, Accept-Encoding`);
  res.setHeader("ETag", zipped ? tags.gzip : tags.identity);
  res.setHeader("Age", String(Math.max(0, Math.floor((Date.now() - page.createdAt) / 1000))));
  res.setHeader("X-Cache", status);
  if (matchesIfNoneMatch(req.headers["if-none-match"], page)) {
    res.removeHeader("Content-Type");
    res.status(304).end();
    return;
  }
  const body = zipped ? page.gzip : page.body;
  if (zipped) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", String(body.length));
  res.status(200).end(body);
}
