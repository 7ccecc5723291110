import { z } from "zod";
import { AUDIT_ACTIONS, AUDIT_AREAS } from "~/lib/audit";
import { isDayKey } from "~/lib/invoices";
import { stripControlCharacters } from "./text";

const day = (name: string) =>
  z
    .string()
    .refine((value) => value === "" || isDayKey(value), {
      error: `“${name}” must be a date (YYYY-MM-DD).`,
    })
    .default("");

const cursor = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z_[0-9a-f-]{36}$/i, {
    error: "The page link is not valid: open the Activity screen again.",
  })
  .optional();

/**
 * The Activity screen's URL (and its CSV export's): staff member, area, action, the days from and
 * to in STORE_TIMEZONE, a record search (its id, number or label) and the keyset cursors. Unlike
 * the other lists, a value that does not parse is refused (400, saying which) rather than dropped:
 * a security screen must never show "everything" for a filter it was asked to apply.
 */
export const AuditListQuerySchema = z
  .object({
    q: z
      .string()
      .overwrite(stripControlCharacters)
      .pipe(z.string().trim().max(100, { error: "The record search is at most 100 characters." }))
      .default(""),
    staff: z
      .string()
      .refine((value) => value === "all" || z.uuid().safeParse(value).success, {
        error: "The staff member is not valid.",
      })
      .default("all"),
    area: z
      .enum(["all", ...AUDIT_AREAS], { error: "The area is not one of the list." })
      .default("all"),
    action: z
      .enum(["all", ...AUDIT_ACTIONS], { error: "The action is not one of the list." })
      .default("all"),
    from: day("From"),
    to: day("To"),
    after: cursor,
    before: cursor,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: "“From” must be on or before “To”.",
    path: ["from"],
  });
export type AuditListQuery = z.output<typeof AuditListQuerySchema>;
