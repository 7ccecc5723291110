// The row count of every table and the last migration applied: what a backup's manifest records and
// what its verification and a restore compare. Plain JavaScript (typed with JSDoc, checked by tsc)
// because the dump worker (dump-worker.js) runs it as it is beside the server's own modules.

/**
 * Runs one statement and answers its rows.
 * @typedef {(sql: string) => Promise<Record<string, unknown>[]>} Query
 */

/**
 * drizzle's last applied migration (created_at = the journal's `when`).
 * @typedef {{ createdAt: number; hash: string }} LastMigration
 */

/** The user tables (every schema but the system's), for the counts. */
const TABLES_SQL = `select n.nspname as schema, c.relname as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
  order by 1, 2`;

const LAST_MIGRATION_SQL = `select hash, created_at from drizzle.__drizzle_migrations
  order by created_at desc limit 1`;

/** @param {string} name */
const quote = (name) => `"${name.replace(/"/g, '""')}"`;

/**
 * Counts every table through `query` (one connection, so one snapshot when in a transaction).
 * @param {Query} query
 * @returns {Promise<Record<string, number>>} "schema.table" → rows
 */
export async function countTables(query) {
  const tables = /** @type {{ schema: string; name: string }[]} */ (await query(TABLES_SQL));
  if (!tables.length) return {};
  const [row] = await query(
    `select ${tables
      .map((t, i) => `(select count(*) from ${quote(t.schema)}.${quote(t.name)}) as c${i}`)
      .join(", ")}`,
  );
  /** @type {Record<string, number>} */
  const counts = {};
  tables.forEach((t, i) => (counts[`${t.schema}.${t.name}`] = Number(row?.[`c${i}`])));
  return counts;
}

/**
 * The last migration applied, or null (none, or no migrations table).
 * @param {Query} query
 * @returns {Promise<LastMigration | null>}
 */
export async function lastMigration(query) {
  try {
    const [row] = await query(LAST_MIGRATION_SQL);
    return row ? { createdAt: Number(row.created_at), hash: String(row.hash) } : null;
  } catch {
    return null;
  }
}
