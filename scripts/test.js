// `npm test`: every suite, in stages of steps run side by side (a 2-core machine stays busy when
// one step waits): lint, typecheck, unit tests and the build; the integration tests on PGlite
// beside the memory test (a minute of waiting on one server); the integration files PostgreSQL
// can answer differently (when TEST_DATABASE_URL is set) beside the process tests of the build;
// then the end-to-end tests in Chromium. Stops after the first failing stage and ends with a
// summary of every step and its time.
import { spawn } from "node:child_process";

const pgUrl = process.env.TEST_DATABASE_URL;
const withoutPg = { ...process.env };
delete withoutPg.TEST_DATABASE_URL;

const vitest = (project) => ["vitest", "run", "--project", project];
const memoryTest = "tests/process/memory.test.ts";
const processTests = [...vitest("process"), "--exclude", memoryTest];

// Each stage is a list of steps run at the same time; a stage starts when the previous one passed.
const stages = [
  [
    ["lint", "npm", ["run", "lint"]],
    ["typecheck", "npm", ["run", "typecheck"]],
    ["unit", "npx", vitest("unit")],
    ["build", "npm", ["run", "build"]],
  ],
  [
    ["integration (PGlite)", "npx", vitest("integration"), withoutPg],
    ["memory", "npx", [...vitest("process"), memoryTest], withoutPg],
  ],
  [
    ...(pgUrl ? [["integration (PostgreSQL)", "npx", vitest("postgres"), process.env]] : []),
    ["process", "npx", processTests, withoutPg],
    ...(pgUrl ? [["process (PostgreSQL)", "npx", processTests, process.env]] : []),
  ],
  [["end-to-end", "npx", ["playwright", "test"], withoutPg]],
];

/** Runs a step; beside others its output is held back and printed whole when it ends. */
function run([name, command, args, env], alone) {
  const started = Date.now();
  if (alone) console.log(`\n━━━ ${name} ━━━`);
  const child = spawn(command, args, {
    stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
    env: env ?? process.env,
  });
  const output = [];
  child.stdout?.on("data", (chunk) => output.push(chunk));
  child.stderr?.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (status) => {
      if (!alone) {
        console.log(`\n━━━ ${name} ━━━`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 100) / 10 });
    });
  });
}

const results = [];
for (const stage of stages) {
  results.push(...(await Promise.all(stage.map((step) => run(step, stage.length === 1)))));
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
