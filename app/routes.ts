import {
  index,
  layout,
  prefix,
  route,
  type RouteConfig,
  type RouteConfigEntry,
} from "@react-router/dev/routes";

/** The storefront's pages; each is also served in French under /fr (see inFrench). */
const storefront: RouteConfigEntry[] = [
  index("routes/store/home.tsx"),
  route("products", "routes/store/category.tsx", { id: "routes/store/all-products" }),
  route("category/:slug", "routes/store/category.tsx"),
  route("products/:slug", "routes/store/product.tsx"),
  route("search", "routes/store/search.tsx"),
  route("about", "routes/store/content-page.tsx", { id: "routes/store/about" }),
  route("contact", "routes/store/content-page.tsx", { id: "routes/store/contact" }),
  route("privacy", "routes/store/content-page.tsx", { id: "routes/store/privacy" }),
  route("faq", "routes/store/content-page.tsx", { id: "routes/store/faq" }),

  // ── cart, checkout and orders ──
  route("cart/quote", "routes/resources/cart-quote.ts"),
  route("checkout", "routes/store/checkout.tsx"),
  route("orders/:token", "routes/store/order-confirmation.tsx"),
  route("order-lookup", "routes/store/order-lookup.tsx"),

  // ── shopper accounts (every page under the account layout calls requireShopper) ──
  ...prefix("account", [
    route("sign-in", "routes/store/account/sign-in.tsx"),
    route("sign-up", "routes/store/account/sign-up.tsx"),
    route("sign-out", "routes/store/account/sign-out.ts"),
    route("forgot-password", "routes/store/account/forgot-password.tsx"),
    route("reset-password", "routes/store/account/reset-password.tsx"),
    route("verify", "routes/store/account/verify.tsx"),
    route("link", "routes/store/account/link.tsx"),
    route("orders/:orderNumber/invoice.pdf", "routes/store/account/invoice-pdf.ts"),
    layout("routes/store/account/layout.tsx", [
      index("routes/store/account/overview.tsx"),
      route("orders", "routes/store/account/orders.tsx"),
      route("orders/:orderNumber", "routes/store/account/order.tsx"),
      route("addresses", "routes/store/account/addresses.tsx"),
      route("addresses/new", "routes/store/account/address-edit.tsx", {
        id: "account-address-new",
      }),
      route("addresses/:addressId", "routes/store/account/address-edit.tsx"),
      route("settings", "routes/store/account/settings.tsx"),
    ]),
  ]),

  route("*", "routes/store/not-found.tsx"),
];

/** The same routes with their own ids ("fr/routes/store/home"), for the /fr copies. */
function inFrench(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.map((entry) => ({
    ...entry,
    id: `fr/${entry.id ?? entry.file.replace(/\.[jt]sx?$/, "")}`,
    children: entry.children && inFrench(entry.children),
  }));
}

// Every URL of the product, in one place. Each area keeps to its own section.
export default [
  // ── resources (no UI) ──
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("sitemaps/:file", "routes/resources/sitemap-file.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("newsletter", "routes/resources/newsletter.ts"),
  route("age-verification", "routes/resources/age-verification.ts"),
  // Campaign email tracking: the open pixel and tracked links (each recipient's own token).
  route("email/open/:token", "routes/resources/email-open.ts"),
  route("email/click/:token/:n", "routes/resources/email-click.tsx"),
  // Newsletter and campaign unsubscribe links: outside the store layout (no age gate, no cookies).
  route("unsubscribe/:token", "routes/store/unsubscribe.tsx"),
  route("fr/unsubscribe/:token", "routes/store/unsubscribe.tsx", {
    id: "fr/routes/store/unsubscribe",
  }),

  // ── admin (/budzadmin) ──
  ...prefix("budzadmin", [
    index("routes/admin/login.tsx"),
    route("logout", "routes/admin/logout.tsx"),
    // A staff invitation's one-time link: the invited admin chooses a password (no session yet).
    route("invite/:token", "routes/admin/invite.tsx"),
    // Sign-in's second step (two-factor on): the code, after the password (no session yet).
    route("two-factor", "routes/admin/two-factor.tsx"),
    // Everything else is behind the admin guard: its middleware signs the admin in (or sends them
    // to the sign-in page) before any loader or action runs, and puts them in the context.
    layout("routes/admin/guard.tsx", [
      // Setting up two-factor, outside the shell: where the guard holds an admin without it while
      // the owner requires it for everyone.
      route("two-factor/setup", "routes/admin/two-factor-setup.tsx"),
      // Printable documents open in their own window, outside the shell.
      route("print/orders", "routes/admin/orders/print.tsx"),
      route("print/orders/count", "routes/admin/orders/print-count.ts"),
      // Printable invoices: bare documents outside the dashboard shell.
      route("dashboard/invoices/print/daily", "routes/admin/invoices/print.tsx", {
        id: "admin-invoices-print-daily",
      }),
      route("dashboard/invoices/print/:orderNumber", "routes/admin/invoices/print.tsx"),
      // A refund's credit note, printable beside its invoice.
      route(
        "dashboard/invoices/print/credit-notes/:creditNoteNumber",
        "routes/admin/invoices/credit-note-print.tsx",
      ),
      // Screens (tests/integration/admin-routes.test.ts walks them all).
      route("dashboard", "routes/admin/layout.tsx", [
        index("routes/admin/overview.tsx"),
        route("products", "routes/admin/products/list.tsx", [
          route("new", "routes/admin/products/edit.tsx", { id: "admin-product-new" }),
          route(":productId", "routes/admin/products/detail.tsx"),
          route(":productId/edit", "routes/admin/products/edit.tsx", { id: "admin-product-edit" }),
          route(":productId/stock", "routes/admin/products/stock.ts"),
          route("import", "routes/admin/products/import.tsx"),
        ]),
        route("products/export.csv", "routes/admin/products/export.ts"),
        route("products/import/:importId", "routes/admin/products/import-preview.tsx"),
        // The stock ledger, store-wide (a product's own history is on its page).
        route("stock", "routes/admin/stock/list.tsx"),
        route("stock/export.csv", "routes/admin/stock/export.ts"),
        // Lots store-wide: search by lot number, expiring, expired, recalled.
        route("lots", "routes/admin/lots/list.tsx"),
        // A lot: its details, its recall, the orders that took it and their recall notices.
        route("lots/:lotId", "routes/admin/lots/detail.tsx"),
        route("lots/:lotId/orders.csv", "routes/admin/lots/orders-csv.ts"),
        route("orders", "routes/admin/orders/list.tsx"),
        route("orders/:orderNumber", "routes/admin/orders/detail.tsx"),
        // A pending (unpaid) order's lines and address, changed by staff (orders.edit).
        route("orders/:orderNumber/edit", "routes/admin/orders/edit.tsx"),
        // Refund, and cancel a paid order with its refund (posted by the order page's dialogs).
        route("orders/:orderNumber/refund", "routes/admin/orders/refund.ts"),
        // e-Transfers: what waits for staff (unmatched, part paid, to refund) and bank exports.
        route("payments", "routes/admin/payments/list.tsx"),
        route("payments/import", "routes/admin/payments/import.tsx"),
        route("payments/import/:importId", "routes/admin/payments/import-preview.tsx"),
        route("invoices", "routes/admin/invoices/list.tsx", [
          route("instructions", "routes/admin/invoices/instructions.tsx"),
          route(":orderNumber", "routes/admin/invoices/detail.tsx"),
        ]),
        route("invoices/pdf/:fileName", "routes/admin/invoices/pdf.ts"),
        route("invoices/pdf/credit-notes/:fileName", "routes/admin/invoices/credit-note-pdf.ts"),
        route("customers", "routes/admin/customers/list.tsx", [
          route("import", "routes/admin/customers/import.tsx"),
        ]),
        route("customers/export.csv", "routes/admin/customers/export.ts"),
        route("customers/import/:importId", "routes/admin/customers/import-preview.tsx"),
        route("customers/:customerId", "routes/admin/customers/detail.tsx", [
          route("edit", "routes/admin/customers/edit.tsx"),
          route("email", "routes/admin/customers/email.tsx"),
        ]),
        route("images", "routes/admin/images/list.tsx", [
          route(":imageId", "routes/admin/images/detail.tsx"),
        ]),
        // Canada Post labels: buy (one or the selected rows) and void, posted by the Shipping list; print.
        route("shipping/labels", "routes/admin/shipping/labels.ts"),
        route("shipping/:shipmentId/label.pdf", "routes/admin/shipping/label-pdf.ts"),
        route("shipping", "routes/admin/shipping/list.tsx", [
          route(":shipmentId/ship", "routes/admin/shipping/ship.tsx"),
        ]),
        // Handing a delivery or pickup over (the ID check), found by its pickup code or number.
        route("handover", "routes/admin/shipping/handover-lookup.tsx"),
        route("handover/:orderNumber", "routes/admin/shipping/handover.tsx"),
        // Who handed what over, when and where: kept for the province's years, exported.
        route("deliveries", "routes/admin/shipping/delivery-records.tsx"),
        route("deliveries/export.csv", "routes/admin/shipping/delivery-records-export.ts"),
        route("emails", "routes/admin/emails/list.tsx", [
          route("new", "routes/admin/emails/edit.tsx", { id: "admin-campaign-new" }),
          route(":campaignId", "routes/admin/emails/edit.tsx", { id: "admin-campaign-edit" }),
        ]),
        route("emails/templates", "routes/admin/emails/templates/list.tsx", [
          route("new", "routes/admin/emails/templates/edit.tsx", { id: "admin-template-new" }),
          route(":templateId", "routes/admin/emails/templates/edit.tsx", {
            id: "admin-template-edit",
          }),
        ]),
        route("emails/audience", "routes/admin/emails/audience.ts"),
        route("coupons", "routes/admin/coupons/list.tsx", [
          route("new", "routes/admin/coupons/new.tsx"),
        ]),
        route("coupons/:couponId", "routes/admin/coupons/detail.tsx"),
        route("images/upload", "routes/admin/images/upload.tsx"),
        route("reports", "routes/admin/reports/report.tsx"),
        route("reports/export", "routes/admin/reports/export.ts"),
        route("newsletters", "routes/admin/newsletters/list.tsx"),
        route("newsletters/consent-records.csv", "routes/admin/newsletters/consent-export.ts"),
        route("pages", "routes/admin/pages/layout.tsx", [
          index("routes/admin/pages/content.tsx"),
          route("announcements", "routes/admin/pages/announcements.tsx"),
        ]),
        route("database", "routes/admin/database.tsx"),
        route("database/backups/:name", "routes/admin/backup-download.ts"),
        // Owner-only settings: the store's own (identity, payments, shipping, notifications),
        // then province rules and sales tax rates.
        route("settings", "routes/admin/settings/store.tsx"),
        route("settings/delivery", "routes/admin/settings/delivery.tsx"),
        route("settings/canada-post", "routes/admin/settings/canada-post.tsx"),
        route("settings/payment-mailbox", "routes/admin/settings/payment-mailbox.tsx"),
        route("settings/provinces", "routes/admin/settings/provinces/list.tsx"),
        route("settings/provinces/:province", "routes/admin/settings/provinces/detail.tsx"),
        // Staff accounts and roles (owners), and every admin's own profile.
        route("staff", "routes/admin/staff/list.tsx", [
          route("invite", "routes/admin/staff/invite.tsx"),
        ]),
        route("profile", "routes/admin/profile.tsx"),
        // The audit log: who did what, when and from where (owners).
        route("activity", "routes/admin/activity/list.tsx"),
        route("activity/export.csv", "routes/admin/activity/export.ts"),
        route("*", "routes/admin/not-found.tsx"),
      ]),
      // Printable pages: outside the dashboard shell.
      route("print/packing-slips", "routes/admin/shipping/packing-slips.tsx"),
      route("print/delivery-run", "routes/admin/shipping/delivery-run.tsx"),
    ]),
  ]),

  // ── storefront: English at these paths, French under /fr (the same modules, ids "fr/…") ──
  layout("routes/store/layout.tsx", [...storefront, ...prefix("fr", inFrench(storefront))]),
] satisfies RouteConfig;
