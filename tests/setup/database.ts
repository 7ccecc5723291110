import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { databaseHandle, db } from "~/server/db.server";
import { forgetStoreSettings } from "~/server/settings/store-settings.server";

/**
 * Empties every table (tests that need a clean slate call it in beforeEach) and restarts the
 * identity columns, as TRUNCATE … RESTART IDENTITY would, in one round trip. DELETE with the
 * foreign-key (and other) triggers off: TRUNCATE makes new files for every table and index, which
 * cost PGlite about 0.3 s a reset, over a minute of the suite.
 */
export async function resetDatabase() {
  resetStatement ??= await buildResetStatement();
  const handle = databaseHandle();
  // Several statements: PGlite's exec and node-postgres's unparameterised query both take them.
  if (handle.pglite) await handle.pglite.exec(resetStatement);
  else await db().execute(sql.raw(resetStatement));
  // The settings are read again (and seeded again) from the emptied table.
  forgetStoreSettings();
}

let resetStatement: string | undefined;

async function buildResetStatement(): Promise<string> {
  const names = async (query: string) =>
    ((await db().execute(sql.raw(query))) as unknown as { rows: { name: string }[] }).rows.map(
      (row) => `"${row.name}"`,
    );
  const tables = await names(`select tablename as name from pg_tables where schemaname = 'public'`);
  // The sequences of identity columns (not order_number_seq, which TRUNCATE never restarted).
  const sequences = await names(`select s.relname as name from pg_class s
    join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
    where s.relkind = 'S' and s.relnamespace = 'public'::regnamespace`);
  return [
    "set session_replication_role = replica",
    ...tables.map((table) => `delete from ${table}`),
    "set session_replication_role = origin",
    ...sequences.map((sequence) => `select setval('${sequence}', 1, false)`),
  ].join(";\n");
}

/** Which driver this run uses, for tests that only make sense on one of them. */
export function testDriver() {
  return databaseHandle().driver;
}

/** The arguments of each statement sent to the PGlite client while fn runs (PGlite runs only). */
export async function pgliteQueries(
  fn: () => Promise<unknown>,
): Promise<Parameters<PGlite["query"]>[]> {
  const client = databaseHandle().pglite!;
  const original = client.query.bind(client);
  const calls: Parameters<PGlite["query"]>[] = [];
  client.query = ((...args: Parameters<typeof original>) => {
    calls.push(args);
    return original(...args);
  }) as typeof client.query;
  try {
    await fn();
  } finally {
    client.query = original;
  }
  return calls;
}
