import { afterAll, beforeAll } from "vitest";
import { startDovecot, type RunningDovecot } from "../fixtures/dovecot-server";

export { startDovecot };

/**
 * A Dovecot for the test file: started before its tests (skipped with the reason when Dovecot is
 * not installed: the hook fails with it), stopped and removed after them.
 */
export function dovecotForFile(): Pick<RunningDovecot, "settings" | "append" | "listFolder"> & {
  log(): string;
} {
  let server: RunningDovecot | undefined;
  const running = () => {
    if (!server) throw new Error("Dovecot is not running (see the beforeAll error)");
    return server;
  };
  beforeAll(async () => {
    server = await startDovecot();
  });
  afterAll(async () => {
    await server?.stop();
    server = undefined;
  });
  return {
    settings: () => running().settings(),
    append: (folder, raw, flags) => running().append(folder, raw, flags),
    listFolder: (folder) => running().listFolder(folder),
    log: () => running().log(),
  };
}
