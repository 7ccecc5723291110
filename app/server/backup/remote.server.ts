import crypto from "node:crypto";
import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import { config } from "../config.server";
import { logger } from "../logger.server";
import {
  BucketError,
  configuredBucket,
  readAll,
  type Bucket,
} from "../object-storage/bucket.server";
import { parseManifest, type BackupManifest } from "./manifest.server";
import { backupsToPrune } from "./retention.server";
import type { Verification } from "./verify.server";

/**
 * Backups off the machine (BACKUP_BUCKET): each backup, once written and verified here, is
 * uploaded to `backups/<name>`, read back (its size, then the whole object hashed and compared
 * with the local file's SHA-256), and only then is its sidecar `backups/<name>.json` written: a
 * backup counts as remote when both are there. The bucket keeps generations of its own (daily,
 * weekly and monthly), pruned only after a newer one is verified there.
 */

export const REMOTE_PREFIX = "backups/";

const BACKUP_NAME = /^budz-backup-(\d{8}T\d{6}(?:\d{3})?Z)-([a-z-]+)\.tar\.gz$/;

/** What the bucket's sidecar holds: the manifest, the local verification and the remote check. */
export interface RemoteSidecar {
  manifest: BackupManifest;
  verification: Verification | null;
  remote: { bucket: string; size: number; sha256: string; uploadedAt: string };
}

export interface RemoteBackup {
  name: string;
  size: number;
  createdAt: Date;
  reason: string;
}

export const remoteKey = (name: string) => `${REMOTE_PREFIX}${name}`;
const sidecarKey = (name: string) => `${REMOTE_PREFIX}${name.replace(/\.tar\.gz$/, ".json")}`;

/** The backups bucket from the configuration (BACKUP_BUCKET), or null without one. */
export function backupBucket(): Bucket | null {
  return configuredBucket("backups");
}

/** A backup's time from its name (budz-backup-<UTC stamp>-<reason>.tar.gz). */
export function backupNameDate(name: string): Date | undefined {
  const stamp = BACKUP_NAME.exec(name)?.[1];
  const m = stamp && /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})?Z$/.exec(stamp);
  if (!m) return undefined;
  return new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7] ?? "000"}Z`);
}

export const isBackupName = (name: string) => BACKUP_NAME.test(name);

async function sha256OfFile(file: string): Promise<string> {
  const hash = crypto.createHash("sha256");
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 }))
    hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function sha256OfStream(body: Readable): Promise<{ sha256: string; size: number }> {
  const hash = crypto.createHash("sha256");
  let size = 0;
  for await (const chunk of body) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    hash.update(bytes);
  }
  return { sha256: hash.digest("hex"), size };
}

/** An error's message as a sentence (the bucket's end with a full stop already). */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /[.!?]$/.test(message) ? message : `${message}.`;
}

/**
 * Uploads a verified backup and reads it back; resolves when it counts as remote, or rejects with
 * a message naming the bucket's problem. What a failed upload left (a whole object that did not
 * read back right, a sidecar) is removed when the bucket still answers; a cut multipart upload is
 * aborted by putFile, so the bucket never lists half a backup.
 */
export async function uploadBackup(
  file: string,
  name: string,
  sidecar: { manifest: BackupManifest; verification: Verification | null },
  bucket: Bucket,
): Promise<RemoteSidecar["remote"]> {
  const key = remoteKey(name);
  const sideKey = sidecarKey(name);
  const { size } = await fs.promises.stat(file);
  const sha256 = await sha256OfFile(file);
  const where = `the bucket ${bucket.name}`;
  try {
    const sent = await bucket.putFile(key, file);
    if (sent.size !== size) throw new Error(`${where} took ${sent.size} bytes of ${size}`);
    const head = await bucket.head(key);
    if (!head) throw new Error(`${where} does not list ${key} after the upload`);
    if (head.size !== size)
      throw new Error(`${where} holds ${head.size} bytes for ${key}, not ${size}`);
    const got = await bucket.get(key);
    if (!got || got === "not-modified") throw new Error(`${where} cannot read ${key} back`);
    const read = await sha256OfStream(got.body);
    if (read.sha256 !== sha256 || read.size !== size)
      throw new Error(`${key} read back from ${where} does not match the local file's SHA-256`);
    const remote = { bucket: bucket.name, size, sha256, uploadedAt: new Date().toISOString() };
    const body = Buffer.from(JSON.stringify({ ...sidecar, remote } satisfies RemoteSidecar));
    await bucket.put(sideKey, body, { contentType: "application/json" });
    const back = await bucket.get(sideKey);
    if (!back || back === "not-modified" || !(await readAll(back.body)).equals(body))
      throw new Error(`${sideKey} read back from ${where} does not match what was sent`);
    return remote;
  } catch (error) {
    // Nothing half-made stays listed (when the bucket still answers).
    await bucket.remove(sideKey).catch(() => undefined);
    await bucket.remove(key).catch(() => undefined);
    throw error;
  }
}

/** The message the banner and the log show for a failed upload. */
export function uploadFailure(name: string, bucketName: string, error: unknown): string {
  return `The backup ${name} was written and verified on this server but not copied to the bucket ${bucketName}: ${describe(error)} It stays on this server, and the next backup tries the bucket again.`;
}

/** Every backup in the bucket that counts (its archive and its sidecar there), newest first. */
export async function listRemoteBackups(bucket: Bucket): Promise<RemoteBackup[]> {
  const archives = new Map<string, number>();
  const sidecars = new Set<string>();
  for await (const object of bucket.list(REMOTE_PREFIX)) {
    const name = object.key.slice(REMOTE_PREFIX.length);
    if (isBackupName(name)) archives.set(name, object.size);
    else if (name.endsWith(".json")) sidecars.add(name);
  }
  const list: RemoteBackup[] = [];
  for (const [name, size] of archives) {
    if (!sidecars.has(name.replace(/\.tar\.gz$/, ".json"))) continue;
    list.push({
      name,
      size,
      createdAt: backupNameDate(name)!,
      reason: BACKUP_NAME.exec(name)![2]!,
    });
  }
  return list.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/**
 * Deletes the bucket's backups its generations no longer keep: BACKUP_KEEP_DAILY days,
 * BACKUP_KEEP_WEEKLY weeks and BACKUP_KEEP_MONTHLY months. Called once a newer one is verified
 * there; an archive without its sidecar (an upload that never finished) goes once it is a day old.
 */
export async function pruneRemote(bucket: Bucket, now: Date): Promise<string[]> {
  const settings = config();
  const found = new Map<string, { createdAt: Date; verified: boolean | null }>();
  const sidecars = new Set<string>();
  for await (const object of bucket.list(REMOTE_PREFIX)) {
    const name = object.key.slice(REMOTE_PREFIX.length);
    const createdAt = backupNameDate(name);
    if (createdAt) found.set(name, { createdAt, verified: null });
    else if (name.endsWith(".json")) sidecars.add(name);
  }
  for (const [name, entry] of found)
    if (sidecars.has(name.replace(/\.tar\.gz$/, ".json"))) entry.verified = true;
  const doomed = backupsToPrune(
    [...found].map(([name, entry]) => ({ name, ...entry })),
    {
      daily: settings.BACKUP_KEEP_DAILY,
      weekly: settings.BACKUP_KEEP_WEEKLY,
      monthly: settings.BACKUP_KEEP_MONTHLY,
    },
    settings.STORE_TIMEZONE,
    now,
  );
  for (const name of doomed) {
    await bucket.remove(sidecarKey(name));
    await bucket.remove(remoteKey(name));
  }
  return doomed;
}

/**
 * Uploads a backup and prunes the bucket's generations: `{ ok: true }` when it counts as remote,
 * else the failure's message (the local backup is untouched either way).
 */
export async function sendBackupToBucket(
  file: string,
  name: string,
  sidecar: { manifest: BackupManifest; verification: Verification | null },
  bucket: Bucket,
  now: Date,
): Promise<{ ok: true; bucket: string; pruned: string[] } | { ok: false; error: string }> {
  try {
    await uploadBackup(file, name, sidecar, bucket);
  } catch (error) {
    return { ok: false, error: uploadFailure(name, bucket.name, error) };
  }
  let pruned: string[] = [];
  try {
    pruned = await pruneRemote(bucket, now);
  } catch (error) {
    // The new one is there: older generations wait for the next backup's pruning.
    logger.warn({ err: error, bucket: bucket.name }, "pruning the bucket's backups failed");
  }
  return { ok: true, bucket: bucket.name, pruned };
}

/** A remote backup's body for a download through the store, or null when the bucket has none. */
export async function openRemoteBackup(
  bucket: Bucket,
  name: string,
): Promise<{ size: number; body: Readable } | null> {
  if (!isBackupName(name)) return null;
  if (!(await bucket.head(sidecarKey(name)))) return null;
  const got = await bucket.get(remoteKey(name));
  if (!got || got === "not-modified") return null;
  return { size: got.size, body: got.body };
}

/**
 * Downloads a remote backup to `target` and checks it against its sidecar (size and SHA-256 of
 * the whole file; the manifest is then checked member by member by whoever restores it).
 */
export async function downloadRemoteBackup(
  bucket: Bucket,
  name: string,
  target: string,
): Promise<RemoteSidecar> {
  if (!isBackupName(name)) throw new Error(`${name} is not a backup's name`);
  const side = await bucket.get(sidecarKey(name));
  if (!side || side === "not-modified")
    throw new Error(`The bucket ${bucket.name} holds no backup named ${name}`);
  const sidecar = JSON.parse((await readAll(side.body)).toString("utf8")) as RemoteSidecar;
  parseManifest(JSON.stringify(sidecar.manifest));
  const got = await bucket.get(remoteKey(name));
  if (!got || got === "not-modified")
    throw new Error(`The bucket ${bucket.name} holds ${name}'s manifest but not the backup`);
  const hash = crypto.createHash("sha256");
  let size = 0;
  await pipeline(
    got.body,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    fs.createWriteStream(target),
  );
  const sha256 = hash.digest("hex");
  if (size !== sidecar.remote.size || sha256 !== sidecar.remote.sha256)
    throw new Error(
      `${name} downloaded from the bucket ${bucket.name} does not match its manifest (${size} bytes, SHA-256 ${sha256.slice(0, 12)}…; expected ${sidecar.remote.size} bytes, ${sidecar.remote.sha256.slice(0, 12)}…)`,
    );
  return sidecar;
}

export { BucketError };
