// `npm test`: every suite, in stages of steps run side by side (a 2-core machine stays busy when
// one step waits): lint, typecheck, unit tests and the build; the integration tests on PGlite,
// the files PostgreSQL can answer differently (when TEST_DATABASE_URL is set) and the memory test
// (a minute of waiting on one server); then the end-to-end tests in Chromium beside the process
// tests of the build, which mostly wait on the servers they start. Stops after the first failing
// stage and ends with a summary of every step and its time.
import { spawn } from "node:child_process";
import path from "node:path";

const pgUrl = process.env.TEST_DATABASE_URL;
const withoutPg = { ...process.env };
delete withoutPg.TEST_DATABASE_URL;

// The end-to-end and process steps start many short-lived servers and tools, each opening the
// embedded database: they run WebAssembly on the baseline compiler only (tests/setup/wasm-baseline.mjs,
// measured: 62 s less CPU for the end-to-end tests, 40 s less for the process tests). The
// integration tests run long query loads in a few processes, where the optimising tier pays for
// itself (they took 6 % more CPU without it), and the memory test measures the server as it runs.
const baselineWasm = (env) => ({
  ...env,
  NODE_OPTIONS:
    `${env.NODE_OPTIONS ?? ""} --import="${path.resolve("tests/setup/wasm-baseline.mjs")}"`.trim(),
});

const vitest = (project) => ["vitest", "run", "--project", project];
const memoryTest = "tests/process/memory.test.ts";
const processTests = [...vitest("process"), "--exclude", memoryTest];
// The PostgreSQL pass of the process tests leaves out those that never open a database, and
// server.test.ts, whose first start on PostgreSQL is start-together.test.ts's.
const postgresProcessTests = [
  ...processTests,
  ...["shutdown", "client-bundles", "server"].flatMap((name) => [
    "--exclude",
    `tests/process/${name}.test.ts`,
  ]),
];

// Each stage is a list of steps run at the same time; a stage starts when the previous one passed.
const stages = [
  [
    // npm run lint's two halves, side by side: ESLint alone is the stage's longest step.
    ["lint", "npx", ["eslint", "."]],
    ["format", "npx", ["prettier", "--check", "."]],
    ["typecheck", "npm", ["run", "typecheck"]],
    ["unit", "npx", vitest("unit")],
    ["build", "npm", ["run", "build"]],
  ],
  [
    ["integration (PGlite)", "npx", vitest("integration"), withoutPg],
    ...(pgUrl ? [["integration (PostgreSQL)", "npx", vitest("postgres"), process.env]] : []),
    ["memory", "npx", [...vitest("process"), memoryTest], withoutPg],
  ],
  [
    // Two browser workers rather than Playwright's three: beside the process tests, a third made
    // both slower (measured on 2 cores: 576 s against 483 s for the end-to-end tests).
    // With TEST_DATABASE_URL, the stores run on PostgreSQL databases of their own (a few that
    // must stay embedded say so).
    [
      "end-to-end",
      "npx",
      ["playwright", "test"],
      baselineWasm({ E2E_WORKERS: "2", ...process.env }),
    ],
    ["process", "npx", processTests, baselineWasm(withoutPg)],
    ...(pgUrl
      ? [["process (PostgreSQL)", "npx", postgresProcessTests, baselineWasm(process.env)]]
      : []),
  ],
];

/**
 * Runs a step. The first of a stage prints as it goes (a stuck run shows where); the others' output
 * is held back and printed whole when each ends.
 */
function run([name, command, args, env], live) {
  const started = Date.now();
  if (live) console.log(`\n━━━ ${name} ━━━`);
  const child = spawn(command, args, {
    stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
    env: env ?? process.env,
  });
  const output = [];
  child.stdout?.on("data", (chunk) => output.push(chunk));
  child.stderr?.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (status) => {
      if (!live) {
        console.log(`\n━━━ ${name} ━━━`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 100) / 10 });
    });
  });
}

const results = [];
for (const stage of stages) {
  results.push(...(await Promise.all(stage.map((step, i) => run(step, i === 0)))));
  if (!results.every((r) => r.ok)) break;
}

console.log("\n━━━ summary ━━━");
for (const { name, ok, seconds } of results) console.log(`${ok ? "✓" : "✗"} ${name} (${seconds}s)`);
const skipped = stages
  .flat()
  .slice(results.length)
  .map(([name]) => name);
if (skipped.length) console.log(`skipped after the failure: ${skipped.join(", ")}`);
if (!pgUrl) console.log("PostgreSQL pass not run: set TEST_DATABASE_URL, or use npm run test:pg");
process.exit(results.every((r) => r.ok) && skipped.length === 0 ? 0 : 1);
