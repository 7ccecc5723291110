// `npm test`: lint, typecheck, unit, integration (PGlite, then PostgreSQL when TEST_DATABASE_URL is
// set), build, process tests against the build, and end-to-end tests in Chromium. Stops at the
// first failing step and ends with a summary of every step.
import { spawnSync } from "node:child_process";

const pgUrl = process.env.TEST_DATABASE_URL;
const withoutPg = { ...process.env };
delete withoutPg.TEST_DATABASE_URL;

const steps = [
  ["lint", "npm", ["run", "lint"]],
  ["typecheck", "npm", ["run", "typecheck"]],
  ["unit", "npx", ["vitest", "run", "--project", "unit"]],
  ["integration (PGlite)", "npx", ["vitest", "run", "--project", "integration"], withoutPg],
  ...(pgUrl
    ? [
        [
          "integration (PostgreSQL)",
          "npx",
          ["vitest", "run", "--project", "integration"],
          process.env,
        ],
      ]
    : []),
  ["build", "npm", ["run", "build"]],
  ["process", "npx", ["vitest", "run", "--project", "process"], withoutPg],
  ...(pgUrl
    ? [["process (PostgreSQL)", "npx", ["vitest", "run", "--project", "process"], process.env]]
    : []),
  ["end-to-end", "npx", ["playwright", "test"], withoutPg],
];

const results = [];
for (const [name, command, args, env] of steps) {
  console.log(`\n━━━ ${name} ━━━`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: "inherit", env: env ?? process.env });
  results.push({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 100) / 10 });
  if (status !== 0) break;
}

console.log("\n━━━ summary ━━━");
for (const { name, ok, seconds } of results) console.log(`${ok ? "✓" : "✗"} ${name} (${seconds}s)`);
const skipped = steps.slice(results.length).map(([name]) => name);
if (skipped.length) console.log(`skipped after the failure: ${skipped.join(", ")}`);
if (!pgUrl) console.log("PostgreSQL pass not run: set TEST_DATABASE_URL, or use npm run test:pg");
process.exit(results.every((r) => r.ok) && skipped.length === 0 ? 0 : 1);
