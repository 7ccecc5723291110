import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { enqueueEmail } from "~/server/email/outbox.server";
import { withStoreDatabase } from "../fixtures/database";
import { freshDataDir, startServer } from "./server-harness";

// The command-line tools the README names, run as an operator runs them (npm run …, npx tsx …) on
// one data directory, in order: migrate, seed, admins, the outbox, then Lighthouse against the
// server on that data. They share the database code with the server, so one driver is enough: the
// PostgreSQL pass skips them.
const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);
const dataDir = freshDataDir();
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, stdout, stderr })),
  );
}

const npmRun = (script: string, args: string[] = [], env?: Record<string, string>) =>
  run("npm", ["run", "--silent", script, "--", ...args], env);

describe.skipIf(usingPostgres)("the README's tools", () => {
  it("npm run db:migrate and db:seed set up a data directory, and refuse a bad count in one line", async () => {
    // The refusal opens no database: it runs beside the migration.
    const [migrated, refused] = await Promise.all([
      npmRun("db:migrate"),
      npmRun("db:seed", ["--products", "-1"]),
    ]);
    expect(migrated.code).toBe(0);
    expect(migrated.stdout).toContain(`Migrations applied (pglite: ${dataDir}/pglite)`);

    const seeded = await npmRun("db:seed", [
      "--products",
      "12",
      "--customers",
      "4",
      "--orders",
      "6",
    ]);
    expect(seeded.code).toBe(0);
    expect(seeded.stdout).toMatch(/^Sample data: 12 products, 4 customers, \d+ coupons, 6 orders/);

    // As an operator types it: parseArgs takes "-1" for a flag. One clear message, no stack trace.
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Option '--products' argument is ambiguous");
    expect(refused.stderr).not.toMatch(/\n\s+at /);
  });

  it("npm run stock:check finds the seeded stock in its ledger, and names a figure changed behind it", async () => {
    const clean = await npmRun("stock:check");
    expect(clean.code).toBe(0);
    expect(clean.stdout.trim()).toBe(
      "Stock ledger OK: every stock figure equals the sum of its movements and of its lots.",
    );
    await withStoreDatabase(dataDir, (db) =>
      db.execute(sql`update product_variations set stock = stock + 5
        where id = (select id from product_variations order by id limit 1)`),
    );
    const broken = await npmRun("stock:check");
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/: stock \d+, the ledger says \d+ {2}\[/);
    expect(broken.stdout).toMatch(/: stock \d+, its lots say \d+ {2}\[/);
    expect(broken.stdout).toContain("3 differences found.");
    await withStoreDatabase(dataDir, (db) =>
      db.execute(sql`update product_variations set stock = stock - 5
        where id = (select id from product_variations order by id limit 1)`),
    );
    // A lot's figure changed behind the ledger: the lot, and its size against its lots.
    await withStoreDatabase(dataDir, (db) =>
      db.execute(sql`update stock_lots set on_hand = on_hand + 1
        where id = (select id from stock_lots order by id limit 1)`),
    );
    const lot = await npmRun("stock:check");
    expect(lot.stdout).toMatch(/, lot \S+: lot on hand \d+, the ledger says \d+/);
    expect(lot.stdout).toContain("2 differences found.");
    await withStoreDatabase(dataDir, (db) =>
      db.execute(sql`update stock_lots set on_hand = on_hand - 1
        where id = (select id from stock_lots order by id limit 1)`),
    );
  });

  it("npm run admin creates an admin, resets a password and two-factor", async () => {
    const created = await npmRun("admin", ["create", "staffer", "--role", "staff"], {
      ADMIN_PASSWORD: "a-long-staff-password",
    });
    expect(created.code).toBe(0);
    expect(created.stdout.trim()).toBe("Created staff staffer.");

    const reset = await npmRun("admin", ["reset-password", "staffer"]);
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain("Password of staffer reset; their sessions are signed out.");
    expect(reset.stdout).toMatch(/password: \S{12,} {2}\(shown only now\)/);

    // Two-factor reset from the shell (an admin who lost their phone and recovery codes).
    const twoFactor = await npmRun("admin", ["reset-2fa", "staffer"]);
    expect(twoFactor.code).toBe(0);
    expect(twoFactor.stdout).toContain("Two-factor sign-in of staffer reset");
  });

  it("npm run outbox lists the kept emails and shows one", async () => {
    const { id } = await withStoreDatabase(dataDir, (db) =>
      enqueueEmail(db, {
        kind: "test",
        to: "reader@example.com",
        subject: "Kept in the outbox",
        html: "<p>Hello from the outbox</p>",
        text: "Hello from the outbox",
      }),
    );
    const listed = await npmRun("outbox", ["--status", "pending"]);
    expect(listed.code).toBe(0);
    const line = listed.stdout.split("\n").find((l) => l.includes("reader@example.com"));
    expect(line).toContain("Kept in the outbox");
    expect(line).toContain(id);

    const shown = await npmRun("outbox", ["show", id]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain("Subject:  Kept in the outbox");
    expect(shown.stdout).toContain("Hello from the outbox");
  });

  it("scripts/lighthouse.ts finds a product page through the sitemap index and prints the medians", async () => {
    const server = await startServer({ DATA_DIR: dataDir, SEED_SAMPLE_DATA: "0" });
    try {
      // Lighthouse itself is not installed (npx would download it): a stub stands in for it and
      // writes the report fields the script reads, so the script's own steps are what is tested.
      const log = path.join(os.tmpdir(), `lighthouse-stub-${process.pid}.log`);
      const result = await run("npx", ["tsx", "scripts/lighthouse.ts", server.url, "1"], {
        LIGHTHOUSE: `${process.execPath} ${path.resolve("tests/process/fixtures/lighthouse-stub.js")}`,
        LIGHTHOUSE_STUB_LOG: log,
      });
      const calls = fs
        .readFileSync(log, "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { url: string; flags: string[] });
      fs.rmSync(log, { force: true });
      expect(result.code, result.stderr).toBe(0);
      // Each page in English, then under /fr.
      expect(calls.map((c) => new URL(c.url).pathname)).toEqual([
        "/",
        "/fr",
        "/category/flowers",
        "/fr/category/flowers",
        expect.stringMatching(/^\/products\/[a-z0-9-]+$/),
        expect.stringMatching(/^\/fr\/products\/[a-z0-9-]+$/),
      ]);
      expect(calls[0]!.flags).toContain("--only-categories=performance,accessibility");
      const rows = result.stdout.split("\n").filter((l) => /^(home|category|product)\s/.test(l));
      expect(rows).toHaveLength(6);
      for (const row of rows) expect(row).toMatch(/\s97\s+100\s+0\.000\s+1234\s+56\s+2\.0\s+97$/);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  });
});
