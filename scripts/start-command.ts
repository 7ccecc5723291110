import fs from "node:fs";

/**
 * The command `npm start` runs (package.json: glibc's arenas and the V8 heap bounded), so the
 * bench and the memory test start the server exactly as a shop does, without npm in front of it.
 */
export function npmStartCommand(): [string, string[]] {
  const { scripts } = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
    scripts: { start: string };
  };
  return ["sh", ["-c", scripts.start]];
}
