import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { endOfDay, startOfDay } from "~/lib/coupons";
import * as couponDetail from "~/routes/admin/coupons/detail";
import * as couponList from "~/routes/admin/coupons/list";
import * as couponNew from "~/routes/admin/coupons/new";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import {
  getCouponStats,
  listAdminCoupons,
  listCouponOrders,
} from "~/server/marketing/coupon-list.server";
import { db } from "~/server/db.server";
import { changeOrderStatus } from "~/server/orders/order-status.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { checkoutInput, createCoupon, createProduct } from "./checkout-factories";

const TZ = "America/Vancouver";
// 10:00 on July 15, 2026 in Vancouver.
const now = new Date("2026-07-15T17:00:00Z");
const day = (d: string) => startOfDay(d, TZ);
const through = (d: string) => endOfDay(d, TZ);

/** One coupon in each status at `now`, with the sample coupons' figures where they apply. */
async function seedStatuses() {
  await createCoupon({
    code: "WELCOME20",
    description: "20% off your first order",
    value: 20,
    maxUses: 100,
    usedCount: 23,
    startDate: day("2026-01-01"),
    endDate: through("2026-12-31"),
  });
  await createCoupon({
    code: "FREESHIP200",
    description: "$20 off orders over $200",
    type: "fixed",
    value: 2000,
    maxUses: 500,
    usedCount: 156,
    startDate: day("2026-01-01"),
  });
  await createCoupon({
    code: "BULK50",
    description: "$50 off bulk orders",
    type: "fixed",
    value: 5000,
    maxUses: 50,
    usedCount: 12,
    startDate: day("2026-01-01"),
    endDate: through("2026-06-30"),
  });
  await createCoupon({
    code: "FALL10",
    description: "Autumn sale",
    usedCount: 4,
    startDate: day("2026-09-01"),
  });
  await createCoupon({ code: "PAUSED", description: "Switched off", isActive: false });
}

beforeEach(resetDatabase);

describe("Coupon Management figures and list", () => {
  it("computes the cards from the rows (usage rate over coupons with a maximum)", async () => {
    expect(await getCouponStats(now)).toEqual({
      total: 0,
      active: 0,
      scheduled: 0,
      expired: 0,
      inactive: 0,
      totalUses: 0,
      withMax: 0,
      averageUsageRate: null,
    });
    await seedStatuses();
    expect(await getCouponStats(now)).toEqual({
      total: 5,
      active: 2,
      scheduled: 1,
      expired: 1,
      inactive: 1,
      totalUses: 195,
      withMax: 3,
      // (23/100 + 156/500 + 12/50) / 3 = 26.07 %
      averageUsageRate: 26.1,
    });
  });

  it("filters by status at the store's time and searches code prefix or description words", async () => {
    await seedStatuses();
    const codes = async (q: string, status = "all" as const) =>
      (await listAdminCoupons({ q, status, page: 1 }, now)).rows.map((r) => r.code).sort();
    const withStatus = async (status: "active" | "scheduled" | "expired" | "inactive") =>
      // By code: coupons seeded in one statement share their creation time (the list's order).
      (await listAdminCoupons({ q: "", status, page: 1 }, now)).rows
        .map((r) => [r.code, r.status])
        .sort((a, b) => a[0]!.localeCompare(b[0]!));
    expect(await withStatus("active")).toEqual([
      ["FREESHIP200", "active"],
      ["WELCOME20", "active"],
    ]);
    expect(await withStatus("expired")).toEqual([["BULK50", "expired"]]);
    expect(await withStatus("scheduled")).toEqual([["FALL10", "scheduled"]]);
    expect(await withStatus("inactive")).toEqual([["PAUSED", "inactive"]]);
    // June 30 ends at the store's midnight: at 23:30 Vancouver time BULK50 still works.
    const lastEvening = new Date("2026-07-01T06:30:00Z");
    expect(
      (await listAdminCoupons({ q: "", status: "active", page: 1 }, lastEvening)).rows.map(
        (r) => r.code,
      ),
    ).toContain("BULK50");

    expect(await codes("welc")).toEqual(["WELCOME20"]);
    expect(await codes("Free")).toEqual(["FREESHIP200"]);
    expect(await codes("first ord")).toEqual(["WELCOME20"]);
    expect(await codes("orders")).toEqual(["BULK50", "FREESHIP200"]);
    expect(await codes("%")).toEqual([]);
    expect(await codes("'); drop table coupons; --")).toEqual([]);
  });

  it("pages on the server, newest first", async () => {
    for (let i = 1; i <= 5; i++)
      await createCoupon({ code: `PAGE${i}`, createdAt: new Date(now.getTime() - i * 1000) });
    const first = await listAdminCoupons({ q: "", status: "all", page: 1, pageSize: 2 }, now);
    expect(first).toMatchObject({ total: 5, page: 1, pageCount: 3 });
    expect(first.rows.map((r) => r.code)).toEqual(["PAGE1", "PAGE2"]);
    const last = await listAdminCoupons({ q: "", status: "all", page: 99, pageSize: 2 }, now);
    expect(last.rows.map((r) => r.code)).toEqual(["PAGE5"]);
  });

  it("lists a coupon's orders with email and discount, cancelled ones kept but not counted", async () => {
    const coupon = await createCoupon({ code: "TEN", value: 10 });
    const { id } = await createProduct({ priceCents: 6000, stock: 10 });
    const ids: string[] = [];
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) {
      const placed = await placeOrder(
        checkoutInput([{ id: id(), quantity: 1 }], { couponCode: "ten", email }),
      );
      if (!placed.ok) throw new Error(placed.message);
      ids.push(placed.order.id);
    }
    await changeOrderStatus({
      orderId: ids[0]!,
      expectedStatus: "pending",
      change: { to: "cancelled", reason: "Test" },
      actor: "test",
    });
    const page = await listCouponOrders({ couponId: coupon.id, page: 1, pageSize: 2 });
    expect(page).toMatchObject({ total: 3, counted: 2, pageCount: 2 });
    expect(page.rows[0]).toMatchObject({ email: "c@example.com", discountCents: 600 });
    expect(page.rows[0]!.orderNumber).toMatch(/^BBS-\d{8}$/);
    const second = await listCouponOrders({ couponId: coupon.id, page: 2, pageSize: 2 });
    expect(second.rows).toEqual([
      expect.objectContaining({ email: "a@example.com", status: "cancelled" }),
    ]);
    const [row] = (await listAdminCoupons({ q: "TEN", status: "all", page: 1 }, now)).rows;
    expect(row).toMatchObject({ usedCount: 2, used: true });
  });
});

describe("indexes behind the coupon screens", () => {
  /** The plan PostgreSQL can use once the table is large enough that a scan costs more. */
  async function plan(query: ReturnType<typeof sql>) {
    return db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(sql`explain ${query}`)) as unknown as {
        rows: Record<string, string>[];
      };
      return result.rows.map((r) => Object.values(r)[0]).join("\n");
    });
  }

  it("search by code prefix and description words, and a coupon's orders, use indexes", async () => {
    const search = await plan(
      sql`select id from coupons where lower(code) like 'welc%' or to_tsvector('simple', description) @@ to_tsquery('simple', 'first:*')`,
    );
    expect(search).toMatch(/coupons_code_prefix_idx/);
    expect(search).toMatch(/coupons_description_search_idx/);
    const expired = await plan(sql`select id from coupons where is_active and end_date < now()`);
    expect(expired).toMatch(/coupons_status_idx/);
    const orders = await plan(
      sql`select id from orders where coupon_id = '00000000-0000-0000-0000-000000000000' order by created_at desc, id desc limit 20`,
    );
    expect(orders).toMatch(/orders_coupon_idx/);
    expect(orders).not.toMatch(/Sort/);
  });
});

describe("Coupon routes as the server calls them", () => {
  let cookie: string;
  beforeEach(async () => {
    const admin = await createAdminUser({
      username: "coupon-staff",
      password: "staff-pass-1",
      role: "manager",
    });
    cookie = (await createAdminSession({ userId: admin.id })).split(";")[0]!;
  });
  const ORIGIN = "http://store.test";
  function post(url: string, fields: Record<string, string>) {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return new Request(`${ORIGIN}${url}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN },
      body,
    });
  }
  type Answer = { data?: { errors?: Record<string, string> }; init?: { status?: number } };
  const fields = {
    code: "ROUTE10",
    type: "percentage",
    value: "10",
    startDate: "2026-07-01",
    isActive: "on",
  };

  it("answers bad input with 400 and field messages, a good form with a redirect and a toast", async () => {
    const url = "/budzadmin/dashboard/coupons/new";
    const call = (f: Record<string, string>) => callRoute(couponNew, "action", post(url, f));
    const bad = (await call({
      ...fields,
      value: "150",
      description: "x".repeat(1_000_000),
    })) as Answer;
    expect(bad.init?.status).toBe(400);
    expect(bad.data?.errors).toMatchObject({
      value: expect.any(String),
      description: expect.any(String),
    });

    const done = (await call(fields)) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/budzadmin/dashboard/coupons");
    expect(done.headers.get("Set-Cookie")).toContain("budz_admin_flash");
    const dup = (await call({ ...fields, code: "route10" })) as Answer;
    expect(dup.init?.status).toBe(409);
    expect(dup.data?.errors?.code).toMatch(/already exists/);
  });

  it("a coupon page: 404 for an unknown id, 409 for a stale form; row actions validated", async () => {
    const coupon = await createCoupon({ code: "PAGE" });
    const url = `/budzadmin/dashboard/coupons/${coupon.id}`;
    const missing = callRoute(
      couponDetail,
      "loader",
      new Request(`${ORIGIN}/budzadmin/dashboard/coupons/nope`, {
        headers: { Cookie: cookie },
      }),
      { couponId: "nope" },
    );
    await expect(missing).rejects.toMatchObject({ init: { status: 404 } });

    const edit = (revision: string) =>
      callRoute(couponDetail, "action", post(url, { ...fields, code: "PAGE", revision }), {
        couponId: coupon.id,
      });
    expect(((await edit("0")) as Response).status).toBe(302);
    const stale = (await edit("0")) as Answer;
    expect(stale.init?.status).toBe(409);
    expect(stale.data?.errors?.form).toMatch(/Someone else changed this coupon/);

    const list = "/budzadmin/dashboard/coupons?status=active";
    const row = (f: Record<string, string>) => callRoute(couponList, "action", post(list, f));
    // An unknown button is refused with 400, returned or thrown (dispatchIntent throws it).
    const explode = (await row({ intent: "explode", id: coupon.id }).catch(
      (thrown: unknown) => thrown,
    )) as Answer;
    expect(explode.init?.status).toBe(400);
    const off = (await row({ intent: "set-active", id: coupon.id, active: "false" })) as Response;
    expect(off.headers.get("Location")).toBe(list);
  });
});
