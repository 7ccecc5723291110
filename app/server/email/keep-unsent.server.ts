import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { db } from "~/server/db.server";
import { emailOutbox } from "~/server/db-tables";
import { composeMessages } from "./mailing-body.server";
import type { Mailbox } from "./mime.server";
import { dueOrder } from "./outbox-claims.server";
import type { OutboxMessage } from "./outbox.server";
import { buildMail, type Transport } from "./smtp.server";

/**
 * Without SMTP_URL nothing can be delivered: the worker (worker.server.ts) keeps each due message
 * as a readable .eml file under DATA_DIR/outbox and notes NOT_CONFIGURED on its row, which stays
 * 'pending' and is sent once a server starts with SMTP_URL set.
 */

export const NOT_CONFIGURED = "SMTP_URL not configured: kept in the outbox";

function emlName(row: OutboxMessage) {
  const stamp = row.createdAt.toISOString().replace(/[:.]/g, "-");
  return `${stamp}-${row.kind.replace(/[^A-Za-z0-9_-]/g, "_")}-${row.id}.eml`;
}

/** Without SMTP: a readable copy of each new due message, and a clear note on its row. */
export async function keepDue(
  transport: Transport,
  settings: { batchSize: number; outboxDir: string; sender: Mailbox; publicUrl: string },
): Promise<number> {
  const due = await db()
    .select()
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, "pending"),
        lte(emailOutbox.nextAttemptAt, sql`now()`),
        or(isNull(emailOutbox.lastError), ne(emailOutbox.lastError, NOT_CONFIGURED)),
      ),
    )
    .orderBy(...dueOrder)
    .limit(settings.batchSize);
  if (due.length === 0) return 0;
  const rows = await composeMessages(due);
  await fs.mkdir(settings.outboxDir, { recursive: true });
  for (const row of rows) {
    const info = (await transport.sendMail(buildMail(row, settings))) as { message: Buffer };
    await fs.writeFile(path.join(settings.outboxDir, emlName(row)), info.message);
  }
  await db()
    .update(emailOutbox)
    .set({ lastError: NOT_CONFIGURED })
    .where(
      and(
        inArray(
          emailOutbox.id,
          rows.map((r) => r.id),
        ),
        eq(emailOutbox.status, "pending"),
      ),
    );
  return rows.length;
}
