import { desc, eq, sql } from "drizzle-orm";
import { changedFields, recordAudit, type AuditActor } from "../audit/audit-log.server";
import { isUuid } from "~/lib/ids";
import type { TemplateInput } from "~/schemas/campaigns";
import { db } from "../db.server";
import { emailTemplates } from "../db-tables";
import { sanitizeMailingHtml } from "./mailing-html.server";

/** Saved starting points for campaigns (the Templates tab): name, description, subject, HTML. */

export const TEMPLATE_NOT_FOUND =
  "This template does not exist (it may have been deleted). Choose another one from the Templates tab.";

type EmailTemplate = typeof emailTemplates.$inferSelect;

/** Every template, newest first (a shop keeps a handful; the tab shows them all). */
export async function listEmailTemplates(): Promise<EmailTemplate[]> {
  return db()
    .select()
    .from(emailTemplates)
    .orderBy(desc(emailTemplates.createdAt), desc(emailTemplates.id))
    .limit(500);
}

/** One template, or undefined (also for an id that is not a UUID). */
export async function getEmailTemplate(id: string): Promise<EmailTemplate | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db().select().from(emailTemplates).where(eq(emailTemplates.id, id));
  return row;
}

const values = (input: TemplateInput) => ({
  name: input.name,
  description: input.description,
  subject: input.subject,
  bodyHtml: sanitizeMailingHtml(input.bodyHtml),
});

const templateRecord = (id: string, name: string) => ({ type: "email-template", id, label: name });

export async function createEmailTemplate(
  input: TemplateInput,
  actor: AuditActor,
): Promise<{ id: string }> {
  return db().transaction(async (tx) => {
    const saved = values(input);
    const [row] = await tx
      .insert(emailTemplates)
      .values(saved)
      .returning({ id: emailTemplates.id });
    await recordAudit(tx, {
      actor,
      area: "mailings",
      action: "create",
      record: templateRecord(row!.id, input.name),
      changes: changedFields(null, saved),
    });
    return { id: row!.id };
  });
}

export async function updateEmailTemplate(
  id: string,
  input: TemplateInput,
  actor: AuditActor,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(emailTemplates)
      .where(eq(emailTemplates.id, id))
      .for("update");
    if (!before) return false;
    const saved = values(input);
    await tx
      .update(emailTemplates)
      .set({ ...saved, updatedAt: sql`now()` })
      .where(eq(emailTemplates.id, id));
    const changes = changedFields(before, saved, Object.keys(saved) as (keyof typeof saved)[]);
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, {
        actor,
        area: "mailings",
        action: "update",
        record: templateRecord(id, input.name),
        changes,
      });
    return true;
  });
}

/** Deleting a template leaves the campaigns started from it as they are (they hold copies). */
export async function deleteEmailTemplate(
  id: string,
  actor: AuditActor,
): Promise<{ name: string } | undefined> {
  if (!isUuid(id)) return undefined;
  return db().transaction(async (tx) => {
    const [row] = await tx
      .delete(emailTemplates)
      .where(eq(emailTemplates.id, id))
      .returning({ name: emailTemplates.name });
    if (row)
      await recordAudit(tx, {
        actor,
        area: "mailings",
        action: "delete",
        record: templateRecord(id, row.name),
      });
    return row;
  });
}
