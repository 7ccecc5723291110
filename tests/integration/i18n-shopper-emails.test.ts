import { desc, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeEach, describe, expect, it } from "vitest";
import * as newsletterRoute from "~/routes/resources/newsletter";
import * as invoicePdfRoute from "~/routes/store/account/invoice-pdf";
import * as unsubscribeRoute from "~/routes/store/unsubscribe";
import { config } from "~/server/config.server";
import { db } from "~/server/db.server";
import { emailOutbox, newsletterSubscribers, orders } from "~/server/db-tables";
import { composeMessages } from "~/server/email/mailing-body.server";
import { renderInvoicesPdf } from "~/server/invoices/invoice-pdf.server";
import { getInvoice, invoiceIssuer } from "~/server/invoices/invoices.server";
import { queueMailing } from "~/server/marketing/mailing.server";
import { queueOrderStatusEmail } from "~/server/orders/order-status.server";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { verifiedShopper } from "./account-factories";
import { placeInvoicedOrder } from "./invoice-factories";

/**
 * Issue 44: what a shopper receives after the page is gone (emails, the invoice PDF, the
 * newsletter's footer and unsubscribe page) is in the language the order or the subscription was
 * made in.
 */

const ORIGIN = "http://localhost:3000";

beforeEach(async () => {
  await resetDatabase();
});

async function frenchOrder(email = "jane@example.com") {
  const order = await placeInvoicedOrder({ email });
  await db().update(orders).set({ locale: "fr" }).where(eq(orders.id, order.id));
  const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
  return row!;
}

async function pdfText(bytes: Uint8Array) {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

describe("order emails in the order's language", () => {
  it("renders a status email queued without a language in the order's (orders.locale)", async () => {
    const order = await frenchOrder();
    await db().transaction((tx) => queueOrderStatusEmail(tx, { order, kind: "payment_received" }));
    const [email] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "order_payment_received"))
      .orderBy(desc(emailOutbox.createdAt));
    expect(email!.subject).toContain("paiement reçu pour");
    expect(email!.html).toContain('<html lang="fr">');
    expect(email!.text).toContain("Bonjour Jane Doe,");
    expect(email!.text).toContain(`${config().publicUrl}/fr/orders/`);
    expect(email!.text).not.toContain("We received your payment");
  });

  it("keeps an English order's emails in English", async () => {
    const placed = await placeInvoicedOrder();
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.id));
    await db().transaction((tx) =>
      queueOrderStatusEmail(tx, { order: order!, kind: "payment_received" }),
    );
    const [email] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "order_payment_received"));
    expect(email!.subject).toContain("payment received for");
    expect(email!.html).toContain('<html lang="en">');
  });
});

describe("the shopper's invoice PDF", () => {
  it("is in the order's language at /fr/account/…; the admin's copy stays English", async () => {
    const ana = await verifiedShopper("ana@example.com");
    const order = await frenchOrder("ana@example.com");
    const request = new Request(`${ORIGIN}/fr/account/orders/${order.orderNumber}/invoice.pdf`, {
      headers: { Cookie: ana.setCookie.split(";")[0]! },
    });
    const response = (await callRoute(invoicePdfRoute, "loader", request, {
      orderNumber: order.orderNumber,
    })) as Response;
    expect(response.status).toBe(200);
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain("FACTURE");
    expect(text).toContain(`Facture / Commande : ${order.orderNumber}`);
    expect(text).toContain("Statut : En attente");
    expect(text).toContain("Sous-total 30,00 $");
    expect(text).toContain("Comment payer : virement Interac");
    expect(text).toContain("Expédition (Postes Canada)");
    expect(text).toMatch(/Date : \d{1,2}(er)? [a-zéû]+ \d{4}/);
    for (const english of ["INVOICE", "Subtotal", "How to pay", "Status:", "Bill to"])
      expect(text).not.toContain(english);

    const admin = await pdfText(
      await renderInvoicesPdf([(await getInvoice(order.orderNumber))!], invoiceIssuer()),
    );
    expect(admin).toContain("Status: Pending");
    expect(admin).toContain("Subtotal $30.00");
  });

  it("answers an unknown invoice in the page's language", async () => {
    const ana = await verifiedShopper("ana@example.com");
    const request = new Request(`${ORIGIN}/fr/account/orders/BBS-99999999/invoice.pdf`, {
      headers: { Cookie: ana.setCookie.split(";")[0]! },
    });
    const response = (await callRoute(invoicePdfRoute, "loader", request, {
      orderNumber: "BBS-99999999",
    })) as Response;
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Facture introuvable");
  });
});

describe("newsletter signup and unsubscribe in French", () => {
  const post = (fields: Record<string, string>) =>
    callRoute(
      newsletterRoute,
      "action",
      new Request(`${ORIGIN}/newsletter`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Origin: ORIGIN },
      }),
    ) as Promise<{ data: { ok: boolean; message?: string; errors?: Record<string, string> } }>;

  it("stores the footer form's language and answers in it", async () => {
    const result = await post({ email: "zoe@example.com", locale: "fr" });
    expect(result.data).toEqual({
      ok: true,
      message: "Merci de vous être abonné(e) à notre infolettre\u00a0!",
    });
    const [row] = await db().select().from(newsletterSubscribers);
    expect(row).toMatchObject({ email: "zoe@example.com", locale: "fr" });

    await post({ email: "sam@example.com" });
    const [sam] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "sam@example.com"));
    expect(sam!.locale).toBe("en");

    const refused = await post({ email: "pas-un-courriel", locale: "fr" });
    expect(JSON.stringify(refused)).toContain("Veuillez entrer une adresse courriel valide.");
  });

  it("sends a French subscriber's copy of a mailing with a French footer and /fr unsubscribe link", async () => {
    await post({ email: "zoe@example.com", locale: "fr" });
    await post({ email: "sam@example.com", locale: "en" });
    await db().transaction((tx) =>
      queueMailing(tx, {
        kind: "newsletter",
        subject: "Nouveautés",
        bodyHtml: "<p>Bonjour</p>",
        audience: { kind: "subscribers" },
      }),
    );
    const rows = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "newsletter"));
    const messages = await composeMessages(rows);
    const zoe = messages.find((m) => m.toAddress === "zoe@example.com")!;
    const sam = messages.find((m) => m.toAddress === "sam@example.com")!;
    const [token] = await db()
      .select({ token: newsletterSubscribers.unsubscribeToken })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "zoe@example.com"));
    const frenchLink = `${config().publicUrl}/fr/unsubscribe/${token!.token}`;
    expect(zoe.text).toContain(`Se désabonner en un clic\u00a0: ${frenchLink}`);
    expect(zoe.html).toContain(`href="${frenchLink}"`);
    expect(zoe.html + zoe.text).not.toContain("Unsubscribe");
    expect(sam.text).toContain("Unsubscribe with one click:");
    expect(sam.html + sam.text).not.toContain("désabonner");
  });

  it("shows the unsubscribe page in French at /fr/unsubscribe/:token", async () => {
    await post({ email: "zoe@example.com", locale: "fr" });
    const [row] = await db().select().from(newsletterSubscribers);
    const token = row!.unsubscribeToken;
    const at = (path: string, init: RequestInit = {}) =>
      new Request(`${ORIGIN}${path}`, { ...init, headers: { Origin: ORIGIN } });

    const missing = (await callRoute(
      unsubscribeRoute,
      "loader",
      at("/fr/unsubscribe/nope-nope-nope"),
      { token: "nope-nope-nope" },
      { clientIp: "198.51.100.9" },
    )) as { data: { refused: { status: number; message: string } } };
    expect(missing.data.refused.status).toBe(404);
    expect(missing.data.refused.message).toContain("Ce lien de désabonnement n’est pas valide.");

    const done = (await callRoute(
      unsubscribeRoute,
      "action",
      at(`/fr/unsubscribe/${token}`, { method: "POST", body: new URLSearchParams() }),
      { token },
      { clientIp: "198.51.100.9" },
    )) as { link: { kind: string }; done: boolean };
    expect(done).toMatchObject({ link: { kind: "unsubscribed" }, done: true });
    expect(
      unsubscribeRoute.meta({ location: { pathname: `/fr/unsubscribe/${token}` } } as never)[0],
    ).toEqual({ title: "Se désabonner" });
  });
});
