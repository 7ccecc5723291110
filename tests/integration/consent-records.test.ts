import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { consentWording } from "~/lib/consent";
import * as consentExport from "~/routes/admin/newsletters/consent-export";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { config } from "~/server/config.server";
import { db } from "~/server/db.server";
import { countAudience, queueMailing } from "~/server/marketing/mailing.server";
import { removeSubscriber } from "~/server/marketing/newsletter-admin.server";
import {
  subscribeAll,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "~/server/marketing/newsletter.server";
import { unsubscribeByToken } from "~/server/marketing/unsubscribe.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { consentRecords, newsletterSubscribers } from "~/server/db-tables";
import { testActor } from "../setup/audit";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { checkoutInput, createProduct } from "./checkout-factories";

beforeEach(resetDatabase);

const DAY = 86_400_000;

async function history(email?: string) {
  const rows = await db()
    .select()
    .from(consentRecords)
    .orderBy(asc(consentRecords.recordedAt), asc(consentRecords.id));
  return rows.filter((r) => !email || r.email === email);
}

async function subscriber(email: string) {
  const [row] = await db()
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  return row;
}

async function buy(email: string, options: { newsletter?: boolean; now?: Date } = {}) {
  const product = await createProduct({ stock: 5 });
  const result = await placeOrder(
    checkoutInput([{ id: product.id(), quantity: 1 }], { email, newsletter: options.newsletter }),
    { now: options.now },
  );
  if (!result.ok) throw new Error(result.message);
  return result.order;
}

describe("consent records from each source", () => {
  it("footer, account and import record express consent with the wording shown", async () => {
    const store = config().STORE_NAME;
    await subscribeToNewsletter({ email: "foot@example.com", source: "footer" });
    await subscribeToNewsletter({ email: "acct@example.com", source: "account" });
    await db().transaction((tx) =>
      subscribeAll(tx, ["Imp@example.com", "imp@example.com"], "import", new Date()),
    );
    expect(
      (await history()).map((r) => [r.email, r.type, r.source, r.wording, r.expiresAt]),
    ).toEqual([
      ["foot@example.com", "express", "footer", consentWording("footer", store), null],
      ["acct@example.com", "express", "account", consentWording("account", store), null],
      ["imp@example.com", "express", "import", consentWording("import", store), null],
    ]);
    expect(consentWording("footer", store)).toContain(store);
  });

  it("the checkout box ticked is express consent, tied to the order", async () => {
    const order = await buy("box@example.com", { newsletter: true });
    const [record] = await history("box@example.com");
    expect(record).toMatchObject({
      type: "express",
      source: "checkout",
      orderId: order.id,
      expiresAt: null,
      wording: consentWording("checkout", config().STORE_NAME),
    });
    expect(await subscriber("box@example.com")).toMatchObject({
      consentType: "express",
      consentExpiresAt: null,
    });
  });

  it("a purchase without the box gives implied consent for two years, renewed by each purchase", async () => {
    const first = new Date("2025-03-10T18:00:00Z");
    await buy("shopper@example.com", { now: first });
    expect(await subscriber("shopper@example.com")).toMatchObject({
      consentType: "implied",
      consentExpiresAt: new Date("2027-03-10T18:00:00Z"),
    });
    const again = new Date("2026-01-05T18:00:00Z");
    await buy("shopper@example.com", { now: again });
    expect((await subscriber("shopper@example.com"))!.consentExpiresAt).toEqual(
      new Date("2028-01-05T18:00:00Z"),
    );
    expect((await history("shopper@example.com")).map((r) => [r.type, r.expiresAt])).toEqual([
      ["implied", new Date("2027-03-10T18:00:00Z")],
      ["implied", new Date("2028-01-05T18:00:00Z")],
    ]);
  });

  it("implied consent never replaces express consent nor undoes an unsubscribe; express upgrades implied", async () => {
    await subscribeToNewsletter({ email: "fan@example.com", source: "footer" });
    await buy("fan@example.com");
    expect(await subscriber("fan@example.com")).toMatchObject({ consentType: "express" });

    await buy("gone@example.com");
    await unsubscribeFromNewsletter({ email: "gone@example.com" });
    await buy("gone@example.com");
    expect((await subscriber("gone@example.com"))!.unsubscribedAt).not.toBeNull();
    expect((await history("gone@example.com")).map((r) => [r.type, r.source])).toEqual([
      ["implied", "checkout"],
      ["withdrawal", "account"],
    ]);

    await buy("later@example.com");
    await subscribeToNewsletter({ email: "later@example.com", source: "account" });
    expect(await subscriber("later@example.com")).toMatchObject({
      consentType: "express",
      consentExpiresAt: null,
    });
  });

  it("every withdrawal is recorded at once: link, admin removal, My Account", async () => {
    for (const email of ["a@example.com", "b@example.com", "c@example.com"])
      await subscribeToNewsletter({ email, source: "footer" });
    const a = await subscriber("a@example.com");
    expect((await unsubscribeByToken(a!.unsubscribeToken)).kind).toBe("unsubscribed");
    await removeSubscriber((await subscriber("b@example.com"))!.id, testActor());
    await unsubscribeFromNewsletter({ email: "c@example.com" });
    const withdrawals = (await history()).filter((r) => r.type === "withdrawal");
    expect(withdrawals.map((r) => [r.email, r.source])).toEqual([
      ["a@example.com", "unsubscribe_link"],
      ["b@example.com", "admin"],
      ["c@example.com", "account"],
    ]);
    expect(await countAudience({ kind: "subscribers" })).toBe(0);
  });
});

describe("implied consent in mailing audiences", () => {
  it("leaves out implied consent past its two years", async () => {
    const now = Date.now();
    await buy("old@example.com", { now: new Date(now - 2 * 366 * DAY) });
    await buy("recent@example.com", { now: new Date(now - 30 * DAY) });
    await subscribeToNewsletter({ email: "express@example.com", source: "footer" });
    expect(await countAudience({ kind: "subscribers" })).toBe(2);
    expect(await countAudience({ kind: "ordered-within", days: 3650 })).toBe(1);
    const queued = await db().transaction((tx) =>
      queueMailing(tx, {
        kind: "newsletter",
        subject: "News",
        bodyHtml: "<p>Hi</p>",
        audience: { kind: "subscribers" },
      }),
    );
    expect(queued.queued).toBe(2);
  });
});

describe("the consent records export", () => {
  async function download(role: "owner" | "staff") {
    const admin = await createAdminUser({ username: `u-${role}`, password: "pass-word-1", role });
    const cookie = (await createAdminSession({ userId: admin.id })).split(";")[0]!;
    const request = new Request(
      "http://store.test/budzadmin/dashboard/newsletters/consent-records.csv",
      {
        headers: { Cookie: cookie },
      },
    );
    // Through the admin guard and the export's own middleware (owners only), as the server runs it.
    return callRoute(consentExport, "loader", request) as ReturnType<typeof consentExport.loader>;
  }

  it("gives the owner every record as CSV, formula cells neutralised", async () => {
    const order = await buy("-risky@example.com", { newsletter: true });
    await unsubscribeFromNewsletter({ email: "-risky@example.com" });
    const response = await download("owner");
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Email,Type,Source,Recorded at,Expires at,Order,Wording shown");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^'-risky@example.com,Withdrawn,My Account,/);
    expect(lines[2]).toContain(`,Express,Checkout,`);
    expect(lines[2]).toContain(order.orderNumber);
  });

  it("refuses staff", async () => {
    await expect(download("staff")).rejects.toMatchObject({ init: { status: 403 } });
  });
});
