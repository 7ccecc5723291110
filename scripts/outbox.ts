// `npm run outbox [-- --status pending|sending|sent|failed|bounced] [--page N]`: recent emails.
// `npm run outbox -- show ID [--html]`: one email (text body, or the HTML with --html).
// `npm run outbox -- retry ID`: sends a failed or bounced email again.
// With the embedded database (PGlite) this works while the server is stopped; while it runs, read
// the .eml copies in DATA_DIR/outbox (written when SMTP_URL is unset).
import path from "node:path";
import { parseArgs } from "node:util";
import { zonedParts } from "~/lib/dates";
import { closeDatabase, openConfiguredDatabase, StartupError } from "~/server/boot.server";
import { config } from "~/server/config.server";
import {
  getOutboxMessage,
  listOutbox,
  OUTBOX_STATUSES,
  retryOutboxMessage,
  type OutboxStatus,
} from "~/server/email/outbox.server";
import { runScript, UsageError } from "./script-runner";

const USAGE =
  "usage: npm run outbox [-- --status STATUS] [--page N] | show ID [--html] | retry ID\n" +
  `  STATUS is one of ${OUTBOX_STATUSES.join(", ")}`;

function when(date: Date | null): string {
  if (!date) return "-";
  const p = zonedParts(date, config().STORE_TIMEZONE);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

function cut(text: string, width: number) {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);
}

async function list(status: OutboxStatus | undefined, page: number) {
  const result = await listOutbox({ status, page });
  if (result.total === 0) {
    console.log(status ? `No ${status} emails in the outbox.` : "The outbox is empty.");
    return;
  }
  console.log(
    `${cut("created", 16)}  ${cut("status", 8)}  ${cut("to", 28)}  ${cut("subject", 44)}  id`,
  );
  for (const m of result.items) {
    console.log(
      `${cut(when(m.createdAt), 16)}  ${cut(m.status, 8)}  ${cut(m.toAddress, 28)}  ${cut(m.subject, 44)}  ${m.id}`,
    );
    if (m.lastError && m.status !== "sent") console.log(`${" ".repeat(18)}↳ ${m.lastError}`);
  }
  console.log(
    `\nPage ${result.page} of ${result.pageCount} (${result.total} emails, times in ${config().STORE_TIMEZONE}).` +
      (config().SMTP_URL
        ? ""
        : `\nSMTP_URL is not set: emails are kept here and as .eml files in ${path.join(config().dataDir, "outbox")}.`),
  );
}

async function show(id: string, asHtml: boolean) {
  const m = await getOutboxMessage(id);
  if (!m) throw new UsageError(`No email with id ${id}`);
  if (asHtml) {
    console.log(m.html);
    return;
  }
  console.log(
    [
      `To:       ${m.toAddress}`,
      `Subject:  ${m.subject}`,
      `Kind:     ${m.kind}`,
      `Status:   ${m.status} (attempts: ${m.attempts})`,
      `Created:  ${when(m.createdAt)}`,
      `Sent:     ${when(m.sentAt)}`,
      ...(m.lastError ? [`Error:    ${m.lastError}`] : []),
      "",
      m.text,
    ].join("\n"),
  );
}

await runScript(async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      status: { type: "string" },
      page: { type: "string", default: "1" },
      html: { type: "boolean", default: false },
    },
  });
  const [command, id] = positionals;
  const status = values.status as OutboxStatus | undefined;
  if (status !== undefined && !OUTBOX_STATUSES.includes(status)) throw new UsageError(USAGE);
  const page = Number(values.page);
  if (!Number.isInteger(page) || page < 1)
    throw new UsageError("--page must be a whole number from 1");
  if (command !== undefined && !((command === "show" || command === "retry") && id)) {
    throw new UsageError(USAGE);
  }

  let release: () => void;
  try {
    ({ release } = await openConfiguredDatabase());
  } catch (error) {
    if (error instanceof StartupError && !config().DATABASE_URL) {
      throw new StartupError(
        `${error.message}\nWhile the server runs, read the .eml copies of kept emails in ${path.join(config().dataDir, "outbox")}.`,
      );
    }
    throw error;
  }
  try {
    if (command === "show") await show(id!, values.html);
    else if (command === "retry") {
      if (!(await retryOutboxMessage(id!)))
        throw new UsageError(`No failed or bounced email with id ${id}`);
      console.log("Queued again: a running server sends it within seconds, or at its next start.");
    } else await list(status, page);
  } finally {
    await closeDatabase(release);
  }
});
