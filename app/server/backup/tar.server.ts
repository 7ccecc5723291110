import crypto from "node:crypto";
import fs from "node:fs";
import { once } from "node:events";
import { PassThrough, type Readable } from "node:stream";
import zlib from "node:zlib";

/**
 * The backup file's container: a gzip'd POSIX tar (ustar), so `tar tzf` lists it and `tar xzf`
 * unpacks it by hand. Written as a stream (members one after the other, each hashed as it goes)
 * and read as one, so neither the dump nor the images are ever held whole in memory.
 */

const BLOCK = 512;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

/** A member's 512-byte ustar header (names up to 100 bytes, or 255 with the prefix field). */
function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  let prefix = "";
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf("/", 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100)
      throw new Error(`A file name is too long for the backup: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  block.write(base, 0, 100, "utf8");
  block.write(octal(0o644, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, "ascii");
  block.write("        ", 148, "ascii");
  block.write("0", 156, "ascii");
  block.write("ustar\0", 257, "ascii");
  block.write("00", 263, "ascii");
  block.write(prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + " ", 148, "ascii");
  return block;
}

export interface WrittenMember {
  path: string;
  size: number;
  sha256: string;
}

export interface TarWriter {
  /** Adds a file from disk (streamed) or a buffer; resolves with its size and checksum. */
  addFile(name: string, file: string): Promise<WrittenMember>;
  addBuffer(name: string, body: Buffer): Promise<WrittenMember>;
  /** Ends the archive and flushes it to disk (fsync), so a finished backup survives a crash. */
  finish(): Promise<void>;
  /** Stops writing (the file is left for the caller to delete). */
  abort(): void;
}

/** Writes a .tar.gz to `file` (created, or replaced). Errors (disk full…) reject the next call. */
export function createTarGz(file: string): TarWriter {
  const out = fs.createWriteStream(file);
  const gzip = zlib.createGzip({ level: 6 });
  gzip.pipe(out);
  let failure: Error | undefined;
  // One promise for the first error of either stream (disk full, unwritable), raced with each wait.
  const errored = new Promise<never>((_, reject) => {
    const fail = (error: Error) => {
      failure ??= error;
      reject(error);
    };
    out.on("error", fail);
    gzip.on("error", fail);
  });
  errored.catch(() => {});

  async function write(chunk: Buffer) {
    if (failure) throw failure;
    if (!gzip.write(chunk)) await Promise.race([once(gzip, "drain"), errored]);
    if (failure) throw failure;
  }

  async function member(name: string, size: number, body: AsyncIterable<Buffer>) {
    await write(header(name, size, new Date()));
    const hash = crypto.createHash("sha256");
    let written = 0;
    for await (const chunk of body) {
      written += chunk.length;
      if (written > size) throw new Error(`${name} grew while it was being backed up`);
      hash.update(chunk);
      await write(chunk);
    }
    if (written !== size) throw new Error(`${name} changed while it was being backed up`);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await write(Buffer.alloc(pad));
    return { path: name, size, sha256: hash.digest("hex") };
  }

  return {
    async addFile(name, path) {
      const { size } = await fs.promises.stat(path);
      return member(name, size, fs.createReadStream(path, { highWaterMark: 1 << 20 }));
    },
    addBuffer(name, body) {
      return member(
        name,
        body.length,
        (async function* () {
          yield body;
        })(),
      );
    },
    async finish() {
      await write(Buffer.alloc(BLOCK * 2));
      gzip.end();
      await Promise.race([once(out, "finish"), errored]);
      if (failure) throw failure;
      const handle = await fs.promises.open(file, "r+");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    abort() {
      gzip.unpipe(out);
      gzip.destroy();
      out.destroy();
    },
  };
}

export interface ReadMember {
  path: string;
  size: number;
  /** The member's bytes as a stream; it must be read to the end (or `skip`ped) before the next. */
  body: Readable;
}

/**
 * Reads a .tar.gz member by member: `onMember` gets each one's body as a stream and must consume
 * it. Resolves when the archive ends; rejects on a damaged or truncated file.
 */
export async function readTarGz(
  file: string,
  onMember: (member: ReadMember) => Promise<void>,
): Promise<void> {
  const input = fs.createReadStream(file, { highWaterMark: 1 << 20 }).pipe(zlib.createGunzip());
  let pending: Buffer = Buffer.alloc(0);
  let current: { path: string; left: number; pad: number; out: PassThrough } | null = null;
  let padLeft = 0;
  let ended = false;
  let consumer: Promise<void> | null = null;

  for await (const chunk of input as AsyncIterable<Buffer>) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length) {
      if (current) {
        const take = Math.min(current.left, pending.length);
        if (take > 0) {
          const piece = pending.subarray(0, take);
          pending = pending.subarray(take);
          current.left -= take;
          if (!current.out.write(piece)) await once(current.out, "drain");
        }
        if (current.left === 0) {
          current.out.end();
          await consumer;
          padLeft = current.pad;
          current = null;
        } else break;
        continue;
      }
      if (padLeft) {
        const take = Math.min(padLeft, pending.length);
        pending = pending.subarray(take);
        padLeft -= take;
        continue;
      }
      if (ended) {
        pending = Buffer.alloc(0);
        break;
      }
      if (pending.length < BLOCK) break;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        ended = true;
        continue;
      }
      const field = (start: number, length: number) =>
        block
          .subarray(start, start + length)
          .toString("utf8")
          .replace(/\0.*$/s, "");
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
      if (parseInt(field(148, 8).trim(), 8) !== sum)
        throw new Error("The backup file is damaged (a tar header's checksum is wrong)");
      const prefix = field(345, 155);
      const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
      const size = parseInt(field(124, 12).trim() || "0", 8);
      const type = field(156, 1);
      const out = new PassThrough({ highWaterMark: 1 << 20 });
      const isFile = type === "0" || type === "";
      // A consumer that fails has its stream drained (so the read never waits on it) and its error
      // thrown once the member ends.
      consumer = (isFile ? onMember({ path: name, size, body: out }) : Promise.resolve()).catch(
        (error: unknown) => {
          out.unpipe();
          out.resume();
          throw error;
        },
      );
      if (!isFile) out.resume();
      consumer.catch(() => {});
      current = { path: name, left: size, pad: (BLOCK - (size % BLOCK)) % BLOCK, out };
      if (size === 0) {
        out.end();
        await consumer;
        current = null;
      }
    }
  }
  if (current) throw new Error(`The backup file is cut short (in ${current.path})`);
  if (!ended) throw new Error("The backup file is cut short (no end-of-archive marker)");
}
