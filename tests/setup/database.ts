import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { databaseHandle, db } from "~/server/db.server";
import { forgetStoreSettings } from "~/server/settings/store-settings.server";

/** Empties every table (tests that need a clean slate call it in beforeEach). */
export async function resetDatabase() {
  const tables = (await db().execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as unknown as { rows: { tablename: string }[] };
  const names = tables.rows.map((t) => `"${t.tablename}"`);
  if (names.length > 0)
    await db().execute(sql.raw(`truncate ${names.join(", ")} restart identity cascade`));
  // The settings are read again (and seeded again) from the emptied table.
  forgetStoreSettings();
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
