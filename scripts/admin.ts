// `npm run admin -- create USERNAME [--role owner|manager|staff]`,
// `npm run admin -- reset-password USERNAME` (recovery from the server's shell: it also reactivates a
// deactivated admin) and `npm run admin -- reset-2fa USERNAME` (two-factor sign-in off, sessions
// ended: for an admin who lost their phone and their recovery codes). The password is read from
// ADMIN_PASSWORD when set, else generated and printed once.
import { parseArgs } from "node:util";
import {
  createAdminUser,
  findAdminByUsername,
  generatePassword,
  resetAdminPassword,
} from "~/server/auth/admin-users.server";
import { resetTwoFactor } from "~/server/auth/two-factor.server";
import { ADMIN_ROLES, isAdminRole } from "~/lib/permissions";
import { closeDatabase, openConfiguredDatabase } from "~/server/boot.server";
import { runScript, UsageError } from "./script-runner";

const USAGE =
  "usage: npm run admin -- create USERNAME [--role owner|manager|staff] | reset-password USERNAME | reset-2fa USERNAME";

await runScript(async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { role: { type: "string", default: "staff" } },
  });
  const [command, username] = positionals;
  if (!username || !["create", "reset-password", "reset-2fa"].includes(command ?? ""))
    throw new UsageError(USAGE);
  if (!/^[A-Za-z0-9._-]{3,40}$/.test(username)) {
    throw new UsageError("USERNAME must be 3-40 letters, digits, dots, dashes or underscores");
  }
  if (command === "reset-2fa") {
    const { release } = await openConfiguredDatabase();
    try {
      const result = await resetTwoFactor({ username });
      if (!result.ok) throw new UsageError(`No admin named ${username}`);
      console.log(
        `Two-factor sign-in of ${result.username} reset; their sessions are signed out. They sign in with their password and set it up again.`,
      );
    } finally {
      await closeDatabase(release);
    }
    return;
  }
  const role = values.role;
  if (!isAdminRole(role)) throw new UsageError(`--role must be one of ${ADMIN_ROLES.join(", ")}`);
  const given = process.env.ADMIN_PASSWORD;
  if (given !== undefined && given.length < 8)
    throw new UsageError("ADMIN_PASSWORD must be at least 8 characters");
  const password = given || generatePassword();

  const { release } = await openConfiguredDatabase();
  try {
    if (command === "create") {
      if (await findAdminByUsername(username))
        throw new UsageError(`An admin named ${username} already exists`);
      await createAdminUser({ username, password, role });
      console.log(`Created ${role} ${username}.`);
    } else {
      if (!(await resetAdminPassword(username, password)))
        throw new UsageError(`No admin named ${username}`);
      console.log(`Password of ${username} reset; their sessions are signed out.`);
    }
    if (!given) console.log(`password: ${password}  (shown only now)`);
  } finally {
    await closeDatabase(release);
  }
});
