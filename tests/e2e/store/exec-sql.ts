// Test helper (not a spec): `DATA_DIR=… npx tsx tests/e2e/store/exec-sql.ts "<sql>"` runs one
// statement on a stopped server's database (a running server holds the PGlite lock).
import { sql } from "drizzle-orm";
import { closeDatabase, openConfiguredDatabase } from "~/server/boot.server";
import { db } from "~/server/db.server";

const { release } = await openConfiguredDatabase();
await db().execute(sql.raw(process.argv[2] ?? "select 1"));
await closeDatabase(release);
