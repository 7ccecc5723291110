// Starts the production build on a fresh data directory for the end-to-end run.
import fs from "node:fs";

fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import("../../server.js");
