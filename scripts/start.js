// `npm start`: builds once if there is no build yet (its output kept in build.log, not on the
// screen), then serves it in production mode.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const buildDir = process.env.BUILD_DIR ?? "build";
if (!fs.existsSync(`${buildDir}/server/index.js`)) {
  const log = "build.log";
  console.log(
    `Building the store for its first start (a minute or so; the output goes to ${log})…`,
  );
  const out = fs.openSync(log, "w");
  const result = spawnSync("npm", ["run", "build"], { stdio: ["ignore", out, out] });
  fs.closeSync(out);
  if (result.status !== 0) {
    const lines = fs.readFileSync(log, "utf8").trimEnd().split("\n");
    console.error(lines.slice(-30).join("\n"));
    console.error(`\nThe build failed (the whole output is in ${log}).`);
    process.exit(result.status ?? 1);
  }
}
process.env.NODE_ENV ??= "production";
await import("../server.js");
