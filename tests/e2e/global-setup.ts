import fs from "node:fs";
import path from "node:path";
import {
  createPostgresTemplate,
  dropPostgresDatabase,
  migratedPgliteTemplate,
  POSTGRES_TEMPLATE_ENV,
} from "../fixtures/database";
import { AXE_CLAIMS_ENV } from "./axe";

/**
 * Makes sure the migrated PGlite template exists (kept between runs), and migrates an empty
 * PostgreSQL database when the run has one (TEST_DATABASE_URL): every spec's own store starts as a
 * copy of one of them (tests/fixtures/database.ts). Makes the run's directory of screens already
 * scanned for accessibility (./axe.ts). The workers find the PostgreSQL template and that directory
 * through the environment.
 */
export default async function globalSetup() {
  await migratedPgliteTemplate();
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
    fs.rmSync(claims, { recursive: true, force: true });
  };
}
