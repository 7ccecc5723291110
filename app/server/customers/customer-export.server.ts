import { and, desc } from "drizzle-orm";
import { consentInForce } from "~/lib/consent";
import { csvLine } from "~/lib/csv";
import { customerDisplayId } from "~/lib/customers";
import type { CustomerListQuery } from "~/schemas/customers";
import { db } from "../db.server";
import { getConsentRecords } from "../marketing/newsletter.server";
import { customers } from "../db-tables";
import { keysetCondition } from "../keyset.server";
import {
  customerColumns,
  customerFilter,
  getCustomerTotals,
  NO_TOTALS,
} from "./customer-list.server";

const BATCH = 1000;

const EXPORT_HEADER = [
  "ID",
  "Name",
  "Email",
  "Phone",
  "Address",
  "City",
  "Province",
  "Postal Code",
  "Status",
  "Total Orders",
  "Total Spent",
  "Total Refunds",
  "Total Cancellations",
  "Marketing consent",
  "Consent source",
  "Consented at",
  "Customer since",
  "Note",
];

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The filtered Customers list as CSV (every matching customer, newest first), in chunks of a
 * thousand rows read by keyset, each with one query for its order totals and one for consent.
 * Every cell is neutralised against spreadsheet formulas (lib/csv.ts).
 */
export async function* exportCustomersCsv(
  query: Pick<CustomerListQuery, "q" | "status">,
): AsyncGenerator<string> {
  const where = customerFilter(query);
  yield `\uFEFF${csvLine(EXPORT_HEADER)}`;
  let position: { createdAt: string; id: string } | undefined;
  for (;;) {
    const rows = await db()
      .select(customerColumns)
      .from(customers)
      .where(and(where, position ? keysetCondition(customers, position, false) : undefined))
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    const totals = await getCustomerTotals(rows.map((r) => r.id));
    const consentOf = await getConsentRecords(rows.map((r) => r.email));
    const lines = rows.map((r) => {
      const t = totals.get(r.id) ?? NO_TOTALS;
      const consent = consentOf.get(r.email.toLowerCase());
      const active = consent && consentInForce(consent);
      return [
        customerDisplayId(r.customerNumber),
        r.name,
        r.email,
        r.phone ?? "",
        r.address ?? "",
        r.city ?? "",
        r.province ?? "",
        r.postcode ?? "",
        r.status,
        t.orders,
        dollars(t.spentCents),
        dollars(t.refundedCents),
        t.cancellations,
        active ? "yes" : "no",
        active ? consent.source : "",
        active ? consent.consentedAt.toISOString() : "",
        r.createdAt.toISOString(),
        r.note ?? "",
      ];
    });
    yield `\r\n${lines.map(csvLine).join("\r\n")}`;
    const last = rows.at(-1)!;
    position = { createdAt: last.cursorTime, id: last.id };
    if (rows.length < BATCH) return;
  }
}
