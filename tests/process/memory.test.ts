import fs from "node:fs";
import { afterAll, expect, it } from "vitest";
import { processMemory } from "../../scripts/process-memory";
import { freshDataDir, startServer, type RunningServer } from "./server-harness";

// README "Memory": at most 300 MiB resident one minute after a first start on the embedded database
// with sample data (about 270 measured). The headroom is for a loaded CI machine, and small enough
// that PostgreSQL's default 128 MiB page cache (about 410 MiB) fails it.
const IDLE_GOAL_MIB = 300;
const HEADROOM = 1.25;

let server: RunningServer | undefined;
afterAll(() => server?.child.kill("SIGKILL"));

it("a first start with npm start ends with the welcome box, and a minute later holds little memory", async () => {
  const dataDir = freshDataDir();
  const started = Date.now();
  server = await startServer(
    { DATA_DIR: dataDir, DATABASE_URL: undefined, ADMIN_USERNAME: "owner" },
    { asNpmStart: true },
  );
  // The serving process itself, not a shell in front of it.
  expect(fs.readFileSync(`/proc/${server.child.pid}/cmdline`, "utf8")).toContain(
    "scripts/start.js",
  );

  const box = /┌─+┐\n([\s\S]*?)\n└─+┘/.exec(server.output())?.[1] ?? "";
  expect(box).toMatch(/Budz Boutique is ready/);
  expect(box).toContain(`Store  ${server.url}/`);
  expect(box).toContain(`Admin  ${server.url}/budzadmin`);
  expect(box).toContain("First admin created. username: owner");
  expect(box).toMatch(/password: \S{12,} {2}\(shown only now\)/);
  expect(box).toContain(`Data   ${dataDir}`);

  expect((await fetch(server.url)).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 60_000 - (Date.now() - started)));
  const { rssMiB } = processMemory(server.child.pid!);
  console.log(`resident memory one minute after a first start: ${rssMiB} MiB`);
  expect(rssMiB).toBeLessThanOrEqual(IDLE_GOAL_MIB * HEADROOM);
}, 180_000);
