import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { backupStatus, takeBackup, type BackupOutcome } from "~/server/backup/backup.server";
import { backupsPanel, openBackupDownload } from "~/server/backup/backup-admin.server";
import { runRestoreCommand } from "~/server/backup/commands.server";
import { readTarGz } from "~/server/backup/tar.server";
import {
  listRemoteBackups,
  pruneRemote,
  remoteKey,
  sendBackupToBucket,
  type RemoteSidecar,
} from "~/server/backup/remote.server";
import { restoreBackup } from "~/server/backup/restore.server";
import { config, forgetConfig } from "~/server/config.server";
import { db } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import {
  forgetBuckets,
  openBucket,
  PART_BYTES,
  readAll,
  type Bucket,
} from "~/server/object-storage/bucket.server";
import { generateSampleDataset } from "~/server/seed/sample-data.server";
import { S3_KEYS, startS3Server, type RunningS3 } from "../fixtures/s3-server";
import { testActor } from "../setup/audit";

// Backups copied to a bucket (BACKUP_BUCKET) on a real S3-compatible server (s3rver): uploaded,
// read back and only then counted; listed beside the local ones; restored by name on a "new
// machine"; pruned in generations; and every way the bucket can fail keeps the local backup.
const BUCKET = "budz-backups";
const ENV_KEYS = [
  "BACKUP_BUCKET",
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
  "STORAGE",
  "S3_BUCKET",
  "DATA_DIR",
] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
let s3: RunningS3;
let bucket: Bucket;
const image = crypto.randomBytes(20_000);
/** The backup every test reads: taken once, copied to the bucket. */
let shared: Extract<BackupOutcome, { status: "done" }>;
/** The first backup, taken while the bucket could not be reached. */
let unreachable: BackupOutcome;
/** What the owners' banner read right after it. */
let bannerAfterFailure: Awaited<ReturnType<typeof backupStatus>>["failure"];
const servers: net.Server[] = [];

const sha256 = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");

function useEnv(values: Partial<Record<(typeof ENV_KEYS)[number], string | undefined>>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  forgetConfig();
  forgetBuckets();
}

const bucketWith = (settings: {
  endpoint?: string;
  keys?: { accessKeyId: string; secretAccessKey: string };
  timeoutMs?: number;
}) =>
  openBucket({
    bucket: BUCKET,
    endpoint: settings.endpoint ?? s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    ...(settings.keys ?? S3_KEYS),
    timeoutMs: settings.timeoutMs,
  });

async function keys(prefix = "backups/", from = bucket): Promise<string[]> {
  const found: string[] = [];
  for await (const object of from.list(prefix)) found.push(object.key);
  return found;
}

/** A port nothing listens on any more. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A TCP server started for a test (closed in afterAll): its address. */
async function listen(onConnection: (socket: net.Socket) => void): Promise<string> {
  const server = net.createServer(onConnection);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

async function tableCounts(query: (text: string) => Promise<number>) {
  const out: Record<string, number> = {};
  for (const table of ["orders", "customers", "order_items", "products", "invoices"])
    out[table] = await query(`select count(*)::int as n from ${table}`);
  return out;
}

const liveCounts = () =>
  tableCounts(async (text) => {
    const result = (await db().execute(sql.raw(text))) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]!.n);
  });

beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
  bucket = bucketWith({});
  await generateSampleDataset({ products: 4, customers: 2, orders: 3 });
  const images = path.join(config().dataDir, "images", "products");
  fs.mkdirSync(images, { recursive: true });
  fs.writeFileSync(path.join(images, "kept.webp"), image);

  // First with a bucket that cannot be reached, then (the next backup tries again) with s3rver.
  useEnv({
    BACKUP_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}`,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: S3_KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey,
    S3_FORCE_PATH_STYLE: "1",
  });
  unreachable = await takeBackup({ reason: "manual" });
  bannerAfterFailure = (await backupStatus()).failure;
  useEnv({ S3_ENDPOINT: s3.endpoint });
  const outcome = await takeBackup({ reason: "daily" });
  if (outcome.status !== "done") throw new Error(`backup failed: ${JSON.stringify(outcome)}`);
  shared = outcome;
}, 120_000);

afterAll(async () => {
  for (const server of servers) server.close();
  useEnv(savedEnv);
  await s3?.stop();
});

describe("a backup with BACKUP_BUCKET", () => {
  it("is uploaded to backups/<name>, read back (size and SHA-256) and only then counted as remote", async () => {
    expect(shared.remote).toEqual({ ok: true, bucket: BUCKET, pruned: expect.any(Array) });
    const name = shared.backup.name;
    const local = fs.readFileSync(path.join(config().backupDir, name));
    expect(await keys()).toEqual(
      expect.arrayContaining([remoteKey(name), remoteKey(name.replace(/\.tar\.gz$/, ".json"))]),
    );
    const got = await bucket.get(remoteKey(name));
    if (!got || got === "not-modified") throw new Error("expected the object");
    expect(sha256(await readAll(got.body))).toBe(sha256(local));
    const side = await bucket.get(remoteKey(name.replace(/\.tar\.gz$/, ".json")));
    if (!side || side === "not-modified") throw new Error("expected the sidecar");
    const sidecar = JSON.parse((await readAll(side.body)).toString()) as RemoteSidecar;
    expect(sidecar.remote).toMatchObject({
      bucket: BUCKET,
      size: local.length,
      sha256: sha256(local),
    });
    expect(sidecar.manifest.images).toBe("included");
    expect(sidecar.verification?.ok).toBe(true);
    expect((await listRemoteBackups(bucket)).map((b) => b.name)).toContain(name);
    // The good backup after the failed upload clears the banner.
    expect((await backupStatus()).failure).toBeNull();
  });

  it("that cannot reach the bucket keeps the local copy, says why on the owners' banner, and the next one tries again", async () => {
    expect(unreachable.status).toBe("done");
    if (unreachable.status !== "done") return;
    const { name } = unreachable.backup;
    expect(unreachable.remote).toEqual({
      ok: false,
      error: expect.stringMatching(
        new RegExp(
          `^The backup ${name} was written and verified on this server but not copied to the bucket ${BUCKET}: The bucket at http://127\\.0\\.0\\.1:\\d+ cannot be reached\\. It stays on this server`,
        ),
      ),
    });
    expect(fs.existsSync(path.join(config().backupDir, name))).toBe(true);
    expect(await keys()).not.toContain(remoteKey(name));
    expect(bannerAfterFailure).toMatchObject({
      reason: "manual",
      kept: true,
      error: unreachable.remote!.ok ? "" : unreachable.remote!.error,
    });
    // The banner read the failure while it was the latest run (the next backup has cleared it).
    const rows = (await db().execute(
      sql`select ok, error from backup_runs where file_name = ${name}`,
    )) as unknown as { rows: { ok: boolean; error: string | null }[] };
    expect(rows.rows).toEqual([
      { ok: true, error: unreachable.remote!.ok ? null : unreachable.remote!.error },
    ]);
  });

  it("is listed beside the local ones (This server / Bucket / Both) and downloads from the bucket", async () => {
    // One only in the bucket (as from another machine), one only here.
    const onlyRemote = "budz-backup-20250101T030000000Z-daily.tar.gz";
    const onlyLocal = "budz-backup-20250102T030000000Z-manual.tar.gz";
    const file = path.join(config().backupDir, shared.backup.name);
    const sent = await sendBackupToBucket(
      file,
      onlyRemote,
      { manifest: JSON.parse("{}") as RemoteSidecar["manifest"], verification: null },
      bucket,
      new Date(),
    );
    expect(sent.ok).toBe(true);
    fs.copyFileSync(file, path.join(config().backupDir, onlyLocal));
    try {
      const panel = await backupsPanel();
      const where = Object.fromEntries(panel.backups.map((b) => [b.name, b.where]));
      expect(where).toMatchObject({
        [shared.backup.name]: "both",
        [onlyRemote]: "bucket",
        [onlyLocal]: "local",
      });
      expect(panel.bucket).toEqual({ name: BUCKET, problem: null });
      expect(panel.locationWarning).toBeNull(); // a bucket is set
      expect(panel.keep).toEqual({ daily: 7, weekly: 4, monthly: 12 });

      const download = await openBackupDownload(onlyRemote, testActor());
      expect(download?.from).toBe("bucket");
      expect(sha256(await readAll(download!.stream))).toBe(sha256(fs.readFileSync(file)));
      expect(
        await openBackupDownload("budz-backup-20240101T000000Z-daily.tar.gz", testActor()),
      ).toBeUndefined();
    } finally {
      fs.rmSync(path.join(config().backupDir, onlyLocal));
      await bucket.remove(remoteKey(onlyRemote));
      await bucket.remove(remoteKey(onlyRemote.replace(/\.tar\.gz$/, ".json")));
    }
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "restores by name from the bucket into a new machine's empty DATA_DIR (npm run restore -- NAME)",
    async () => {
      const expected = await liveCounts();
      const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "budz-new-machine-"));
      const printed: string[] = [];
      const log = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
        printed.push(args.join(" "));
      });
      const level = logger.level;
      useEnv({ DATA_DIR: fresh });
      try {
        expect(await runRestoreCommand([shared.backup.name], false)).toBe(0);
      } finally {
        log.mockRestore();
        logger.level = level;
        useEnv({ DATA_DIR: savedEnv.DATA_DIR });
      }
      expect(printed.join("\n")).toContain(
        `Downloaded from the bucket ${BUCKET}; its size and SHA-256 match its manifest`,
      );
      const restored = await PGlite.create({ dataDir: path.join(fresh, "pglite") });
      try {
        const counts = await tableCounts(async (text) =>
          Number((await restored.query<{ n: number }>(text)).rows[0]!.n),
        );
        expect(counts).toEqual(expected);
      } finally {
        await restored.close();
      }
      expect(fs.readFileSync(path.join(fresh, "images", "products", "kept.webp"))).toEqual(image);
      fs.rmSync(fresh, { recursive: true, force: true });
    },
  );
});

describe("with STORAGE=s3 (the images in their own bucket)", () => {
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "a backup leaves the images out (images: bucket) and its restore leaves DATA_DIR's images as they are",
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "budz-s3-backup-"));
      useEnv({ STORAGE: "s3", S3_BUCKET: "budz-images", BACKUP_BUCKET: undefined });
      let outcome: BackupOutcome;
      try {
        outcome = await takeBackup({ reason: "command", dir, record: false });
      } finally {
        useEnv({ STORAGE: undefined, S3_BUCKET: undefined, BACKUP_BUCKET: BUCKET });
      }
      if (outcome.status !== "done") throw new Error(JSON.stringify(outcome));
      expect(outcome.backup.imagesInBucket).toBe(true);
      expect(outcome.backup.images).toBe(0);
      const file = path.join(dir, outcome.backup.name);
      const members: string[] = [];
      let manifest = "";
      await readTarGz(file, async ({ path: member, body }) => {
        members.push(member);
        if (member === "manifest.json")
          for await (const chunk of body) manifest += chunk.toString();
      });
      expect(members.some((m) => m.startsWith("images/"))).toBe(false);
      expect(JSON.parse(manifest)).toMatchObject({ images: "bucket", imagesBucket: "budz-images" });

      // A machine whose DATA_DIR has images of its own: not refused, not moved, not replaced.
      const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "budz-s3-restore-"));
      fs.mkdirSync(path.join(fresh, "images"));
      fs.writeFileSync(path.join(fresh, "images", "mine.webp"), "mine");
      useEnv({ DATA_DIR: fresh });
      try {
        const report = await restoreBackup(file);
        expect(report.imagesInBucket).toBe("budz-images");
        expect(report.images).toBe(0);
        expect(report.movedAside).toEqual([]);
      } finally {
        useEnv({ DATA_DIR: savedEnv.DATA_DIR });
      }
      expect(fs.readdirSync(path.join(fresh, "images"))).toEqual(["mine.webp"]);
      fs.rmSync(fresh, { recursive: true, force: true });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  );
});

describe("the bucket's generations", () => {
  it("keep 7 daily, 4 weekly and 12 monthly, and prune only after a newer one is verified there", async () => {
    await s3.createBucket("budz-retention");
    const retention = openBucket({
      bucket: "budz-retention",
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      ...S3_KEYS,
    });
    // One backup a day at 03:00 Toronto (08:00 UTC) for 400 days up to 2026-11-30.
    const stamp = (date: Date) =>
      date
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.(\d{3})Z$/, "$1Z");
    const last = Date.UTC(2026, 10, 30, 8);
    const names: string[] = [];
    for (let i = 0; i < 400; i++)
      names.push(`budz-backup-${stamp(new Date(last - i * 86_400_000))}-daily.tar.gz`);
    // The newest not yet verified there (no sidecar): nothing goes.
    await retention.put(`backups/${names[0]}`, Buffer.from("x"));
    const older = names.slice(1);
    for (let i = 0; i < older.length; i += 50)
      await Promise.all(
        older.slice(i, i + 50).map(async (name) => {
          await retention.put(`backups/${name}`, Buffer.from("x"));
          await retention.put(`backups/${name.replace(/\.tar\.gz$/, ".json")}`, Buffer.from("{}"));
        }),
      );
    const now = new Date(last + 3_600_000);
    const before = (await keys("backups/", retention)).length;
    const pruned = await pruneRemote(retention, now);
    const kept = (await listRemoteBackups(retention)).map((b) =>
      b.createdAt.toISOString().slice(0, 10),
    );
    // Verified ones: days 29 Nov back to 23 Nov (7 daily), the newest of the weeks starting Sunday
    // 29, 22, 15, 8 Nov (4 weekly: 29 and 22 already kept, 21 and 14 Nov), the newest of 12 months
    // (Nov … Dec 2025: the last day of each earlier month).
    expect(kept.sort()).toEqual(
      [
        "2025-12-31",
        "2026-01-31",
        "2026-02-28",
        "2026-03-31",
        "2026-04-30",
        "2026-05-31",
        "2026-06-30",
        "2026-07-31",
        "2026-08-31",
        "2026-09-30",
        "2026-10-31",
        "2026-11-14",
        "2026-11-21",
        "2026-11-23",
        "2026-11-24",
        "2026-11-25",
        "2026-11-26",
        "2026-11-27",
        "2026-11-28",
        "2026-11-29",
      ].sort(),
    );
    expect(pruned.length).toBe(400 - 1 - kept.length);
    // The unverified newest is still there (never deleted), with the kept ones' two objects each.
    expect(await keys("backups/", retention)).toHaveLength(1 + kept.length * 2);
    expect(before).toBe(1 + 399 * 2);
  }, 60_000);
});

describe("a bucket that fails", () => {
  const file = () => path.join(config().backupDir, shared.backup.name);
  const send = (target: Bucket, name = shared.backup.name, from = file()) =>
    sendBackupToBucket(
      from,
      name,
      { manifest: JSON.parse("{}") as RemoteSidecar["manifest"], verification: null },
      target,
      new Date(),
    );

  it("refusing the keys: says so, leaves nothing there, keeps the local backup", async () => {
    const name = "budz-backup-20250301T030000000Z-daily.tar.gz";
    const result = await send(
      bucketWith({ keys: { accessKeyId: "WRONG", secretAccessKey: "WRONG" } }),
      name,
    );
    expect(result).toEqual({
      ok: false,
      error: expect.stringContaining(
        `not copied to the bucket ${BUCKET}: The bucket ${BUCKET} at ${s3.endpoint} refused the access keys (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).`,
      ),
    });
    expect(await keys()).not.toContain(remoteKey(name));
    expect(fs.existsSync(file())).toBe(true);
  });

  it("answering too slowly: a timeout, not a hang", async () => {
    const name = "budz-backup-20250302T030000000Z-daily.tar.gz";
    // Takes the connection and never answers.
    const silent = await listen(() => {});
    const result = await send(bucketWith({ endpoint: silent, timeoutMs: 500 }), name);
    expect(result).toEqual({
      ok: false,
      error: expect.stringContaining(`: The bucket at ${silent} did not answer in time.`),
    });
    expect(await keys()).not.toContain(remoteKey(name));
    expect(fs.existsSync(file())).toBe(true);
  }, 30_000);

  it("cut halfway through a multipart upload: aborted, no half object listed", async () => {
    const name = "budz-backup-20250303T030000000Z-daily.tar.gz";
    const big = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "budz-big-")), name);
    fs.writeFileSync(big, crypto.randomBytes(PART_BYTES + 1024 * 1024));
    // A proxy to s3rver that cuts every connection after 1 MiB sent upstream: the first part's
    // upload dies mid-body; the small calls (start, abort) pass.
    const target = new URL(s3.endpoint);
    const proxy = await listen((client) => {
      const upstream = net.connect(Number(target.port), target.hostname);
      let sent = 0;
      client.on("data", (chunk: Buffer) => {
        sent += chunk.length;
        if (sent > 1024 * 1024) {
          client.destroy();
          upstream.destroy();
        } else upstream.write(chunk);
      });
      upstream.on("data", (chunk: Buffer) => client.write(chunk));
      const end = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on("error", end);
      upstream.on("error", end);
      client.on("close", end);
      upstream.on("close", end);
    });
    const result = await send(bucketWith({ endpoint: proxy }), name, big);
    expect(result).toEqual({
      ok: false,
      error: expect.stringMatching(
        /not copied to the bucket budz-backups: The bucket at \S+ (cannot be reached|did not answer in time)\./,
      ),
    });
    expect(await keys()).not.toContain(remoteKey(name));
    expect(fs.existsSync(big)).toBe(true);
    fs.rmSync(path.dirname(big), { recursive: true, force: true });
  }, 60_000);
});
