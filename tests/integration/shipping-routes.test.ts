import { beforeEach, describe, expect, it } from "vitest";
import * as shippingList from "~/routes/admin/shipping/list";
import * as shipDialog from "~/routes/admin/shipping/ship";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { shipmentAt, state } from "./shipping-factories";

/**
 * The Shipping screen's actions as the server calls them: a refused or stale change answers 4xx
 * with its message (nothing changes), an accepted one redirects with a toast, the actor is the
 * signed-in admin.
 */
let cookie: string;
beforeEach(async () => {
  await resetDatabase();
  const admin = await createAdminUser({ username: "ship-staff", password: "staff-pass-1" });
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
type Answer = { data?: { errors?: Record<string, string> }; init?: { status?: number } } & Response;

describe("Shipping actions", () => {
  it("answer a stale row control with 409 and its message, then apply a fresh one with a toast", async () => {
    const s = await shipmentAt("shipped");
    const before = await state(s.orderId);
    const url = "/budzadmin/dashboard/shipping?status=shipped";
    const stale = (await callRoute(
      shippingList,
      "action",
      post(url, { shipmentId: s.shipmentId, expectedStatus: "preparing", to: "shipped" }),
    )) as Answer;
    expect(stale.init?.status).toBe(409);
    expect(stale.data?.errors?.form).toMatch(/changed while you were looking at it/);
    expect(await state(s.orderId)).toEqual(before);

    const tampered = (await callRoute(
      shippingList,
      "action",
      post(url, { shipmentId: s.shipmentId, expectedStatus: "lost", to: "delivered" }),
    )) as Answer;
    expect(tampered.init?.status).toBe(400);

    const done = (await callRoute(
      shippingList,
      "action",
      post(url, { shipmentId: s.shipmentId, expectedStatus: "shipped", to: "delivered" }),
    )) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(url);
    expect(done.headers.get("Set-Cookie")).toContain("budz_admin_flash");
    const after = await state(s.orderId);
    expect(after.order.status).toBe("delivered");
    expect(after.history.at(-1)).toMatchObject({ changedBy: "ship-staff", toStatus: "delivered" });
  });

  it("ship dialog: a malformed tracking number is a 400 on the field; a good one ships", async () => {
    const s = await shipmentAt("preparing");
    const url = `/budzadmin/dashboard/shipping/${s.shipmentId}/ship`;
    const ship = (trackingNumber: string) =>
      callRoute(shipDialog, "action", post(url, { expectedStatus: "preparing", trackingNumber }), {
        shipmentId: s.shipmentId,
      });
    const bad = (await ship("CP-12")) as Answer;
    expect(bad.init?.status).toBe(400);
    expect(bad.data).toMatchObject({ errors: { trackingNumber: expect.any(String) } });
    expect((await state(s.orderId)).shipment.status).toBe("preparing");
    const good = (await ship("RR123456789CA")) as Response;
    expect(good.status).toBe(302);
    expect((await state(s.orderId)).shipment).toMatchObject({
      status: "shipped",
      trackingNumber: "RR123456789CA",
    });
  });
});
