import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_SAMPLE_COUNTS } from "~/server/seed/sample-data.server";
import { freshDatabaseUrl, freshDataDir, startServer, type RunningServer } from "./server-harness";

// Several instances on one PostgreSQL (the embedded database allows one process: server.test.ts).
const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);
const running: RunningServer[] = [];
afterAll(() => running.forEach((s) => s.child.kill("SIGKILL")));

describe.skipIf(!usingPostgres)("instances starting together", () => {
  it("three instances started at once on an empty database all serve, with one admin and one set of sample data", async () => {
    const databaseUrl = await freshDatabaseUrl();
    // One DATA_DIR on shared storage for the images, as the README says.
    const dataDir = freshDataDir();
    const servers = await Promise.all(
      [1, 2, 3].map(() => startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl })),
    );
    running.push(...servers);

    for (const server of servers) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const outputs = servers.map((server) => server.output());
    expect(outputs.filter((output) => output.includes("First admin created"))).toHaveLength(1);
    expect(outputs.filter((output) => output.includes("sample data generated"))).toHaveLength(1);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const one = async (query: string) => Number((await client.query(query)).rows[0].n);
      expect(await one("select count(*) as n from admin_users")).toBe(1);
      expect(await one("select count(*) as n from products")).toBe(DEFAULT_SAMPLE_COUNTS.products);
      expect(await one("select count(*) as n from orders")).toBe(DEFAULT_SAMPLE_COUNTS.orders);
      expect(await one("select count(*) as n from audit_log where area = 'sample-data'")).toBe(1);
    } finally {
      await client.end();
    }

    for (const server of servers) server.child.kill("SIGTERM");
    expect(await Promise.all(servers.map((server) => server.exited))).toEqual([0, 0, 0]);

    // A restart finds its data: no second seeding, no second first admin.
    const again = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    running.push(again);
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
    expect(again.output()).not.toContain("First admin created");
    expect(again.output()).not.toContain("sample data generated");
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  });
});
