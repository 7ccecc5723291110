import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { StringDecoder } from "node:string_decoder";
import { pipeline } from "node:stream/promises";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import {
  DATABASE_SQL,
  HEADER,
  IMAGES_PREFIX,
  MANIFEST,
  parseManifest,
  type BackupHeader,
  type BackupManifest,
} from "./manifest.server";
import { runSqlScript } from "./sql-script.server";
import { readTarGz } from "./tar.server";

/** Where a backup's dump goes: a database to run its statements on. */
export interface DumpTarget {
  execute(batch: string): Promise<void>;
  /** The settings the target knows (a dump's SET of another is left out). */
  knownSettings?: Set<string>;
}

export function pgliteTarget(client: PGlite): DumpTarget {
  return {
    async execute(batch) {
      await client.exec(batch);
    },
  };
}

export async function postgresTarget(client: pg.Client): Promise<DumpTarget> {
  const settings = await client.query<{ name: string }>("select name from pg_settings");
  return {
    async execute(batch) {
      await client.query(batch);
    },
    knownSettings: new Set(settings.rows.map((row) => row.name.toLowerCase())),
  };
}

export interface LoadResult {
  manifest: BackupManifest;
  /** Members whose size or checksum differ from the manifest's, or that are missing or extra. */
  problems: string[];
  statements: number;
  images: number;
}

/** A member's path under images/, refused when it could leave the directory. */
function imageKey(member: string): string {
  const key = member.slice(IMAGES_PREFIX.length);
  const normal = path.posix.normalize(key);
  if (!key || normal.startsWith("..") || path.posix.isAbsolute(normal) || normal !== key)
    throw new Error(`The backup names an image outside the images directory: ${member}`);
  return key;
}

/**
 * Reads a backup file through: its dump into the target `onHeader` answers (after seeing the first
 * member: which database, which version; it may refuse it by throwing), its images into
 * `imagesDir` (when given; else only checked), every member hashed as it passes. The manifest, the
 * last member, is then compared with what was read.
 */
export async function loadArchive(
  file: string,
  options: {
    /** Sees the header first; answers where the dump goes (none: the dump is only checked). */
    onHeader?: (header: BackupHeader) => Promise<DumpTarget | undefined> | DumpTarget | undefined;
    imagesDir?: string;
  },
): Promise<LoadResult> {
  let target: DumpTarget | undefined;
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | undefined;
  let header: BackupHeader | undefined;
  let statements = 0;
  let images = 0;

  await readTarGz(file, async ({ path: member, size, body: raw }) => {
    const hash = crypto.createHash("sha256");
    let read = 0;
    // Every byte is hashed on its way to whoever reads the member.
    const body = (async function* () {
      for await (const chunk of raw) {
        hash.update(chunk);
        read += chunk.length;
        yield chunk;
      }
    })();
    const drain = async () => {
      for await (const chunk of body) void chunk;
    };
    if (member === HEADER || member === MANIFEST) {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk);
      const text = Buffer.concat(chunks).toString("utf8");
      if (member === MANIFEST) manifestText = text;
      else {
        header = parseManifest(text);
        target = await options.onHeader?.(header);
      }
    } else if (member === DATABASE_SQL) {
      if (!header)
        throw new Error("This file is not a Budz Boutique backup (no backup.json first)");
      if (target) {
        const decoder = new StringDecoder("utf8");
        const text = (async function* () {
          for await (const chunk of body) yield decoder.write(chunk);
          yield decoder.end();
        })();
        statements = await runSqlScript(text, target.execute, {
          knownSettings: target.knownSettings,
        });
      }
      await drain();
    } else if (member.startsWith(IMAGES_PREFIX)) {
      const key = imageKey(member);
      images++;
      if (options.imagesDir) {
        const target = path.join(options.imagesDir, key);
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await pipeline(body, fs.createWriteStream(target));
      } else await drain();
    } else await drain();
    if (member !== MANIFEST) seen.set(member, { size: read, sha256: hash.digest("hex") });
    if (read !== size) throw new Error(`The backup file is damaged (${member} is cut short)`);
  });

  if (!manifestText) throw new Error("The backup file has no manifest (it is incomplete)");
  const manifest = parseManifest(manifestText);
  const problems: string[] = [];
  for (const member of manifest.members) {
    const got = seen.get(member.path);
    if (!got) problems.push(`${member.path} is missing`);
    else if (got.sha256 !== member.sha256 || got.size !== member.size)
      problems.push(`${member.path} does not match its checksum`);
    seen.delete(member.path);
  }
  for (const extra of seen.keys()) problems.push(`${extra} is not in the manifest`);
  return { manifest, problems, statements, images };
}
