// `npx tsx scripts/canada-post-fake.ts --port 4790 [--delay-ms N] [--hang]`: starts the fake Canada
// Post web services (tests/fixtures/canada-post/fake-server.ts) and prints its URL. Point the
// store's Canada Post base URL at it, with the credentials printed below.
// Change the failure mode while it runs:
//   curl -X POST URL/__fake/mode -d '{"rates":"auth"}'   (services: rates, shipment, label, void,
//   tracking or all; modes: ok, auth, server_error, rate_limited, overloaded, throttled, hang, malformed)
import { parseArgs } from "node:util";
import { FAKE_CREDENTIALS, startCanadaPostFake } from "../tests/fixtures/canada-post/fake-server";

const USAGE = "usage: npx tsx scripts/canada-post-fake.ts --port PORT [--delay-ms N] [--hang]";

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      "delay-ms": { type: "string", default: "0" },
      hang: { type: "boolean", default: false },
    },
  });
  const port = Number(values.port);
  const delayMs = Number(values["delay-ms"]);
  if (!Number.isInteger(port) || port <= 0 || !Number.isInteger(delayMs) || delayMs < 0) {
    console.error(USAGE);
    process.exit(1);
  }
  const fake = await startCanadaPostFake({
    port,
    delayMs,
    mode: values.hang ? "hang" : "ok",
  });
  console.log(fake.url);
  console.log(`credentials: ${FAKE_CREDENTIALS.username} / ${FAKE_CREDENTIALS.password}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
