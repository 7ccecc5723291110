import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { TAX_KINDS } from "../../lib/taxes";
import { inList, orders } from "./orders.server";
import { createdAt, id, updatedAt, ownedBy } from "./columns.server";

/**
 * The owner's rules per province or territory: whether the store ships there and the minimum age
 * the shopper confirms at checkout. A province without a row follows DEFAULT_PROVINCE_RULES.
 */
export const provinceRules = pg.pgTable(
  "province_rules",
  {
    province: pg.text("province").primaryKey(),
    ships: pg.boolean("ships").notNull().default(true),
    minimumAge: pg.integer("minimum_age").notNull().default(19),
    /** The methods the owner offers there, within what the law allows; null: all it allows. */
    methods: pg.text("methods").array(),
    ...updatedAt,
    updatedBy: pg.text("updated_by"),
  },
  (t) => [pg.check("province_rules_age_check", sql`${t.minimumAge} between 18 and 25`)],
);

/**
 * Sales tax rates with the day each takes effect: the rate in force for an order is the newest of
 * its province and kind whose effective date is on or before the order's day. Rows are never
 * edited; a change is a new row (a rate of 0 ends a tax), so past orders keep their history.
 */
export const salesTaxRates = pg.pgTable(
  "sales_tax_rates",
  {
    ...id,
    province: pg.text("province").notNull(),
    kind: pg.text("kind").notNull(),
    /** Parts per 100,000: 5 % = 5000, 9.975 % = 9975. */
    ratePer100k: pg.integer("rate_per_100k").notNull(),
    appliesToShipping: pg.boolean("applies_to_shipping").notNull(),
    effectiveFrom: pg.date("effective_from", { mode: "string" }).notNull(),
    ...createdAt,
    createdBy: pg.text("created_by"),
  },
  (t) => [
    pg.uniqueIndex("sales_tax_rates_key").on(t.province, t.kind, t.effectiveFrom),
    pg.check("sales_tax_rates_kind_check", sql`${t.kind} in (${inList(TAX_KINDS)})`),
    pg.check("sales_tax_rates_rate_check", sql`${t.ratePer100k} between 0 and 100000`),
  ],
);

/** The taxes charged on an order, one row per line as shown to the shopper (GST 5%, PST 7% …). */
export const orderTaxLines = pg.pgTable(
  "order_tax_lines",
  {
    ...id,
    orderId: ownedBy("order_id", () => orders.id),
    position: pg.integer("position").notNull(),
    kind: pg.text("kind").notNull(),
    label: pg.text("label").notNull(),
    ratePer100k: pg.integer("rate_per_100k").notNull(),
    taxableCents: pg.integer("taxable_cents").notNull(),
    amountCents: pg.integer("amount_cents").notNull(),
  },
  (t) => [
    pg.index("order_tax_lines_order_idx").on(t.orderId, t.position),
    pg.check("order_tax_lines_amount_check", sql`${t.amountCents} >= 0`),
  ],
);
