import crypto from "node:crypto";
import fs from "node:fs";
import { once } from "node:events";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { extract, pack } from "tar-stream";

/**
 * The backup file's container: a gzip'd tar, written and read by tar-stream, so `tar tzf` lists it
 * and `tar xzf` unpacks it by hand. Members are plain ustar entries; a name past ustar's 100 (or
 * 255) bytes gets a pax header and a size past ustar's 8 GiB a base-256 size field, both read by GNU
 * tar, bsdtar and tar-stream. Archives written by the app's earlier hand-made ustar writer read the
 * same (tests/fixtures/backups/old-ustar-writer.tar.gz). Written as a stream (members one after
 * the other, each hashed as it goes) and read as one, so neither the dump nor the images are ever
 * held whole in memory.
 */

export interface WrittenMember {
  path: string;
  size: number;
  sha256: string;
}

interface TarWriter {
  /** Adds a file from disk (streamed) or a buffer; resolves with its size and checksum. */
  addFile(name: string, file: string): Promise<WrittenMember>;
  addBuffer(name: string, body: Buffer): Promise<WrittenMember>;
  /** Adds `size` bytes read from `body` (it must give exactly that many). */
  addStream(name: string, size: number, body: AsyncIterable<Buffer>): Promise<WrittenMember>;
  /** Ends the archive and flushes it to disk (fsync), so a finished backup survives a crash. */
  finish(): Promise<void>;
  /** Stops writing (the file is left for the caller to delete). */
  abort(): void;
}

/** Writes a .tar.gz to `file` (created, or replaced). Errors (disk full…) reject the next call. */
export function createTarGz(file: string): TarWriter {
  const archive = pack();
  const out = fs.createWriteStream(file);
  // tar-stream's streams are streamx streams, not Node's: the archive joins Node's pipeline as an
  // async iterable of chunks. The pipeline's first error (disk full…) rejects every later wait.
  const written = pipeline(
    Readable.from(archive, { objectMode: false }),
    zlib.createGzip({ level: 6 }),
    out,
  );
  let failure: unknown;
  const failed = written.then(
    () => new Promise<never>(() => {}),
    (error: unknown) => {
      failure ??= error;
      throw error;
    },
  );
  failed.catch(() => {});

  /** Waits for `step`, or fails at once when the file can no longer be written. */
  async function unlessFailed<T>(step: Promise<T>): Promise<T> {
    if (failure) throw failure;
    return Promise.race([step, failed]);
  }

  async function member(
    name: string,
    size: number,
    body: AsyncIterable<Buffer> | Iterable<Buffer>,
  ) {
    if (failure) throw failure;
    // tar-stream calls back once the member is written whole (or has failed).
    let ended!: (error?: Error | null) => void;
    const done = new Promise<void>(
      (resolve, reject) => (ended = (error) => (error ? reject(error) : resolve())),
    );
    done.catch(() => {});
    const entry = archive.entry({ name, size, mode: 0o644, mtime: new Date() }, ended);
    // An error event nobody listens to would end the process: it fails the member instead.
    entry.on("error", ended);
    const hash = crypto.createHash("sha256");
    let count = 0;
    for await (const chunk of body) {
      count += chunk.length;
      if (count > size) throw new Error(`${name} grew while it was being backed up`);
      hash.update(chunk);
      if (!entry.write(chunk)) await unlessFailed(once(entry, "drain"));
    }
    if (count !== size) throw new Error(`${name} changed while it was being backed up`);
    entry.end(null);
    await unlessFailed(done);
    return { path: name, size, sha256: hash.digest("hex") };
  }

  return {
    async addFile(name, path) {
      const { size } = await fs.promises.stat(path);
      return member(name, size, fs.createReadStream(path, { highWaterMark: 1 << 20 }));
    },
    addBuffer(name, body) {
      return member(name, body.length, [body]);
    },
    addStream: member,
    async finish() {
      archive.finalize();
      await unlessFailed(written);
      const handle = await fs.promises.open(file, "r+");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    abort() {
      archive.destroy();
      out.destroy();
    },
  };
}

interface ReadMember {
  path: string;
  size: number;
  /** The member's bytes; what the reader leaves unread is skipped. */
  body: AsyncIterable<Buffer>;
}

class UnreadableBackupError extends Error {}

/** A damaged file as gzip and tar-stream see it, said in the backup's terms (file errors as they are). */
function unreadable(error: unknown): unknown {
  const { code, message, syscall } = error as { code?: string; message?: string; syscall?: string };
  if (syscall || error instanceof UnreadableBackupError) return error;
  if (code === "Z_BUF_ERROR" || message === "Unexpected end of data")
    return new UnreadableBackupError(
      "The backup file is cut short (it ends in the middle of a member)",
    );
  return new UnreadableBackupError(`The backup file is damaged (${message ?? String(error)})`);
}

/**
 * Reads a .tar.gz member by member: `onMember` gets each file's body, one after the other. Resolves
 * when the archive ends; rejects on a damaged or truncated file, or with `onMember`'s error.
 */
export async function readTarGz(
  file: string,
  onMember: (member: ReadMember) => Promise<void>,
): Promise<void> {
  const archive = extract();
  const stop = new AbortController();
  // The file is gunzipped into tar-stream's parser, which hands out one member at a time.
  const feeding = pipeline(
    fs.createReadStream(file, { highWaterMark: 1 << 20 }),
    zlib.createGunzip(),
    async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source)
        if (!archive.write(chunk)) await once(archive, "drain", { signal: stop.signal });
      archive.end(null);
    },
    { signal: stop.signal },
  ).catch((error: unknown) => {
    if (!stop.signal.aborted) archive.destroy(error as Error);
  });

  let failedInReader = false;
  try {
    for await (const entry of archive) {
      const { name, size, type } = entry.header;
      if (type === "file" || type === "contiguous-file") {
        // The member's own iterator, without `return`: a reader that stops early leaves the rest
        // to be skipped below rather than destroying the archive's stream. A damaged file fails
        // the reader's next read, saying so.
        const chunks = entry[Symbol.asyncIterator]();
        const body: AsyncIterable<Buffer> = {
          [Symbol.asyncIterator]: () => ({
            next: () =>
              (chunks.next() as Promise<IteratorResult<Buffer>>).catch((error: unknown) => {
                throw unreadable(error);
              }),
          }),
        };
        try {
          await onMember({ path: name, size, body });
        } catch (error) {
          failedInReader = true;
          throw error;
        }
      }
      for await (const chunk of entry) void chunk;
    }
  } catch (error) {
    stop.abort();
    archive.destroy();
    throw failedInReader ? error : unreadable(error);
  }
  await feeding;
}
