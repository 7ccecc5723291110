import { desc, eq, sql } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import type { TemplateInput } from "~/schemas/campaigns";
import { db } from "../db.server";
import { emailTemplates } from "../schema";
import { sanitizeMailingHtml } from "./mailing-html.server";

/** Saved starting points for campaigns (the Templates tab): name, description, subject, HTML. */

export const TEMPLATE_NOT_FOUND =
  "This template does not exist (it may have been deleted). Choose another one from the Templates tab.";

export type EmailTemplate = typeof emailTemplates.$inferSelect;

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

export async function createEmailTemplate(input: TemplateInput): Promise<{ id: string }> {
  const [row] = await db()
    .insert(emailTemplates)
    .values(values(input))
    .returning({ id: emailTemplates.id });
  return { id: row!.id };
}

export async function updateEmailTemplate(id: string, input: TemplateInput): Promise<boolean> {
  if (!isUuid(id)) return false;
  const updated = await db()
    .update(emailTemplates)
    .set({ ...values(input), updatedAt: sql`now()` })
    .where(eq(emailTemplates.id, id))
    .returning({ id: emailTemplates.id });
  return updated.length > 0;
}

/** Deleting a template leaves the campaigns started from it as they are (they hold copies). */
export async function deleteEmailTemplate(id: string): Promise<{ name: string } | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db()
    .delete(emailTemplates)
    .where(eq(emailTemplates.id, id))
    .returning({ name: emailTemplates.name });
  return row;
}
