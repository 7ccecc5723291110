import fs from "node:fs";
import path from "node:path";
import {
  createPostgresTemplate,
  dropPostgresDatabase,
  PGLITE_TEMPLATE_ENV,
  POSTGRES_TEMPLATE_ENV,
  writePgliteTemplate,
} from "../fixtures/database";
import { AXE_CLAIMS_ENV } from "./axe";

/**
 * Migrates an empty PGlite database once per run, and an empty PostgreSQL database when the run has
 * one (TEST_DATABASE_URL): every spec's own store starts as a copy of one of them
 * (tests/fixtures/database.ts). Makes the run's directory of screens already scanned for
 * accessibility (./axe.ts). The workers find both through the environment.
 */
export default async function globalSetup() {
  const file = path.resolve(`.tmp/pglite-template-e2e-${process.pid}.tar.gz`);
  await writePgliteTemplate(file);
  process.env[PGLITE_TEMPLATE_ENV] = file;
  const postgresTemplate = process.env.TEST_DATABASE_URL
    ? `budz_e2e_template_${process.pid}`
    : undefined;
  if (postgresTemplate) {
    await createPostgresTemplate(postgresTemplate);
    process.env[POSTGRES_TEMPLATE_ENV] = postgresTemplate;
  }
  const claims = path.resolve(`.tmp/axe-screens-${process.pid}`);
  fs.mkdirSync(claims, { recursive: true });
  process.env[AXE_CLAIMS_ENV] = claims;
  return async () => {
    if (postgresTemplate) await dropPostgresDatabase(postgresTemplate);
    fs.rmSync(file, { force: true });
    fs.rmSync(claims, { recursive: true, force: true });
  };
}
