import { z } from "zod";
import { formRules, textValues } from "~/lib/form";
import { DEFAULT_POLL_SECONDS, POLL_SECONDS_RANGE } from "~/server/payments/payment-mailbox.server";
import { wholeNumber } from "./settings";

/**
 * Settings → Payments → Payments mailbox: the IMAP mailbox the bank's e-Transfer notices arrive
 * in. Used by the action only (app/routes/admin/settings/payment-mailbox.tsx), like Canada Post's.
 */

export const DEFAULT_MAILBOX_PORT = 993;
export const DEFAULT_MAILBOX_FOLDER = "INBOX";
export const DEFAULT_PROCESSED_FOLDER = "Processed";

/** A host name (imap.example.ca) or an IPv4 address. */
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const IPV6 = z.ipv6();

const host = z
  .string({ error: "Mail server is required" })
  .trim()
  .min(1, { error: "Mail server is required" })
  .transform((value, ctx) => {
    const lower = value.toLowerCase().replace(/\.$/, "");
    // An IPv6 address may come in brackets, as in a URL.
    const bare = /^\[(.+)\]$/.exec(lower)?.[1] ?? lower;
    if (HOST_NAME.test(bare) || IPV6.safeParse(bare).success) return bare;
    ctx.addIssue({
      code: "custom",
      message: /^[a-z][a-z0-9+.-]*:\/\//.test(lower)
        ? "Mail server must be the server's name only, like imap.example.ca, without imap:// or https://"
        : /:\d+$/.test(lower)
          ? "Mail server must be the server's name only, like imap.example.ca: the port has its own field"
          : "Mail server must be a host name, like imap.example.ca, or an IP address",
    });
    return z.NEVER;
  });

/** Not sent (a form from before the field): the default; sent empty, it is asked for. */
const withDefault = <T extends z.ZodType>(fallback: string, schema: T) =>
  z.preprocess((value) => value ?? fallback, schema);

const folder = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(200, { error: `${label} must be at most 200 characters` })
    .refine((value) => !/[*%]/.test(value), {
      error: `${label} cannot contain * or % (they are wildcards in IMAP)`,
    });

const port = z
  .string({ error: "Port is required" })
  .trim()
  .min(1, { error: "Port is required" })
  .regex(/^\d{1,5}$/, { error: "Port must be a whole number from 1 to 65535, usually 993" })
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1, { error: "Port must be a whole number from 1 to 65535, usually 993" })
      .max(65535, { error: "Port must be a whole number from 1 to 65535, usually 993" }),
  );

export const PaymentMailboxSchema = z
  .object({
    intent: z.literal("save"),
    host,
    port: withDefault(String(DEFAULT_MAILBOX_PORT), port),
    // A checkbox: sent as "on" when ticked, absent when not.
    tls: z
      .enum(["on"], { error: "Tick the box or leave it empty" })
      .optional()
      .transform((value) => value === "on"),
    username: z
      .string({ error: "User name is required" })
      .trim()
      .min(1, { error: "User name is required" })
      .max(200, { error: "User name must be at most 200 characters" }),
    // Blank keeps the stored password (it is never shown again); the action asks for it when
    // there is none to keep.
    password: z
      .string()
      .optional()
      .transform((value) => value?.trim() || null)
      .pipe(z.string().max(200, { error: "Password must be at most 200 characters" }).nullable()),
    folder: withDefault(DEFAULT_MAILBOX_FOLDER, folder("Folder")),
    processedFolder: withDefault(DEFAULT_PROCESSED_FOLDER, folder("Processed folder")),
    pollSeconds: withDefault(
      String(DEFAULT_POLL_SECONDS),
      wholeNumber("Poll interval", "seconds", POLL_SECONDS_RANGE),
    ),
  })
  .superRefine((value, ctx) => {
    // INBOX is the same folder in any case (RFC 3501); compared without case to be safe.
    if (value.folder.toLowerCase() === value.processedFolder.toLowerCase())
      ctx.addIssue({
        code: "custom",
        path: ["processedFolder"],
        message: "Processed folder must differ from the folder the store reads, like Processed",
      });
  });

export const paymentMailboxForm = formRules(PaymentMailboxSchema, textValues);
