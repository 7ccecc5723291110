// Test helper (not a spec): `DATA_DIR=… npx tsx tests/e2e/store/set-announcement.ts '{"isActive":false}'`
// changes the 'main' announcement of a stopped server's database.
import { eq } from "drizzle-orm";
import { closeDatabase, openConfiguredDatabase } from "~/server/boot.server";
import { db } from "~/server/db.server";
import { announcements } from "~/server/schema";

const values = JSON.parse(process.argv[2] ?? "{}") as Record<string, unknown>;
for (const key of ["startDate", "endDate"]) {
  if (typeof values[key] === "string") values[key] = new Date(values[key] as string);
}
const { release } = await openConfiguredDatabase();
await db()
  .update(announcements)
  .set(values as Partial<typeof announcements.$inferInsert>)
  .where(eq(announcements.name, "main"));
await closeDatabase(release);
