import fs from "node:fs";
import { deliveryWindows, deliveryZones } from "~/server/db-tables";
import { backupRunning } from "~/server/backup/backup.server";
import path from "node:path";
import { generateTOTP } from "@epic-web/totp";
import { and, asc, eq } from "drizzle-orm";
import { isRouteErrorResponse } from "react-router";
import sharp from "sharp";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { changeLineText, describeChanges } from "~/lib/activity-text";
import type { AuditAction, AuditArea } from "~/lib/audit";
import { csvLine } from "~/lib/csv";
import { customerDisplayId } from "~/lib/customers";
import { dayKey } from "~/lib/invoices";
import { PRODUCT_CSV_HEADER } from "~/lib/product-import";
import { SHELL_ACTOR } from "~/server/audit/audit-log.server";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { confirmTwoFactorSetup, startTwoFactorSetup } from "~/server/auth/two-factor.server";
import { config, forgetConfig } from "~/server/config.server";
import { saveAccount } from "~/server/canada-post/account.server";
import {
  FAKE_CREDENTIALS,
  startCanadaPostFake,
  type CanadaPostFake,
} from "../fixtures/canada-post/fake-server";
import { savePageContent } from "~/server/content/page-editor.server";
import { db } from "~/server/db.server";
import { storeImage } from "~/server/images/image-store.server";
import { subscribeToNewsletter } from "~/server/marketing/newsletter.server";
import {
  adminUsers,
  auditLog,
  coupons,
  customers,
  emailCampaigns,
  emailOutbox,
  emailTemplates,
  newsletterSubscribers,
  orderItems,
  productVariations,
  orders,
  pageRevisions,
  pages,
  payments,
  products,
  refunds,
  salesTaxRates,
  stockMovements,
} from "~/server/db-tables";
import { insertDefaultContent } from "~/server/seed/sample-data.server";
import { moveOrder, placeTestOrder } from "../fixtures/orders";
import { buildBankCsv } from "../fixtures/bank-exports/build";
import { recordIncomingPayments } from "~/server/payments/matching.server";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { flattenRoutes, loadRoute } from "../setup/route-tree";
import { createProduct } from "./checkout-factories";
import { shipmentAt } from "./shipping-factories";

/**
 * Issue 27's walk: every admin action that changes data (or reveals it in bulk) writes its audit
 * entry. The walk reads app/routes.ts for EVERY admin route module (routes/admin/**) with an
 * action, and each one's source for the intents it dispatches (`dispatchIntent(form, { … })`) and
 * posts (`name="intent" value="…"`, `{ intent: "…" }`): each route, and each intent of a route
 * with several forms, must have a scenario below or a commented exemption. The bulk-export
 * loaders (…export.ts, …pdf.ts, …print.tsx, packing slips) are walked the same way. Each scenario
 * posts the form its screen posts, as the server runs it (callRoute: the admin guard, the route's
 * middleware, the handler), expects a success, and at least one NEW audit entry of the expected
 * area and action (and record, where it is plain). One store, seeded once, the scenarios in order
 * reusing what the earlier ones made.
 */

const ORIGIN = "http://store.test";
const A = "/budzadmin/dashboard";
const PASSWORD = "walk-owner-pass-1";

// ── reading the routes ──

const adminRoutes = flattenRoutes().filter((r) => r.file.startsWith("routes/admin/"));
const adminFiles = [...new Set(adminRoutes.map((r) => r.file))];

/**
 * The intents a route module answers and posts: the keys of the object its action hands to
 * `dispatchIntent` (a literal, or a const holding one), and the `intent` values its forms post.
 */
function intentsOf(file: string): { dispatched: string[]; posted: string[] } {
  const source = fs.readFileSync(path.resolve("app", file), "utf8");
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const objects = new Map<string, ts.ObjectLiteralExpression>();
  const handlers: ts.Expression[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isObjectLiteralExpression(node.initializer)
    )
      objects.set(node.name.text, node.initializer);
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "dispatchIntent"
    )
      handlers.push(node.arguments[1]!);
    ts.forEachChild(node, visit);
  };
  visit(tree);
  const dispatched = handlers.flatMap((arg) => {
    const object = ts.isObjectLiteralExpression(arg)
      ? arg
      : ts.isIdentifier(arg)
        ? objects.get(arg.text)
        : undefined;
    if (!object) throw new Error(`${file}: dispatchIntent's handlers are not an object literal`);
    return object.properties.map((p) => {
      if (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) return p.name.text;
      throw new Error(`${file}: an intent of dispatchIntent the walk cannot name`);
    });
  });
  const posted = [
    ...source.matchAll(/name="intent"\s+value="([^"]+)"/g),
    ...source.matchAll(/\{\s*intent:\s*"([^"]+)"/g),
  ].map((m) => m[1]!);
  return { dispatched, posted };
}

// ── calling the routes ──

interface Outcome {
  status: number;
  location: string | null;
  headers: Headers;
  body: unknown;
}

/** What a handler ended with, thrown or returned: its status, headers and body. */
async function settle(run: Promise<unknown>): Promise<Outcome> {
  let value: unknown;
  try {
    value = await run;
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const type = value.headers.get("Content-Type") ?? "";
    const body = type.includes("json")
      ? await value.json()
      : type.startsWith("application/pdf")
        ? await value.arrayBuffer()
        : await value.text();
    const location = value.headers.get("Location");
    return { status: value.status, location, headers: value.headers, body };
  }
  if (isRouteErrorResponse(value))
    return { status: value.status, location: null, headers: new Headers(), body: value.data };
  if (value instanceof Error) throw value;
  const answer = value as { type?: string; init?: ResponseInit | null; data?: unknown } | null;
  if (answer?.type === "DataWithResponseInit")
    return {
      status: answer.init?.status ?? 200,
      location: null,
      headers: new Headers(answer.init?.headers),
      body: answer.data,
    };
  return { status: 200, location: null, headers: new Headers(), body: value };
}

type Fields = Record<string, string | string[]>;

function formOf(fields: Fields): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  return form;
}

interface CallOptions {
  params?: Record<string, string>;
  /** The session cookie: the owner's unless given (null: none, as before signing in). */
  cookie?: string | null;
}

const headersFor = (cookie: string | null | undefined) => ({
  Origin: ORIGIN,
  ...(cookie === null ? {} : { Cookie: cookie ?? ownerCookie }),
});

/** The Shipping walk's parcel that gets a Canada Post label, then has it voided. */
let labelShipment = "";

let canadaPostFake: CanadaPostFake | undefined;
afterAll(async () => {
  if (!canadaPostFake) return;
  delete process.env.CANADA_POST_API_URL;
  forgetConfig();
  await canadaPostFake.close();
});

/** Connects the store to a local fake of Canada Post's API (started once for the walk). */
async function connectToCanadaPostFake() {
  canadaPostFake = await startCanadaPostFake();
  process.env.CANADA_POST_API_URL = canadaPostFake.url;
  forgetConfig();
  await saveAccount(
    {
      customerNumber: "0001234567",
      username: FAKE_CREDENTIALS.username,
      password: FAKE_CREDENTIALS.password,
      contractId: null,
      environment: "development",
      originPostalCode: "V6B 1A1",
      services: ["DOM.EP"],
    },
    SHELL_ACTOR,
  );
}

/** Posts a form to a route's action, as its screen does. */
async function post(file: string, url: string, body: Fields | FormData, options: CallOptions = {}) {
  const request = new Request(`${ORIGIN}${url}`, {
    method: "POST",
    headers: headersFor(options.cookie),
    body: body instanceof FormData ? body : formOf(body),
  });
  return settle(callRoute(await loadRoute(file), "action", request, options.params));
}

/** Opens a route (its loader), as a download link or a print window does. */
async function get(file: string, url: string, options: CallOptions = {}) {
  const request = new Request(`${ORIGIN}${url}`, { headers: headersFor(options.cookie) });
  return settle(callRoute(await loadRoute(file), "loader", request, options.params));
}

/** A multipart upload with its Content-Length, as a browser sends it. */
async function upload(file: string, url: string, form: FormData) {
  const draft = new Request(`${ORIGIN}${url}`, { method: "POST", body: form });
  const bytes = await draft.arrayBuffer();
  const request = new Request(`${ORIGIN}${url}`, {
    method: "POST",
    headers: {
      ...headersFor(undefined),
      "Content-Type": draft.headers.get("Content-Type")!,
      "Content-Length": String(bytes.byteLength),
    },
    body: bytes,
  });
  return settle(callRoute(await loadRoute(file), "action", request));
}

const csvFile = (name: string, text: string) => {
  const form = new FormData();
  form.set("file", new File([text], name, { type: "text/csv" }));
  return form;
};

/** The code an authenticator app shows at `at` (the same library, its clock set there). */
async function codeAt(secret: string, at = Date.now()): Promise<string> {
  vi.useFakeTimers({ toFake: ["Date"], now: at });
  try {
    return (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
  } finally {
    vi.useRealTimers();
  }
}

async function png(background: string) {
  return sharp({ create: { width: 8, height: 8, channels: 3, background } })
    .png()
    .toBuffer();
}

async function orderOf(id: string) {
  const [order] = await db().select().from(orders).where(eq(orders.id, id));
  return order!;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

// ── the store the scenarios share ──

let ownerId: string;
let ownerCookie: string;
let imageUrl: string;
let productId: string;
let couponId: string;
let customerNumber: number;
let templateId: string;
let product: Awaited<ReturnType<typeof createProduct>>;
/** Orders the order scenarios walk: through its statuses, cancelled, edited, refunded. */
const order = {} as Record<
  "walked" | "cancelled" | "edited" | "refunded" | "delivered" | "refused",
  string
>;
const orderNumberOf = {} as Record<"walked" | "edited", string>;
let creditNoteNumber: string;
/** The lot the recall scenarios recall, and the order that took it. */
const recall = { lotId: "", orderId: "" };
let sam: { id: string; cookie?: string; recoveryCodes?: string[]; challenge?: string };
let pat: { id: string; cookie: string; secret?: string };
const today = () => dayKey(new Date(), config().STORE_TIMEZONE);

beforeAll(async () => {
  await resetDatabase();
  // The five pages a new store starts with (the editor edits them).
  await insertDefaultContent();
  const owner = await createAdminUser({
    username: "walk-owner",
    displayName: "Walk Owner",
    password: PASSWORD,
    role: "owner",
  });
  ownerId = owner.id;
  ownerCookie = (await createAdminSession({ userId: owner.id })).split(";")[0]!;
  product = await createProduct({ name: "Walk Kush", priceCents: 3000, stock: 200 });
});

// ── the scenarios ──

interface Scenario {
  /** An action (by its route's file) or a loader (by its route's id in app/routes.ts). */
  kind: "action" | "loader";
  route: string;
  /** The intent posted, for a route with several forms. */
  intent?: string;
  /** What it does, when the route has several scenarios for one form. */
  what?: string;
  area: AuditArea;
  action: AuditAction;
  /** The entry's record id, where it is plain. */
  record?: () => string;
  /** The status expected: a success (below 400) unless given (a refusal that is audited). */
  status?: number;
  /** What the scenario needs made first (its own entries, if any, are not counted). */
  seed?: () => Promise<void>;
  run: () => Promise<Outcome>;
}

interface Exemption {
  kind: "action" | "loader";
  route: string;
  intent?: string;
  /** Why it needs no entry of its own. */
  why: string;
}

const EXEMPT: Exemption[] = [
  {
    kind: "action",
    route: "routes/admin/database.tsx",
    intent: "test",
    why: "Run Connection Tests reads the database and writes nothing",
  },
  {
    kind: "action",
    route: "routes/admin/settings/canada-post.tsx",
    intent: "test",
    why: "Test connection asks Canada Post for one rate with the saved account and writes nothing",
  },
  {
    kind: "action",
    route: "routes/admin/settings/payment-mailbox.tsx",
    intent: "test",
    why: "Test connection signs in to the saved mailbox, opens its folder read-only and writes nothing",
  },
  {
    kind: "action",
    route: "routes/admin/pages/content.tsx",
    intent: "preview",
    why: "Preview sanitises the draft for display and saves nothing",
  },
  {
    kind: "action",
    route: "routes/admin/products/import.tsx",
    why: "the upload keeps the file as a preview and imports nothing; Import (the preview's action) is audited",
  },
  {
    kind: "action",
    route: "routes/admin/payments/import.tsx",
    why: "the upload keeps the bank export as a preview and records nothing; Import (the preview's action) is audited",
  },
  {
    kind: "action",
    route: "routes/admin/customers/import.tsx",
    why: "the upload keeps the file as a preview and imports nothing; Import (the preview's action) is audited",
  },
  {
    kind: "loader",
    route: "routes/admin/invoices/print.tsx",
    why: "one order's invoice, not a batch (the day's batch, admin-invoices-print-daily, is walked)",
  },
  {
    kind: "loader",
    route: "routes/admin/shipping/label-pdf.ts",
    why: "one parcel's Canada Post label, like one invoice: not a batch",
  },
  {
    kind: "loader",
    route: "routes/admin/invoices/credit-note-print.tsx",
    why: "one refund's credit note, like one invoice: not a batch",
  },
];

/**
 * The loaders that reveal data in bulk, by file name: CSV exports (…export.ts), PDFs (…pdf.ts),
 * printable pages (…print.tsx) and the packing slips. Each writes an exports/export entry, or is
 * exempted above (one document is not a batch).
 */
const BULK_LOADER =
  /\/(?:[\w-]+-)?(?:export\.ts|csv\.ts|pdf\.ts|print\.tsx)$|\/packing-slips\.tsx$/;

const SCENARIOS: Scenario[] = [
  // ── signing in (app/server/auth/signed-in.server.ts) ──
  {
    kind: "action",
    route: "routes/admin/login.tsx",
    what: "a wrong password",
    area: "auth",
    action: "sign-in-failed",
    status: 401,
    run: () =>
      post(
        "routes/admin/login.tsx",
        "/budzadmin",
        { username: "walk-owner", password: "not-the-password" },
        { cookie: null },
      ),
  },
  {
    kind: "action",
    route: "routes/admin/login.tsx",
    what: "the right password",
    area: "auth",
    action: "sign-in",
    record: () => ownerId,
    run: () =>
      post(
        "routes/admin/login.tsx",
        "/budzadmin",
        { username: "walk-owner", password: PASSWORD },
        { cookie: null },
      ),
  },
  {
    kind: "action",
    route: "routes/admin/logout.tsx",
    area: "auth",
    action: "sign-out",
    record: () => ownerId,
    run: async () => {
      // A session of its own: the owner's walking session stays.
      const session = (await createAdminSession({ userId: ownerId })).split(";")[0]!;
      return post("routes/admin/logout.tsx", "/budzadmin/logout", {}, { cookie: session });
    },
  },

  // ── settings: before any order, so the sample data can be removed ──
  ...(
    [
      [
        "store",
        {
          name: "Walk Store",
          email: "hello@walk.test",
          phone: "604-555-0100",
          address: "1 Main St\nVancouver BC V6B 1A1",
        },
      ],
      [
        "payments",
        { etransferEmail: "pay@walk.test", unpaidReminderHours: "24", unpaidCancelDays: "3" },
      ],
      ["shipping", { flatFeeCents: "20", freeThresholdCents: "200" }],
      [
        "fulfilment",
        { parcel: "on", pickup: "on", pickupAddress: "1 Main St", pickupHoldDays: "7" },
      ],
      ["notifications", { newOrderEmails: "orders@walk.test", lowStockEmails: "" }],
      ["security", {}],
      ["email", { fromAddress: "orders@walk.ca" }],
    ] as const
  ).map(([intent, fields]): Scenario => ({
    kind: "action",
    route: "routes/admin/settings/store.tsx",
    intent,
    area: "settings",
    action: "update",
    record: () => intent,
    run: () => post("routes/admin/settings/store.tsx", `${A}/settings`, { intent, ...fields }),
  })),
  {
    kind: "action",
    route: "routes/admin/settings/store.tsx",
    intent: "remove-sample-data",
    area: "sample-data",
    action: "remove",
    run: () =>
      post("routes/admin/settings/store.tsx", `${A}/settings`, {
        intent: "remove-sample-data",
        confirm: "REMOVE",
      }),
  },

  // ── the Canada Post account ──
  {
    kind: "action",
    route: "routes/admin/settings/canada-post.tsx",
    intent: "save",
    area: "settings",
    action: "create",
    record: () => "canada-post",
    run: () =>
      post("routes/admin/settings/canada-post.tsx", `${A}/settings/canada-post`, {
        intent: "save",
        customerNumber: "0001234567",
        username: "walk-api-user",
        password: "walk-api-password",
        environment: "development",
        originPostalCode: "V6B 1A1",
        services: "DOM.EP",
      }),
  },
  {
    kind: "action",
    route: "routes/admin/settings/canada-post.tsx",
    intent: "disconnect",
    area: "settings",
    action: "delete",
    record: () => "canada-post",
    run: () =>
      post("routes/admin/settings/canada-post.tsx", `${A}/settings/canada-post`, {
        intent: "disconnect",
      }),
  },

  // ── the payments mailbox ──
  {
    kind: "action",
    route: "routes/admin/settings/payment-mailbox.tsx",
    intent: "save",
    area: "settings",
    action: "create",
    record: () => "payment-mailbox",
    run: () =>
      post("routes/admin/settings/payment-mailbox.tsx", `${A}/settings/payment-mailbox`, {
        intent: "save",
        host: "imap.walk.test",
        port: "993",
        tls: "on",
        username: "payments@walk.test",
        password: "walk-mailbox-password",
        folder: "INBOX",
        processedFolder: "Processed",
        pollSeconds: "60",
      }),
  },
  {
    kind: "action",
    route: "routes/admin/settings/payment-mailbox.tsx",
    intent: "disconnect",
    area: "settings",
    action: "delete",
    record: () => "payment-mailbox",
    run: () =>
      post("routes/admin/settings/payment-mailbox.tsx", `${A}/settings/payment-mailbox`, {
        intent: "disconnect",
      }),
  },

  // ── delivery zones and windows ──
  {
    kind: "action",
    route: "routes/admin/settings/delivery.tsx",
    intent: "save-zone",
    area: "settings",
    action: "create",
    run: () =>
      post("routes/admin/settings/delivery.tsx", `${A}/settings/delivery`, {
        intent: "save-zone",
        name: "Walk Zone",
        prefixes: "V6B, V5",
        feeCents: "8",
        minimumOrderCents: "0",
      }),
  },
  {
    kind: "action",
    route: "routes/admin/settings/delivery.tsx",
    intent: "delete-zone",
    area: "settings",
    action: "delete",
    run: async () => {
      const [zone] = await db().select({ id: deliveryZones.id }).from(deliveryZones);
      return post("routes/admin/settings/delivery.tsx", `${A}/settings/delivery`, {
        intent: "delete-zone",
        id: zone!.id,
      });
    },
  },
  {
    kind: "action",
    route: "routes/admin/settings/delivery.tsx",
    intent: "save-window",
    area: "settings",
    action: "create",
    run: () =>
      post("routes/admin/settings/delivery.tsx", `${A}/settings/delivery`, {
        intent: "save-window",
        weekday: "2",
        starts: "16:00",
        ends: "18:00",
        capacity: "5",
      }),
  },
  {
    kind: "action",
    route: "routes/admin/settings/delivery.tsx",
    intent: "delete-window",
    area: "settings",
    action: "delete",
    run: async () => {
      const [window] = await db().select({ id: deliveryWindows.id }).from(deliveryWindows);
      return post("routes/admin/settings/delivery.tsx", `${A}/settings/delivery`, {
        intent: "delete-window",
        id: window!.id,
      });
    },
  },

  // ── provinces and taxes ──
  {
    kind: "action",
    route: "routes/admin/settings/provinces/detail.tsx",
    intent: "rule",
    area: "taxes",
    action: "update",
    run: () =>
      post(
        "routes/admin/settings/provinces/detail.tsx",
        `${A}/settings/provinces/AB`,
        { intent: "rule", ships: "on", minimumAge: "19" },
        { params: { province: "AB" } },
      ),
  },
  {
    kind: "action",
    route: "routes/admin/settings/provinces/detail.tsx",
    intent: "add-rate",
    area: "taxes",
    action: "create",
    run: () =>
      post(
        "routes/admin/settings/provinces/detail.tsx",
        `${A}/settings/provinces/AB`,
        { intent: "add-rate", kind: "GST", rate: "6", effectiveFrom: "2099-01-01" },
        { params: { province: "AB" } },
      ),
  },
  {
    kind: "action",
    route: "routes/admin/settings/provinces/detail.tsx",
    intent: "delete-rate",
    area: "taxes",
    action: "delete",
    run: async () => {
      const [rate] = await db()
        .select({ id: salesTaxRates.id })
        .from(salesTaxRates)
        .where(
          and(eq(salesTaxRates.province, "AB"), eq(salesTaxRates.effectiveFrom, "2099-01-01")),
        );
      return post(
        "routes/admin/settings/provinces/detail.tsx",
        `${A}/settings/provinces/AB`,
        { intent: "delete-rate", rateId: rate!.id },
        { params: { province: "AB" } },
      );
    },
  },

  // ── images ──
  {
    kind: "action",
    route: "routes/admin/images/upload.tsx",
    area: "images",
    action: "create",
    run: async () => {
      const form = new FormData();
      form.set("file", new File([await png("#2a7")], "walk.png", { type: "image/png" }));
      const answer = await upload("routes/admin/images/upload.tsx", `${A}/images/upload`, form);
      imageUrl = (answer.body as { image?: { imageUrl: string } }).image?.imageUrl ?? "";
      return answer;
    },
  },
  {
    kind: "action",
    route: "routes/admin/images/list.tsx",
    intent: "delete",
    area: "images",
    action: "delete",
    run: async () => {
      const spare = await storeImage({ body: await png("#852"), name: "spare.png" });
      return post("routes/admin/images/list.tsx", `${A}/images`, {
        intent: "delete",
        id: spare.imageId,
      });
    },
  },

  // ── products and stock ──
  {
    kind: "action",
    route: "routes/admin/products/edit.tsx",
    what: "Add New Product",
    area: "products",
    action: "create",
    run: async () => {
      const answer = await post("routes/admin/products/edit.tsx", `${A}/products/new`, {
        name: "Walk Dream",
        sku: "WALK-1",
        price: "40",
        costPrice: "24",
        category: "flowers",
        currentStock: "12",
        stockAlertLevel: "5",
        netAmount: "1",
        thc: "220",
        cbd: "1",
        description: "A product the walk made.",
        image: imageUrl,
      });
      const [made] = await db().select().from(products).where(eq(products.sku, "WALK-1"));
      productId = made?.id ?? "";
      return answer;
    },
  },
  {
    kind: "action",
    route: "routes/admin/products/edit.tsx",
    what: "Edit Product",
    area: "products",
    action: "update",
    record: () => productId,
    run: () =>
      post(
        "routes/admin/products/edit.tsx",
        `${A}/products/${productId}/edit`,
        {
          name: "Walk Dream",
          sku: "WALK-1",
          price: "45",
          costPrice: "24",
          category: "flowers",
          currentStock: "12",
          stockAlertLevel: "5",
          netAmount: "1",
          thc: "220",
          cbd: "1",
          description: "A product the walk made.",
          image: imageUrl,
        },
        { params: { productId } },
      ),
  },
  {
    kind: "action",
    route: "routes/admin/products/stock.ts",
    area: "stock",
    action: "update",
    record: () => productId,
    run: () =>
      post(
        "routes/admin/products/stock.ts",
        `${A}/products/${productId}/stock`,
        { variationId: "", mode: "add", quantity: "3", reason: "received", lotNumber: "W-1" },
        { params: { productId } },
      ),
  },
  ...(
    [
      ["archive", {}],
      ["unarchive", {}],
      ["category", { category: "edibles" }],
      ["price", { percent: "10" }],
    ] as const
  ).map(([intent, fields]): Scenario => ({
    kind: "action",
    route: "routes/admin/products/list.tsx",
    intent,
    area: "products",
    action: "bulk",
    run: () =>
      post("routes/admin/products/list.tsx", `${A}/products`, {
        intent,
        scope: "selected",
        ids: [productId],
        ...fields,
      }),
  })),
  {
    kind: "action",
    route: "routes/admin/products/list.tsx",
    intent: "delete",
    area: "products",
    action: "delete",
    run: async () => {
      const spare = await createProduct({ name: "Walk Spare" });
      return post("routes/admin/products/list.tsx", `${A}/products`, {
        intent: "delete",
        id: spare.product.id,
      });
    },
  },
  {
    kind: "action",
    route: "routes/admin/products/import-preview.tsx",
    area: "products",
    action: "import",
    run: async () => {
      const row: Record<string, string> = {
        SKU: "WALK-CSV-1",
        Name: "Walk Lights",
        Category: "flowers",
        Description: "Imported by the walk.",
        "Selling Price": "45.00",
        "Cost Price": "27.00",
        "Stock Alert Level": "5",
        "Image URL": imageUrl,
        "Net Amount": "1",
        "THC mg": "220",
        "CBD mg": "1",
        Stock: "4",
      };
      const text = [PRODUCT_CSV_HEADER, PRODUCT_CSV_HEADER.map((h) => row[h] ?? "")]
        .map((cells) => csvLine([...cells]))
        .join("\r\n");
      const form = csvFile("products.csv", text);
      form.set("reason", "count_correction");
      const previewed = await upload(
        "routes/admin/products/import.tsx",
        `${A}/products/import`,
        form,
      );
      const importId = previewed.location?.split("/").pop() ?? "";
      return post(
        "routes/admin/products/import-preview.tsx",
        `${A}/products/import/${importId}`,
        {},
        { params: { importId } },
      );
    },
  },

  // ── coupons ──
  {
    kind: "action",
    route: "routes/admin/coupons/new.tsx",
    area: "coupons",
    action: "create",
    run: async () => {
      const answer = await post("routes/admin/coupons/new.tsx", `${A}/coupons/new`, {
        code: "WALK10",
        type: "percentage",
        value: "10",
        startDate: "2026-01-01",
        isActive: "on",
      });
      const [made] = await db().select().from(coupons).where(eq(coupons.code, "WALK10"));
      couponId = made?.id ?? "";
      return answer;
    },
  },
  {
    kind: "action",
    route: "routes/admin/coupons/detail.tsx",
    area: "coupons",
    action: "update",
    record: () => couponId,
    run: () =>
      post(
        "routes/admin/coupons/detail.tsx",
        `${A}/coupons/${couponId}`,
        {
          code: "WALK10",
          type: "percentage",
          value: "15",
          startDate: "2026-01-01",
          isActive: "on",
        },
        { params: { couponId } },
      ),
  },
  {
    kind: "action",
    route: "routes/admin/coupons/list.tsx",
    intent: "set-active",
    area: "coupons",
    action: "update",
    record: () => couponId,
    run: () =>
      post("routes/admin/coupons/list.tsx", `${A}/coupons`, {
        intent: "set-active",
        id: couponId,
        active: "false",
      }),
  },
  {
    kind: "action",
    route: "routes/admin/coupons/list.tsx",
    intent: "delete",
    area: "coupons",
    action: "delete",
    record: () => couponId,
    run: () =>
      post("routes/admin/coupons/list.tsx", `${A}/coupons`, { intent: "delete", id: couponId }),
  },

  // ── customers ──
  {
    kind: "action",
    route: "routes/admin/customers/import-preview.tsx",
    area: "customers",
    action: "import",
    run: async () => {
      const text = "Name,Email,Phone,Consent\nWalk Customer,walker@example.com,6045550101,yes\n";
      const previewed = await upload(
        "routes/admin/customers/import.tsx",
        `${A}/customers/import`,
        csvFile("customers.csv", text),
      );
      const importId = previewed.location?.split("/").pop() ?? "";
      const answer = await post(
        "routes/admin/customers/import-preview.tsx",
        `${A}/customers/import/${importId}`,
        { existing: "skip" },
        { params: { importId } },
      );
      const [made] = await db()
        .select()
        .from(customers)
        .where(eq(customers.email, "walker@example.com"));
      customerNumber = made?.customerNumber ?? 0;
      return answer;
    },
  },
  {
    kind: "action",
    route: "routes/admin/customers/edit.tsx",
    area: "customers",
    action: "update",
    run: () => {
      const customerId = customerDisplayId(customerNumber);
      return post(
        "routes/admin/customers/edit.tsx",
        `${A}/customers/${customerId}/edit`,
        {
          name: "Walk Customer",
          email: "walker@example.com",
          phone: "604-555-0101",
          address: "",
          city: "",
          province: "",
          postcode: "",
          status: "active",
          note: "Met at the walk.",
        },
        { params: { customerId } },
      );
    },
  },
  {
    kind: "action",
    route: "routes/admin/customers/email.tsx",
    area: "mailings",
    action: "send",
    run: () => {
      const customerId = customerDisplayId(customerNumber);
      return post(
        "routes/admin/customers/email.tsx",
        `${A}/customers/${customerId}/email`,
        { subject: "Your order", message: "Thanks for shopping with us." },
        { params: { customerId } },
      );
    },
  },

  // ── pages and the announcement ──
  {
    kind: "action",
    route: "routes/admin/pages/content.tsx",
    intent: "save",
    area: "pages",
    action: "update",
    run: async () => {
      const [page] = await db().select().from(pages).where(eq(pages.slug, "about"));
      return post("routes/admin/pages/content.tsx", `${A}/pages?page=about`, {
        intent: "save",
        content: "<p>Walked</p>",
        version: String(page!.version),
      });
    },
  },
  {
    kind: "action",
    route: "routes/admin/pages/content.tsx",
    intent: "restore",
    area: "pages",
    action: "update",
    seed: async () => {
      const [page] = await db().select().from(pages).where(eq(pages.slug, "about"));
      const saved = await savePageContent({
        slug: "about",
        content: "<p>Walked again</p>",
        baseVersion: page!.version,
        actor: SHELL_ACTOR,
      });
      if (!saved.ok) throw new Error(saved.message);
    },
    run: async () => {
      const [page] = await db().select().from(pages).where(eq(pages.slug, "about"));
      const [first] = await db()
        .select()
        .from(pageRevisions)
        .where(eq(pageRevisions.pageId, page!.id))
        .orderBy(asc(pageRevisions.version));
      return post("routes/admin/pages/content.tsx", `${A}/pages?page=about`, {
        intent: "restore",
        revisionId: first!.id,
        version: String(page!.version),
      });
    },
  },
  {
    kind: "action",
    route: "routes/admin/pages/announcements.tsx",
    area: "announcements",
    action: "create",
    run: () =>
      post("routes/admin/pages/announcements.tsx", `${A}/pages/announcements`, {
        message: "The walk's sale",
        backgroundColor: "blue",
        couponCode: "",
        startDate: "",
        endDate: "",
        isActive: "on",
      }),
  },

  // ── emails: templates, campaigns, the newsletter ──
  {
    kind: "action",
    route: "routes/admin/emails/templates/edit.tsx",
    what: "a new template",
    area: "mailings",
    action: "create",
    run: async () => {
      const answer = await post(
        "routes/admin/emails/templates/edit.tsx",
        `${A}/emails/templates/new`,
        { name: "Walk template", description: "", subject: "Hello", bodyHtml: "<p>Hello</p>" },
      );
      const [made] = await db()
        .select()
        .from(emailTemplates)
        .where(eq(emailTemplates.name, "Walk template"));
      templateId = made?.id ?? "";
      return answer;
    },
  },
  {
    kind: "action",
    route: "routes/admin/emails/templates/edit.tsx",
    what: "a template edited",
    area: "mailings",
    action: "update",
    record: () => templateId,
    run: () =>
      post(
        "routes/admin/emails/templates/edit.tsx",
        `${A}/emails/templates/${templateId}`,
        { name: "Walk template", description: "", subject: "Hi", bodyHtml: "<p>Hi</p>" },
        { params: { templateId } },
      ),
  },
  {
    kind: "action",
    route: "routes/admin/emails/templates/list.tsx",
    intent: "delete",
    area: "mailings",
    action: "delete",
    record: () => templateId,
    run: () =>
      post("routes/admin/emails/templates/list.tsx", `${A}/emails/templates`, {
        intent: "delete",
        id: templateId,
      }),
  },
  ...(
    [
      ["save", "create", {}],
      // A month ahead (scheduling takes a time within the next two years).
      [
        "schedule",
        "create",
        { sendAt: `${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)}T10:00` },
      ],
      ["send", "send", {}],
      ["test", "send", { testEmail: "me@walk.test" }],
    ] as const
  ).map(([intent, action, fields]): Scenario => ({
    kind: "action",
    route: "routes/admin/emails/edit.tsx",
    intent,
    area: "mailings",
    action,
    seed: async () => {
      for (const email of ["reader1@example.com", "reader2@example.com"])
        await subscribeToNewsletter({ email, source: "footer" });
    },
    run: () =>
      post("routes/admin/emails/edit.tsx", `${A}/emails/new`, {
        intent,
        name: `Walk ${intent}`,
        subject: "News from the walk",
        audience: "subscribers",
        bodyHtml: "<p>News</p>",
        ...fields,
      }),
  })),
  ...(
    [
      ["cancel-schedule", "update", "Walk schedule"],
      ["delete", "delete", "Walk save"],
    ] as const
  ).map(([intent, action, name]): Scenario => ({
    kind: "action",
    route: "routes/admin/emails/list.tsx",
    intent,
    area: "mailings",
    action,
    run: async () => {
      const [campaign] = await db()
        .select()
        .from(emailCampaigns)
        .where(eq(emailCampaigns.name, name));
      return post("routes/admin/emails/list.tsx", `${A}/emails`, {
        intent,
        id: campaign!.id,
      });
    },
  })),
  ...(
    [
      ["send", "send", {}],
      ["test", "send", { testEmail: "me@walk.test" }],
    ] as const
  ).map(([intent, action, fields]): Scenario => ({
    kind: "action",
    route: "routes/admin/newsletters/list.tsx",
    intent,
    area: "mailings",
    action,
    run: () =>
      post("routes/admin/newsletters/list.tsx", `${A}/newsletters`, {
        intent,
        subject: "Newsletter",
        body: "<p>What is new</p>",
        ...fields,
      }),
  })),
  {
    kind: "action",
    route: "routes/admin/newsletters/list.tsx",
    intent: "remove",
    area: "mailings",
    action: "remove",
    run: async () => {
      const [subscriber] = await db()
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, "reader2@example.com"));
      return post("routes/admin/newsletters/list.tsx", `${A}/newsletters`, {
        intent: "remove",
        id: subscriber!.id,
      });
    },
  },

  // ── orders: the status steps, shipping, editing, refunds ──
  ...(
    [
      ["paid", "pending", {}],
      ["processing", "paid", {}],
      ["shipped", "processing", { trackingNumber: "1111222233334444" }],
      ["delivered", "shipped", {}],
      ["completed", "delivered", {}],
    ] as const
  ).map(([intent, from, fields]): Scenario => ({
    kind: "action",
    route: "routes/admin/orders/detail.tsx",
    intent,
    area: "orders",
    action: "status",
    record: () => orderNumberOf.walked,
    seed: async () => {
      order.walked ??= await placeTestOrder({
        name: "Walk Buyer",
        items: [{ id: product.id(), quantity: 2 }],
      });
      orderNumberOf.walked = (await orderOf(order.walked)).orderNumber;
    },
    run: async () => {
      const placed = await orderOf(order.walked);
      const extra: Fields =
        intent === "paid"
          ? { reference: "WALK-REF", amountReceived: dollars(placed.totalAmountCents) }
          : {};
      return post(
        "routes/admin/orders/detail.tsx",
        `${A}/orders/${placed.orderNumber}`,
        { intent, from, ...extra, ...fields },
        { params: { orderNumber: placed.orderNumber } },
      );
    },
  })),
  // ── payments: the queue's one-click suggestion, a reasoned ignore, a bank export ──
  ...(["accept"] as const).map((intent): Scenario => ({
    kind: "action",
    route: "routes/admin/payments/list.tsx",
    intent,
    area: "payments",
    action: intent === "accept" ? "payment" : "ignore",
    seed: async () => {
      const id = await placeTestOrder({
        name: `Walk Payer ${intent === "accept" ? "Abel" : "Iris"}`,
        items: [{ id: product.id(), quantity: 1 }],
      });
      const placed = await orderOf(id);
      await recordIncomingPayments([
        {
          source: "mailbox",
          bankReference: `WALK-${intent}`,
          amountCents: placed.totalAmountCents,
          senderName: placed.shippingName,
          message: null,
          receivedAt: new Date(),
        },
      ]);
    },
    run: async () => {
      const [payment] = await db()
        .select()
        .from(payments)
        .where(eq(payments.bankReference, `WALK-${intent}`));
      return post("routes/admin/payments/list.tsx", `${A}/payments`, {
        intent,
        id: payment!.id,
        note: "Sent by mistake, the shopper paid again",
      });
    },
  })),
  {
    kind: "action",
    route: "routes/admin/payments/import-preview.tsx",
    area: "payments",
    action: "import",
    run: async () => {
      const csv = buildBankCsv("rbc", [
        {
          postedOn: "2026-11-20",
          amountCents: 4321,
          senderName: "WALK SENDER",
          reference: "CAWALK12345678",
        },
      ]);
      const previewed = await upload(
        "routes/admin/payments/import.tsx",
        `${A}/payments/import`,
        csvFile("rbc.csv", csv),
      );
      const importId = previewed.location?.split("/").pop() ?? "";
      return post(
        "routes/admin/payments/import-preview.tsx",
        `${A}/payments/import/${importId}`,
        {},
        { params: { importId } },
      );
    },
  },
  {
    kind: "action",
    route: "routes/admin/orders/detail.tsx",
    intent: "cancelled",
    area: "orders",
    action: "status",
    seed: async () => {
      order.cancelled = await placeTestOrder({
        name: "Walk Canceller",
        items: [{ id: product.id(), quantity: 1 }],
      });
    },
    run: async () => {
      const { orderNumber } = await orderOf(order.cancelled);
      return post(
        "routes/admin/orders/detail.tsx",
        `${A}/orders/${orderNumber}`,
        { intent: "cancelled", from: "pending", reason: "The shopper asked" },
        { params: { orderNumber } },
      );
    },
  },
  {
    kind: "action",
    route: "routes/admin/shipping/ship.tsx",
    area: "orders",
    action: "status",
    run: async () => {
      const { shipmentId } = await shipmentAt("preparing", { tracking: "5555666677778888" });
      return post(
        "routes/admin/shipping/ship.tsx",
        `${A}/shipping/${shipmentId}/ship`,
        { expectedStatus: "preparing", trackingNumber: "5555666677778888" },
        { params: { shipmentId } },
      );
    },
  },
  {
    kind: "action",
    route: "routes/admin/shipping/labels.ts",
    intent: "create",
    area: "orders",
    action: "create",
    seed: async () => {
      await connectToCanadaPostFake();
      labelShipment = (await shipmentAt("preparing")).shipmentId;
      await db().update(productVariations).set({ packedGrams: 40 });
    },
    run: () =>
      post("routes/admin/shipping/labels.ts", `${A}/shipping/labels`, {
        intent: "create",
        shipmentId: labelShipment,
      }),
  },
  {
    kind: "action",
    route: "routes/admin/shipping/labels.ts",
    intent: "void",
    area: "orders",
    action: "delete",
    run: () =>
      post("routes/admin/shipping/labels.ts", `${A}/shipping/labels`, {
        intent: "void",
        shipmentId: labelShipment,
      }),
  },
  {
    kind: "action",
    route: "routes/admin/shipping/list.tsx",
    area: "orders",
    action: "status",
    run: async () => {
      const { shipmentId } = await shipmentAt("shipped", { tracking: "9999000011112222" });
      return post("routes/admin/shipping/list.tsx", `${A}/shipping`, {
        shipmentId,
        expectedStatus: "shipped",
        to: "in_transit",
      });
    },
  },
  {
    kind: "action",
    route: "routes/admin/orders/edit.tsx",
    area: "orders",
    action: "update",
    record: () => orderNumberOf.edited,
    seed: async () => {
      order.edited = await placeTestOrder({
        name: "Walk Editor",
        items: [{ id: product.id(), quantity: 1 }],
      });
      orderNumberOf.edited = (await orderOf(order.edited)).orderNumber;
    },
    run: async () => {
      const placed = await orderOf(order.edited);
      const [line] = await db().select().from(orderItems).where(eq(orderItems.orderId, placed.id));
      return post(
        "routes/admin/orders/edit.tsx",
        `${A}/orders/${placed.orderNumber}/edit`,
        {
          version: String(placed.version),
          "lines.0.id": line!.id,
          "lines.0.quantity": "2",
          name: placed.shippingName,
          street: placed.shippingStreet,
          city: placed.shippingCity,
          province: placed.shippingProvince,
          postalCode: placed.shippingPostalCode,
        },
        { params: { orderNumber: placed.orderNumber } },
      );
    },
  },
  {
    kind: "action",
    route: "routes/admin/orders/refund.ts",
    intent: "refund",
    area: "refunds",
    action: "create",
    seed: async () => {
      order.refunded = await placeTestOrder({
        name: "Walk Refund",
        items: [{ id: product.id(), quantity: 2 }],
      });
      await moveOrder(order.refunded, ["paid"]);
    },
    run: async () => {
      const placed = await orderOf(order.refunded);
      const answer = await post(
        "routes/admin/orders/refund.ts",
        `${A}/orders/${placed.orderNumber}/refund`,
        {
          intent: "refund",
          version: String(placed.version),
          mode: "amount",
          amount: "5.00",
          method: "etransfer",
        },
        { params: { orderNumber: placed.orderNumber } },
      );
      const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, placed.id));
      creditNoteNumber = refund?.creditNoteNumber ?? "";
      return answer;
    },
  },
  {
    kind: "action",
    route: "routes/admin/orders/refund.ts",
    intent: "cancel",
    area: "refunds",
    action: "create",
    run: async () => {
      const placed = await orderOf(order.refunded);
      return post(
        "routes/admin/orders/refund.ts",
        `${A}/orders/${placed.orderNumber}/refund`,
        {
          intent: "cancel",
          version: String(placed.version),
          from: "paid",
          reason: "Out of stock",
          method: "etransfer",
        },
        { params: { orderNumber: placed.orderNumber } },
      );
    },
  },

  // ── handing local deliveries and pickups over ──
  {
    kind: "action",
    route: "routes/admin/shipping/handover.tsx",
    intent: "hand-over",
    area: "deliveries",
    action: "handover",
    seed: async () => {
      for (const name of ["delivered", "refused"] as const) {
        order[name] = await placeTestOrder({
          name: `Walk ${name}`,
          items: [{ id: product.id(), quantity: 1 }],
        });
        await db()
          .update(orders)
          .set({ fulfilmentMethod: "delivery", proofOfAge: null })
          .where(eq(orders.id, order[name]));
        await moveOrder(order[name], ["paid"]);
      }
    },
    run: async () => {
      const placed = await orderOf(order.delivered);
      return post(
        "routes/admin/shipping/handover.tsx",
        `${A}/handover/${placed.orderNumber}`,
        { intent: "hand-over", from: "paid", idKind: "passport", birthYear: "1980" },
        { params: { orderNumber: placed.orderNumber } },
      );
    },
  },
  {
    kind: "action",
    route: "routes/admin/shipping/handover.tsx",
    intent: "refuse",
    area: "deliveries",
    action: "handover",
    run: async () => {
      const placed = await orderOf(order.refused);
      return post(
        "routes/admin/shipping/handover.tsx",
        `${A}/handover/${placed.orderNumber}`,
        { intent: "refuse", from: "paid", reason: "nobody_home" },
        { params: { orderNumber: placed.orderNumber } },
      );
    },
  },

  // ── exports and printed batches (loaders): one "exports"/"export" entry each ──
  ...(
    [
      ["routes/admin/products/export.ts", `${A}/products/export.csv`],
      ["routes/admin/stock/export.ts", `${A}/stock/export.csv`],
      ["routes/admin/customers/export.ts", `${A}/customers/export.csv`],
      ["routes/admin/newsletters/consent-export.ts", `${A}/newsletters/consent-records.csv`],
      ["routes/admin/reports/export.ts", `${A}/reports/export?period=30`],
      ["routes/admin/activity/export.ts", `${A}/activity/export.csv`],
      ["routes/admin/shipping/delivery-records-export.ts", `${A}/deliveries/export.csv`],
      ["routes/admin/shipping/packing-slips.tsx", "/budzadmin/print/packing-slips"],
    ] as const
  ).map(([route, url]): Scenario => ({
    kind: "loader",
    route,
    area: "exports",
    action: "export",
    run: () => get(route, url),
  })),
  {
    kind: "loader",
    route: "routes/admin/orders/print.tsx",
    area: "exports",
    action: "export",
    run: () =>
      get("routes/admin/orders/print.tsx", `/budzadmin/print/orders?from=${today()}&to=${today()}`),
  },
  {
    kind: "loader",
    route: "admin-invoices-print-daily",
    area: "exports",
    action: "export",
    record: () => `invoices-${today()}`,
    run: () => get("routes/admin/invoices/print.tsx", `${A}/invoices/print/daily?date=${today()}`),
  },
  {
    kind: "loader",
    route: "routes/admin/invoices/pdf.ts",
    area: "exports",
    action: "export",
    record: () => `invoices-${today()}`,
    run: () => {
      const fileName = `invoices-${today()}.pdf`;
      return get("routes/admin/invoices/pdf.ts", `${A}/invoices/pdf/${fileName}`, {
        params: { fileName },
      });
    },
  },
  {
    kind: "loader",
    route: "routes/admin/invoices/credit-note-pdf.ts",
    area: "exports",
    action: "export",
    record: () => creditNoteNumber,
    run: () => {
      const fileName = `${creditNoteNumber}.pdf`;
      return get(
        "routes/admin/invoices/credit-note-pdf.ts",
        `${A}/invoices/pdf/credit-notes/${fileName}`,
        { params: { fileName } },
      );
    },
  },

  // ── staff: an invitation, its acceptance, role and status, two-factor ──
  {
    kind: "action",
    route: "routes/admin/staff/invite.tsx",
    area: "staff",
    action: "invite",
    run: async () => {
      const answer = await post("routes/admin/staff/invite.tsx", `${A}/staff/invite`, {
        email: "sam@walk.test",
        username: "walk-sam",
        displayName: "Sam",
        role: "staff",
      });
      const [made] = await db()
        .select()
        .from(adminUsers)
        .where(eq(adminUsers.username, "walk-sam"));
      sam = { id: made?.id ?? "" };
      return answer;
    },
  },
  {
    kind: "action",
    route: "routes/admin/invite.tsx",
    area: "staff",
    action: "update",
    record: () => sam.id,
    run: async () => {
      const [mail] = await db()
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, "sam@walk.test"));
      const token = /\/budzadmin\/invite\/([\w-]+)/.exec(mail!.text ?? "")![1]!;
      return post(
        "routes/admin/invite.tsx",
        `/budzadmin/invite/${token}`,
        {
          displayName: "Sam Walker",
          newPassword: "sam-password-1",
          confirmPassword: "sam-password-1",
        },
        { params: { token }, cookie: null },
      );
    },
  },
  ...(
    [
      ["role", "role", { role: "manager" }],
      ["deactivate", "deactivate", {}],
      ["reactivate", "reactivate", {}],
    ] as const
  ).map(([intent, action, fields]): Scenario => ({
    kind: "action",
    route: "routes/admin/staff/list.tsx",
    intent,
    area: "staff",
    action,
    record: () => sam.id,
    run: () => post("routes/admin/staff/list.tsx", `${A}/staff`, { intent, id: sam.id, ...fields }),
  })),
  {
    kind: "action",
    route: "routes/admin/two-factor-setup.tsx",
    area: "auth",
    action: "two-factor",
    record: () => sam.id,
    run: async () => {
      sam.cookie = (await createAdminSession({ userId: sam.id })).split(";")[0]!;
      const setup = await startTwoFactorSetup(sam.id);
      if (!setup.ok) throw new Error(setup.message);
      const answer = await post(
        "routes/admin/two-factor-setup.tsx",
        "/budzadmin/two-factor/setup",
        { code: await codeAt(setup.secret) },
        { cookie: sam.cookie },
      );
      sam.recoveryCodes = (answer.body as { recoveryCodes?: string[] }).recoveryCodes;
      return answer;
    },
  },
  ...(
    [
      ["a wrong code", "two-factor-failed", 401],
      ["a recovery code", "sign-in", undefined],
    ] as const
  ).map(([what, action, status]): Scenario => ({
    kind: "action",
    route: "routes/admin/two-factor.tsx",
    what,
    area: "auth",
    action,
    status,
    record: () => sam.id,
    seed: async () => {
      // The password step (an audited sign-in of its own) leaves the second step's cookie.
      const step = await post(
        "routes/admin/login.tsx",
        "/budzadmin",
        { username: "walk-sam", password: "sam-password-1" },
        { cookie: null },
      );
      expect(step.location).toBe("/budzadmin/two-factor");
      sam.challenge = step.headers.get("Set-Cookie")!.split(";")[0]!;
    },
    run: () =>
      post(
        "routes/admin/two-factor.tsx",
        "/budzadmin/two-factor",
        { code: status ? "not-a-code-at-all" : sam.recoveryCodes![0]! },
        { cookie: sam.challenge! },
      ),
  })),
  {
    kind: "action",
    route: "routes/admin/staff/list.tsx",
    intent: "reset-two-factor",
    area: "staff",
    action: "two-factor",
    record: () => sam.id,
    run: () =>
      post("routes/admin/staff/list.tsx", `${A}/staff`, {
        intent: "reset-two-factor",
        id: sam.id,
      }),
  },

  // ── My profile (an admin of its own: changing the password ends their other sessions) ──
  {
    kind: "action",
    route: "routes/admin/profile.tsx",
    intent: "name",
    area: "staff",
    action: "update",
    record: () => pat.id,
    seed: async () => {
      const made = await createAdminUser({
        username: "walk-pat",
        password: "pat-password-1",
        role: "staff",
      });
      pat = { id: made.id, cookie: (await createAdminSession({ userId: made.id })).split(";")[0]! };
    },
    run: () =>
      post(
        "routes/admin/profile.tsx",
        `${A}/profile`,
        { intent: "name", displayName: "Pat Walker" },
        { cookie: pat.cookie },
      ),
  },
  {
    kind: "action",
    route: "routes/admin/profile.tsx",
    intent: "password",
    area: "auth",
    action: "update",
    record: () => pat.id,
    run: () =>
      post(
        "routes/admin/profile.tsx",
        `${A}/profile`,
        {
          intent: "password",
          currentPassword: "pat-password-1",
          newPassword: "pat-password-2",
          confirmPassword: "pat-password-2",
        },
        { cookie: pat.cookie },
      ),
  },
  {
    kind: "action",
    route: "routes/admin/profile.tsx",
    intent: "recovery-codes",
    area: "auth",
    action: "two-factor",
    record: () => pat.id,
    seed: async () => {
      const setup = await startTwoFactorSetup(pat.id);
      if (!setup.ok) throw new Error(setup.message);
      const on = await confirmTwoFactorSetup({
        userId: pat.id,
        code: await codeAt(setup.secret),
        actor: SHELL_ACTOR,
      });
      if (!on.ok) throw new Error(on.message);
      pat.secret = setup.secret;
    },
    // A code is accepted once: the next step's (within the window of ±1 step).
    run: async () =>
      post(
        "routes/admin/profile.tsx",
        `${A}/profile`,
        { intent: "recovery-codes", code: await codeAt(pat.secret!, Date.now() + 30_000) },
        { cookie: pat.cookie },
      ),
  },
  {
    kind: "action",
    route: "routes/admin/profile.tsx",
    intent: "two-factor-off",
    area: "auth",
    action: "two-factor",
    record: () => pat.id,
    run: () =>
      post(
        "routes/admin/profile.tsx",
        `${A}/profile`,
        { intent: "two-factor-off", proof: "pat-password-2" },
        { cookie: pat.cookie },
      ),
  },
  {
    kind: "action",
    route: "routes/admin/profile.tsx",
    intent: "sign-out-everywhere",
    area: "auth",
    action: "sign-out",
    record: () => pat.id,
    run: () =>
      post(
        "routes/admin/profile.tsx",
        `${A}/profile`,
        { intent: "sign-out-everywhere" },
        { cookie: pat.cookie },
      ),
  },

  // ── Database tools: last, as a generator clears data first ──
  {
    kind: "action",
    route: "routes/admin/database.tsx",
    intent: "backup",
    area: "backups",
    action: "create",
    run: async () => {
      const answer = await post("routes/admin/database.tsx", `${A}/database`, { intent: "backup" });
      // Back up now runs in the background: the next scenarios change data it is copying.
      await vi.waitFor(() => expect(backupRunning()).toBe(false), { timeout: 60_000 });
      return answer;
    },
  },
  // ── a lot's recall (routes/admin/lots/detail.tsx): its own product, one order of it ──
  {
    kind: "action",
    route: "routes/admin/lots/detail.tsx",
    intent: "recall",
    area: "lots",
    action: "recall",
    record: () => recall.lotId,
    seed: async () => {
      const made = await createProduct({ name: "Walk Recall", priceCents: 3000, stock: 5 });
      recall.orderId = await placeTestOrder({
        name: "Walk Recall",
        items: [{ id: made.id(), quantity: 2 }],
      });
      const [sold] = await db()
        .select({ lotId: stockMovements.lotId })
        .from(stockMovements)
        .where(eq(stockMovements.orderId, recall.orderId));
      recall.lotId = sold!.lotId;
      await db().update(orders).set({ status: "shipped" }).where(eq(orders.id, recall.orderId));
    },
    run: () =>
      post(
        "routes/admin/lots/detail.tsx",
        `${A}/lots/${recall.lotId}`,
        { intent: "recall", noticeNumber: "RA-2026-1", noticeText: "Mould found." },
        { params: { lotId: recall.lotId } },
      ),
  },
  {
    kind: "action",
    route: "routes/admin/lots/detail.tsx",
    intent: "send",
    area: "lots",
    action: "send",
    record: () => recall.lotId,
    run: () =>
      post(
        "routes/admin/lots/detail.tsx",
        `${A}/lots/${recall.lotId}`,
        { intent: "send" },
        { params: { lotId: recall.lotId } },
      ),
  },
  {
    kind: "action",
    route: "routes/admin/lots/detail.tsx",
    intent: "return",
    area: "lots",
    action: "update",
    record: () => recall.lotId,
    run: () =>
      post(
        "routes/admin/lots/detail.tsx",
        `${A}/lots/${recall.lotId}`,
        { intent: "return", orderId: recall.orderId, quantity: "1" },
        { params: { lotId: recall.lotId } },
      ),
  },
  {
    kind: "loader",
    route: "routes/admin/lots/orders-csv.ts",
    area: "exports",
    action: "export",
    run: () =>
      get("routes/admin/lots/orders-csv.ts", `${A}/lots/${recall.lotId}/orders.csv`, {
        params: { lotId: recall.lotId },
      }),
  },
  {
    kind: "action",
    route: "routes/admin/database.tsx",
    intent: "insert-test-product",
    area: "products",
    action: "create",
    run: () =>
      post("routes/admin/database.tsx", `${A}/database`, { intent: "insert-test-product" }),
  },
  {
    kind: "action",
    route: "routes/admin/database.tsx",
    intent: "generate",
    // The cheapest generator (25 customers; the others make 70 products or 40 orders).
    what: "the customers generator",
    area: "sample-data",
    action: "generate",
    run: () =>
      post("routes/admin/database.tsx", `${A}/database`, {
        intent: "generate",
        generator: "customers",
        confirm: "yes",
      }),
  },
];

// ── the walk ──

const label = (t: { kind: string; route: string; intent?: string; what?: string }) =>
  [t.kind === "loader" ? `${t.route} (loader)` : t.route, t.intent && `intent ${t.intent}`, t.what]
    .filter(Boolean)
    .join(", ");

describe("the walk covers every admin action and bulk export", () => {
  it("reads the intents of each route with several forms from its source", () => {
    // The handlers in a const (the order page's steps), shorthand keys (Save), quoted keys.
    expect(intentsOf("routes/admin/orders/detail.tsx").dispatched).toEqual(
      expect.arrayContaining(["paid", "processing", "shipped", "cancelled"]),
    );
    expect(intentsOf("routes/admin/emails/edit.tsx").dispatched).toEqual([
      "save",
      "schedule",
      "send",
      "test",
    ]);
    expect(intentsOf("routes/admin/settings/store.tsx").dispatched).toContain("remove-sample-data");
    // A button's intent across lines (Run Connection Tests), a submitted object's.
    expect(intentsOf("routes/admin/database.tsx").posted).toEqual(
      expect.arrayContaining(["test", "insert-test-product", "generate"]),
    );
    // Every module that calls dispatchIntent names its intents.
    for (const file of adminFiles) {
      const source = fs.readFileSync(path.resolve("app", file), "utf8");
      if (source.includes("dispatchIntent("))
        expect(intentsOf(file).dispatched.length, file).toBeGreaterThan(0);
    }
  });

  it("has a scenario or an exemption for every admin action and each of its intents", async () => {
    const table = [...SCENARIOS, ...EXEMPT].filter((t) => t.kind === "action");
    const missing: string[] = [];
    const known = new Map<string, Set<string | undefined>>();
    for (const file of adminFiles) {
      if (!(await loadRoute(file)).action) continue;
      const { dispatched, posted } = intentsOf(file);
      const intents = new Set<string | undefined>([...dispatched, ...posted]);
      if (intents.size === 0) intents.add(undefined);
      known.set(file, intents);
      for (const intent of intents)
        if (!table.some((t) => t.route === file && t.intent === intent))
          missing.push(label({ kind: "action", route: file, intent }));
    }
    expect(missing, "admin actions the walk does not cover (add a scenario)").toEqual([]);
    // …and nothing in the table that no route answers (a renamed file or intent).
    const stale = table.filter((t) => !known.get(t.route)?.has(t.intent)).map(label);
    expect(stale, "scenarios for actions no admin route has").toEqual([]);
  });

  it("has a scenario or an exemption for every bulk export and printed batch", () => {
    const loaders = adminRoutes.filter((r) => BULK_LOADER.test(r.file)).map((r) => r.id);
    expect(loaders).toEqual(
      expect.arrayContaining([
        "routes/admin/products/export.ts",
        "routes/admin/invoices/pdf.ts",
        "admin-invoices-print-daily",
        "routes/admin/orders/print.tsx",
        "routes/admin/shipping/packing-slips.tsx",
      ]),
    );
    const table = [...SCENARIOS, ...EXEMPT].filter((t) => t.kind === "loader");
    const missing = loaders.filter((id) => !table.some((t) => t.route === id));
    expect(missing, "bulk loaders the walk does not cover (add a scenario)").toEqual([]);
    const stale = table.filter((t) => !loaders.includes(t.route)).map(label);
    expect(stale, "scenarios for loaders app/routes.ts does not have").toEqual([]);
  });
});

describe("each admin action writes its audit entry", () => {
  for (const scenario of SCENARIOS) {
    it(label(scenario), async () => {
      await scenario.seed?.();
      const before = new Set(
        (await db().select({ id: auditLog.id }).from(auditLog)).map((r) => r.id),
      );
      const outcome = await scenario.run();
      const said = JSON.stringify(outcome.body)?.slice(0, 500);
      if (scenario.status) expect(outcome.status, said).toBe(scenario.status);
      else expect(outcome.status, said).toBeLessThan(400);
      const added = (await db().select().from(auditLog)).filter((r) => !before.has(r.id));
      const wanted = added.filter((r) => r.area === scenario.area && r.action === scenario.action);
      expect(
        wanted,
        `no ${scenario.area}/${scenario.action} entry; new: ${added.map((r) => `${r.area}/${r.action}`).join(", ") || "none"}`,
      ).not.toEqual([]);
      if (scenario.record) expect(wanted.map((r) => r.recordId)).toContain(scenario.record());
      // Every entry reads in words on the Activity screen: no field name as code, no raw data.
      for (const entry of added)
        for (const line of describeChanges(entry, config().STORE_TIMEZONE)) {
          const text = changeLineText(line);
          expect(line.label, `${entry.area}/${entry.action}: ${text}`).not.toMatch(/[a-z][A-Z]/);
          expect(text, `${entry.area}/${entry.action}`).not.toMatch(
            /\{"|":|\[|\]|\d{4}-\d\d-\d\dT|\b(true|false|null)\b/,
          );
        }
    });
  }
});
