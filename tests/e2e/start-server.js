// Starts the production build on a fresh data directory for the end-to-end run: on a fresh
// PostgreSQL database of its own when the run has one (TEST_DATABASE_URL, as under CI), else on
// the embedded database. The server migrates it and fills it with the sample data.
import fs from "node:fs";
import pg from "pg";

fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
if (process.env.TEST_DATABASE_URL) {
  const name = `budz_e2e_shared_${process.env.PORT}`;
  const cluster = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await cluster.connect();
  await cluster.query(`drop database if exists ${name} with (force)`);
  await cluster.query(`create database ${name}`);
  await cluster.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
}
await import("../../server.js");
