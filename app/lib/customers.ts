/** The Customers screen's shared rules: display ids, statuses, what its pages show. */

export const CUSTOMER_NOT_FOUND = "This customer does not exist. Check the customer ID.";
export const CUSTOMER_STATUSES = ["active", "inactive"] as const;
type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export const CUSTOMER_STATUS_NAMES: Record<CustomerStatus, string> = {
  active: "Active",
  inactive: "Inactive",
};

/** CUST-001, CUST-042, CUST-1234: the customer number, zero padded to three digits or more. */
export function customerDisplayId(customerNumber: number): string {
  return `CUST-${String(customerNumber).padStart(3, "0")}`;
}

/** "CUST-012", "cust12", "CUST 12" or "12" → 12; undefined for anything else. */
export function parseCustomerNumber(value: string): number | undefined {
  const match = /^(?:cust[-\s]?)?0*(\d{1,9})$/i.exec(value.trim());
  if (!match) return undefined;
  const n = Number(match[1]);
  return n > 0 && n <= 2_147_483_647 ? n : undefined;
}

/** The orders the customer page lists (newest first); the Orders screen has the rest. */
export const CUSTOMER_ORDERS_SHOWN = 50;

/** The emails the customer page lists (newest first), with the count of all. */
export const CUSTOMER_EMAILS_SHOWN = 50;

/** How the customer page names each kind of email the outbox sent. */
const EMAIL_KIND_NAMES: Record<string, string> = {
  order_confirmation: "Order confirmation",
  order_payment_received: "Payment received",
  order_shipped: "Order shipped",
  order_out_for_delivery: "Out for delivery",
  order_delivered: "Order delivered",
  order_cancelled: "Order cancelled",
  order_unpaid_reminder: "Payment reminder",
  customer_message: "Staff message",
  campaign: "Campaign",
  newsletter: "Newsletter",
  account_verify: "Account: confirm email",
  account_exists: "Account: already registered",
  account_sign_in: "Account: sign-in link",
  account_reset: "Account: password reset",
  account_deleted: "Account: deleted",
  staff_new_order: "Staff: new order",
  staff_daily_summary: "Staff: daily summary",
};

export function emailKindName(kind: string): string {
  return EMAIL_KIND_NAMES[kind] ?? kind.replaceAll("_", " ");
}

/** Import preview: rows a page, and which rows to show. */
export const PREVIEW_PAGE_SIZE = 100;
export const PREVIEW_FILTERS = ["all", "errors", "existing", "new"] as const;
export type PreviewFilter = (typeof PREVIEW_FILTERS)[number];

/**
 * Where a marketing consent came from, as staff read it
 * (docs/product/customers-and-marketing.md#consent-records).
 */
export const CONSENT_SOURCE_NAMES: Record<string, string> = {
  footer: "the store's newsletter form",
  checkout: "checkout",
  admin: "staff",
  import: "a CSV import",
  account: "the shopper's account",
};
