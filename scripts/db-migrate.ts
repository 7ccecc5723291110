// `npm run db:migrate`: applies drizzle/ migrations to the configured database (also done at start).
import { closeDatabase, openConfiguredDatabase } from "~/server/boot.server";
import { runScript } from "./script-runner";

await runScript(async () => {
  const { handle, release } = await openConfiguredDatabase();
  console.log(`Migrations applied (${handle.driver}: ${handle.location})`);
  await closeDatabase(release);
});
