import type { TestProject } from "vitest/node";
import { createPostgresTemplate, migratedPgliteTemplate } from "../fixtures/database";

const TEMPLATE_DB = `budz_test_template_${process.pid}`;

/**
 * Migrates the schema once: into the PGlite template whose dump every test file starts from (kept
 * between runs), or, when TEST_DATABASE_URL is set, into a PostgreSQL template database that every
 * test file copies.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    await createPostgresTemplate(TEMPLATE_DB);
    project.provide("postgresTemplate", TEMPLATE_DB);
    return;
  }
  project.provide("pgliteTemplate", (await migratedPgliteTemplate()).dump);
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate?: string;
    postgresTemplate?: string;
  }
}
