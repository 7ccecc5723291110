// Stored files (images, certificates of analysis, label PDFs) on disk and in an S3-compatible
// bucket (app/server/images/storage.server.ts, docs/decisions/object-storage.md) against a real
// S3 server (s3rver): writing then the row, removing, serving /images, the orphan sweep, moving
// files between the two with `npm run images:move`, and a bucket that refuses, is gone or is slow.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IMAGE_VARIANT_WIDTHS } from "~/lib/images";
import { config, forgetConfig } from "~/server/config.server";
import { db } from "~/server/db.server";
import { imagesLibrary, stockLots } from "~/server/db-tables";
import { storeCoaPdf } from "~/server/images/coa-store.server";
import {
  deleteStoredImage,
  FileNotStoredError,
  storeImage,
} from "~/server/images/image-store.server";
import { moveFiles, movePairs, moveReport } from "~/server/images/move.server";
import { sweepOrphanFiles } from "~/server/images/orphan-sweep.server";
import { imagesHandler } from "~/server/images/serve-images.server";
import {
  imageStorage,
  labelStorage,
  setTestBucket,
  type FileStorage,
} from "~/server/images/storage.server";
import { forgetBuckets, openBucket, type Bucket } from "~/server/object-storage/bucket.server";
import { testActor } from "../setup/audit";
import { resetDatabase } from "../setup/database";
import { S3_KEYS, startS3Server, TEST_BUCKET, type RunningS3 } from "../fixtures/s3-server";
import { createProduct } from "./checkout-factories";

const ACTOR = testActor(null, "Image staff");
const S3_NAMES = [
  "STORAGE",
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_BUCKET",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
  "S3_PUBLIC_URL",
];

let s3: RunningS3;
/** The test bucket seen directly (what the store put there). */
let direct: Bucket;

beforeAll(async () => {
  s3 = await startS3Server([TEST_BUCKET, "budz-move"]);
  direct = openBucket({
    bucket: TEST_BUCKET,
    endpoint: s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    ...S3_KEYS,
  });
});
afterAll(async () => {
  configure("disk");
  await s3.stop();
});

/** The store's configuration: disk (the default) or the test bucket, with changes. */
function configure(mode: "disk" | "s3", changes: Record<string, string | undefined> = {}) {
  for (const name of S3_NAMES) delete process.env[name];
  const settings = { ...(mode === "s3" ? s3.env() : {}), ...changes };
  for (const [name, value] of Object.entries(settings))
    if (value !== undefined) process.env[name] = value;
  forgetConfig();
  forgetBuckets();
  setTestBucket(undefined);
}

async function png(background: string, width = 900) {
  return sharp({ create: { width, height: 600, channels: 3, background } })
    .png()
    .toBuffer();
}

async function keysOf(storage: FileStorage, prefix = "") {
  const keys: string[] = [];
  for await (const file of storage.list(prefix)) keys.push(file.key);
  return keys;
}

async function bucketKeys(prefix: string, bucket = direct) {
  const keys: string[] = [];
  for await (const object of bucket.list(prefix)) keys.push(object.key);
  return keys;
}

/** An express app serving /images as server/app.ts does, on a free port. */
async function serve() {
  const app = express();
  app.use("/images", imagesHandler());
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get: (url: string, headers: Record<string, string> = {}) => httpGet(`${base}${url}`, headers),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * A GET as a browser's cache sends it (fetch adds `Cache-Control: no-cache` to a conditional
 * request, which a static handler rightly answers in full).
 */
function httpGet(url: string, headers: Record<string, string>) {
  return new Promise<Response>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const answer = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            if (typeof value === "string") answer.set(name, value);
          const status = res.statusCode!;
          const empty = status === 304 || status === 204;
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: answer }));
        });
      })
      .on("error", reject);
  });
}

async function clearStorage() {
  for (const storage of [imageStorage(), labelStorage()])
    for (const key of await keysOf(storage)) await storage.remove(key);
}

function filesOf(image: { storageKey: string; fileExtension: string }) {
  return [
    `${image.storageKey}.${image.fileExtension}`,
    ...IMAGE_VARIANT_WIDTHS.map((width) => `${image.storageKey}-${width}.webp`),
  ].sort();
}

describe.each(["disk", "s3"] as const)("images stored on %s", (mode) => {
  beforeEach(async () => {
    configure(mode);
    await resetDatabase();
    await clearStorage();
  });

  it("stores the original and every variant, then the row; deleting removes them", async () => {
    const image = await storeImage({ body: await png("#2a7"), name: "green.png", actor: ACTOR });
    expect(image.imageUrl).toBe(`/images/${image.storageKey}.png`);
    expect((await keysOf(imageStorage())).sort()).toEqual(filesOf(image));
    if (mode === "s3") {
      expect(imageStorage().directory).toBeNull();
      expect((await bucketKeys("images/")).sort()).toEqual(
        filesOf(image).map((key) => `images/${key}`),
      );
      // Nothing on the store's own disk.
      for (const key of filesOf(image))
        expect(fs.existsSync(path.join(config().dataDir, "images", key))).toBe(false);
    } else {
      for (const key of filesOf(image))
        expect(fs.existsSync(path.join(config().dataDir, "images", key))).toBe(true);
    }
    const deleted = await deleteStoredImage(image.imageId, ACTOR);
    expect(deleted.ok).toBe(true);
    expect(await keysOf(imageStorage())).toEqual([]);
    expect(await db().select().from(imagesLibrary)).toEqual([]);
  });

  it("keeps certificates and label PDFs in the same storage, labels never served", async () => {
    const url = await storeCoaPdf(Buffer.from("%PDF-1.4 certificate"));
    expect(url).toMatch(/^\/images\/coa\/[\w-]+\.pdf$/);
    const label = `${crypto.randomUUID()}.pdf`;
    await labelStorage().put(label, Buffer.from("%PDF-1.4 label"));
    expect((await labelStorage().read(label))!.toString()).toBe("%PDF-1.4 label");
    if (mode === "s3") {
      expect(await bucketKeys("labels/")).toEqual([`labels/${label}`]);
      expect(await bucketKeys("images/coa/")).toEqual([url.slice(1)]);
    } else {
      expect(fs.existsSync(path.join(config().dataDir, "labels", label))).toBe(true);
    }
    const server = await serve();
    try {
      const coa = await server.get(url);
      expect(coa.status).toBe(200);
      expect(coa.headers.get("content-type")).toMatch(/^application\/pdf/);
      for (const sneaky of [
        `/images/../labels/${label}`,
        `/images/%2e%2e/labels/${label}`,
        `/images/..%2flabels%2f${label}`,
      ])
        // The bucket's handler: no such image; the static handler on disk: 403 for a `..`.
        expect([403, 404]).toContain((await server.get(sneaky)).status);
    } finally {
      await server.close();
    }
  });

  it("serves an image with its ETag and a year's cache, 304 when unchanged, 404 when missing", async () => {
    const image = await storeImage({ body: await png("#a27"), name: "red.png" });
    const server = await serve();
    try {
      const answer = await server.get(image.imageUrl);
      expect(answer.status).toBe(200);
      const body = Buffer.from(await answer.arrayBuffer());
      expect(body.length).toBe(image.imageSize);
      expect(answer.headers.get("content-type")).toBe("image/png");
      expect(answer.headers.get("content-length")).toBe(String(image.imageSize));
      expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const etag = answer.headers.get("etag")!;
      expect(etag).toBeTruthy();
      const again = await server.get(image.imageUrl, { "If-None-Match": etag });
      expect(again.status).toBe(304);
      const variant = await server.get(
        `/images/${image.storageKey}-${IMAGE_VARIANT_WIDTHS[0]}.webp`,
      );
      expect(variant.status).toBe(200);
      expect(variant.headers.get("content-type")).toBe("image/webp");
      expect((await server.get("/images/1700000000000-missing.png")).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it("sweeps the files no row points to once they are an hour old", async () => {
    const kept = await storeImage({ body: await png("#27a"), name: "kept.png" });
    const made = await createProduct({ name: "COA Kush", stock: 0 });
    const coaKept = await storeCoaPdf(Buffer.from("%PDF-1.4 kept"));
    await db()
      .insert(stockLots)
      .values({
        productId: made.product.id,
        variationId: made.variations[0]?.id ?? null,
        lotNumber: "COA-1",
        coaUrl: coaKept,
      });
    const coaOrphan = await storeCoaPdf(Buffer.from("%PDF-1.4 orphan"));
    await imageStorage().put("1700000000000-orphan.png", await png("#000", 10));
    await imageStorage().put("1700000000000-orphan-320.webp", Buffer.from("variant"));

    // Fresh files are an upload in flight: left alone.
    expect((await sweepOrphanFiles()).removed).toEqual([]);
    const later = new Date(Date.now() + 2 * 3_600_000);
    const swept = await sweepOrphanFiles({ now: later });
    expect(swept.removed.sort()).toEqual(
      [
        coaOrphan.slice("/images/".length),
        "1700000000000-orphan-320.webp",
        "1700000000000-orphan.png",
      ].sort(),
    );
    expect((await keysOf(imageStorage())).sort()).toEqual(
      [...filesOf(kept), coaKept.slice("/images/".length)].sort(),
    );
    expect((await sweepOrphanFiles({ now: later })).removed).toEqual([]);
  });
});

describe("a public bucket", () => {
  afterEach(() => configure("disk"));

  it("redirects /images to S3_PUBLIC_URL (302), never a path out of images/", async () => {
    configure("s3", { S3_PUBLIC_URL: "https://cdn.example.com/budz/" });
    const server = await serve();
    try {
      const answer = await server.get("/images/1700000000000-ab12.png");
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe(
        "https://cdn.example.com/budz/images/1700000000000-ab12.png",
      );
      expect((await server.get("/images/%2e%2e/labels/x.pdf")).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe("npm run images:move", () => {
  let moveDir: string;
  let moveBucket: Bucket;
  const originalDataDir = process.env.DATA_DIR;
  beforeEach(async () => {
    await resetDatabase();
    moveDir = fs.mkdtempSync(path.join(os.tmpdir(), "budz-move-"));
    moveBucket = openBucket({
      bucket: "budz-move",
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      ...S3_KEYS,
    });
    for (const key of await bucketKeys("", moveBucket)) await moveBucket.remove(key);
  });
  afterEach(() => {
    process.env.DATA_DIR = originalDataDir;
    configure("disk");
    fs.rmSync(moveDir, { recursive: true, force: true });
  });

  it("copies to the bucket and back, skipping what is already there, checked", async () => {
    // STORAGE is still disk while moving: S3_* names the bucket.
    configure("disk", { ...s3.env("budz-move"), STORAGE: "disk", DATA_DIR: moveDir });
    const image = await storeImage({ body: await png("#7a2"), name: "moved.png" });
    const coa = await storeCoaPdf(Buffer.from("%PDF-1.4 moved"));
    const label = `${crypto.randomUUID()}.pdf`;
    await labelStorage().put(label, Buffer.from("%PDF-1.4 label"));
    const expected = [
      ...filesOf(image).map((key) => `images/${key}`),
      `images/${coa.slice("/images/".length)}`,
      `labels/${label}`,
    ].sort();

    const first = await moveFiles(movePairs("s3"));
    expect(first).toMatchObject({ copied: expected.length, skipped: 0, failures: [] });
    expect((await bucketKeys("", moveBucket)).sort()).toEqual(expected);
    expect(moveReport("s3", first)).toContain("Set STORAGE=s3");
    const second = await moveFiles(movePairs("s3"));
    expect(second).toMatchObject({ copied: 0, skipped: expected.length, failures: [] });

    // Back to another machine's empty data directory.
    const back = fs.mkdtempSync(path.join(os.tmpdir(), "budz-back-"));
    try {
      configure("disk", { ...s3.env("budz-move"), STORAGE: "s3", DATA_DIR: back });
      const home = await moveFiles(movePairs("disk"));
      expect(home).toMatchObject({ copied: expected.length, failures: [] });
      expect(moveReport("disk", home)).toContain("Set STORAGE=disk");
      for (const key of expected)
        expect(fs.readFileSync(path.join(back, key))).toEqual(
          fs.readFileSync(path.join(moveDir, key)),
        );
      expect(await moveFiles(movePairs("disk"))).toMatchObject({
        copied: 0,
        skipped: expected.length,
      });
    } finally {
      fs.rmSync(back, { recursive: true, force: true });
    }
  });

  it("recopies a file that differs, and refuses to claim success when a checksum differs", async () => {
    configure("disk", { ...s3.env("budz-move"), STORAGE: "disk", DATA_DIR: moveDir });
    const coa = await storeCoaPdf(Buffer.from("%PDF-1.4 original"));
    const key = `images/${coa.slice("/images/".length)}`;
    // Same size, other bytes: not skipped.
    await moveBucket.put(key, Buffer.from("%PDF-1.4 ORIGINAL"));
    expect(await moveFiles(movePairs("s3"))).toMatchObject({ copied: 1, skipped: 0 });

    // A target that keeps other bytes than those sent (a corrupting copy).
    fs.writeFileSync(path.join(moveDir, key), "%PDF-1.4 changed!");
    const corrupting = movePairs("s3").map((pair) => ({
      ...pair,
      to: {
        ...pair.to,
        put: (k: string, body: Buffer) => pair.to.put(k, Buffer.from(body).fill(0x41, 9)),
      },
    }));
    const summary = await moveFiles(corrupting);
    expect(summary.copied).toBe(0);
    expect(summary.failures).toEqual([
      { area: "images", key: key.slice("images/".length), reason: expect.stringMatching(/MD5/) },
    ]);
    const report = moveReport("s3", summary);
    expect(report).toContain("1 file(s) failed");
    expect(report).not.toContain("Set STORAGE");
  });
});

describe("a bucket that fails", () => {
  let server: Awaited<ReturnType<typeof serve>>;
  let stored: { imageUrl: string };
  let silent: net.Server;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    // A bucket that accepts connections and never answers.
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  beforeEach(async () => {
    configure("s3");
    await resetDatabase();
    await clearStorage();
    stored = await storeImage({ body: await png("#a72"), name: "before.png" });
    server = await serve();
  });
  afterEach(async () => {
    await server.close();
    configure("disk");
  });

  async function closedPort() {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    return `http://127.0.0.1:${port}`;
  }

  /** An upload and a certificate refused with `reason`, nothing kept; the bucket back serves. */
  async function refusedWith(reason: RegExp) {
    const before = await bucketKeys("images/");
    const upload = storeImage({ body: await png("#2a7"), name: "refused.png" });
    await expect(upload).rejects.toThrow(FileNotStoredError);
    await expect(upload).rejects.toThrow(/^The image could not be stored: /);
    await expect(upload).rejects.toThrow(reason);
    await expect(storeCoaPdf(Buffer.from("%PDF-1.4 refused"))).rejects.toThrow(
      /^The certificate of analysis could not be stored: /,
    );
    expect(await db().select({ id: imagesLibrary.imageId }).from(imagesLibrary)).toHaveLength(1);
    // Serving while the bucket fails: a short 503, and the server goes on.
    const down = await server.get(stored.imageUrl);
    expect(down.status).toBe(503);
    expect(await down.text()).toBe("Images are unavailable for a moment.");
    // The bucket back: the same objects as before, the stored image served.
    configure("s3");
    expect(await bucketKeys("images/")).toEqual(before);
    expect((await server.get(stored.imageUrl)).status).toBe(200);
  }

  it("refuses an upload when the bucket refuses the keys (403)", async () => {
    configure("s3", { S3_ACCESS_KEY_ID: "WRONG" });
    await refusedWith(/refused the access keys/);
  });

  it("refuses an upload when the bucket cannot be reached", async () => {
    configure("s3", { S3_ENDPOINT: await closedPort() });
    await refusedWith(/cannot be reached/);
  });

  it("refuses an upload when the bucket does not answer in time", async () => {
    const { port } = silent.address() as AddressInfo;
    setTestBucket(
      openBucket({
        bucket: TEST_BUCKET,
        endpoint: `http://127.0.0.1:${port}`,
        region: "us-east-1",
        forcePathStyle: true,
        ...S3_KEYS,
        timeoutMs: 300,
      }),
    );
    await refusedWith(/did not answer in time/);
  });

  it("keeps disk storage serving whatever the bucket settings say", async () => {
    configure("disk", { S3_ENDPOINT: await closedPort(), S3_BUCKET: TEST_BUCKET });
    const image = await storeImage({ body: await png("#777"), name: "disk.png" });
    const local = await serve();
    try {
      expect((await local.get(image.imageUrl)).status).toBe(200);
    } finally {
      await local.close();
    }
  });
});
