import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "~/server/data-dir-lock.server";

describe("DATA_DIR lock", () => {
  const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), "budz-lock-"));

  it("refuses a second holder while the first runs, and frees on release", () => {
    const dataDir = dir();
    // A live process other than us holds it:
    fs.writeFileSync(path.join(dataDir, "server.lock"), String(process.ppid));
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dataDir)).toThrow(/is in use by another server/);
    fs.rmSync(path.join(dataDir, "server.lock"));
    const release = lockDataDir(dataDir);
    expect(fs.readFileSync(path.join(dataDir, "server.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
  });

  it("takes over a lock left by a process that was killed", () => {
    const dataDir = dir();
    const dead = spawnSync(process.execPath, ["-e", "console.log(process.pid)"])
      .stdout.toString()
      .trim();
    expect(dead).toMatch(/^\d+$/);
    const lockFile = path.join(dataDir, "server.lock");
    fs.writeFileSync(lockFile, dead);
    const release = lockDataDir(dataDir);
    // The stale lock was replaced by one naming this process, and release removes it.
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });
});
