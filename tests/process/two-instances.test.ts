import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type RunningS3 } from "../fixtures/s3-server";
import { checkoutForm, submit } from "./checkout-client";
import { freshDatabaseUrl, freshDataDir, startServer, type RunningServer } from "./server-harness";

// Two instances with no shared disk (docs/operations/several-instances.md): one PostgreSQL
// database, one bucket (images with STORAGE=s3, backups with BACKUP_BUCKET), each its own
// DATA_DIR, the same SECRETS_KEY and SESSION_SECRET. What one instance does, the other serves.
// The embedded database allows one process, so this needs PostgreSQL (TEST_DATABASE_URL, as
// `bash scripts/with-postgres.sh npx vitest run --project process` sets it).
const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ADMIN = { ADMIN_USERNAME: "owner", ADMIN_PASSWORD: "two-instances-password-1" };
const BUCKET = "budz-shared";
const ADULT = "age_verified=true";

const running: RunningServer[] = [];
const cleanup: string[] = [];
let s3: RunningS3 | undefined;
let databaseUrl: string | undefined;
let a: RunningServer;
let b: RunningServer;
/** One sign-in, made on A: the session lives in the database, so B knows it too. */
let cookie: string;

function instanceEnv(): Record<string, string | undefined> {
  const dataDir = freshDataDir();
  cleanup.push(dataDir);
  return {
    ...ADMIN,
    SEED_SAMPLE_DATA: "0",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ...s3!.env(BUCKET),
    BACKUP_BUCKET: BUCKET,
    SECRETS_KEY: "two-instances-secrets-key-0123456789abcdef",
    SESSION_SECRET: "two-instances-session-secret-0123456789abcdef",
  };
}

beforeAll(async () => {
  if (!usingPostgres) return;
  s3 = await startS3Server([BUCKET]);
  databaseUrl = await freshDatabaseUrl();
  [a, b] = await Promise.all([startServer(instanceEnv()), startServer(instanceEnv())]);
  running.push(a, b);
  cookie = await signIn(a);
});

afterAll(async () => {
  running.forEach((server) => server.child.kill("SIGKILL"));
  await Promise.all(running.map((server) => server.exited));
  cleanup.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
  await s3?.stop();
});

async function signIn(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/budzadmin`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(302);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** An admin form post (urlencoded, or multipart for a FormData), signed in, same origin. */
function adminPost(server: RunningServer, path: string, body: URLSearchParams | FormData) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, Cookie: cookie },
    body,
  });
}

async function page(server: RunningServer, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers: { Cookie: ADULT, ...headers } });
  expect(response.status, `${path} on ${server.url}`).toBe(200);
  return response.text();
}

async function uploadImage(server: RunningServer, color: string) {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("file", new File([png], "shared.png", { type: "image/png" }));
  const upload = await adminPost(server, "/budzadmin/dashboard/images/upload", form);
  expect(upload.status).toBe(201);
  return ((await upload.json()) as { image: { imageUrl: string } }).image.imageUrl;
}

/** A product without sizes (no cannabis), `stock` units, made through the admin's product form. */
function productFields(image: string, overrides: Record<string, string> = {}) {
  const form = new FormData();
  const fields = {
    name: "Shared Rolling Papers",
    sku: "SHARED-1",
    price: "4",
    costPrice: "2",
    category: "flowers",
    cannabisKind: "none",
    currentStock: "5",
    stockAlertLevel: "1",
    description: "King size, for both instances.",
    image,
    ...overrides,
  };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

function runScript(script: string, args: string[], env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, output })),
  );
}

describe.skipIf(!usingPostgres)(
  "two instances, one database and one bucket, no shared disk",
  () => {
    it("the admin's session made on A is valid on B", async () => {
      const response = await fetch(`${b.url}/budzadmin/dashboard`, {
        redirect: "manual",
        headers: { Cookie: cookie },
      });
      expect(response.status).toBe(200);
    });

    it("an image uploaded through A is served by B: same bytes, with an ETag", async () => {
      const imageUrl = await uploadImage(a, "#c81e5a");
      const fromA = await fetch(`${a.url}${imageUrl}`);
      expect(fromA.status).toBe(200);
      const bytesA = Buffer.from(await fromA.arrayBuffer());

      const fromB = await fetch(`${b.url}${imageUrl}`);
      expect(fromB.status, `B serves ${imageUrl} uploaded through A`).toBe(200);
      const bytesB = Buffer.from(await fromB.arrayBuffer());
      expect(bytesB.equals(bytesA)).toBe(true);
      const etag = fromB.headers.get("etag");
      expect(etag).toBeTruthy();
      // Asked again with its ETag, B answers 304 (the browser's cache stays valid across instances).
      const again = await fetch(`${b.url}${imageUrl}`, { headers: { "If-None-Match": etag! } });
      expect(again.status).toBe(304);
    });

    it("a product made and then edited on A shows on B's storefront at once (shared page cache)", async () => {
      const image = await uploadImage(a, "#2a7f3c");
      const created = await adminPost(a, "/budzadmin/dashboard/products/new", productFields(image));
      expect(created.status, "the product form on A").toBe(302);
      const [row] = await query<{ id: string; slug: string }>(
        "select id, slug from products where sku = 'SHARED-1'",
      );
      const path = `/products/${row!.slug}`;

      // B caches the product page and the listing (a second visit is a hit).
      for (const url of [path, "/category/flowers"]) {
        await page(b, url);
        let hit = false;
        for (let i = 0; i < 50 && !hit; i++) {
          const response = await fetch(`${b.url}${url}`, { headers: { Cookie: ADULT } });
          await response.arrayBuffer();
          hit = response.headers.get("x-cache") === "HIT";
          if (!hit) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(hit, `B caches ${url}`).toBe(true);
      }

      const edited = await adminPost(
        a,
        `/budzadmin/dashboard/products/${row!.id}/edit`,
        productFields(image, { name: "Shared Hemp Papers", currentStock: "5" }),
      );
      expect(edited.status, "the product edit on A").toBe(302);
      expect(await page(b, path)).toContain("Shared Hemp Papers");
      expect(await page(b, "/category/flowers")).toContain("Shared Hemp Papers");
    });

    it("an order placed on A takes stock that B's product page shows at once", async () => {
      const [row] = await query<{ id: string; slug: string }>(
        "select id, slug from products where sku = 'SHARED-1'",
      );
      const path = `/products/${row!.slug}`;
      // A rendered page (a cookie the page cache does not know), and the cached one B keeps.
      const rendered = { Cookie: `${ADULT}; two-instances=rendered` };
      expect(await page(b, path, rendered)).toContain("5 available");
      expect(await page(b, path)).toContain("5 available");
      const order = (quantity: number) =>
        submit(
          a,
          checkoutForm(crypto.randomBytes(12).toString("base64url"), [{ id: row!.id, quantity }]),
        );
      const token = await order(2);
      expect(token, "the checkout on A").toBeTruthy();
      expect(await page(b, path, rendered)).toContain("3 available");
      // The order placed on A is B's to show.
      expect((await fetch(`${b.url}/orders/${token}`, { headers: { Cookie: ADULT } })).status).toBe(
        200,
      );
      // Selling the last units on A takes the product out of stock on B's cached page at once (a
      // cached page is invalidated when stock goes to or from zero; a count in between may show
      // for up to PAGE_CACHE_TTL_SECONDS).
      expect(await order(3), "the last units, on A").toBeTruthy();
      const cachedOnB = await page(b, path);
      expect(cachedOnB).not.toContain("3 available");
      expect(cachedOnB).toContain("Out of Stock");
    });

    it("a settings change saved on A is seen at once on B", async () => {
      // B has read the settings just now (its storefront and its admin).
      await page(b, "/");
      await page(b, "/budzadmin/dashboard/settings", { Cookie: cookie });
      const saved = await adminPost(
        a,
        "/budzadmin/dashboard/settings",
        new URLSearchParams({ intent: "store", name: "Twin Budz Boutique" }),
      );
      expect(saved.status, "Settings → Store on A").toBe(302);
      // The storefront (the page cache was invalidated: B renders it again) and Settings on B.
      expect(await page(b, "/budzadmin/dashboard/settings", { Cookie: cookie })).toContain(
        "Twin Budz Boutique",
      );
      expect(await page(b, "/")).toContain("Twin Budz Boutique");
      // And what B put in the shared page cache is the new name, on A too.
      expect(await page(a, "/")).toContain("Twin Budz Boutique");
    });

    it("a backup made on A (Back up now) is listed by B, downloaded from B and restored by name", async () => {
      const started = await adminPost(
        a,
        "/budzadmin/dashboard/database",
        new URLSearchParams({ intent: "backup" }),
      );
      expect(started.status).toBe(200);

      // B's Database screen lists it once A has written and verified it (into the bucket).
      let name: string | undefined;
      for (let i = 0; i < 150 && !name; i++) {
        const html = await page(b, "/budzadmin/dashboard/database", { Cookie: cookie });
        // Its row's download link (the status line above the list names the last backup anyway).
        name = /database\/backups\/(budz-backup-[\w.-]+?\.tar\.gz)/.exec(html)?.[1];
        if (!name) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(name, "B's Database screen lists the backup A made").toBeTruthy();

      const download = await fetch(`${b.url}/budzadmin/dashboard/database/backups/${name}`, {
        headers: { Cookie: cookie },
      });
      expect(download.status, `B downloads ${name}`).toBe(200);
      const bytes = Buffer.from(await download.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(1000);
      expect(bytes.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(true); // gzip

      // B's backup command lists it too, and restores it by its name into a fresh database.
      const bEnv = instanceEnv();
      const listed = await runScript("scripts/backup.ts", ["--list"], bEnv);
      expect(listed.output).toContain(name);
      const restored = await runScript("scripts/restore.ts", [name!], {
        ...bEnv,
        DATABASE_URL: await freshDatabaseUrl(),
      });
      expect(restored.output).toMatch(/every count and checksum matches/);
      expect(restored.code).toBe(0);
    });
  },
);
