import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as orderDetail from "~/routes/admin/orders/detail";
import * as shipDialog from "~/routes/admin/shipping/ship";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { db } from "~/server/db.server";
import { changeShipmentStatus, usedTrackingWarning } from "~/server/shipping/shipments.server";
import { resetDatabase } from "../setup/database";
import { testActor } from "../setup/audit";
import { callRoute } from "../setup/route-call";
import { shipmentAt, state } from "./shipping-factories";

/**
 * A tracking number already on another order's shipment is saved only after a warning naming that
 * order: the first submit answers 409 with the warning and a confirm field, nothing changes; the
 * second, confirming that number, ships. From the Shipping screen's ship dialog and from the order
 * page's Ship dialog alike.
 */
let cookie: string;
beforeEach(async () => {
  await resetDatabase();
  const admin = await createAdminUser({ username: "ship-staff", password: "staff-pass-1" });
  cookie = (await createAdminSession({ userId: admin.id })).split(";")[0]!;
});

const USED = "7023210039414604";
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
type Answer = {
  data?: {
    errors?: Record<string, string>;
    warning?: { message: string; name: string; confirm: string };
  };
  init?: { status?: number };
} & Response;

describe("a tracking number already on another order", () => {
  it("is refused with a warning naming that order until confirmed (the domain step)", async () => {
    const shipped = await shipmentAt("shipped", { tracking: USED });
    const next = await shipmentAt("preparing", { name: "Kim Next" });
    const before = await state(next.orderId);
    const warned = await changeShipmentStatus({
      shipmentId: next.shipmentId,
      expectedStatus: "preparing",
      to: "shipped",
      trackingNumber: "7023 2100 3941 4604",
      actor: testActor(null, "Staff"),
    });
    const message = `Tracking number ${USED} is already on order ${shipped.orderNumber}. Save anyway?`;
    expect(warned).toMatchObject({
      ok: false,
      status: 409,
      message,
      warning: { name: "confirmTracking", confirm: USED, orderNumber: shipped.orderNumber },
    });
    expect(await state(next.orderId)).toEqual(before);

    // Confirming another number does not confirm this one.
    const wrong = await changeShipmentStatus({
      shipmentId: next.shipmentId,
      expectedStatus: "preparing",
      to: "shipped",
      trackingNumber: USED,
      confirmTracking: "1234567890123456",
      actor: testActor(null, "Staff"),
    });
    expect(wrong).toMatchObject({ ok: false, status: 409, message });

    const confirmed = await changeShipmentStatus({
      shipmentId: next.shipmentId,
      expectedStatus: "preparing",
      to: "shipped",
      trackingNumber: USED,
      confirmTracking: USED,
      actor: testActor(null, "Staff"),
    });
    expect(confirmed).toMatchObject({ ok: true, to: "shipped" });
    expect((await state(next.orderId)).shipment).toMatchObject({
      status: "shipped",
      trackingNumber: USED,
    });
  });

  it("is no warning for a new number, a malformed one (its own message) or the order's own", async () => {
    const shipped = await shipmentAt("shipped", { tracking: USED });
    expect(
      await usedTrackingWarning({ trackingNumber: USED, orderId: shipped.orderId }),
    ).toBeNull();
    expect(
      await usedTrackingWarning({ trackingNumber: "RR123456789CA", orderId: shipped.orderId }),
    ).toBeNull();
    const next = await shipmentAt("preparing");
    expect(
      await usedTrackingWarning({ trackingNumber: "12 34", orderId: next.orderId }),
    ).toBeNull();
    expect(
      await usedTrackingWarning({ trackingNumber: USED, orderId: next.orderId }),
    ).toMatchObject({ orderNumber: shipped.orderNumber });
  });

  it("ship dialog: the first submit answers the warning with its confirm field, the second ships", async () => {
    const shipped = await shipmentAt("shipped", { tracking: USED });
    const next = await shipmentAt("preparing", { name: "Kim Next" });
    const url = `/budzadmin/dashboard/shipping/${next.shipmentId}/ship`;
    const ship = (fields: Record<string, string>) =>
      callRoute(
        shipDialog,
        "action",
        post(url, { expectedStatus: "preparing", trackingNumber: USED, ...fields }),
        { shipmentId: next.shipmentId },
      ) as Promise<Answer>;
    const first = await ship({});
    expect(first.init?.status).toBe(409);
    expect(first.data).toMatchObject({
      errors: {},
      values: { trackingNumber: USED },
      warning: {
        message: `Tracking number ${USED} is already on order ${shipped.orderNumber}. Save anyway?`,
        name: "confirmTracking",
        confirm: USED,
      },
    });
    expect((await state(next.orderId)).shipment.status).toBe("preparing");
    const second = await ship({ confirmTracking: USED });
    expect(second.status).toBe(302);
    expect((await state(next.orderId)).shipment).toMatchObject({
      status: "shipped",
      trackingNumber: USED,
    });
  });

  it("order page: its Ship step warns the same way", async () => {
    const shipped = await shipmentAt("shipped", { tracking: USED });
    const next = await shipmentAt("preparing", { name: "Kim Next" });
    const url = `/budzadmin/dashboard/orders/${next.orderNumber}`;
    const ship = (fields: Record<string, string>) =>
      callRoute(
        orderDetail,
        "action",
        post(url, { intent: "shipped", from: "processing", trackingNumber: USED, ...fields }),
        { orderNumber: next.orderNumber },
      ) as Promise<Answer>;
    const first = await ship({});
    expect(first.init?.status).toBe(409);
    expect(first.data?.warning?.message).toBe(
      `Tracking number ${USED} is already on order ${shipped.orderNumber}. Save anyway?`,
    );
    expect((await state(next.orderId)).order.status).toBe("processing");
    const second = await ship({ confirmTracking: USED });
    expect(second.status).toBe(302);
    expect((await state(next.orderId)).order.status).toBe("shipped");
  });

  it("is looked up through an index on shipments' tracking numbers", async () => {
    const result = (await db().execute(
      sql`select indexdef from pg_indexes where indexname = 'shipments_tracking_number_idx'`,
    )) as unknown as { rows: { indexdef: string }[] };
    expect(result.rows[0]?.indexdef).toMatch(
      /\(tracking_number\) WHERE \(tracking_number IS NOT NULL\)/,
    );
  });
});
