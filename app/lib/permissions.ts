/**
 * Who may do what in the admin: each permission and the roles that hold it. The server checks
 * these in every admin loader and action (`requirePermission` in
 * app/server/auth/admin-guard.server.ts); the shell hides links and buttons with `can`. The README's
 * "Roles and permissions" table is this one, written down.
 *
 * Defaults like Shopify's: the owner can do everything; a manager everything but staff accounts,
 * store settings, the activity log and the database tools; staff do the day-to-day work (orders, shipping, products,
 * customers) without exports, imports, mailings, coupons, taxes, reports or bulk changes.
 */
export const ADMIN_ROLES = ["owner", "manager", "staff"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

const ALL: readonly AdminRole[] = ["owner", "manager", "staff"];
const MANAGERS: readonly AdminRole[] = ["owner", "manager"];
const OWNERS: readonly AdminRole[] = ["owner"];

export const PERMISSIONS = {
  admin: { roles: ALL, label: "use the admin", screens: "Overview, My profile" },
  orders: {
    roles: ALL,
    label: "work on orders, invoices and shipping",
    screens: "Orders, Payments, Invoices, Shipping, packing slips",
  },
  products: {
    roles: ALL,
    label: "work on products and images",
    screens: "Products, Stock movements, Image Library",
  },
  customers: {
    roles: ALL,
    label: "work on customers",
    screens: "Customers, Newsletters (subscribers)",
  },
  delivery: {
    roles: ALL,
    label: "deliver orders and hand them over",
    screens: "Delivery run, Hand over (the ID check at the door or the counter)",
  },
  "delivery.records": {
    roles: MANAGERS,
    label: "see and export delivery records",
    screens: "Delivery records",
  },
  "orders.edit": {
    roles: MANAGERS,
    label: "edit unpaid orders",
    screens: "Orders: edit a pending order's lines and address",
  },
  "payments.import": {
    roles: MANAGERS,
    label: "import bank exports",
    screens: "Payments: import a bank export",
  },
  "stock.adjust": { roles: MANAGERS, label: "adjust stock", screens: "Adjust stock" },
  "lots.recall": {
    roles: MANAGERS,
    label: "recall lots and send recall notices",
    screens: "Lots: recall a lot, send its recall notices",
  },
  "products.bulk": {
    roles: MANAGERS,
    label: "change products in bulk",
    screens: "Products: bulk archive, category and price",
  },
  "products.transfer": {
    roles: MANAGERS,
    label: "import and export products and stock movements",
    screens: "Products: import, export; Stock movements: export",
  },
  "customers.transfer": {
    roles: MANAGERS,
    label: "import and export customers",
    screens: "Customers: import, export; Newsletters: consent records",
  },
  marketing: {
    roles: MANAGERS,
    label: "write email campaigns and templates",
    screens: "Emails, templates",
  },
  "marketing.send": {
    roles: MANAGERS,
    label: "send newsletters and campaigns",
    screens: "Newsletters: send; Emails: send and schedule",
  },
  coupons: { roles: MANAGERS, label: "manage coupons", screens: "Coupons" },
  reports: { roles: MANAGERS, label: "see and export sales reports", screens: "Reports" },
  pages: { roles: MANAGERS, label: "edit store pages and announcements", screens: "Pages" },
  refunds: {
    roles: MANAGERS,
    label: "refund orders",
    screens: "Orders: Refund, and Cancel order of a paid order (with its refund)",
  },
  taxes: {
    roles: MANAGERS,
    label: "change provinces and sales taxes",
    screens: "Provinces & Taxes",
  },
  settings: { roles: OWNERS, label: "change the store's settings", screens: "Settings" },
  staff: { roles: OWNERS, label: "manage staff accounts", screens: "Staff" },
  database: { roles: OWNERS, label: "use the database tools", screens: "Database" },
  activity: {
    roles: OWNERS,
    label: "see the activity log",
    screens: "Activity (and a record's Activity panel)",
  },
} as const satisfies Record<
  string,
  { roles: readonly AdminRole[]; label: string; screens: string }
>;

export type Permission = keyof typeof PERMISSIONS;

export const ROLE_LABELS: Record<AdminRole, string> = {
  owner: "Owner",
  manager: "Manager",
  staff: "Staff",
};

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === "string" && (ADMIN_ROLES as readonly string[]).includes(value);
}

/** Whether a role holds a permission (an unknown role holds none). */
export function can(role: string, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly string[]).includes(role);
}

/** The 403's words: what was refused, and why (who may do it, and the admin's role). */
export function refusalMessage(role: string, permission: Permission): string {
  const { roles, label } = PERMISSIONS[permission];
  const who =
    roles.length === 1 ? "the store owner" : roles.length === 2 ? "owners and managers" : "admins";
  const yours = isAdminRole(role) ? ROLE_LABELS[role].toLowerCase() : "unknown";
  return `Only ${who} can ${label}. Your role is ${yours}: ask the store owner if you need it.`;
}
