import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as orderDetail from "~/routes/admin/orders/detail";
import * as printCountRoute from "~/routes/admin/orders/print-count";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { db } from "~/server/db.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { orderStatusHistory, orders } from "~/server/db-tables";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { checkoutInput, createProduct } from "./checkout-factories";

/** The Orders actions as the server calls them: bad input is a 4xx with a message, never a 500. */
let cookie: string;
let orderNumber: string;
beforeEach(async () => {
  await resetDatabase();
  const admin = await createAdminUser({
    username: "order-staff",
    password: "staff-pass-1",
    role: "staff",
  });
  cookie = (await createAdminSession({ userId: admin.id })).split(";")[0]!;
  const p = await createProduct({ priceCents: 4000, stock: 5 });
  const placed = await placeOrder(checkoutInput([{ id: p.id(), quantity: 1 }]));
  if (!placed.ok) throw new Error(placed.message);
  orderNumber = placed.order.orderNumber;
});

const ORIGIN = "http://store.test";
function post(fields: Record<string, string>, number = orderNumber) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return {
    request: new Request(`${ORIGIN}/budzadmin/dashboard/orders/${number}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN },
      body,
    }),
    params: { orderNumber: number },
  };
}
/** The order page's action, behind the admin guard as the server runs it. */
const orderAction = ({ request, params }: ReturnType<typeof post>) =>
  callRoute(orderDetail, "action", request, params);
type Answer = { data?: { errors?: Record<string, string> }; init?: { status?: number } };
/** The message a refused step shows in its dialog (on its field, or the form's own). */
const message = (answer: Answer) => Object.values(answer.data?.errors ?? {})[0];

async function status() {
  const [row] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return row!.status;
}

describe("order page action", () => {
  it("refuses bad input with a 4xx and its message, changing nothing", async () => {
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ intent: "teleported", from: "pending" }, 400, /Unknown status/],
      [{ intent: "paid", from: "pending", reference: "", amountReceived: "60" }, 400, /reference/],
      [{ intent: "paid", from: "pending", reference: "R1", amountReceived: "abc" }, 400, /amount/],
      [
        { intent: "shipped", from: "pending", trackingNumber: "1234567890123456" },
        400,
        /cannot be marked Shipped/,
      ],
      [{ intent: "cancelled", from: "paid", reason: "x" }, 409, /changed while you were looking/],
      [{ intent: "cancelled", from: "pending", reason: "\u0000" }, 400, /reason/],
    ];
    for (const [fields, code, expected] of cases) {
      const answer = (await orderAction(post(fields))) as Answer;
      expect(answer.init?.status, JSON.stringify(fields)).toBe(code);
      expect(message(answer)).toMatch(expected);
    }
    const unknown = (await orderAction(
      post({ intent: "completed", from: "delivered" }, "BBS-99999999"),
    )) as Answer;
    expect(unknown.init?.status).toBe(404);
    await expect(
      callRoute(
        orderDetail,
        "loader",
        new Request(`${ORIGIN}/budzadmin/dashboard/orders/nope`, {
          headers: { Cookie: cookie },
        }),
        { orderNumber: "nope" },
      ),
    ).rejects.toMatchObject({ init: { status: 404 } });
    expect(await status()).toBe("pending");
  });

  it("a staff member marks an order paid: redirect with a toast, history names them", async () => {
    const answer = (await orderAction(
      post({
        intent: "paid",
        from: "pending",
        reference: "CA77",
        amountReceived: "$67.20", // $40 + $20 shipping + BC GST $3.00 and PST $4.20
        returnTo: "https://evil.example/phish",
      }),
    )) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/budzadmin/dashboard/orders/${orderNumber}`);
    expect(await status()).toBe("paid");
    const history = await db().select().from(orderStatusHistory);
    expect(history.at(-1)).toMatchObject({ toStatus: "paid", changedBy: "order-staff" });
  });
});

describe("print count", () => {
  it("answers the date messages and the count", async () => {
    const ask = async (query: string) => {
      const response = (await callRoute(
        printCountRoute,
        "loader",
        new Request(`${ORIGIN}/budzadmin/print/orders/count?${query}`, {
          headers: { Cookie: cookie },
        }),
      )) as Response;
      return { status: response.status, body: await response.json() };
    };
    expect(await ask("from=&to=")).toEqual({
      status: 400,
      body: { problem: "Please select both start and end dates" },
    });
    expect(await ask("from=2026-02-02&to=2026-02-01")).toEqual({
      status: 400,
      body: { problem: "Start date cannot be after end date" },
    });
    expect(await ask("from=2020-01-01&to=2020-01-31")).toEqual({ status: 200, body: { count: 0 } });
    expect(await ask("from=2020-01-01&to=2099-12-31")).toEqual({ status: 200, body: { count: 1 } });
  });
});
