// `npm start`: builds once if there is no build yet, then serves it in production mode.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const buildDir = process.env.BUILD_DIR ?? "build";
if (!fs.existsSync(`${buildDir}/server/index.js`)) {
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= "production";
await import("../server.js");
