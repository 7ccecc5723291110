import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { signUp } from "~/server/accounts/accounts.server";
import { deleteAccount, DELETED_CUSTOMER_NAME } from "~/server/accounts/account-deletion.server";
import {
  getAccountOrder,
  listAccountOrders,
  renderAccountInvoicePdf,
} from "~/server/accounts/account-orders.server";
import {
  createAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from "~/server/accounts/addresses.server";
import { getShopper } from "~/server/accounts/session.server";
import { db } from "~/server/db.server";
import {
  getNewsletterStatus,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "~/server/marketing/newsletter.server";
import { placeOrder } from "~/server/orders/place-order.server";
import {
  customers,
  newsletterSubscribers,
  orders,
  shopperAccounts,
  shopperAddresses,
} from "~/server/db-tables";
import { resetDatabase } from "../setup/database";
import { checkoutInput, createProduct } from "./checkout-factories";
import { PASSWORD, requestWith, verifiedShopper } from "./account-factories";

beforeEach(resetDatabase);

async function orderFor(email: string) {
  const p = await createProduct({ variations: [{ size: "3.5", priceCents: 4500, stock: 50 }] });
  const result = await placeOrder(checkoutInput([{ id: p.id(0), quantity: 1 }], { email }));
  if (!result.ok) throw new Error(result.message);
  return result.order;
}

const home = {
  name: "Ana Lee",
  phone: "604-555-0101",
  street: "1 Main St",
  city: "Vancouver",
  province: "BC" as const,
  postalCode: "V6B 1A1",
  isDefault: false,
};

describe("order history", () => {
  it("lists every order placed with the verified email (guest orders, any case) and no one else's", async () => {
    const mine1 = await orderFor("ana@example.com");
    const mine2 = await orderFor("ANA@Example.com");
    const theirs = await orderFor("ben@example.com");
    const { shopper } = await verifiedShopper("ana@example.com");
    const list = await listAccountOrders({ shopper });
    expect(list.total).toBe(2);
    expect(list.rows.map((r) => r.orderNumber).sort()).toEqual(
      [mine1.orderNumber, mine2.orderNumber].sort(),
    );
    expect(list.rows[0]).toMatchObject({
      status: "pending",
      itemCount: 1,
      totalAmountCents: 7280, // $45 + $20 shipping + BC GST $3.25 and PST $4.55
    });

    expect(await getAccountOrder({ shopper, orderNumber: mine1.orderNumber })).toMatchObject({
      order: { orderNumber: mine1.orderNumber },
      invoiceStatus: "pending",
    });
    expect(await getAccountOrder({ shopper, orderNumber: theirs.orderNumber })).toBeNull();
    expect(await renderAccountInvoicePdf({ shopper, orderNumber: theirs.orderNumber })).toBeNull();
    const pdf = await renderAccountInvoicePdf({ shopper, orderNumber: mine1.orderNumber });
    expect(pdf?.fileName).toBe(`${mine1.orderNumber}.pdf`);
    expect(pdf?.pdf.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("shows nothing until the email is verified", async () => {
    const order = await orderFor("cy@example.com");
    await signUp({ email: "cy@example.com", password: PASSWORD });
    const [account] = await db().select().from(shopperAccounts);
    const unverified = {
      id: account!.id,
      email: "cy@example.com",
      verified: false,
      hasPassword: true,
      sessionId: "x",
    };
    expect(await listAccountOrders({ shopper: unverified })).toMatchObject({ rows: [], total: 0 });
    expect(
      await getAccountOrder({ shopper: unverified, orderNumber: order.orderNumber }),
    ).toBeNull();
  });
});

describe("saved addresses", () => {
  it("are scoped to their account: another shopper can neither read, change nor delete them", async () => {
    const { shopper: ana } = await verifiedShopper("ana@example.com");
    const { shopper: ben } = await verifiedShopper("ben@example.com");
    const created = await createAddress({ accountId: ana.id, input: home });
    if (!created.ok) throw new Error(created.message);
    expect(await getAddress(ben.id, created.id)).toBeUndefined();
    expect(
      await updateAddress({ accountId: ben.id, id: created.id, input: { ...home, name: "Ben" } }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await deleteAddress({ accountId: ben.id, id: created.id })).toBe(false);
    expect(await setDefaultAddress({ accountId: ben.id, id: created.id })).toBe(false);
    expect(await listAddresses(ben.id)).toEqual([]);
    expect(await getAddress(ana.id, created.id)).toMatchObject({
      name: "Ana Lee",
      isDefault: true,
    });
    expect(await getAddress(ana.id, "not-a-uuid")).toBeUndefined();
  });

  it("keep exactly one default: the first, a chosen one, and the next when the default is deleted", async () => {
    const { shopper } = await verifiedShopper("ana@example.com");
    // A minute apart: "the next" is the oldest remaining, and one millisecond can hold all three.
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 12, minute));
    const a = await createAddress({ accountId: shopper.id, input: home, now: at(1) });
    const b = await createAddress({
      accountId: shopper.id,
      input: { ...home, name: "Office" },
      now: at(2),
    });
    const c = await createAddress({
      accountId: shopper.id,
      input: { ...home, name: "Cabin", isDefault: true },
      now: at(3),
    });
    if (!a.ok || !b.ok || !c.ok) throw new Error("not saved");
    const defaults = async () =>
      (await listAddresses(shopper.id)).filter((x) => x.isDefault).map((x) => x.name);
    expect(await defaults()).toEqual(["Cabin"]);
    await updateAddress({
      accountId: shopper.id,
      id: b.id,
      input: { ...home, name: "Office 2", isDefault: true },
    });
    expect(await defaults()).toEqual(["Office 2"]);
    await setDefaultAddress({ accountId: shopper.id, id: a.id });
    expect(await defaults()).toEqual(["Ana Lee"]);
    await deleteAddress({ accountId: shopper.id, id: a.id });
    expect(await defaults()).toEqual(["Office 2"]);
  });
});

describe("newsletter consent", () => {
  it("is recorded in newsletter_subscribers with source 'account' and can be withdrawn", async () => {
    await subscribeToNewsletter({ email: "Ana@Example.com", source: "account" });
    const status = await getNewsletterStatus("ana@example.com");
    expect(status).toMatchObject({ subscribed: true, source: "account" });
    expect(status.consentedAt).toBeInstanceOf(Date);
    await unsubscribeFromNewsletter({ email: "ANA@example.com" });
    expect(await getNewsletterStatus("ana@example.com")).toMatchObject({ subscribed: false });
    const [row] = await db().select().from(newsletterSubscribers);
    expect(row!.unsubscribedAt).not.toBeNull();
  });
});

describe("deleting an account", () => {
  it("keeps the orders, anonymises the customer record, ends sessions and withdraws consent", async () => {
    const order = await orderFor("ana@example.com");
    const { setCookie, shopper } = await verifiedShopper("ana@example.com");
    await createAddress({ accountId: shopper.id, input: home });
    await subscribeToNewsletter({ email: "ana@example.com", source: "account" });

    expect(await deleteAccount({ shopper, password: "wrong password" })).toEqual({
      ok: false,
      message: "Incorrect password",
    });
    expect(await deleteAccount({ shopper, password: PASSWORD })).toEqual({ ok: true });

    expect(await getShopper(requestWith(setCookie))).toBeUndefined();
    expect(await db().select().from(shopperAccounts)).toEqual([]);
    expect(await db().select().from(shopperAddresses)).toEqual([]);
    const [customer] = await db()
      .select()
      .from(customers)
      .where(eq(sql`lower(${customers.email})`, "ana@example.com"));
    expect(customer).toMatchObject({
      name: DELETED_CUSTOMER_NAME,
      phone: null,
      address: null,
      city: null,
      postcode: null,
    });
    const [kept] = await db()
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, order.orderNumber));
    expect(kept).toBeDefined();
    expect(await getNewsletterStatus("ana@example.com")).toMatchObject({ subscribed: false });
  });
});
