import { z } from "zod";
import { normalizePostalCode, PROVINCE_CODES } from "~/lib/address";
import { normalizePhone } from "~/lib/phone";
import { CUSTOMER_STATUSES } from "~/lib/customers";
import { formRules } from "~/lib/form";
import { filterEnum, ListQuerySchema } from "./admin-list";
import { plainText, stripControlCharacters } from "./text";

const cursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/)
  .optional()
  .catch(undefined);

/** The Customers list's URL: search, status and keyset cursors (page is shown, not trusted). */
export const CustomerListQuerySchema = ListQuerySchema.extend({
  status: filterEnum(["all", ...CUSTOMER_STATUSES]),
  after: cursor,
  before: cursor,
});
export type CustomerListQuery = z.output<typeof CustomerListQuerySchema>;

/** Empty text becomes null (an optional field left blank). */
const optional = (max: number) =>
  plainText(max).transform((value) => (value === "" ? null : value));

/** Staff edit a customer: contact details, status and a private note. */
export const CustomerFormSchema = z.object({
  name: plainText(200, "Enter the customer's name."),
  email: plainText(254, "Enter an email address.")
    .transform((value) => value.toLowerCase())
    .pipe(z.email("Enter a valid email address, e.g. name@example.com.")),
  phone: plainText(40).transform((value, ctx) => {
    if (value === "") return null;
    const phone = normalizePhone(value);
    if (!phone) {
      ctx.addIssue({
        code: "custom",
        message: "Enter a 10-digit phone number, e.g. 604-555-0199.",
      });
      return z.NEVER;
    }
    return phone;
  }),
  address: optional(500),
  city: optional(100),
  province: z
    .union([z.literal(""), z.enum(PROVINCE_CODES, "Choose a province or territory.")])
    .transform((value) => (value === "" ? null : value)),
  postcode: plainText(10).transform((value, ctx) => {
    if (value === "") return null;
    const code = normalizePostalCode(value);
    if (!code) {
      ctx.addIssue({ code: "custom", message: "Enter a Canadian postal code, e.g. V6B 1A1." });
      return z.NEVER;
    }
    return code;
  }),
  status: z.enum(CUSTOMER_STATUSES, "Choose Active or Inactive."),
  note: optional(2000),
});
export type CustomerForm = z.output<typeof CustomerFormSchema>;

/** The Edit customer form: the browser and the action run these same rules. */
export const customerForm = formRules(CustomerFormSchema);

/** A message the staff write to one customer (plain text; the layout is the store's). */
export const CustomerEmailSchema = z.object({
  subject: plainText(150, "Enter a subject."),
  message: z
    .string()
    .transform((value) => stripControlCharacters(value.replace(/\r\n?/g, "\n")).trim())
    .pipe(z.string().min(1, "Write a message.").max(10_000, "At most 10,000 characters.")),
});
export type CustomerEmail = z.output<typeof CustomerEmailSchema>;

/** The Email customer form. */
export const customerEmailForm = formRules(CustomerEmailSchema);

/** Confirming a previewed import: what to do with rows whose email is already a customer's. */
const ImportConfirmSchema = z.object({
  existing: z.enum(["skip", "update"], "Choose whether to skip or update existing customers."),
});

/** The import preview's confirmation (skip or update the rows that match a customer). */
export const importConfirmForm = formRules(ImportConfirmSchema);
