import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}"],
          exclude: ["app/server/**"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          // One file per core: each file has its own database, so files run side by side.
          // (Vitest's default leaves a core idle for its main process.)
          maxWorkers: os.availableParallelism(),
          include: ["app/server/**/*.test.ts", "tests/integration/**/*.test.ts"],
          globalSetup: ["tests/setup/integration-global.ts"],
          setupFiles: [
            "tests/setup/fail-on-console-error.ts",
            "tests/setup/integration-database.ts",
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          env: {
            NODE_ENV: "test",
            LOG_LEVEL: "silent",
            ETRANSFER_EMAIL: "payments@budzboutique.ca",
          },
        },
      },
      {
        extends: true,
        test: {
          // Runs the production build as a real process (npm test builds first).
          name: "process",
          include: ["tests/process/**/*.test.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
