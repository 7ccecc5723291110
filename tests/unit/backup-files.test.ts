import { execFileSync, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeFailure } from "~/server/backup/backup.server";
import { backupsToPrune } from "~/server/backup/retention.server";
import { runSqlScript, settingOf, SqlStatementSplitter } from "~/server/backup/sql-script.server";
import { createTarGz, readTarGz } from "~/server/backup/tar.server";
import { parseConfig } from "~/server/config.server";
import { formatBytes } from "~/lib/text";

/** Splits `text` fed in pieces of `size` characters. */
function split(text: string, size: number): string[] {
  const splitter = new SqlStatementSplitter();
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...splitter.push(text.slice(i, i + size)));
  out.push(...splitter.end());
  return out.map((statement) => statement.trim());
}

const SCRIPT = `--
-- PostgreSQL database dump
--

\\restrict AbC123

SET statement_timeout = 0;
SET transaction_timeout = 0;
SELECT pg_catalog.set_config('search_path', '', false);
CREATE FUNCTION public.f() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  RAISE EXCEPTION 'no; never';
END;
$$;
INSERT INTO public.pages VALUES (1, 'It''s; here', E'back\\\\slash\\'; quote', "odd;name", $tag$ a $$ b; $tag$);
/* a block /* nested; */ comment */ INSERT INTO public.t VALUES ('--not a comment;');
-- a comment; with a semicolon
INSERT INTO public.t VALUES ('line
break;');

\\unrestrict AbC123
`;

const EXPECTED = [
  "SET statement_timeout = 0;",
  "SET transaction_timeout = 0;",
  "SELECT pg_catalog.set_config('search_path', '', false);",
  "CREATE FUNCTION",
  "INSERT INTO public.pages",
  "/* a block /* nested; */ comment */ INSERT INTO public.t VALUES ('--not a comment;');",
  "-- a comment; with a semicolon\nINSERT INTO public.t VALUES ('line\nbreak;');",
];

describe("the dump's statement splitter", () => {
  it("cuts at the semicolons that end statements, never inside quotes, dollar quotes or comments, whatever the chunk size", () => {
    for (const size of [1, 2, 3, 7, 64, SCRIPT.length]) {
      const statements = split(SCRIPT, size);
      expect(statements.length, `chunks of ${size}`).toBe(EXPECTED.length);
      statements.forEach((statement, i) => expect(statement.startsWith(EXPECTED[i]!)).toBe(true));
    }
    expect(split(SCRIPT, 5)[3]).toContain("RAISE EXCEPTION 'no; never';\nEND;\n$$;");
    expect(split(SCRIPT, 5)[4]).toContain(`"odd;name", $tag$ a $$ b; $tag$);`);
  });

  it("refuses a dump cut in the middle of a statement, and COPY data", () => {
    expect(() => split("INSERT INTO t VALUES ('open", 4)).toThrow("middle of a statement");
    expect(() => split("COPY public.t (a) FROM stdin;\n1\n\\.\n", 8)).toThrow("COPY");
  });

  it("leaves out a SET the target server does not know, and batches whole statements", async () => {
    expect(settingOf("SET transaction_timeout = 0;")).toBe("transaction_timeout");
    expect(settingOf("SELECT 1;")).toBeUndefined();
    const batches: string[] = [];
    const ran = await runSqlScript(
      (async function* () {
        yield SCRIPT;
      })(),
      async (batch) => void batches.push(batch),
      { knownSettings: new Set(["statement_timeout"]), batchBytes: 50 },
    );
    expect(ran).toBe(EXPECTED.length - 1);
    expect(batches.join("\n")).not.toContain("transaction_timeout");
    expect(batches.length).toBeGreaterThan(1);
  });
});

describe("the backup file's container", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "budz-tar-"));
  const sha256 = (body: Buffer) => crypto.createHash("sha256").update(body).digest("hex");

  /** Every member's bytes, by name, in the archive's order. */
  async function readAll(file: string): Promise<Record<string, Buffer>> {
    const read: Record<string, Buffer> = {};
    await readTarGz(file, async (member) => {
      const chunks: Buffer[] = [];
      for await (const chunk of member.body) chunks.push(chunk);
      read[member.path] = Buffer.concat(chunks);
      expect(read[member.path]!.length).toBe(member.size);
    });
    return read;
  }

  /** What GNU tar lists (`tar tvzf`): it reads the file as the backup's README says it can. */
  function tarListing(file: string): string {
    return execFileSync("tar", ["tvzf", file], { encoding: "utf8", stdio: "pipe" });
  }

  it("writes members a reader (and GNU tar) gets back byte for byte, with their checksums, whatever their names' length", async () => {
    const big = crypto.randomBytes(3 * 1024 * 1024 + 17);
    fs.writeFileSync(path.join(dir, "big.bin"), big);
    const file = path.join(dir, "a.tar.gz");
    // Past ustar's fields: a 150-byte file name (its name field holds 100), a 300-byte path (its
    // prefix and name hold 255) and a name in UTF-8.
    const longName = `images/products/${"n".repeat(150)}.webp`;
    const longPath = `images/${"directory/".repeat(30)}photo.webp`;
    const accented = "images/products/crème-brûlée.webp";
    const writer = createTarGz(file);
    const written = [
      await writer.addBuffer("backup.json", Buffer.from("{}")),
      await writer.addFile("images/products/big.bin", path.join(dir, "big.bin")),
      await writer.addBuffer("empty", Buffer.alloc(0)),
      await writer.addBuffer(longName, Buffer.from("long name")),
      await writer.addBuffer(longPath, Buffer.from("long path")),
      await writer.addBuffer(accented, Buffer.from("é")),
    ];
    await writer.finish();
    expect(written[1]).toEqual({
      path: "images/products/big.bin",
      size: big.length,
      sha256: sha256(big),
    });
    expect(longPath.length).toBeGreaterThan(255);

    const read = await readAll(file);
    expect(Object.keys(read)).toEqual(written.map((member) => member.path));
    expect(read["images/products/big.bin"]!.equals(big)).toBe(true);
    expect(read["empty"]!.length).toBe(0);
    expect(read[longName]!.toString()).toBe("long name");
    expect(read[longPath]!.toString()).toBe("long path");
    expect(read[accented]!.toString()).toBe("é");
    const listing = tarListing(file);
    for (const member of written) expect(listing).toContain(member.path);

    // Cut short: refused, never read as complete.
    const cut = path.join(dir, "cut.tar.gz");
    fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, 200_000));
    await expect(readAll(cut)).rejects.toThrow("The backup file is cut short");
    // Not a gzip'd tar at all.
    const text = path.join(dir, "text.tar.gz");
    fs.writeFileSync(text, "not a backup");
    await expect(readAll(text)).rejects.toThrow("The backup file is damaged");
  });

  it("reads the archives the earlier hand-made ustar writer wrote (backups taken before tar-stream)", async () => {
    // Written by that writer (prefix field for the long path, an empty member); the checksums are
    // the ones it reported then.
    const read = await readAll("tests/fixtures/backups/old-ustar-writer.tar.gz");
    const longPath = `images/products/${"a-long-directory-name/".repeat(5)}a-long-file-name-in-the-prefix-field.webp`;
    expect(Object.keys(read)).toEqual([
      "backup.json",
      "database.sql",
      "images/products/empty.webp",
      longPath,
    ]);
    expect(read["backup.json"]!.toString()).toBe('{"format":"budz-boutique-backup"}\n');
    expect(read["database.sql"]!.toString()).toBe("SELECT 1;\n".repeat(100));
    expect(read["images/products/empty.webp"]!.length).toBe(0);
    expect(sha256(read[longPath]!)).toBe(
      "b5811a6d9a2e1ebb62a6ba35355a96eb93c0278966b2cc0990aa240c138ec150",
    );
  });

  it("declares a member past ustar's 8 GiB with its whole size (the reader and GNU tar read it)", async () => {
    // Writing 9 GiB is too slow for a test: the member's first MiBs are written (random, so gzip
    // passes them to the file at once), then its source fails, as a backup's file can; what reached
    // the disk holds the member's header.
    const size = 9 * 1024 ** 3;
    const file = path.join(dir, "huge.tar.gz");
    const writer = createTarGz(file);
    const onDisk = () => (fs.existsSync(file) ? fs.statSync(file).size : 0);
    const source = async function* () {
      for (let i = 0; i < 64 && onDisk() < 256 * 1024; i++) yield crypto.randomBytes(256 * 1024);
      throw new Error("the source stops here");
    };
    await expect(writer.addStream("images/huge.bin", size, source())).rejects.toThrow(
      "the source stops here",
    );
    writer.abort();

    const sizes: number[] = [];
    const reading = readTarGz(file, async (member) => void sizes.push(member.size));
    await expect(reading).rejects.toThrow("The backup file is cut short");
    expect(sizes).toEqual([size]);
    const listing = spawnSync("tar", ["tvzf", file], { encoding: "utf8" }).stdout;
    expect(listing).toMatch(new RegExp(`\\s${size}\\s.*images/huge\\.bin`));
  });

  it("says the disk is full when it is, naming BACKUP_DIR", async () => {
    const writer = createTarGz("/dev/full");
    const failure = await writer
      .addBuffer("database.sql", crypto.randomBytes(4 * 1024 * 1024))
      .then(() => writer.finish())
      .catch((error: unknown) => error);
    writer.abort();
    expect(describeFailure(failure, "/backups")).toBe(
      "BACKUP_DIR /backups is full (no space left on the device): free some space or point BACKUP_DIR at a larger disk. Older backups were kept.",
    );
    const denied = Object.assign(new Error("EACCES"), { code: "EACCES" });
    expect(describeFailure(denied, "/backups")).toContain("BACKUP_DIR /backups is not writable");
  });
});

describe("backup generations", () => {
  const zone = "America/Vancouver";
  // Noon in Vancouver on day d of November 2026 (20:00 UTC).
  const at = (d: number, hour = 12) => new Date(Date.UTC(2026, 10, d, hour + 8));
  const backup = (d: number, verified: boolean | null = true, hour = 12) => ({
    name: `b-${d}-${hour}`,
    createdAt: at(d, hour),
    verified,
  });

  it("keeps the newest of each of the last 7 days and 4 weeks, and deletes nothing before a newer one verifies", () => {
    // One backup a day from 1 to 40 days back (the newest on day 30), and two on day 29.
    const backups = [...Array.from({ length: 30 }, (_, i) => backup(i + 1)), backup(29, true, 6)];
    const now = at(30, 13);
    const doomed = new Set(backupsToPrune(backups, { daily: 7, weekly: 4 }, zone, now));
    const kept = backups.filter((b) => !doomed.has(b.name)).map((b) => b.name);
    // Days 24-30 (the newest of day 29 only), plus the newest of the 4 weeks: Sundays 29, 22, 15, 8
    // start them, so the newest of week 22-28 is day 28 (kept already), of 15-21 day 21, of 8-14 day 14.
    expect(kept).toEqual([
      "b-14-12",
      "b-21-12",
      "b-24-12",
      "b-25-12",
      "b-26-12",
      "b-27-12",
      "b-28-12",
      "b-29-12",
      "b-30-12",
    ]);

    // Nothing verified: nothing goes. A newer unverified one, or one of the last 24 hours, stays.
    expect(
      backupsToPrune(
        backups.map((b) => ({ ...b, verified: null })),
        { daily: 1, weekly: 0 },
        zone,
        now,
      ),
    ).toEqual([]);
    const fresh = [
      backup(30, true, 9),
      backup(30, true, 10),
      backup(30, null, 11),
      backup(28, false),
    ];
    expect(backupsToPrune(fresh, { daily: 1, weekly: 0 }, zone, now)).toEqual(["b-28-12"]);
  });

  it("keeps the newest of each of the last `monthly` months too (the bucket's generations)", () => {
    // One a day for 100 days back from 2026-11-30 (12:00 local): daily 2 and weekly 0 keep the
    // last two days; monthly 3 adds the newest of October and September.
    const day = (i: number) => {
      const date = new Date(Date.UTC(2026, 10, 30, 20) - i * 86_400_000);
      return { name: date.toISOString().slice(0, 10), createdAt: date, verified: true };
    };
    const backups = Array.from({ length: 100 }, (_, i) => day(i));
    const now = new Date(Date.UTC(2026, 11, 1, 22));
    const doomed = new Set(backupsToPrune(backups, { daily: 2, weekly: 0, monthly: 3 }, zone, now));
    expect(backups.filter((b) => !doomed.has(b.name)).map((b) => b.name)).toEqual([
      "2026-11-30",
      "2026-11-29",
      "2026-10-31",
      "2026-09-30",
    ]);
    // Without `monthly` (BACKUP_DIR's generations) nothing changes.
    expect(backupsToPrune(backups, { daily: 2, weekly: 0 }, zone, now)).toHaveLength(98);
  });

  it("reads the settings with their defaults", () => {
    const config = parseConfig({ DATA_DIR: "/srv/budz" });
    expect(config.backupDir).toBe("/srv/budz/backups");
    expect([config.BACKUP_HOUR, config.BACKUP_KEEP_DAILY, config.BACKUP_KEEP_WEEKLY]).toEqual([
      3, 7, 4,
    ]);
    expect(parseConfig({ BACKUP_DIR: "/mnt/other" }).backupDir).toBe("/mnt/other");
    expect(() => parseConfig({ BACKUP_HOUR: "24" })).toThrow("BACKUP_HOUR");
  });
});

describe("formatBytes (backup and image sizes)", () => {
  it("names each size in the largest unit under 1,024 of it", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(850 * 1024)).toBe("850 KB");
    expect(formatBytes(1.25 * 1024 * 1024)).toBe("1.3 MB");
    expect(formatBytes(29.4 * 1024 ** 2)).toBe("29 MB");
    expect(formatBytes(3 * 1024 ** 4)).toBe("3.0 TB");
  });
});
