import { z } from "zod";
import { MAX_LINE_QUANTITY } from "~/lib/cart";
import { formRules } from "~/lib/form";
import { checkPostalCodeProvince, MAX_CART_LINES, shippingAddressShape } from "./checkout";
import { stripControlCharacters } from "./text";

/**
 * The edit page of a pending order (/budzadmin/dashboard/orders/:orderNumber/edit): the version the
 * staff member loaded (a stale one is refused with 409), each line's new quantity or its removal,
 * sizes to add, and the shipping address (checkout's own rules). The server re-checks everything
 * else: stock, prices, the 30 g limit, the coupon's minimum (app/server/orders/order-edit.server.ts).
 */

const QUANTITY_MESSAGE = `Enter a whole number from 1 to ${MAX_LINE_QUANTITY} (tick Remove to take the line off).`;
const STALE_FORM = "This form is out of date. Reload the page and edit the order again.";

/** "2" → 2; anything but a whole number from 1 to the cart's maximum is refused. */
function quantityOf(value: string | undefined): number | null {
  const text = (value ?? "").trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= MAX_LINE_QUANTITY ? n : null;
}

const line = z
  .object({
    id: z.uuid({ error: "This line is not on the order. Reload the page and try again." }),
    quantity: z.string().optional(),
    remove: z.boolean(),
  })
  .transform((value, ctx) => {
    if (value.remove) return { id: value.id, quantity: 0, remove: true };
    const quantity = quantityOf(value.quantity);
    if (quantity === null) {
      ctx.addIssue({ code: "custom", path: ["quantity"], message: QUANTITY_MESSAGE });
      return z.NEVER;
    }
    return { id: value.id, quantity, remove: false };
  });

const addition = z
  .object({
    item: z
      .string()
      .overwrite(stripControlCharacters)
      .trim()
      .max(80)
      .regex(/^([0-9a-f-]{36}(_[0-9a-f-]{36})?)?$/i, { error: "Choose a product size to add." }),
    quantity: z.string().optional(),
  })
  .transform((value, ctx) => {
    if (!value.item) return null;
    const quantity = quantityOf(value.quantity || "1");
    if (quantity === null) {
      ctx.addIssue({ code: "custom", path: ["quantity"], message: QUANTITY_MESSAGE });
      return z.NEVER;
    }
    return { item: value.item, quantity };
  });

const OrderEditSchema = z
  .object({
    version: z.coerce.number({ error: STALE_FORM }).int(STALE_FORM).min(1, STALE_FORM),
    lines: z.array(line).max(MAX_CART_LINES),
    add: z
      .array(addition)
      .max(10)
      .transform((rows) => rows.filter((row) => row !== null)),
    ...shippingAddressShape,
  })
  .superRefine(checkPostalCodeProvince);

/** How many rows of each list a posted form may hold (more are ignored, never read). */
const MAX_ROWS = 100;

/** The posted form as the schema's input: `lines.0.quantity`, `lines.0.remove`, `add.0.item`… */
function orderEditValues(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const rows = (prefix: string) => {
    const found: number[] = [];
    for (let i = 0; i < MAX_ROWS; i++)
      if (form.has(`${prefix}.${i}.${prefix === "lines" ? "id" : "item"}`)) found.push(i);
    return found;
  };
  return {
    version: text("version"),
    lines: rows("lines").map((i) => ({
      id: text(`lines.${i}.id`),
      quantity: text(`lines.${i}.quantity`),
      remove: form.get(`lines.${i}.remove`) === "on",
    })),
    add: rows("add").map((i) => ({
      item: text(`add.${i}.item`) ?? "",
      quantity: text(`add.${i}.quantity`),
    })),
    name: text("name"),
    street: text("street"),
    city: text("city"),
    province: text("province"),
    postalCode: text("postalCode"),
  };
}

/** The edit page's rules (the browser runs them too, loaded on first focus). */
export const orderEditForm = formRules(OrderEditSchema, orderEditValues);
