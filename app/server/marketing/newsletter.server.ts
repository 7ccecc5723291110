import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { NEWSLETTER_THANKS } from "~/lib/newsletter";
import { db, type Executor } from "../db.server";

const EmailSchema = z
  .string({ error: "Please enter your email address." })
  .trim()
  .toLowerCase()
  .min(1, { error: "Please enter your email address." })
  .max(254, { error: "That email address is too long." })
  .pipe(z.email({ error: "Please enter a valid email address." }));

const SourceSchema = z.enum(["footer", "checkout", "admin", "import"]);
export type SubscriberSource = z.infer<typeof SourceSchema>;

export type SubscribeResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * Records consent to the newsletter (Canada's anti-spam law): the address, when and where consent
 * was given. Subscribing again is not an error; someone who had unsubscribed is subscribed again
 * with a fresh consent time. `executor` lets a larger write (a customer import) record consent in
 * its own transaction.
 */
export async function subscribeToNewsletter(input: {
  email: unknown;
  source: SubscriberSource;
  now?: Date;
  executor?: Executor;
}): Promise<SubscribeResult> {
  const parsed = EmailSchema.safeParse(input.email);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  const source = SourceSchema.parse(input.source);
  const now = input.now ?? new Date();
  const token = crypto.randomBytes(24).toString("base64url");
  await (input.executor ?? db()).execute(sql`
    insert into newsletter_subscribers (email, source, consented_at, unsubscribe_token)
    values (${parsed.data}, ${source}, ${now.toISOString()}, ${token})
    on conflict (lower(email)) do update
      set consented_at = excluded.consented_at, source = excluded.source, unsubscribed_at = null
      where newsletter_subscribers.unsubscribed_at is not null`);
  return { ok: true, message: NEWSLETTER_THANKS };
}
