import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * PostgreSQL's client programs (pg_dump) as installed: on PATH, or where the packages put them
 * (Debian/Ubuntu /usr/lib/postgresql/<major>/bin, RHEL /usr/pgsql-<major>/bin, Homebrew), the
 * newest major version found: pg_dump must be at least as new as the server it dumps.
 */
interface PgProgram {
  path: string;
  major: number;
}

function candidates(name: string): string[] {
  const found: string[] = [];
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir) found.push(path.join(dir, name));
  }
  const globbed = (parent: string, pattern: RegExp, tail: string) => {
    try {
      for (const entry of fs.readdirSync(parent)) {
        if (pattern.test(entry)) found.push(path.join(parent, entry, tail, name));
      }
    } catch {
      // not there
    }
  };
  globbed("/usr/lib/postgresql", /^\d+$/, "bin");
  globbed("/usr", /^pgsql-\d+$/, "bin");
  globbed("/opt/homebrew/opt", /^postgresql(@\d+)?$/, "bin");
  globbed("/usr/local/opt", /^postgresql(@\d+)?$/, "bin");
  found.push(path.join("/usr/local/pgsql/bin", name));
  return [...new Set(found)];
}

function versionOf(program: string): number | undefined {
  try {
    fs.accessSync(program, fs.constants.X_OK);
    const out = execFileSync(program, ["--version"], { encoding: "utf8", timeout: 10_000 });
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(out);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** The newest installed `name` (pg_dump…), or undefined when none is installed. */
export function findPgProgram(name: string): PgProgram | undefined {
  let best: PgProgram | undefined;
  for (const program of candidates(name)) {
    const major = versionOf(program);
    if (major !== undefined && (!best || major > best.major)) best = { path: program, major };
  }
  return best;
}

export const PG_DUMP_MISSING =
  "pg_dump is not installed: a backup of a PostgreSQL database needs PostgreSQL's client programs (Debian/Ubuntu: apt-get install postgresql-client), at least as new as the server";
