import fs from "node:fs";
import { expect, it } from "vitest";
import { POSTGRES_PASS } from "../../vitest.config";

it("names only integration files that exist in the PostgreSQL pass", () => {
  const missing = POSTGRES_PASS.filter((file) => !fs.existsSync(file));
  expect(missing).toEqual([]);
  for (const file of POSTGRES_PASS)
    expect(file).toMatch(/^(app\/server|tests\/integration)\/.*\.test\.ts$/);
});
