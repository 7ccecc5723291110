import crypto from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { config } from "../config.server";
import {
  configuredBucket,
  openBucket,
  readAll,
  type Bucket,
} from "../object-storage/bucket.server";

/**
 * Where stored files live (docs/decisions/object-storage.md): images and certificates of analysis
 * (`images`, served at /images) and Canada Post label PDFs (`labels`, read by the admin route only).
 * STORAGE=disk (the default) keeps them under DATA_DIR/images and DATA_DIR/labels; STORAGE=s3 keeps
 * them in the S3_BUCKET bucket under the keys `images/…` and `labels/…`, so several instances with
 * no shared directory serve the same files. Nothing else reads or writes these files.
 */

export type StorageArea = "images" | "labels";

export interface StoredFile {
  /** The key within its area (`1700000000000-ab12.jpg`, `coa/….pdf`). */
  key: string;
  size: number;
  /** A quoted MD5 of the content for a file on disk or an object uploaded whole. */
  etag: string;
  lastModified: Date;
}

export interface FileStorage {
  readonly kind: "disk" | "s3";
  /** Writes a file whole: a reader never sees half of it. */
  put(key: string, body: Buffer, options?: { contentType?: string }): Promise<void>;
  /** Removes a file (a missing one is not an error). */
  remove(key: string): Promise<void>;
  /** A file to stream, `not-modified` when `ifNoneMatch` is its ETag, null when there is none. */
  get(
    key: string,
    options?: { ifNoneMatch?: string },
  ): Promise<(StoredFile & { body: Readable; contentType: string }) | "not-modified" | null>;
  /** A file's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  head(key: string): Promise<StoredFile | null>;
  /** Every file under `prefix` (all of the area by default). */
  list(prefix?: string): AsyncGenerator<StoredFile>;
  /** The directory served at /images, for files on disk; null in a bucket. */
  readonly directory: string | null;
}

/** A key is names of letters, digits, `.`, `_` and `-` joined by `/`: never `..`, never absolute. */
const KEY = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[\w.-]+(?:\/[\w.-]+)*$/;

export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

function checkedKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Not a stored file's name: ${JSON.stringify(key)}`);
  return key;
}

const TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  pdf: "application/pdf",
};

/** The Content-Type a stored file is served with, from its extension. */
export function contentTypeOf(key: string): string {
  const ext = /\.(\w+)$/.exec(key)?.[1]?.toLowerCase() ?? "";
  return TYPES[ext] ?? "application/octet-stream";
}

export function md5Etag(body: Buffer): string {
  return `"${crypto.createHash("md5").update(body).digest("hex")}"`;
}

export function localStorage(directory: string): FileStorage {
  const fileOf = (key: string) => path.join(directory, checkedKey(key));
  const describe = async (key: string): Promise<StoredFile | null> => {
    try {
      const file = fileOf(key);
      const stat = await fs.stat(file);
      if (!stat.isFile()) return null;
      return {
        key,
        size: stat.size,
        etag: md5Etag(await fs.readFile(file)),
        lastModified: stat.mtime,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  };
  async function* walk(relative: string): AsyncGenerator<string> {
    let entries;
    try {
      entries = await fs.readdir(path.join(directory, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const key = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) yield* walk(key);
      else if (entry.isFile()) yield key;
    }
  }
  return {
    kind: "disk",
    directory,
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
      try {
        await fs.writeFile(temporary, body);
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true }).catch(() => undefined);
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async get(key, options) {
      const found = await describe(key);
      if (!found) return null;
      if (options?.ifNoneMatch && options.ifNoneMatch === found.etag) return "not-modified";
      return { ...found, contentType: contentTypeOf(key), body: createReadStream(fileOf(key)) };
    },
    async read(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    head: describe,
    async *list(prefix = "") {
      for await (const key of walk("")) {
        if (!key.startsWith(prefix) || !isStorageKey(key)) continue;
        const found = await describe(key);
        if (found) yield found;
      }
    },
  };
}

/** The files of an area in a bucket, under the key prefix `<area>/`. */
export function bucketStorage(bucket: Bucket, area: StorageArea): FileStorage {
  const prefix = `${area}/`;
  const full = (key: string) => prefix + checkedKey(key);
  const relative = <T extends { key: string }>(object: T): T => ({
    ...object,
    key: object.key.slice(prefix.length),
  });
  return {
    kind: "s3",
    directory: null,
    async put(key, body, options) {
      await bucket.put(full(key), body, {
        contentType: options?.contentType ?? contentTypeOf(key),
      });
    },
    remove: (key) => bucket.remove(full(key)),
    async get(key, options) {
      const got = await bucket.get(full(key), options);
      if (!got || got === "not-modified") return got;
      return { ...relative(got), contentType: got.contentType ?? contentTypeOf(key) };
    },
    async read(key) {
      const got = await bucket.get(full(key));
      return got && got !== "not-modified" ? readAll(got.body) : null;
    },
    async head(key) {
      const found = await bucket.head(full(key));
      return found && relative(found);
    },
    async *list(sub = "") {
      for await (const object of bucket.list(prefix + sub)) yield relative(object);
    },
  };
}

/** The bucket S3_* name, whatever STORAGE says (`npm run images:move` before switching). */
export function s3SettingsBucket(options: { timeoutMs?: number } = {}): Bucket {
  const c = config();
  if (!c.S3_BUCKET) throw new Error("Set S3_BUCKET (and S3_ENDPOINT and the keys) first.");
  return openBucket({
    bucket: c.S3_BUCKET,
    endpoint: c.S3_ENDPOINT,
    region: c.S3_REGION,
    accessKeyId: c.S3_ACCESS_KEY_ID,
    secretAccessKey: c.S3_SECRET_ACCESS_KEY,
    forcePathStyle: c.S3_FORCE_PATH_STYLE ?? Boolean(c.S3_ENDPOINT),
    timeoutMs: options.timeoutMs,
  });
}

let override: Bucket | undefined;

/**
 * Tests: the bucket STORAGE=s3 uses instead of the configured one (settings the configuration
 * does not have, such as a short timeout); undefined to go back to the configuration.
 */
export function setTestBucket(bucket: Bucket | undefined) {
  override = bucket;
  cached.clear();
}

const cached = new Map<string, FileStorage>();

/** The files of an area, where STORAGE puts them (made again when the configuration changes). */
export function fileStorage(area: StorageArea): FileStorage {
  const c = config();
  const bucket = c.STORAGE === "s3" ? (override ?? configuredBucket("images")) : null;
  const directory = path.join(c.dataDir, area);
  const id = bucket ? `s3:${area}` : `disk:${directory}`;
  const known = cached.get(id);
  // A bucket from the configuration is cached by configuredBucket (forgetBuckets forgets it).
  if (known && (!bucket || (known as { bucket?: Bucket }).bucket === bucket)) return known;
  const made = bucket
    ? Object.assign(bucketStorage(bucket, area), { bucket })
    : localStorage(directory);
  cached.set(id, made);
  return made;
}

/** Images and certificates of analysis: DATA_DIR/images, or `images/` in the bucket. */
export function imageStorage(): FileStorage {
  return fileStorage("images");
}

/** Canada Post label PDFs (never served publicly): DATA_DIR/labels, or `labels/` in the bucket. */
export function labelStorage(): FileStorage {
  return fileStorage("labels");
}
