import crypto from "node:crypto";
import path from "node:path";
import { config } from "../config.server";
import {
  bucketStorage,
  localStorage,
  s3SettingsBucket,
  type FileStorage,
  type StorageArea,
  type StoredFile,
} from "./storage.server";

/**
 * `npm run images:move -- --to s3|disk` (docs/decisions/object-storage.md): copies the stored
 * files (images and certificates, label PDFs) from the data directory to the S3_* bucket or back.
 * Resumable and idempotent: a file already at the target with the same size and MD5 is skipped;
 * every file copied is checked (size and MD5) at the target afterwards. The store does not switch
 * itself: the operator sets STORAGE and restarts once every file checked out.
 */

export const MOVED_AREAS: StorageArea[] = ["images", "labels"];

export interface MovePair {
  area: StorageArea;
  from: FileStorage;
  to: FileStorage;
}

export interface MoveSummary {
  copied: number;
  skipped: number;
  bytes: number;
  failures: { area: StorageArea; key: string; reason: string }[];
}

/** The data directory's areas and the bucket's, in the direction asked. */
export function movePairs(to: "s3" | "disk"): MovePair[] {
  const bucket = s3SettingsBucket();
  return MOVED_AREAS.map((area) => {
    const disk = localStorage(path.join(config().dataDir, area));
    const s3 = bucketStorage(bucket, area);
    return to === "s3" ? { area, from: disk, to: s3 } : { area, from: s3, to: disk };
  });
}

const MD5_ETAG = /^"?([0-9a-f]{32})"?$/i;

function md5(body: Buffer): string {
  return crypto.createHash("md5").update(body).digest("hex");
}

/** A file's MD5: its ETag when that is one (a whole upload, a file on disk), else read and hashed. */
async function checksumOf(storage: FileStorage, file: StoredFile): Promise<string | null> {
  const fromEtag = MD5_ETAG.exec(file.etag)?.[1];
  if (fromEtag) return fromEtag.toLowerCase();
  const body = await storage.read(file.key);
  return body && md5(body);
}

export async function moveFiles(
  pairs: MovePair[],
  progress: (line: string) => void = () => {},
): Promise<MoveSummary> {
  const summary: MoveSummary = { copied: 0, skipped: 0, bytes: 0, failures: [] };
  // Both ends answer before anything is copied (a bucket unreachable or refusing the keys throws
  // its BucketError here, rather than "0 files copied: switch").
  for (const { from, to } of pairs)
    for (const end of [from, to]) for await (const _ of end.list()) break;
  for (const { area, from, to } of pairs) {
    for await (const file of from.list()) {
      // A write in progress on disk (renamed when whole) is not a stored file.
      if (file.key.endsWith(".tmp")) continue;
      try {
        const there = await to.head(file.key);
        const sourceSum = await checksumOf(from, file);
        if (
          there &&
          there.size === file.size &&
          sourceSum &&
          (await checksumOf(to, there)) === sourceSum
        ) {
          summary.skipped++;
          continue;
        }
        const body = await from.read(file.key);
        if (!body) throw new Error("it disappeared from the source while copying");
        const sum = md5(body);
        await to.put(file.key, body);
        const copied = await to.head(file.key);
        if (!copied) throw new Error("it is not at the target after the copy");
        if (copied.size !== body.length)
          throw new Error(`its size differs after the copy (${copied.size} ≠ ${body.length})`);
        const copiedSum = await checksumOf(to, copied);
        if (copiedSum !== sum) throw new Error("its checksum (MD5) differs after the copy");
        summary.copied++;
        summary.bytes += body.length;
        progress(`copied ${area}/${file.key}`);
      } catch (error) {
        summary.failures.push({
          area,
          key: file.key,
          reason: error instanceof Error ? error.message : String(error),
        });
        progress(`FAILED ${area}/${file.key}`);
      }
    }
  }
  return summary;
}

/** The operator's report: what was done and what to do next (or what failed). */
export function moveReport(to: "s3" | "disk", summary: MoveSummary): string {
  const lines = [
    `${summary.copied} file(s) copied (${(summary.bytes / 1024 / 1024).toFixed(1)} MB), ${summary.skipped} already there and identical.`,
  ];
  if (summary.failures.length) {
    lines.push(`${summary.failures.length} file(s) failed:`);
    for (const failure of summary.failures)
      lines.push(`  ${failure.area}/${failure.key}: ${failure.reason}`);
    lines.push("Nothing is switched: fix the cause and run the same command again (it resumes).");
  } else {
    lines.push(
      `Every file checked out. Set STORAGE=${to} in the store's environment and restart it` +
        (to === "s3" ? " (every instance)." : "."),
    );
  }
  return lines.join("\n");
}
