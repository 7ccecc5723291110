import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { adminUsers } from "./auth.server";
import { createdAt, id } from "./columns.server";
import { orders } from "./orders.server";

/**
 * The delivery records (docs/product/fulfilment.md#delivery-records): every delivery and pickup
 * handed over or refused, who did it, when, where and the ID check's result, kept until
 * `keep_until` (the province's years). A snapshot: it outlives its order's later changes.
 */
export const handovers = pg.pgTable(
  "handovers",
  {
    ...id,
    orderId: pg.uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    orderNumber: pg.text("order_number").notNull(),
    method: pg.text("method").notNull(),
    result: pg.text("result").notNull(),
    reason: pg.text("reason"),
    idKind: pg.text("id_kind"),
    birthYear: pg.integer("birth_year"),
    staffId: pg.uuid("staff_id").references(() => adminUsers.id, { onDelete: "set null" }),
    staffName: pg.text("staff_name").notNull(),
    recipientName: pg.text("recipient_name").notNull(),
    address: pg.text("address").notNull(),
    province: pg.text("province").notNull(),
    keepUntil: pg.date("keep_until", { mode: "string" }).notNull(),
    ...createdAt,
  },
  (t) => [
    pg.index("handovers_created_idx").on(t.createdAt, t.id),
    pg.index("handovers_order_idx").on(t.orderId),
    pg.index("handovers_keep_until_idx").on(t.keepUntil),
    pg.check("handovers_method_check", sql`${t.method} in ('delivery','pickup')`),
    pg.check(
      "handovers_result_check",
      sql`(${t.result} = 'delivered' and ${t.reason} is null and ${t.idKind} is not null and ${t.birthYear} is not null) or (${t.result} = 'refused' and ${t.reason} is not null)`,
    ),
  ],
);
