import { and, asc, eq, lte, sql } from "drizzle-orm";
import { changedFields, recordAudit, type AuditActor } from "../audit/audit-log.server";
import { campaignAudience, type CampaignStatus } from "~/lib/campaigns";
import { zonedTime } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import { CAMPAIGN_MESSAGES, parseLocalDateTime, type CampaignInput } from "~/schemas/campaigns";
import type { Result } from "~/lib/errors";
import type { FormErrors } from "~/lib/form";
import { config } from "../config.server";
import { db, type Transaction } from "../db.server";
import { wakeWorker } from "../email/worker.server";
import { logger } from "../logger.server";
import { emailCampaigns } from "../db-tables";
import { addCampaignTracking } from "./campaign-html.server";
import { sanitizeMailingHtml } from "./mailing-html.server";
import { countAudience, queueMailing, queueTestMailing } from "./mailing.server";
import { mailingAddressRefusal } from "../settings/store-settings.server";

/**
 * Campaign rules: only drafts are edited; a draft is sent now or scheduled; a schedule can be
 * cancelled back to a draft; a sent campaign stays as it was sent (its figures come from the
 * outbox). Sending flips the status with a guarded update in the same transaction that queues the
 * mail, so a campaign is sent exactly once however many people or workers try at the same time.
 */

export const CAMPAIGN_NOT_FOUND = "This campaign does not exist (it may have been deleted).";
export const CAMPAIGN_LOCKED =
  "Only drafts can be changed: this campaign has already been scheduled or sent. Reload the page to see it.";
export const CAMPAIGN_ALREADY_SENT = "This campaign has already been sent.";
export const EMPTY_AUDIENCE =
  "Nobody in this audience has agreed to receive email yet, so nothing would be sent. Choose other recipients or save it as a draft.";
const MAX_SCHEDULE_DAYS = 730;

type Failure = { ok: false; status: 400 | 404 | 409; errors: FormErrors };
type SaveCampaignResult =
  { ok: true; id: string; status: CampaignStatus; queued?: number; scheduledAt?: Date } | Failure;

const fail = (status: Failure["status"], errors: FormErrors): Failure => ({
  ok: false,
  status,
  errors,
});

/** The send time typed in the store's time zone, or the message saying what is wrong with it. */
function scheduleTime(
  sendAt: string,
  timeZone: string,
  now = new Date(),
): { at: Date } | { error: string } {
  const parts = parseLocalDateTime(sendAt);
  if (!parts) return { error: CAMPAIGN_MESSAGES.sendAtFormat };
  const at = zonedTime(timeZone, parts.year, parts.month, parts.day, parts.hour, parts.minute);
  if (at.getTime() <= now.getTime()) return { error: CAMPAIGN_MESSAGES.sendAtPast };
  if (at.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000)
    return { error: "Choose a time within the next two years" };
  return { at };
}

/**
 * Sends one campaign inside the caller's transaction, if it is still in `from` (and, for a
 * scheduled one, due): status to sent, links rewritten for tracking, one outbox row per
 * recipient. Undefined when someone else got there first.
 */
async function sendCampaignInTransaction(
  tx: Transaction,
  id: string,
  from: "draft" | "scheduled",
): Promise<{ queued: number } | undefined> {
  const [campaign] = await tx
    .update(emailCampaigns)
    .set({ status: "sent", sentAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(emailCampaigns.id, id),
        eq(emailCampaigns.status, from),
        from === "scheduled" ? lte(emailCampaigns.scheduledAt, sql`now()`) : undefined,
      ),
    )
    .returning();
  if (!campaign) return undefined;
  const { html, links } = addCampaignTracking(campaign.bodyHtml, config().publicUrl);
  const { queued } = await queueMailing(tx, {
    kind: "campaign",
    campaignId: campaign.id,
    subject: campaign.subject,
    bodyHtml: html,
    audience: campaignAudience(campaign),
  });
  await tx
    .update(emailCampaigns)
    .set({ links, recipientCount: queued })
    .where(eq(emailCampaigns.id, campaign.id));
  return { queued };
}

/** Why a campaign could not be changed: gone (404) or no longer a draft (409). */
async function notEditable(tx: Transaction, id: string): Promise<Failure> {
  const [row] = await tx
    .select({ status: emailCampaigns.status })
    .from(emailCampaigns)
    .where(eq(emailCampaigns.id, id));
  return row ? fail(409, { form: CAMPAIGN_LOCKED }) : fail(404, { form: CAMPAIGN_NOT_FOUND });
}

/**
 * Compose Email Campaign's three buttons: Save Draft, Send Campaign and Schedule. `id` is the
 * draft being edited (none for a new campaign). The HTML is sanitised before it is stored.
 */
export async function saveCampaign(options: {
  id?: string;
  input: CampaignInput;
  timeZone: string;
  actor: AuditActor;
  now?: Date;
}): Promise<SaveCampaignResult> {
  const { input } = options;
  if (options.id !== undefined && !isUuid(options.id))
    return fail(404, { form: CAMPAIGN_NOT_FOUND });
  let scheduledAt: Date | undefined;
  if (input.intent === "schedule") {
    const when = scheduleTime(input.sendAt, options.timeZone, options.now);
    if ("error" in when) return fail(400, { sendAt: when.error });
    scheduledAt = when.at;
  }
  if (input.intent === "send" || input.intent === "schedule") {
    // Canada's anti-spam law: no campaign goes out without the store's postal address.
    const refusal = await mailingAddressRefusal();
    if (refusal) return fail(409, { form: refusal });
  }
  if (input.intent === "send" && (await countAudience(input.audience)) === 0)
    return fail(409, { audience: EMPTY_AUDIENCE });

  const values = {
    name: input.name,
    subject: input.subject,
    bodyHtml: sanitizeMailingHtml(input.bodyHtml),
    recipients: input.audience.kind,
    audienceDays: input.audience.kind === "ordered-within" ? input.audience.days : null,
  };
  const result = await db().transaction(async (tx): Promise<SaveCampaignResult> => {
    let id = options.id;
    const [before] = id
      ? await tx.select().from(emailCampaigns).where(eq(emailCampaigns.id, id)).for("update")
      : [];
    if (id) {
      const updated = await tx
        .update(emailCampaigns)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.status, "draft")))
        .returning({ id: emailCampaigns.id });
      if (updated.length === 0) return notEditable(tx, id);
    } else {
      const [row] = await tx
        .insert(emailCampaigns)
        .values(values)
        .returning({ id: emailCampaigns.id });
      id = row!.id;
    }
    const audit = (action: "create" | "update" | "send", extra: Record<string, unknown> = {}) =>
      recordAudit(tx, {
        actor: options.actor,
        area: "mailings",
        action,
        record: { type: "campaign", id: id!, label: values.name },
        changes: {
          ...changedFields(before, values, Object.keys(values) as (keyof typeof values)[]),
          ...extra,
        },
      });
    if (input.intent === "schedule") {
      await tx
        .update(emailCampaigns)
        .set({ status: "scheduled", scheduledAt })
        .where(eq(emailCampaigns.id, id));
      await audit(before ? "update" : "create", {
        status: [before?.status ?? null, "scheduled"],
        scheduledAt,
      });
      return { ok: true, id, status: "scheduled", scheduledAt };
    }
    if (input.intent === "send") {
      const sent = await sendCampaignInTransaction(tx, id, "draft");
      if (!sent) return notEditable(tx, id);
      await audit("send", { recipients: sent.queued });
      return { ok: true, id, status: "sent", queued: sent.queued };
    }
    await audit(before ? "update" : "create");
    return { ok: true, id, status: "draft" };
  });
  if (result.ok && result.status === "sent") wakeWorker();
  return result;
}

/**
 * Send Test: one '[TEST] …' message of the form as it stands to `testEmail`, without saving it
 * and without tracking (a test is not counted in any campaign's figures).
 */
export async function sendCampaignTest(input: CampaignInput, actor: AuditActor): Promise<void> {
  await db().transaction(async (tx) => {
    const test = await queueTestMailing(tx, {
      kind: "campaign",
      to: input.testEmail,
      subject: input.subject,
      bodyHtml: input.bodyHtml,
    });
    await recordAudit(tx, {
      actor,
      area: "mailings",
      action: "send",
      record: { type: "campaign-test", id: test.id, label: input.subject },
      changes: { test: true, to: input.testEmail },
    });
  });
  wakeWorker();
}

type RowResult = Result<{ name: string }>;

async function rowFailure(id: string): Promise<RowResult> {
  const [row] = await db()
    .select({ status: emailCampaigns.status })
    .from(emailCampaigns)
    .where(eq(emailCampaigns.id, id));
  if (!row) return { ok: false, status: 404, message: CAMPAIGN_NOT_FOUND };
  return {
    ok: false,
    status: 409,
    message: row.status === "sent" ? CAMPAIGN_ALREADY_SENT : CAMPAIGN_LOCKED,
  };
}

/** Cancel a schedule: the campaign goes back to being a draft (refused once it has been sent). */
export async function cancelCampaignSchedule(id: string, actor: AuditActor): Promise<RowResult> {
  const row = await db().transaction(async (tx) => {
    const [changed] = await tx
      .update(emailCampaigns)
      .set({ status: "draft", scheduledAt: null, updatedAt: sql`now()` })
      .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.status, "scheduled")))
      .returning({ name: emailCampaigns.name });
    if (changed)
      await auditCampaign(tx, actor, "update", id, changed.name, {
        status: ["scheduled", "draft"],
      });
    return changed;
  });
  return row ? { ok: true, name: row.name } : rowFailure(id);
}

/** Deletes a draft (scheduled and sent campaigns are kept). */
export async function deleteCampaignDraft(id: string, actor: AuditActor): Promise<RowResult> {
  const row = await db().transaction(async (tx) => {
    const [gone] = await tx
      .delete(emailCampaigns)
      .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.status, "draft")))
      .returning({ name: emailCampaigns.name });
    if (gone) await auditCampaign(tx, actor, "delete", id, gone.name);
    return gone;
  });
  return row ? { ok: true, name: row.name } : rowFailure(id);
}

function auditCampaign(
  tx: Transaction,
  actor: AuditActor,
  action: "update" | "delete",
  id: string,
  name: string,
  changes?: Record<string, unknown>,
) {
  return recordAudit(tx, {
    actor,
    area: "mailings",
    action,
    record: { type: "campaign", id, label: name },
    changes,
  });
}

/**
 * The email worker's periodic job: sends every scheduled campaign that is due, each in its own
 * transaction. Safe with several instances: the guarded status flip lets exactly one send it.
 */
export async function sendDueCampaigns(limit = 20): Promise<number> {
  const due = await db()
    .select({ id: emailCampaigns.id })
    .from(emailCampaigns)
    .where(and(eq(emailCampaigns.status, "scheduled"), lte(emailCampaigns.scheduledAt, sql`now()`)))
    .orderBy(asc(emailCampaigns.scheduledAt))
    .limit(limit);
  let sent = 0;
  if (due.length > 0) {
    const refusal = await mailingAddressRefusal();
    if (refusal) {
      // They stay scheduled and go out once the address is set.
      logger.warn({ campaigns: due.length }, refusal);
      return 0;
    }
  }
  for (const { id } of due) {
    try {
      const done = await db().transaction((tx) => sendCampaignInTransaction(tx, id, "scheduled"));
      if (done) {
        sent++;
        logger.info({ campaignId: id, queued: done.queued }, "scheduled campaign sent");
      }
    } catch (error) {
      logger.error({ err: error, campaignId: id }, "scheduled campaign could not be sent");
    }
  }
  if (sent > 0) wakeWorker();
  return sent;
}
