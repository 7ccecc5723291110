import { ConfigError } from "~/server/config.server";
import { StartupError } from "~/server/boot.server";

/** Runs a command-line script: operator errors print one line and exit 1, never a stack trace. */
export async function runScript(main: () => Promise<void>) {
  try {
    await main();
  } catch (error) {
    if (
      error instanceof ConfigError ||
      error instanceof StartupError ||
      error instanceof UsageError ||
      isParseArgsError(error)
    ) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  }
}

export class UsageError extends Error {}

/** node:util parseArgs refusing the command line (an unknown flag, `--products -1`). */
function isParseArgsError(error: unknown): error is Error {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("ERR_PARSE_ARGS_");
}
