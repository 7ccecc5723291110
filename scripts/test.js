// `npm test`: lint, typecheck and unit tests (side by side), integration (PGlite, then PostgreSQL
// when TEST_DATABASE_URL is set), build, process tests against the build (PGlite and PostgreSQL
// side by side: they mostly wait on the servers they start), and end-to-end tests in Chromium.
// Stops at the first failing stage and ends with a summary of every step and its time.
import { spawn } from "node:child_process";

const pgUrl = process.env.TEST_DATABASE_URL;
const withoutPg = { ...process.env };
delete withoutPg.TEST_DATABASE_URL;

const vitest = (project) => ["vitest", "run", "--project", project];
const memoryTest = "tests/process/memory.test.ts";

// Each stage is a list of steps run at the same time; a stage starts when the previous one passed.
const stages = [
  [
    ["lint", "npm", ["run", "lint"]],
    ["typecheck", "npm", ["run", "typecheck"]],
    ["unit", "npx", vitest("unit")],
  ],
  [["integration (PGlite)", "npx", vitest("integration"), withoutPg]],
  ...(pgUrl ? [[["integration (PostgreSQL)", "npx", vitest("integration"), process.env]]] : []),
  [["build", "npm", ["run", "build"]]],
  [
    ["process", "npx", [...vitest("process"), "--exclude", memoryTest], withoutPg],
    ...(pgUrl
      ? [
          [
            "process (PostgreSQL)",
            "npx",
            [...vitest("process"), "--exclude", memoryTest],
            process.env,
          ],
        ]
      : []),
    // A minute of waiting on one server's memory, beside the others.
    ["memory", "npx", [...vitest("process"), memoryTest], withoutPg],
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
