// `npm run images:move -- --to s3`: copies DATA_DIR/images and DATA_DIR/labels to the S3_* bucket
// (STORAGE may still be disk); `--to disk` copies the bucket's objects back. Resumable: run it
// again after a failure. See app/server/images/move.server.ts and docs/decisions/object-storage.md.
import { parseArgs } from "node:util";
import { config } from "~/server/config.server";
import { BucketError } from "~/server/object-storage/bucket.server";
import { moveFiles, movePairs, moveReport } from "~/server/images/move.server";
import { runScript, UsageError } from "./script-runner";

await runScript(async () => {
  const { values } = parseArgs({ options: { to: { type: "string" } } });
  if (values.to !== "s3" && values.to !== "disk")
    throw new UsageError("Usage: npm run images:move -- --to s3 | --to disk");
  if (!config().S3_BUCKET)
    throw new UsageError(
      "Set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).",
    );
  const to = values.to;
  console.log(
    to === "s3"
      ? `Copying ${config().dataDir}/{images,labels} to the bucket ${config().S3_BUCKET}…`
      : `Copying the bucket ${config().S3_BUCKET} to ${config().dataDir}/{images,labels}…`,
  );
  try {
    const summary = await moveFiles(movePairs(to), (line) => console.log(line));
    console.log(moveReport(to, summary));
    process.exitCode = summary.failures.length ? 1 : 0;
  } catch (error) {
    // Listing failed (the bucket refused the keys, cannot be reached): one line, no stack.
    if (error instanceof BucketError) throw new UsageError(`Nothing copied: ${error.message}`);
    throw error;
  }
});
