import { describe, expect, it } from "vitest";
import { emailsMessages } from "~/lib/i18n/messages/emails";
import { formatMoney } from "~/lib/money";
import { paymentReference } from "~/lib/payment-reference";
import { config } from "~/server/config.server";
import { personaliseMailing, UNSUBSCRIBE_URL } from "../mailing-body.server";
import {
  escapeHtml,
  html,
  RENDER_IN_LOCALE,
  renderEmailHtml,
  renderEmailText,
  safeUrl,
  trustedHtml,
} from "./layout.server";
import { renderMailingEmail } from "./mailing.server";
import { renderRefundEmail } from "./refund.server";
import {
  renderOrderConfirmationEmail,
  type OrderConfirmationInput,
} from "./order-confirmation.server";
import { renderOrderStatusEmail } from "./order-status.server";
import { renderOrderUpdatedEmail } from "./order-updated.server";

/** Markup without the spaces next to tags, so assertions do not depend on source layout. */
const tight = (markup: string) => markup.replace(/>\s+/g, ">").replace(/\s+</g, "<");
/** What the HTML version reads as: tags gone, spaces collapsed (entities kept). */
const textOf = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .replace(/ ([.:,])/g, "$1");

const order: OrderConfirmationInput = {
  orderNumber: "BBS-00000007",
  email: "jane@example.com",
  shippingName: "Jane Doe",
  items: [
    { productName: "Blue Dream", sizeLabel: "3.5g", quantity: 2, priceAtPurchaseCents: 3500 },
    { productName: "Hemp Wick", sizeLabel: null, quantity: 1, priceAtPurchaseCents: 599 },
  ],
  subtotalCents: 7599,
  discountCents: 0,
  shippingCostCents: 2000,
  totalAmountCents: 9599,
  accessToken: "k3y_token-abc",
};

describe("order confirmation email", () => {
  it("has the order number, items, totals, link and e-Transfer instructions", () => {
    const email = renderOrderConfirmationEmail(order);
    const { ETRANSFER_EMAIL, STORE_NAME, publicUrl } = config();
    expect(email.subject).toBe(`${STORE_NAME}: order BBS-00000007 received`);
    for (const body of [email.html, email.text]) {
      expect(body).toContain("BBS-00000007");
      expect(body).toContain(ETRANSFER_EMAIL);
      expect(body).toContain("$95.99");
      expect(body).toContain("Blue Dream");
      expect(body).toContain("3.5g");
      expect(body).toContain("$70.00");
      expect(body).toContain("Hemp Wick");
      expect(body).toContain("$75.99");
      expect(body).toContain("$20.00");
      expect(body).toContain(`${publicUrl}/orders/k3y_token-abc`);
      expect(body).toContain(`${publicUrl}/order-lookup`);
      expect(body).toContain(STORE_NAME);
    }
    expect(email.text).toMatch(/Amount: +\$95\.99/);
    expect(email.text).toContain("2 × Blue Dream (3.5g): $70.00");
    expect(email.html).toMatch(/^<!doctype html>/);
  });

  it("gives the order's payment reference on its own line, and says to put it in the message", () => {
    const email = renderOrderConfirmationEmail(order);
    const reference = paymentReference("BBS-00000007")!;
    expect(reference).toBe("T7QW-9KYP");
    const instruction =
      "Put this reference in the e-Transfer's message: your order is marked paid as soon as the transfer arrives.";
    // Plain text: a line of its own, after a blank line, with the instruction under it.
    expect(email.text).toContain(`\n\n  Payment reference: ${reference}\n\n${instruction}\n`);
    expect(email.text).toContain(
      `1. Send the e-Transfer with your payment reference ${reference} in the message.`,
    );
    expect(email.text).not.toContain("order number as the message");
    // HTML: the label, then the reference alone in a large monospace cell (easy to select).
    const markup = tight(email.html);
    expect(textOf(email.html)).toContain(`Payment reference: ${reference}`);
    expect(markup).toMatch(
      new RegExp(
        `<td style="[^"]*font-family:[^"]*monospace;font-size:26px[^"]*"\\s*>${reference}</td>`,
      ),
    );
    expect(textOf(email.html)).toContain(instruction.replace("'", "&#39;"));
    expect(textOf(email.html)).toContain(
      `1. Send the e-Transfer with your payment reference ${reference} in the message.`,
    );
    expect(email.html).toContain(`payment reference ${reference}.`); // the preheader
  });

  it("shows FREE shipping when it costs nothing", () => {
    const email = renderOrderConfirmationEmail({
      ...order,
      subtotalCents: 25000,
      shippingCostCents: 0,
      totalAmountCents: 25000,
    });
    expect(tight(email.html)).toMatch(/Shipping \(Canada Post\)<\/td><td[^>]*>FREE<\/td>/);
    expect(email.text).toContain("Shipping (Canada Post): FREE");
    expect(email.text).not.toContain("$20.00");
  });

  it("shows the discount line only when there is a discount", () => {
    const none = renderOrderConfirmationEmail(order);
    expect(none.html).not.toContain("Discount");
    expect(none.text).not.toContain("Discount");

    const some = renderOrderConfirmationEmail({
      ...order,
      discountCents: 760,
      totalAmountCents: 8839,
    });
    expect(tight(some.html)).toMatch(/Discount<\/td><td[^>]*>-\$7\.60<\/td>/);
    expect(some.text).toContain("Discount: -$7.60");
    expect(some.text).toMatch(/Amount: +\$88\.39/);
  });

  it("escapes every value that came from the shopper or the catalogue", () => {
    const email = renderOrderConfirmationEmail({
      ...order,
      shippingName: `<img src=x onerror="alert(1)"> & "Bob"`,
      items: [
        {
          productName: "<script>alert('x')</script>",
          sizeLabel: '3.5g"><b>',
          quantity: 1,
          priceAtPurchaseCents: 100,
        },
      ],
      accessToken: 'a"b<c>/d',
    });
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain("<img src=x");
    expect(email.html).not.toContain('3.5g"><b>');
    expect(email.html).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    expect(email.html).toContain(
      "Thanks for your order, &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &quot;Bob&quot;!",
    );
    expect(email.html).toContain("/orders/a%22b%3Cc%3E%2Fd");
    // The plain-text version is not HTML: it keeps the characters as typed.
    expect(email.text).toContain("<script>alert('x')</script>");
  });

  it("gives the date by which the e-Transfer must arrive (placed + the unpaid-cancel delay)", () => {
    // Tuesday 24 Nov 2026, 11:00 in Vancouver; the default delay is 5 days: Sunday the 29th.
    const email = renderOrderConfirmationEmail({
      ...order,
      placedAt: new Date("2026-11-24T18:00:00Z"),
    });
    const sentence =
      "Your e-Transfer must arrive by Sunday, November 29, or the order is cancelled and its items go back on sale.";
    expect(email.text).toContain(sentence);
    expect(tight(email.html)).toContain(sentence);
    expect(renderOrderConfirmationEmail(order).text).not.toContain("must arrive by");
  });

  it("keeps line breaks typed into a name out of the text layout and the subject", () => {
    const email = renderOrderConfirmationEmail({ ...order, shippingName: "Jane\r\nBcc: x@y.z" });
    expect(email.text).toContain("Thanks for your order, Jane Bcc: x@y.z!");
    expect(email.subject).not.toMatch(/[\r\n]/);
  });
});

describe("the other emails that say how to pay", () => {
  const reference = paymentReference("BBS-00000007")!;
  const instruction =
    "Put this reference in the e-Transfer's message: your order is marked paid as soon as the transfer arrives.";

  it("the unpaid reminder gives the amount, the address and the payment reference", () => {
    const email = renderOrderStatusEmail({
      kind: "unpaid_reminder",
      orderNumber: "BBS-00000007",
      shippingName: "Jane Doe",
      totalAmountCents: 9599,
      accessToken: "k3y_token-abc",
      placedAt: new Date("2026-11-24T18:00:00Z"),
    });
    expect(email.text).toContain(
      "Please send an Interac e-Transfer of $95.99 to payments@budzboutique.ca, with the payment reference below in the message.",
    );
    expect(email.text).toContain(`\n\n  Payment reference: ${reference}\n\n${instruction}\n`);
    expect(email.text).toContain("Your e-Transfer must arrive by Sunday, November 29");
    expect(email.text).not.toContain("as the message");
    expect(email.text).not.toContain("cancelled automatically"); // the box has the date
    expect(textOf(email.html)).toContain(`Payment reference: ${reference}`);
    expect(tight(email.html)).toMatch(new RegExp(`monospace;[^"]*"\\s*>${reference}</td>`));
    expect(textOf(email.html)).toContain(instruction.replace("'", "&#39;"));

    // Without the order's time: the delay instead of the date.
    const undated = renderOrderStatusEmail({
      kind: "unpaid_reminder",
      orderNumber: "BBS-00000007",
      shippingName: "Jane Doe",
      totalAmountCents: 9599,
      accessToken: "k3y_token-abc",
    });
    expect(undated.text).toContain(`Payment reference: ${reference}`);
    expect(undated.text).toContain(
      "Orders not paid within 5 days of being placed are cancelled automatically.",
    );
  });

  it("the order-updated email gives the same reference (an edit does not change it)", () => {
    const email = renderOrderUpdatedEmail({
      ...order,
      placedAt: new Date("2026-11-24T18:00:00Z"),
      previousTotalCents: 12000,
      shipping: { street: "1 Main St", city: "Vancouver", province: "BC", postalCode: "V6B 1A1" },
    });
    expect(email.text).toContain(`\n\n  Payment reference: ${reference}\n\n${instruction}\n`);
    expect(textOf(email.html)).toContain(`Payment reference: ${reference}`);
    expect(email.html).toContain(`payment reference ${reference}.`); // the preheader
  });

  it("the other status emails have no payment box", () => {
    const email = renderOrderStatusEmail({
      kind: "payment_received",
      orderNumber: "BBS-00000007",
      shippingName: "Jane Doe",
      totalAmountCents: 9599,
      accessToken: "k3y_token-abc",
    });
    expect(email.text).not.toContain("Payment reference");
    expect(email.html).not.toContain("Payment reference");
  });
});

describe("email layout", () => {
  it("escapes interpolations but keeps SafeHtml and lists of it", () => {
    const items = ["<a>", "b&c"].map((v) => html`<li>${v}</li>`);
    expect(
      tight(
        html`<ul>
            ${items}
          </ul>
          ${null}${undefined}${false}${0}`.value,
      ),
    ).toBe("<ul><li>&lt;a&gt;</li><li>b&amp;c</li></ul>0");
    expect(html`${trustedHtml("<b>ok</b>")}`.value).toBe("<b>ok</b>");
    expect(escapeHtml(`<>&"'`)).toBe("&lt;&gt;&amp;&quot;&#39;");
  });

  it("only links to http(s) URLs", () => {
    expect(safeUrl("https://shop.example/x?y=1")).toBe("https://shop.example/x?y=1");
    expect(safeUrl("javascript:alert(1)")).toBe(`${config().publicUrl}/`);
    expect(safeUrl("not a url")).toBe(`${config().publicUrl}/`);
  });

  it("adds an unsubscribe link when one is given (newsletters and campaigns)", () => {
    const url = "https://shop.example/unsubscribe/tok";
    const page = renderEmailHtml({
      title: "News",
      preheader: "Hello",
      content: html`<p>Hi</p>`,
      unsubscribeUrl: url,
    });
    expect(page).toContain(`<a href="${url}"`);
    expect(page).not.toMatch(/\n|\s{2}/);
    expect(page).toMatch(/>Unsubscribe<\/a\s*> with one click\./);
    expect(renderEmailText("Hi", { unsubscribeUrl: url })).toContain(
      `Unsubscribe with one click: ${url}`,
    );
    const plain = renderEmailHtml({ title: "x", preheader: "y", content: html`` });
    expect(plain).not.toContain("Unsubscribe");
    expect(renderEmailText("Hi")).not.toContain("Unsubscribe");
  });

  it("keeps a mailing's unsubscribe placeholder for each recipient's copy, and no other non-URL", () => {
    const page = (unsubscribeUrl: string) =>
      renderEmailHtml({ title: "News", preheader: "Hello", content: html``, unsubscribeUrl });
    expect(page(UNSUBSCRIBE_URL)).toContain(`<a href="${UNSUBSCRIBE_URL}"`);
    expect(renderEmailText("Hi", { unsubscribeUrl: UNSUBSCRIBE_URL })).toContain(
      `Unsubscribe with one click: ${UNSUBSCRIBE_URL}`,
    );
    expect(page("javascript:alert(1)")).toContain(`<a href="${config().publicUrl}/"`);
    expect(page("javascript:alert(1)")).not.toContain("javascript:");
  });
});

describe("shopper emails in French (the order's language)", () => {
  const french: OrderConfirmationInput = {
    ...order,
    items: [
      { productName: "Blue Dream", sizeLabel: "3.5g", quantity: 2, priceAtPurchaseCents: 50000 },
      { productName: "Hemp Wick", sizeLabel: null, quantity: 1, priceAtPurchaseCents: 21450 },
    ],
    subtotalCents: 121450,
    shippingCostCents: 2000,
    totalAmountCents: 123450,
    placedAt: new Date("2026-11-24T18:00:00Z"),
    locale: "fr",
  };
  /** What a reader sees of the HTML: tags gone, entities of quotes undone, spaces collapsed. */
  const seen = (markup: string) =>
    markup
      .replace(/<[^>]+>/g, " ")
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&")
      .replace(/[ \t\r\n]+/g, " ")
      .replace(/ ([.,])/g, "$1");

  /** The English catalogue's sentences (their fixed parts), none of which a French email may hold. */
  const englishSentences = Object.entries(emailsMessages.en)
    .filter(([key, text]) => typeof text === "string" && text !== emailsMessages.fr[key as never])
    .flatMap(([, text]) => (text as string).split(/\{\w+\}/))
    .map((part) => part.trim())
    .filter((part) => part.length >= 12 && /\s/.test(part));

  function expectNoEnglish(email: { subject: string; html: string; text: string }) {
    for (const body of [email.subject, seen(email.html), email.text])
      for (const sentence of englishSentences) expect(body).not.toContain(sentence);
  }

  it("says the confirmation in French: subject, money, dates, links to /fr pages", () => {
    const email = renderOrderConfirmationEmail(french);
    const { STORE_NAME, publicUrl } = config();
    expect(email.subject).toBe(`${STORE_NAME}\u00a0: commande BBS-00000007 reçue`);
    const total = formatMoney(123450, "fr");
    expect(total).toMatch(/^1\s234,50\s\$$/);
    for (const body of [email.html, email.text]) {
      expect(body).toContain(total);
      expect(body).toContain(`${publicUrl}/fr/orders/k3y_token-abc`);
      expect(body).toContain(`${publicUrl}/fr/order-lookup`);
      expect(body).toContain("dimanche 29 novembre");
    }
    expect(email.html).toMatch(/<html lang="fr">/);
    expect(seen(email.html)).toContain("Merci pour votre commande, Jane Doe\u00a0!");
    expect(seen(email.html)).toContain("Nous avons bien reçu la commande BBS-00000007.");
    expect(email.text).toContain(`2 × Blue Dream (3.5g)\u00a0: ${formatMoney(100000, "fr")}`);
    expect(email.text).toContain("Réservé aux adultes de 19 ans et plus au Canada");
    expect(email.text).toContain(`${publicUrl}/fr\n`);
    expectNoEnglish(email);
  });

  it("says a status email in French", () => {
    const email = renderOrderStatusEmail({
      kind: "shipped",
      orderNumber: "BBS-00000007",
      shippingName: "Jane Doe",
      totalAmountCents: 123450,
      accessToken: "k3y_token-abc",
      trackingNumber: "1234567890123456",
      estimatedDelivery: "2026-12-01",
      locale: "fr",
    });
    expect(email.subject).toBe(
      `${config().STORE_NAME}\u00a0: la commande BBS-00000007 a été expédiée`,
    );
    expect(email.text).toContain("Bonjour Jane Doe,");
    expect(email.text).toContain("Livraison prévue\u00a0: 1er décembre 2026.");
    expect(email.text).toContain(`${config().publicUrl}/fr/orders/k3y_token-abc`);
    expect(seen(email.html)).toContain("Suivre votre colis");
    expect(email.html).toContain("canadapost-postescanada.ca/track-reperage/fr#");
    expect(email.html).toMatch(/<html lang="fr">/);
    expectNoEnglish(email);

    const reminder = renderOrderStatusEmail({
      kind: "unpaid_reminder",
      orderNumber: "BBS-00000007",
      shippingName: "Jane Doe",
      totalAmountCents: 123450,
      accessToken: "k3y_token-abc",
      placedAt: new Date("2026-11-24T18:00:00Z"),
      locale: "fr",
    });
    expect(reminder.text).toContain(formatMoney(123450, "fr"));
    expect(reminder.text).toContain("Référence de paiement\u00a0: T7QW-9KYP");
    expectNoEnglish(reminder);
  });

  it("says the refund and the order-updated emails in French", () => {
    const refund = renderRefundEmail({
      orderNumber: "BBS-00000007",
      shippingName: "Jane Doe",
      accessToken: "k3y_token-abc",
      creditNoteNumber: "BBS-00000007-R1",
      amountCents: 123450,
      rows: [
        { label: "1 × Blue Dream (3.5g)", amountCents: 121450 },
        { label: "Shipping", amountCents: 2000 },
      ],
      method: "etransfer",
      sentTo: "jane@example.com",
      reference: null,
      locale: "fr",
    });
    expect(refund.text).toContain(`Livraison\u00a0: ${formatMoney(2000, "fr")}`);
    expect(refund.text).toContain("note de crédit BBS-00000007-R1");
    expectNoEnglish(refund);
    const updated = renderOrderUpdatedEmail({
      ...french,
      placedAt: new Date("2026-11-24T18:00:00Z"),
      previousTotalCents: 12000,
      shipping: {
        street: "1 rue Principale",
        city: "Gatineau",
        province: "QC",
        postalCode: "J8X 1A1",
      },
    });
    expect(updated.text).toContain("LIVRAISON À");
    expectNoEnglish(updated);
  });

  it("keeps English when no language is given, and can render again in the order's", () => {
    const email = renderOrderConfirmationEmail(order);
    expect(email.html).toMatch(/<html lang="en">/);
    const again = email[RENDER_IN_LOCALE]!.render("fr");
    expect(again.subject).toContain("commande BBS-00000007 reçue");
  });

  it("keeps both languages of a mailing's footer until each copy keeps its reader's", () => {
    const mailing = renderMailingEmail({ subject: "News", bodyHtml: "<p>Hello</p>" });
    const url = `${config().publicUrl}/unsubscribe/tok123456`;
    const fr = personaliseMailing(mailing, {
      trackingToken: "t",
      unsubscribeUrl: url,
      locale: "fr",
    });
    expect(fr.html).toContain(`href="${config().publicUrl}/fr/unsubscribe/tok123456"`);
    expect(seen(fr.html)).toContain("Se désabonner en un clic.");
    expect(fr.text).toContain(
      `Se désabonner en un clic\u00a0: ${config().publicUrl}/fr/unsubscribe/tok123456`,
    );
    expect(fr.html + fr.text).not.toContain("Unsubscribe");
    expect(fr.html + fr.text).not.toContain("{{");
    const en = personaliseMailing(mailing, { trackingToken: "t", unsubscribeUrl: url });
    expect(en.text).toContain(`Unsubscribe with one click: ${url}`);
    expect(en.html + en.text).not.toContain("désabonner");
    expect(en.html + en.text).not.toContain("{{");
  });
});
