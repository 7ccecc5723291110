import fs from "node:fs";
import path from "node:path";
import { PGLITE_TEMPLATE_ENV, writePgliteTemplate } from "../fixtures/database";

/**
 * Migrates an empty PGlite database once per run: every spec's own store starts as a copy of it
 * (tests/fixtures/database.ts). The workers find it through the environment.
 */
export default async function globalSetup() {
  const file = path.resolve(`.tmp/pglite-template-e2e-${process.pid}.tar.gz`);
  await writePgliteTemplate(file);
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => fs.rmSync(file, { force: true });
}
