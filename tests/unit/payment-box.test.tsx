import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { amountDue, EtransferInstructions } from "~/components/store/payment-reference";
import { paymentReference } from "~/lib/payment-reference";

const order = {
  orderNumber: "BBS-00001042",
  totalAmountCents: 12320,
  paymentReceivedCents: 0,
  paymentDeadline: "Friday, November 27",
};

/** The box as the server renders it, and what it reads as (tags gone, spaces collapsed). */
function render(props: Partial<typeof order> = {}, path = "/orders/x") {
  const html = renderToString(
    <MemoryRouter initialEntries={[path]}>
      <EtransferInstructions order={{ ...order, ...props }} etransferEmail="pay@shop.example" />
    </MemoryRouter>,
  );
  const text = html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/<wbr\/>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .replace(/ ([.:,])/g, "$1");
  return { html, text };
}

describe("the storefront's e-Transfer box", () => {
  const reference = paymentReference("BBS-00001042")!;

  it("gives the amount, the address and the payment reference, with one line on what to do", () => {
    const { html, text } = render();
    expect(reference).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(text).toContain("Pay by Interac e-Transfer");
    expect(text).toContain("Amount $123.20");
    expect(text).toContain("Send to pay@shop.example");
    expect(text).toContain(`Payment reference ${reference}`);
    expect(text).toContain(
      "Put this reference in the e-Transfer's message: your order is marked paid as soon as the transfer arrives.",
    );
    expect(text).toContain("It must arrive by Friday, November 27");
    // The order number is not the message any more (the page shows it elsewhere).
    expect(text).not.toContain("BBS-00001042");
    expect(text).not.toContain("Received so far");
    // Large, monospace, letter-spaced and selectable in one go.
    expect(html).toMatch(
      new RegExp(
        `<span[^>]*class="[^"]*font-mono[^"]*tracking-[^"]*select-all[^"]*"[^>]*>${reference}</span>`,
      ),
    );
  });

  it("renders a Copy button disabled until hydration, and an empty live region for 'Copied'", () => {
    const { html } = render();
    expect(html).toMatch(
      /<button type="button" disabled=""[^>]*>.*Copy<span class="sr-only"> payment reference<\/span><\/button>/,
    );
    expect(html).toMatch(/<span role="status" aria-live="polite"[^>]*><\/span>/);
  });

  it("asks for what is left once part of the total arrived", () => {
    const { text } = render({ paymentReceivedCents: 5000 });
    expect(text).toContain("Received so far: $50.00. Still to send: $73.20.");
    expect(text).toContain("Amount to send $73.20");
    expect(text).not.toContain("$123.20");
    expect(amountDue({ totalAmountCents: 12320, paymentReceivedCents: 13000 }).dueCents).toBe(0);
  });

  it("is French on a French page", () => {
    const { text } = render(
      { paymentDeadline: "vendredi 27 novembre", paymentReceivedCents: 2320 },
      "/fr/orders/x",
    );
    expect(text).toContain("Payer par virement Interac");
    expect(text).toContain("Il doit arriver au plus tard le vendredi 27 novembre");
    // (The text read has its spaces collapsed, no-break ones too.)
    expect(text).toContain("Montant à envoyer 100,00 $");
    expect(text).toContain("Reçu jusqu'à présent: 23,20 $. Reste à envoyer: 100,00 $.");
    expect(text).toContain(`Référence de paiement ${reference}`);
    expect(text).not.toContain("e-Transfer");
  });
});
