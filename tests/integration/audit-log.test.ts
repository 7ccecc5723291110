import { DEFAULT_SHIPPING } from "~/lib/store-settings";
import { and, eq, sql } from "drizzle-orm";
import { isRouteErrorResponse } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as activityExport from "~/routes/admin/activity/export";
import * as activityList from "~/routes/admin/activity/list";
import * as customersExport from "~/routes/admin/customers/export";
import * as settingsRoute from "~/routes/admin/settings/store";
import { listActivity, recordActivity } from "~/server/audit/activity.server";
import {
  changedFields,
  pruneAuditLog,
  recordAudit,
  REDACTED,
  runDailyAuditPrune,
} from "~/server/audit/audit-log.server";
import { changeLineText, describeChanges } from "~/lib/activity-text";
import { AuditListQuerySchema } from "~/schemas/audit";
import { CouponFormSchema } from "~/schemas/coupons";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { changeRole } from "~/server/auth/staff.server";
import {
  createProduct as saveNewProduct,
  updateProduct,
} from "~/server/catalog/product-admin.server";
import { config } from "~/server/config.server";
import { db } from "~/server/db.server";
import {
  createCoupon,
  deleteCoupon,
  setCouponActive,
  updateCoupon,
} from "~/server/marketing/coupon-admin.server";
import { adjustStock } from "~/server/inventory/stock-ledger.server";
import { changeOrderStatus } from "~/server/orders/order-status.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { auditLog, imagesLibrary } from "~/server/db-tables";
import { saveSettingsSection } from "~/server/settings/store-settings.server";
import { testActor } from "../setup/audit";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { checkoutInput, createProduct } from "./checkout-factories";
import { productFormInput } from "./product-form";

/**
 * The audit log: append-only in the database itself, pruned only by the retention job, written in
 * the same transaction as each audited change (none when the change is refused), secrets never
 * logged, and the Activity screen's filters, keyset pages and refusals of tampered filters.
 */
let owner: { id: string };
let manager: { id: string };
let cookie: string;
const actor = () => testActor(owner.id, "Olive Owner");
const entries = () => db().select().from(auditLog).orderBy(auditLog.createdAt, auditLog.id);
const get = (url: string) =>
  new Request(`http://store.test${url}`, { headers: { Cookie: cookie } });
const IMAGE = "/images/audit-test.webp";
const TZ = config().STORE_TIMEZONE;
/** An entry as the Activity screen words it. */
const worded = (entry: Parameters<typeof describeChanges>[0]) =>
  describeChanges(entry, TZ).map(changeLineText);

beforeAll(async () => {
  await resetDatabase();
  owner = await createAdminUser({
    username: "olive",
    displayName: "Olive Owner",
    password: "owner-pass-1",
    role: "owner",
  });
  manager = await createAdminUser({
    username: "mo",
    displayName: "Mo Manager",
    password: "manager-pass-1",
    role: "manager",
  });
  cookie = (await createAdminSession({ userId: owner.id })).split(";")[0]!;
  await db().insert(imagesLibrary).values({
    imageName: "audit-test.webp",
    imageSize: 100,
    imageWidth: 10,
    imageHeight: 10,
    imageUrl: IMAGE,
    mimeType: "image/webp",
    fileExtension: "webp",
    storageKey: "audit-test.webp",
  });
});

// Tests start from an empty log: resetDatabase's delete runs with triggers off (replica role).
beforeEach(async () => {
  await db().transaction(async (tx) => {
    await tx.execute(sql`set local budz.audit_prune = 'on'`);
    await tx.delete(auditLog);
  });
});

async function refused(statement: ReturnType<typeof sql>) {
  const error = await db()
    .execute(statement)
    .then(() => null)
    .catch((e: unknown) => e as Error);
  expect(error, "the database accepted it").not.toBeNull();
  expect(String((error as { cause?: unknown }).cause ?? error)).toMatch(/append-only/);
}

describe("append-only", () => {
  it("refuses UPDATE, DELETE and TRUNCATE of an entry", async () => {
    await recordAudit(db(), { actor: actor(), area: "products", action: "update" });
    await refused(sql`update audit_log set action = 'delete'`);
    await refused(sql`delete from audit_log`);
    await refused(sql`truncate audit_log`);
    // A setting of another transaction does not carry over.
    await refused(sql`delete from audit_log`);
    expect(await entries()).toHaveLength(1);
  });

  it("lets a deleted admin's entries keep their name (the foreign key sets admin_id null)", async () => {
    const gone = await createAdminUser({ username: "gone", password: "gone-pass-12" });
    await recordAudit(db(), {
      actor: testActor(gone.id, "Gone Admin"),
      area: "products",
      action: "create",
    });
    await db().execute(sql`delete from admin_users where id = ${gone.id}`);
    const [entry] = await entries();
    expect(entry).toMatchObject({ adminId: null, adminName: "Gone Admin" });
  });
});

describe("retention", () => {
  it("prunes only entries older than the retention, claimed once a day", async () => {
    const now = new Date("2026-06-10T12:00:00Z");
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    await db()
      .insert(auditLog)
      .values(
        [800, 731, 729, 1].map((n) => ({
          createdAt: daysAgo(n),
          adminName: `${n} days`,
          area: "products",
          action: "update",
        })),
      );
    expect(await pruneAuditLog({ now, days: 730 })).toEqual({ deleted: 2 });
    expect((await entries()).map((e) => e.adminName)).toEqual(["729 days", "1 days"]);
    expect(await runDailyAuditPrune(new Date(now.getTime() + 30 * 86_400_000))).toEqual({
      deleted: 1,
    });
    expect(await runDailyAuditPrune(new Date(now.getTime() + 30 * 86_400_000))).toBeNull();
  });
});

describe("audited changes", () => {
  it("a product save: who, area, action, record and the fields before → after", async () => {
    const made = await saveNewProduct(productFormInput(IMAGE), actor(), "owner");
    if (!made.ok) throw new Error(made.message);
    const saved = await updateProduct(
      made.id,
      productFormInput(IMAGE, { price: "45", name: "Blue Dream XL" }),
      actor(),
      "owner",
    );
    expect(saved.ok).toBe(true);
    // The opening stock typed in the form has an entry of its own, as an adjustment's.
    expect((await entries()).filter((e) => e.area === "stock")).toMatchObject([
      {
        action: "update",
        recordId: made.id,
        changes: { stock: [0, 12], reason: "received", note: "Opening stock" },
      },
    ]);
    const log = (await entries()).filter((e) => e.area === "products");
    expect(log.map((e) => e.action)).toEqual(["create", "update"]);
    expect(log[1]).toMatchObject({
      adminId: owner.id,
      adminName: "Olive Owner",
      ipAddress: "127.0.0.1",
      area: "products",
      recordType: "product",
      recordId: made.id,
      recordLabel: "Blue Dream XL",
      changes: { name: ["Blue Dream", "Blue Dream XL"], price: ["$40.00", "$45.00"] },
    });
    expect(worded(log[1]!)).toEqual(["Name: Blue Dream → Blue Dream XL", "Price: $40.00 → $45.00"]);
    // Saving again unchanged records nothing.
    await updateProduct(
      made.id,
      productFormInput(IMAGE, { price: "45", name: "Blue Dream XL" }),
      actor(),
      "owner",
    );
    expect(await entries()).toHaveLength(3);
  });

  it("a stock adjustment, and none for a refused one", async () => {
    const p = await createProduct({ name: "Gummies", stock: 3 });
    const base = {
      productId: p.product.id,
      variationId: null,
      reason: "damaged" as const,
      note: null,
      actor: actor(),
    };
    expect((await adjustStock({ ...base, mode: "remove", quantity: 5 })).ok).toBe(false);
    expect(await entries()).toEqual([]);
    expect((await adjustStock({ ...base, mode: "remove", quantity: 2 })).ok).toBe(true);
    expect(await entries()).toMatchObject([
      {
        area: "stock",
        action: "update",
        recordType: "product",
        recordId: p.product.id,
        recordLabel: "Gummies",
        changes: { stock: [3, 1], reason: "damaged" },
      },
    ]);
    expect(worded((await entries())[0]!)).toEqual(["Stock of Gummies: 3 → 1 (damaged)"]);
  });

  it("an order status change, and none for a refused one", async () => {
    const p = await createProduct({ name: "Order Me", stock: 5 });
    const placed = await placeOrder(checkoutInput([{ id: p.id(), quantity: 1 }]));
    if (!placed.ok) throw new Error(placed.message);
    const orderId = placed.order.id;
    const stale = await changeOrderStatus({
      orderId,
      expectedStatus: "paid",
      change: { to: "cancelled", reason: "Asked to" },
      actor: actor(),
    });
    expect(stale.ok).toBe(false);
    expect(await entries()).toEqual([]);
    await changeOrderStatus({
      orderId,
      expectedStatus: "pending",
      change: { to: "cancelled", reason: "Asked to" },
      actor: actor(),
    });
    expect(await entries()).toMatchObject([
      {
        area: "orders",
        action: "status",
        recordType: "order",
        recordId: placed.order.orderNumber,
        changes: { status: ["pending", "cancelled"], note: "Asked to" },
      },
    ]);
    expect(worded((await entries())[0]!)).toEqual([
      "Status: Pending → Cancelled",
      "Note: Asked to",
    ]);
    expect((await recordActivity("order", placed.order.orderNumber)).rows).toHaveLength(1);
  });

  it("a settings save through the Settings screen, by the signed-in owner from their address", async () => {
    await saveSettingsSection("shipping", {
      ...DEFAULT_SHIPPING,
      flatFeeCents: 2000,
      freeThresholdCents: 20000,
    });
    expect(await entries()).toEqual([]);
    const form = new URLSearchParams({
      intent: "shipping",
      flatFeeCents: "12.50",
      freeThresholdCents: "150",
    });
    await callRoute(
      settingsRoute,
      "action",
      new Request("http://store.test/budzadmin/dashboard/settings", {
        method: "POST",
        headers: {
          Cookie: cookie,
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: "http://store.test",
        },
        body: form,
      }),
      {},
      { clientIp: "203.0.113.9" },
    ).catch((e: unknown) => e);
    const [entry] = await entries();
    expect(entry).toMatchObject({
      adminId: owner.id,
      ipAddress: "203.0.113.9",
      area: "settings",
      action: "update",
      recordId: "shipping",
      changes: { flatFeeCents: [2000, 1250], freeThresholdCents: [20000, 15000] },
    });
    expect(worded(entry!)).toEqual([
      "Shipping fee: $20.00 → $12.50",
      "Free shipping from: $200.00 → $150.00",
    ]);
  });

  it("a staff role change", async () => {
    expect((await changeRole({ id: manager.id, role: "staff", actor: actor() })).ok).toBe(true);
    expect(await entries()).toMatchObject([
      {
        area: "staff",
        action: "role",
        recordType: "admin",
        recordId: manager.id,
        recordLabel: "Mo Manager",
        changes: { role: ["manager", "staff"] },
      },
    ]);
    expect(worded((await entries())[0]!)).toEqual(["Role: Manager → Staff"]);
    await changeRole({ id: manager.id, role: "manager", actor: actor() });
  });

  it("a coupon created, changed, switched off and deleted", async () => {
    const input = CouponFormSchema.parse({
      code: "AUDIT10",
      type: "percentage",
      value: "10",
      startDate: "2026-01-01",
      isActive: "on",
    });
    const made = await createCoupon(input, actor());
    if (!made.ok) throw new Error(JSON.stringify(made.errors));
    expect((await updateCoupon(made.id, { ...input, value: 15 }, actor())).ok).toBe(true);
    expect((await setCouponActive(made.id, false, actor())).ok).toBe(true);
    expect((await deleteCoupon(made.id, actor())).ok).toBe(true);
    const logged = await entries();
    expect(logged.map((e) => [e.area, e.action, e.recordId, e.recordLabel])).toEqual(
      ["create", "update", "update", "delete"].map((a) => ["coupons", a, made.id, "AUDIT10"]),
    );
    // A changed value goes with its type, so it reads "10% → 15%", not "10 → 15".
    expect(logged[1]!.changes).toEqual({ value: [10, 15], type: "percentage" });
    expect(logged[2]!.changes).toEqual({ isActive: [true, false] });
    expect(describeChanges(logged[1]!, TZ).map(changeLineText)).toEqual([
      "Type: Percentage",
      "Value: 10% → 15%",
    ]);
    expect(describeChanges(logged[0]!, TZ).map(changeLineText)).toEqual([
      "Code: AUDIT10",
      "Type: Percentage",
      "Value: 10%",
      "Minimum order: $0.00",
      "Starts: Jan 1, 2026",
      "Active: Yes",
    ]);
  });

  it("a customer export, with its filters", async () => {
    const response = (await callRoute(
      customersExport,
      "loader",
      get("/budzadmin/dashboard/customers/export.csv?q=smith"),
    )) as Response;
    await response.text();
    expect(await entries()).toMatchObject([
      {
        adminId: owner.id,
        area: "exports",
        action: "export",
        recordId: "customers",
        changes: { q: "smith" },
      },
    ]);
  });

  it("never logs a password, token, secret or key", async () => {
    await recordAudit(db(), {
      actor: actor(),
      area: "settings",
      action: "update",
      changes: {
        ...changedFields({ password: "old-pass", name: "A" }, { password: "new-pass", name: "B" }),
        smtp: { host: "mail", apiKey: "k-123", nested: { secretToken: "s" } },
      },
    });
    const [entry] = await entries();
    const text = JSON.stringify(entry!.changes);
    expect(text).not.toMatch(/old-pass|new-pass|k-123|"s"/);
    expect(entry!.changes).toMatchObject({
      password: REDACTED,
      name: ["A", "B"],
      smtp: { host: "mail", apiKey: REDACTED, nested: { secretToken: REDACTED } },
    });
  });
});

describe("the Activity screen", () => {
  const query = (q: Record<string, string> = {}) => AuditListQuerySchema.parse(q);

  beforeEach(async () => {
    const start = Date.parse("2026-06-01T12:00:00Z");
    await db()
      .insert(auditLog)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          createdAt: new Date(start + i * 3_600_000),
          adminId: i % 3 === 0 ? manager.id : owner.id,
          adminName: i % 3 === 0 ? "Mo Manager" : "Olive Owner",
          area: i % 2 === 0 ? "products" : "orders",
          action: "update",
          recordType: i % 2 === 0 ? "product" : "order",
          recordId: `R-${i}`,
          recordLabel: `Record ${i}`,
          changes: i === 27 ? { status: ["paid", "shipped"] as [string, string] } : null,
        })),
      );
  });

  it("pages newest first by keyset, both ways", async () => {
    const first = await listActivity(query(), 10);
    expect(first.rows.map((r) => r.recordId)).toEqual(
      Array.from({ length: 10 }, (_, i) => `R-${29 - i}`),
    );
    expect(first.newer).toBeUndefined();
    const second = await listActivity(query({ after: first.older! }), 10);
    expect(second.rows[0]!.recordId).toBe("R-19");
    const third = await listActivity(query({ after: second.older! }), 10);
    expect(third.rows.at(-1)!.recordId).toBe("R-0");
    expect(third.older).toBeUndefined();
    const back = await listActivity(query({ before: third.newer! }), 10);
    expect(back.rows.map((r) => r.recordId)).toEqual(second.rows.map((r) => r.recordId));
  });

  it("filters by staff, area, action, days and record", async () => {
    const ids = async (q: Record<string, string>) =>
      (await listActivity(query(q), 100)).rows.map((r) => r.recordId);
    expect(await ids({ staff: manager.id, area: "products" })).toEqual([
      "R-24",
      "R-18",
      "R-12",
      "R-6",
      "R-0",
    ]);
    expect(await ids({ action: "delete" })).toEqual([]);
    expect(await ids({ q: "R-7" })).toEqual(["R-7"]);
    expect(await ids({ q: "record 2" })).toHaveLength(11);
    // June 2 in Vancouver (UTC−7) is 07:00 UTC June 2 to 07:00 UTC June 3: entries 19…29.
    expect(await ids({ from: "2026-06-02", to: "2026-06-02" })).toHaveLength(11);
  });

  it("refuses a tampered filter or cursor with a 400 that says which", async () => {
    for (const [url, message] of [
      ["?area=everything", /area/],
      ["?action=drop", /action/],
      ["?staff=1%20or%201=1", /staff/],
      ["?from=2026-13-40", /From/],
      ["?from=2026-06-10&to=2026-06-01", /From/],
      ["?after=garbage", /page link/],
    ] as const) {
      const thrown = await callRoute(
        activityList,
        "loader",
        get(`/budzadmin/dashboard/activity${url}`),
      ).catch((e: unknown) => e);
      expect(
        isRouteErrorResponse(thrown) ||
          (thrown as { type?: string }).type === "DataWithResponseInit",
      ).toBe(true);
      const { init, data } = thrown as { init: { status: number }; data: { message: string } };
      expect(init.status, url).toBe(400);
      expect(data.message, url).toMatch(message);
    }
  });

  it("exports the filtered entries as CSV, and logs the export", async () => {
    const response = (await callRoute(
      activityExport,
      "loader",
      get("/budzadmin/dashboard/activity/export.csv?area=orders&staff=" + manager.id),
    )) as Response;
    const lines = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      "Date (America/Vancouver),Staff,Address,Area,Action,Record type,Record,Label,Changes,Data",
    );
    // The changes as the screen words them, then as recorded.
    expect(lines[1]).toMatch(
      /,Order,R-27,Record 27,Status: Paid → Shipped,"\{""status"":\[""paid"",""shipped""\]\}"$/,
    );
    expect(lines.slice(1).map((l) => l.split(",")[6])).toEqual([
      "R-27",
      "R-21",
      "R-15",
      "R-9",
      "R-3",
    ]);
    const [logged] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.area, "exports"), eq(auditLog.recordId, "activity")));
    expect(logged).toMatchObject({
      adminId: owner.id,
      changes: { area: "orders", staff: manager.id },
    });
  });
});
