import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createPostgresTemplate, writePgliteTemplate } from "../fixtures/database";

const TEMPLATE_DUMP = path.resolve(`.tmp/pglite-template-${process.pid}.tar.gz`);
const TEMPLATE_DB = `budz_test_template_${process.pid}`;

/**
 * Migrates the schema once: into a PGlite dump that every test file starts from, and, when
 * TEST_DATABASE_URL is set, into a PostgreSQL template database that every test file copies.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    await createPostgresTemplate(TEMPLATE_DB);
    project.provide("postgresTemplate", TEMPLATE_DB);
    return;
  }
  await writePgliteTemplate(TEMPLATE_DUMP);
  project.provide("pgliteTemplate", TEMPLATE_DUMP);
  return () => fs.rmSync(TEMPLATE_DUMP, { force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate?: string;
    postgresTemplate?: string;
  }
}
