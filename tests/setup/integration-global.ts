import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openPglite, openPostgres } from "~/server/db.server";

const TEMPLATE_DUMP = path.resolve(`.tmp/pglite-template-${process.pid}.tar.gz`);
const TEMPLATE_DB = `budz_test_template_${process.pid}`;

/**
 * Migrates the schema once: into a PGlite dump that every test file starts from, and, when
 * TEST_DATABASE_URL is set, into a PostgreSQL template database that every test file copies.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB}`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    const templateUrl = withDatabase(url, TEMPLATE_DB);
    const handle = openPostgres(templateUrl, 1);
    await migrateDatabase(handle, templateUrl);
    await handle.close();
    await admin.end();
    project.provide("postgresTemplate", TEMPLATE_DB);
    return;
  }
  const handle = await openPglite({});
  await migrateDatabase(handle);
  const dump = await handle.pglite!.dumpDataDir("gzip");
  fs.mkdirSync(path.dirname(TEMPLATE_DUMP), { recursive: true });
  fs.writeFileSync(TEMPLATE_DUMP, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide("pgliteTemplate", TEMPLATE_DUMP);
  return () => fs.rmSync(TEMPLATE_DUMP, { force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate?: string;
    postgresTemplate?: string;
  }
}
