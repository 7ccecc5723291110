/**
 * The audit log's vocabulary, shared by the server (which writes and filters entries) and the
 * Activity screen (which names them): the admin areas, the actions, and what never gets logged.
 */
export const AUDIT_AREAS = [
  "products",
  "stock",
  "lots",
  "orders",
  "deliveries",
  "refunds",
  "payments",
  "coupons",
  "customers",
  "pages",
  "announcements",
  "settings",
  "staff",
  "taxes",
  "images",
  "exports",
  "sample-data",
  "mailings",
  "backups",
  "auth",
] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

export const AUDIT_AREA_LABELS: Record<AuditArea, string> = {
  products: "Products",
  stock: "Stock",
  lots: "Lots & recalls",
  orders: "Orders",
  deliveries: "Deliveries",
  refunds: "Refunds",
  payments: "Payments",
  coupons: "Coupons",
  customers: "Customers",
  pages: "Pages",
  announcements: "Announcements",
  settings: "Settings",
  staff: "Staff",
  taxes: "Provinces & taxes",
  images: "Images",
  exports: "Exports",
  "sample-data": "Sample data",
  mailings: "Mailings",
  backups: "Backups",
  auth: "Sign-in",
};

export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "bulk",
  "import",
  "export",
  "status",
  "handover",
  "payment",
  "ignore",
  "return",
  "recall",
  "send",
  "generate",
  "remove",
  "invite",
  "role",
  "deactivate",
  "reactivate",
  "sign-in",
  "sign-in-failed",
  "two-factor-failed",
  "sign-out",
  "two-factor",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  bulk: "Bulk change",
  import: "Imported",
  export: "Exported",
  status: "Status changed",
  handover: "Handover recorded",
  payment: "Payment recorded",
  ignore: "Ignored",
  return: "Sent back",
  recall: "Recalled",
  send: "Sent",
  generate: "Generated",
  remove: "Removed",
  invite: "Invited",
  role: "Role changed",
  deactivate: "Deactivated",
  reactivate: "Reactivated",
  "sign-in": "Signed in",
  "sign-in-failed": "Sign-in failed",
  "two-factor-failed": "Two-factor code refused",
  "sign-out": "Signed out",
  "two-factor": "Two-factor changed",
};

export function isAuditArea(value: string): value is AuditArea {
  return (AUDIT_AREAS as readonly string[]).includes(value);
}

export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/**
 * A key whose value is never logged or shown (passwords, tokens, secrets, keys): the audit log
 * writes "[redacted]" for it, and the Database screen's environment panel "****".
 */
export const SECRET_KEY = /secret|password|token|key|pass/i;

/** What the log writes in place of such a value. */
export const REDACTED = "[redacted]";
