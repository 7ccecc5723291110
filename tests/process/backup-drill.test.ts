import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { consentRecords, customers, invoices, orders, products } from "~/server/db-tables";
import { ledgerSeededStock, withStoreDatabase } from "../fixtures/database";
import { checkoutForm, submit } from "./checkout-client";
import { freshDatabaseUrl, freshDataDir, startServer, type RunningServer } from "./server-harness";

// The restore drill (issue 29): a store on the embedded database takes orders and an image, is
// backed up from the admin (Back up now), is killed with kill -9 and loses its data directory;
// `npm run restore` brings everything back, byte for byte, and the store starts on it. On the
// PostgreSQL pass the same backup moves the shop to PostgreSQL instead.
const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ADMIN = { ADMIN_USERNAME: "owner", ADMIN_PASSWORD: "drill-password-1" };
const EMAIL = "drill@example.com";

const running: RunningServer[] = [];
const cleanup: string[] = [];
afterAll(() => {
  running.forEach((server) => server.child.kill("SIGKILL"));
  cleanup.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
});

async function start(env: Record<string, string | undefined>) {
  const server = await startServer({ SEED_SAMPLE_DATA: "0", ...ADMIN, ...env });
  running.push(server);
  return server;
}

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
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

function runRestore(file: string, env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/restore.ts", file], {
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

/** The backup's file once Back up now has written and verified it (its .json says so). */
async function verifiedBackup(dir: string): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const sidecar = fs.existsSync(dir) && fs.readdirSync(dir).find((f) => f.endsWith(".json"));
    if (sidecar) {
      const { verification } = JSON.parse(fs.readFileSync(path.join(dir, sidecar), "utf8")) as {
        verification: { ok: boolean; problems: string[] } | null;
      };
      if (verification) {
        expect(verification).toMatchObject({ ok: true, problems: [] });
        return path.join(dir, sidecar.replace(/\.json$/, ".tar.gz"));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("no verified backup appeared");
}

interface Placed {
  file: string;
  token: string;
  orderNumber: string;
  imageUrl: string;
  image: Buffer;
}

/** A running store on a fresh DATA_DIR: one order, one image, Back up now; then kill -9. */
async function storeBackedUpThenKilled(dataDir: string, backupDir: string): Promise<Placed> {
  const productId = await withStoreDatabase(dataDir, async (db) => {
    const [row] = await db
      .insert(products)
      .values({
        slug: "drill-gummies",
        name: "Drill Gummies",
        category: "edibles",
        sellingPriceCents: 1000,
        stock: 50,
        netAmountMilli: 1000,
      })
      .returning({ id: products.id });
    await ledgerSeededStock(db);
    return row!.id;
  });
  const server = await start({ DATA_DIR: dataDir, BACKUP_DIR: backupDir });

  const token = await submit(
    server,
    checkoutForm(crypto.randomBytes(12).toString("base64url"), [{ id: productId, quantity: 2 }], {
      email: EMAIL,
      newsletter: "on",
    }),
  );
  expect(token).toBeTruthy();
  const orderPage = await (await fetch(`${server.url}/orders/${token}`)).text();
  const orderNumber = /BBS-\d{8}/.exec(orderPage)![0];

  const cookie = await signIn(server);
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 90 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("file", new File([png], "drill.png", { type: "image/png" }));
  const upload = await fetch(`${server.url}/budzadmin/dashboard/images/upload`, {
    method: "POST",
    headers: { Origin: server.url, Cookie: cookie },
    body: form,
  });
  expect(upload.status).toBe(201);
  const { image } = (await upload.json()) as { image: { imageUrl: string } };
  const served = Buffer.from(await (await fetch(`${server.url}${image.imageUrl}`)).arrayBuffer());

  const backUp = await fetch(`${server.url}/budzadmin/dashboard/database`, {
    method: "POST",
    headers: {
      Origin: server.url,
      Cookie: cookie,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ intent: "backup" }),
  });
  expect(backUp.status).toBe(200);
  const file = await verifiedBackup(backupDir);

  server.child.kill("SIGKILL");
  await server.exited;
  return { file, token: token!, orderNumber, imageUrl: image.imageUrl, image: served };
}

/** The restored store serves the order and the image as they were, and the admin signs in. */
async function expectServedAsBefore(server: RunningServer, placed: Placed) {
  const page = await fetch(`${server.url}/orders/${placed.token}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(placed.orderNumber);
  const image = Buffer.from(await (await fetch(`${server.url}${placed.imageUrl}`)).arrayBuffer());
  expect(image.equals(placed.image)).toBe(true);
  await signIn(server);
}

describe("the restore drill", () => {
  it.skipIf(usingPostgres)(
    "back up, kill -9, delete the data directory, restore, start: orders, customers, consent, invoices and images are back",
    async () => {
      const dataDir = freshDataDir();
      const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "budz-backups-"));
      cleanup.push(dataDir, backupDir);
      const placed = await storeBackedUpThenKilled(dataDir, backupDir);

      fs.rmSync(dataDir, { recursive: true, force: true });
      const restored = await runRestore(placed.file, { DATA_DIR: dataDir });
      expect(restored.output).toMatch(/^Restored budz-backup-.*every count and checksum matches/m);
      expect(restored.code).toBe(0);
      // Restoring again over it is refused, saying why.
      const again = await runRestore(placed.file, { DATA_DIR: dataDir });
      expect(again.code).toBe(1);
      expect(again.output).toContain("already holds a database");

      const server = await start({ DATA_DIR: dataDir, BACKUP_DIR: backupDir });
      await expectServedAsBefore(server, placed);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);

      await withStoreDatabase(dataDir, async (db) => {
        const [order] = await db.select().from(orders);
        expect(order).toMatchObject({ orderNumber: placed.orderNumber, email: EMAIL });
        expect(await db.select().from(customers).where(eq(customers.email, EMAIL))).toHaveLength(1);
        const consent = await db
          .select()
          .from(consentRecords)
          .where(eq(consentRecords.email, EMAIL));
        expect(consent.map((c) => c.type)).toContain("express");
        expect(
          await db.select().from(invoices).where(eq(invoices.orderId, order!.id)),
        ).toHaveLength(1);
      });
    },
  );

  it.skipIf(!usingPostgres)(
    "a backup of the embedded database restores into PostgreSQL and the store starts on it with the same data",
    async () => {
      const dataDir = freshDataDir();
      const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "budz-backups-"));
      const movedDir = freshDataDir();
      cleanup.push(dataDir, backupDir, movedDir);
      const placed = await storeBackedUpThenKilled(dataDir, backupDir);

      const databaseUrl = await freshDatabaseUrl();
      const restored = await runRestore(placed.file, {
        DATA_DIR: movedDir,
        DATABASE_URL: databaseUrl,
      });
      expect(restored.output).toContain("into PostgreSQL");
      expect(restored.code).toBe(0);

      const server = await start({ DATA_DIR: movedDir, DATABASE_URL: databaseUrl });
      await expectServedAsBefore(server, placed);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);

      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query(
          `select o.order_number, (select count(*) from customers where email = $1) as customers,
             (select count(*) from consent_records where email = $1) as consent,
             (select count(*) from invoices i where i.order_id = o.id) as invoices
           from orders o`,
          [EMAIL],
        );
        expect(rows).toEqual([
          {
            order_number: placed.orderNumber,
            customers: "1",
            consent: expect.any(String),
            invoices: "1",
          },
        ]);
        expect(Number(rows[0].consent)).toBeGreaterThan(0);
      } finally {
        await client.end();
      }
    },
  );
});
