import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let version: string | undefined;

/** package.json's version (in every backup's manifest). */
export function appVersion(): string {
  if (version) return version;
  // Both this file and the bundled build/server/index.js sit two levels below the root.
  const beside = fileURLToPath(new URL("../../package.json", import.meta.url));
  const file = fs.existsSync(beside) ? beside : path.resolve("package.json");
  try {
    version = String((JSON.parse(fs.readFileSync(file, "utf8")) as { version?: string }).version);
  } catch {
    version = "unknown";
  }
  return version;
}
