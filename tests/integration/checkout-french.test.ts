import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as checkoutRoute from "~/routes/store/checkout";
import { db } from "~/server/db.server";
import { orderItems, orders, products } from "~/server/db-tables";
import { quoteCart } from "~/server/orders/cart-quote.server";
import { getOrderByAccessToken, lookupOrder } from "~/server/orders/order-view.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { checkoutInput, createCoupon, createProduct } from "./checkout-factories";

beforeEach(resetDatabase);

/** A product with a French name (the order still stores its own, English one). */
async function frenchFlower(stock = 5) {
  const flower = await createProduct({
    name: "Blue Dream",
    variations: [{ size: "3.5", priceCents: 4500, stock }],
  });
  await db()
    .update(products)
    .set({ nameFr: "Rêve bleu" })
    .where(eq(products.id, flower.product.id));
  return flower;
}

function checkoutBody(items: { id: string; quantity: number }[]) {
  return new URLSearchParams({
    email: "jeanne@example.com",
    phone: "604-555-0100",
    name: "Jeanne Tremblay",
    street: "1 rue Principale",
    city: "Vancouver",
    province: "BC",
    postalCode: "V6B 1A1",
    ageConfirmed: "on",
    idempotencyKey: "french-checkout-key-0123456789",
    items: JSON.stringify(items),
  });
}

function post(path: string, body: URLSearchParams) {
  return new Request(`http://store.test${path}`, {
    method: "POST",
    headers: { Origin: "http://store.test", "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
}

describe("an order placed in French", () => {
  it("remembers its language; its lines keep the product's own name", async () => {
    const flower = await frenchFlower();
    const result = await placeOrder(checkoutInput([{ id: flower.id(0), quantity: 1 }]), {
      locale: "fr",
    });
    if (!result.ok) throw new Error(result.message);
    const [row] = await db().select().from(orders).where(eq(orders.id, result.order.id));
    expect(row!.locale).toBe("fr");
    const items = await db()
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, result.order.id));
    expect(items.map((i) => i.productName)).toEqual(["Blue Dream"]);
  });

  it("an order placed in English stays English", async () => {
    const flower = await frenchFlower();
    const result = await placeOrder(checkoutInput([{ id: flower.id(0), quantity: 1 }]));
    if (!result.ok) throw new Error(result.message);
    const [row] = await db().select().from(orders).where(eq(orders.id, result.order.id));
    expect(row!.locale).toBe("en");
  });

  it("/fr/checkout stores locale 'fr' and goes on to /fr/orders/<token>", async () => {
    const flower = await frenchFlower();
    const body = checkoutBody([{ id: flower.id(0), quantity: 1 }]);
    let response: unknown;
    try {
      response = await callRoute(checkoutRoute, "action", post("/fr/checkout", body));
    } catch (thrown) {
      response = thrown;
    }
    expect(response).toBeInstanceOf(Response);
    const location = (response as Response).headers.get("Location")!;
    expect(location).toMatch(/^\/fr\/orders\/[A-Za-z0-9_-]+\?placed=1$/);
    const [row] = await db().select().from(orders);
    expect(row!.locale).toBe("fr");
    expect(location).toContain(row!.accessToken);
  });

  it("refuses in French, naming the product in French", async () => {
    const flower = await frenchFlower(1);
    const result = await placeOrder(checkoutInput([{ id: flower.id(0), quantity: 3 }]), {
      locale: "fr",
    });
    expect(result).toMatchObject({
      ok: false,
      field: "items",
      message:
        "Désolé, il ne reste que 1 unité de Rêve bleu (3.5g) en stock. Veuillez réduire la quantité.",
    });
  });

  it("the checkout's form answers in French on /fr/checkout", async () => {
    const flower = await frenchFlower();
    const body = checkoutBody([{ id: flower.id(0), quantity: 1 }]);
    body.set("postalCode", "nope");
    const response = (await callRoute(
      checkoutRoute,
      "action",
      post("/fr/checkout", body),
    )) as unknown as { data: { errors: Record<string, string> } };
    expect(response.data.errors.postalCode).toBe(
      "Veuillez entrer un code postal canadien comme A1A 1A1",
    );
  });

  it("a coupon refused at checkout is refused in French", async () => {
    const flower = await frenchFlower();
    await createCoupon({ code: "BIG", value: 10, minOrderCents: 100_000 });
    const result = await placeOrder(
      checkoutInput([{ id: flower.id(0), quantity: 1 }], { couponCode: "BIG" }),
      { locale: "fr" },
    );
    expect(result).toMatchObject({
      ok: false,
      field: "couponCode",
      message: "Une commande minimale de 1\u00a0000,00\u00a0$ est requise pour ce code promo",
    });
  });
});

describe("the cart quote in French", () => {
  it("names the products in French and writes the taxes and messages the French way", async () => {
    const flower = await frenchFlower();
    const quote = await quoteCart({
      lines: [{ id: flower.id(0), quantity: 2 }],
      couponCode: "NOPE",
      province: "QC",
      locale: "fr",
    });
    const line = quote.lines[0]!;
    expect(line.status !== "unavailable" && line.name).toBe("Rêve bleu (3.5g)");
    expect(line.status !== "unavailable" && line.productName).toBe("Blue Dream");
    expect(quote.coupon?.message).toBe("Code promo invalide");
    expect(quote.province?.taxes.map((t) => t.label)).toEqual(["TPS 5\u00a0%", "TVQ 9,975\u00a0%"]);
  });

  it("stays English by default", async () => {
    const flower = await frenchFlower();
    const quote = await quoteCart({ lines: [{ id: flower.id(0), quantity: 1 }], province: "QC" });
    const line = quote.lines[0]!;
    expect(line.status !== "unavailable" && line.name).toBe("Blue Dream (3.5g)");
    expect(quote.province?.taxes.map((t) => t.label)).toEqual(["GST 5%", "QST 9.975%"]);
  });
});

describe("the order's page and look-up in French", () => {
  it("writes the order's date, fee, status texts and taxes in French", async () => {
    const flower = await frenchFlower();
    const result = await placeOrder(checkoutInput([{ id: flower.id(0), quantity: 1 }]), {
      now: new Date("2026-11-25T18:00:00Z"),
    });
    if (!result.ok) throw new Error(result.message);
    const view = await getOrderByAccessToken(result.order.accessToken, "fr");
    expect(view!.placedOn).toBe("25 novembre 2026");
    expect(view!.fulfilment.feeLabel).toBe("Expédition (Postes Canada)");
    expect(view!.fulfilment.line).toBe("Colis Postes Canada, preuve d'âge PA19");
    expect(view!.taxLines.map((t) => t.label)).toEqual(["TPS 5\u00a0%", "TVP 7\u00a0%"]);
    expect(view!.paymentDeadline).toMatch(
      /^(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) /,
    );
  });

  it("answers a wrong look-up in French", async () => {
    const result = await lookupOrder({
      orderNumber: "BBS-00000999",
      email: "nobody@example.com",
      ipAddress: "127.0.0.1",
      locale: "fr",
    });
    expect(result).toMatchObject({
      ok: false,
      status: 404,
      message:
        "Nous n'avons trouvé aucune commande avec ce numéro et cette adresse courriel. Veuillez vérifier les deux et réessayer.",
    });
  });
});
